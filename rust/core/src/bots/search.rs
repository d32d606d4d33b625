//! Bots that search: ISMCTS with an iteration budget, alpha-beta with a depth.
//!
//! Budgets are counts by default, so a move depends only on the state and the seed, and
//! an arena's results do not depend on the machine or its load. `movetime` (time per
//! move) is the option for playing at a fixed speed; results then depend on the machine.

use std::time::Duration;

use rand::RngCore;

use super::Bot;
use crate::search::alphabeta::{self, AlphaBetaConfig};
use crate::search::ismcts::{self, Chance, IsmctsConfig, Parallel, Reward, Rollout, Variant};
use crate::search::objective::Objective;
use crate::search::{Limits, StopFlag};
use crate::{EvalWeights, Game, Turn};

/// ISMCTS, one thread, `iterations` (or `movetime`) per move, seeded from the bot's RNG for
/// each move. Every other setting is `config`'s (its `threads` and `seed` are ignored).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsBot {
    pub iterations: u64,
    /// Time per move; when set it replaces the iteration budget.
    pub movetime: Option<Duration>,
    pub config: IsmctsConfig,
}

impl IsmctsBot {
    pub const DEFAULT_ITERATIONS: u64 = 1000;
    pub const DEFAULT_EPSILON: f64 = crate::search::options::DEFAULT_EPSILON;
}

impl Default for IsmctsBot {
    fn default() -> Self {
        IsmctsBot {
            iterations: Self::DEFAULT_ITERATIONS,
            movetime: None,
            config: IsmctsConfig::default(),
        }
    }
}

impl<G: Game> Bot<G> for IsmctsBot {
    /// The budget, then every option that differs from its default.
    fn name(&self) -> String {
        let default = IsmctsConfig::default();
        let config = &self.config;
        let mut name = match self.movetime {
            Some(t) => format!("ismcts:movetime={}", t.as_millis()),
            None => format!("ismcts:iterations={}", self.iterations),
        };
        if config.variant == Variant::Mo {
            name += ",variant=mo";
        }
        let (kind, epsilon) = match config.rollout {
            Rollout::Random => ("random", None),
            Rollout::Heuristic { epsilon } => ("heuristic", Some(epsilon)),
            Rollout::Policy { epsilon } => ("policy", Some(epsilon)),
        };
        if std::mem::discriminant(&config.rollout) != std::mem::discriminant(&default.rollout) {
            name += &format!(",rollout={kind}");
        }
        if let Some(epsilon) = epsilon.filter(|&e| e != Self::DEFAULT_EPSILON) {
            name += &format!(",epsilon={epsilon}");
        }
        if config.rollout_cutoff != default.rollout_cutoff {
            name += &format!(",cutoff={}", config.rollout_cutoff.unwrap_or(0));
        }
        if config.exploration != default.exploration {
            name += &format!(",exploration={}", config.exploration);
        }
        if config.reward != default.reward {
            match config.reward {
                Reward::WinLoss => name += ",reward=win",
                Reward::Graded {
                    scale,
                    margin_weight,
                } => {
                    name += &format!(",reward=graded,scale={scale},margin={margin_weight}");
                }
            }
        }
        if config.prior_weight != default.prior_weight {
            name += &format!(",prior={}", config.prior_weight);
        }
        if config.widening != default.widening {
            match config.widening {
                None => name += ",widening=0",
                Some(w) => {
                    name += &format!(",widening={}", w.base);
                    if w.exponent != default.widening.map_or(0.5, |d| d.exponent) {
                        name += &format!(",widening_exponent={}", w.exponent);
                    }
                }
            }
        }
        if config.decisive != default.decisive {
            name += &format!(",decisive={}", if config.decisive { "on" } else { "off" });
        }
        if config.solo_goal != default.solo_goal {
            name += ",solo=win";
        }
        // With one thread both ways of sharing are the same search: the name leaves it out.
        if config.threads.max(1) != 1 {
            name += &format!(",threads={}", config.threads);
            if config.parallel != default.parallel {
                name += match config.parallel {
                    Parallel::Root => ",parallel=root",
                    Parallel::Tree => ",parallel=tree",
                };
            }
        }
        if config.chance != default.chance {
            name += match config.chance {
                Chance::Merge => ",chance=merge",
                Chance::Branch => ",chance=branch",
            };
        }
        if config.eval != default.eval {
            name += &format!(",eval={}", config.eval.name());
        }
        name
    }

    fn choose(&self, state: &G, rng: &mut dyn RngCore) -> Option<G::Action> {
        self.choose_or_stop(state, rng, &StopFlag::new())
    }

    fn choose_or_stop(
        &self,
        state: &G,
        rng: &mut dyn RngCore,
        stop: &StopFlag,
    ) -> Option<G::Action> {
        // The search insists on a player to move with a move to make.
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        if !matches!(state.turn(), Turn::Player(_)) || legal.is_empty() {
            return None;
        }
        if legal.len() == 1 {
            return Some(legal[0]);
        }
        let limits = match self.movetime {
            Some(t) => Limits {
                movetime: Some(t),
                ..Limits::default()
            },
            None => Limits {
                iterations: Some(self.iterations),
                ..Limits::default()
            },
        };
        let config = IsmctsConfig {
            seed: rng.next_u64(),
            report_every: 0,
            ..self.config
        };
        let result = ismcts::search(state, limits, &config, stop, &mut |_| {});
        Some(result.best)
    }
}

/// Alpha-beta to a fixed depth (or for `movetime` per move). Deterministic with a depth
/// budget: it draws nothing from the RNG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaBot {
    pub depth: u32,
    pub objective: Objective,
    /// Transposition table per move, MiB (allocated for every move: keep it small).
    pub hash_mb: usize,
    /// Search at most this many outcomes of each chance node (see `AlphaBetaConfig`).
    pub chance_samples: Option<u32>,
    /// Time per move (iterative deepening up to `depth`).
    pub movetime: Option<Duration>,
    /// Threads sharing each iteration's root moves.
    pub threads: usize,
    /// The evaluation's weights at the horizon.
    pub eval: EvalWeights,
}

impl AlphaBetaBot {
    pub const DEFAULT_DEPTH: u32 = 2;
    pub const DEFAULT_HASH_MB: usize = 2;
    pub const DEFAULT_SAMPLES: u32 = 3;
}

impl Default for AlphaBetaBot {
    fn default() -> Self {
        AlphaBetaBot {
            depth: Self::DEFAULT_DEPTH,
            // A proof search is indifferent among unproven moves; margins rank them.
            objective: Objective::Margin,
            hash_mb: Self::DEFAULT_HASH_MB,
            chance_samples: Some(Self::DEFAULT_SAMPLES),
            movetime: None,
            threads: 1,
            eval: EvalWeights::Default,
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
        if self.chance_samples != Some(Self::DEFAULT_SAMPLES) {
            name += &format!(",samples={}", self.chance_samples.unwrap_or(0));
        }
        if let Some(t) = self.movetime {
            name += &format!(",movetime={}", t.as_millis());
        }
        if self.threads > 1 {
            name += &format!(",threads={}", self.threads);
        }
        if self.eval != EvalWeights::Default {
            name += &format!(",eval={}", self.eval.name());
        }
        name
    }

    fn choose(&self, state: &G, rng: &mut dyn RngCore) -> Option<G::Action> {
        self.choose_or_stop(state, rng, &StopFlag::new())
    }

    fn choose_or_stop(
        &self,
        state: &G,
        _rng: &mut dyn RngCore,
        stop: &StopFlag,
    ) -> Option<G::Action> {
        let limits = Limits {
            depth: Some(self.depth),
            movetime: self.movetime,
            ..Limits::default()
        };
        let config = AlphaBetaConfig {
            objective: self.objective,
            hash_mb: self.hash_mb,
            use_tt: true,
            chance_samples: self.chance_samples,
            threads: self.threads,
            eval: self.eval,
        };
        alphabeta::search(state, limits, &config, stop, &mut |_| {}).best
    }
}
