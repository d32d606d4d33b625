//! Bots that search: ISMCTS with an iteration budget, alpha-beta with a depth.
//!
//! Budgets are counts, never time, so a move depends only on the state and the seed, and
//! an arena's results do not depend on the machine or its load.

use rand::RngCore;

use super::Bot;
use crate::search::alphabeta::{self, AlphaBetaConfig};
use crate::search::ismcts::{self, IsmctsConfig, Rollout, Variant};
use crate::search::objective::Objective;
use crate::search::{Limits, StopFlag};
use crate::{Game, Turn};

/// ISMCTS, one thread, `iterations` per move, seeded from the bot's RNG for each move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsBot {
    pub iterations: u64,
    pub variant: Variant,
    pub rollout: Rollout,
    /// Player moves after which a rollout is scored by the game's heuristic.
    pub cutoff: Option<u32>,
    pub exploration: f64,
}

impl IsmctsBot {
    pub const DEFAULT_ITERATIONS: u64 = 1000;
    pub const DEFAULT_EPSILON: f64 = 0.1;
}

impl Default for IsmctsBot {
    fn default() -> Self {
        let config = IsmctsConfig::default();
        IsmctsBot {
            iterations: Self::DEFAULT_ITERATIONS,
            variant: config.variant,
            rollout: config.rollout,
            cutoff: config.rollout_cutoff,
            exploration: config.exploration,
        }
    }
}

impl<G: Game> Bot<G> for IsmctsBot {
    /// The iteration count, then every option that differs from its default.
    fn name(&self) -> String {
        let default = IsmctsBot::default();
        let mut name = format!("ismcts:iterations={}", self.iterations);
        if self.variant == Variant::Mo {
            name += ",variant=mo";
        }
        if let Rollout::Heuristic { epsilon } = self.rollout {
            name += ",rollout=heuristic";
            if epsilon != Self::DEFAULT_EPSILON {
                name += &format!(",epsilon={epsilon}");
            }
        }
        if let Some(cutoff) = self.cutoff {
            name += &format!(",cutoff={cutoff}");
        }
        if self.exploration != default.exploration {
            name += &format!(",exploration={}", self.exploration);
        }
        name
    }

    fn choose(&self, state: &G, rng: &mut dyn RngCore) -> Option<G::Action> {
        // The search insists on a player to move with a move to make.
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        if !matches!(state.turn(), Turn::Player(_)) || legal.is_empty() {
            return None;
        }
        let limits = Limits {
            iterations: Some(self.iterations),
            ..Limits::default()
        };
        let config = IsmctsConfig {
            variant: self.variant,
            exploration: self.exploration,
            rollout: self.rollout,
            rollout_cutoff: self.cutoff,
            threads: 1,
            seed: rng.next_u64(),
            report_every: 0,
        };
        let result = ismcts::search(state, limits, &config, &StopFlag::new(), &mut |_| {});
        Some(result.best)
    }
}

/// Alpha-beta to a fixed depth. Deterministic: it draws nothing from the RNG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaBot {
    pub depth: u32,
    pub objective: Objective,
    /// Transposition table per move, MiB (allocated for every move: keep it small).
    pub hash_mb: usize,
}

impl AlphaBetaBot {
    pub const DEFAULT_DEPTH: u32 = 2;
    pub const DEFAULT_HASH_MB: usize = 2;
}

impl Default for AlphaBetaBot {
    fn default() -> Self {
        AlphaBetaBot {
            depth: Self::DEFAULT_DEPTH,
            // A proof search is indifferent among unproven moves; margins rank them.
            objective: Objective::Margin,
            hash_mb: Self::DEFAULT_HASH_MB,
        }
    }
}

impl<G: Game> Bot<G> for AlphaBetaBot {
    fn name(&self) -> String {
        let objective = match self.objective {
            Objective::Win => "win",
            Objective::Margin => "margin",
        };
        let mut name = format!("alphabeta:depth={},objective={objective}", self.depth);
        if self.hash_mb != Self::DEFAULT_HASH_MB {
            name += &format!(",hash={}", self.hash_mb);
        }
        name
    }

    fn choose(&self, state: &G, _rng: &mut dyn RngCore) -> Option<G::Action> {
        let limits = Limits {
            depth: Some(self.depth),
            ..Limits::default()
        };
        let config = AlphaBetaConfig {
            objective: self.objective,
            hash_mb: self.hash_mb,
            use_tt: true,
        };
        alphabeta::search(state, limits, &config, &StopFlag::new(), &mut |_| {}).best
    }
}
