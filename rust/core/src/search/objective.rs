//! What a search proves or measures, and how leaves and chance nodes are valued.
//!
//! Values are always from the searching (root) player's point of view.

use crate::{EvalWeights, Game};

/// A proven win scores `WIN - plies`: shorter wins score higher, like mate scores.
pub const WIN: f64 = 1_000_000.0;
/// Values beyond this are proven wins or losses.
pub const PROVEN: f64 = WIN - 10_000.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Can the root player force a win within the depth? Values: `WIN - n` (win in n
    /// plies), `-(WIN - n)` (loss in n plies) or 0 (unproven: the horizon cut lines off).
    /// At a chance node a win (loss) must hold for every outcome; otherwise it is unproven.
    Win,
    /// Root player's score minus the best other score, exact when every line ends within
    /// the depth, else a heuristic estimate at the horizon. Chance nodes take the expected
    /// value over their outcomes.
    Margin,
}

impl Objective {
    /// Value of a finished game reached after `plies` player moves.
    pub fn terminal<G: Game>(self, state: &G, root: usize, plies: u32) -> f64 {
        match self {
            Objective::Win => {
                if state.returns(root) > 0.5 {
                    WIN - plies as f64
                } else {
                    -(WIN - plies as f64)
                }
            }
            Objective::Margin => margin(state, root, |s, p| s.score(p) as f64),
        }
    }

    /// Value at the search horizon (a live position that is not searched further), the
    /// evaluation weighted by `weights`.
    pub fn horizon<G: Game>(self, state: &G, root: usize, weights: EvalWeights) -> f64 {
        match self {
            Objective::Win => 0.0,
            Objective::Margin => margin(state, root, |s, p| s.heuristic_score_with(p, weights)),
        }
    }

    /// [`Objective::horizon`] of a leaf reached by `mover`'s move from a state whose
    /// heuristic scores were `parent` (one per player), when that move changed only the
    /// mover's ([`Game::heuristic_changes_only_mover`]): only the mover is evaluated.
    pub fn horizon_after<G: Game>(
        self,
        state: &G,
        root: usize,
        mover: usize,
        parent: &[f64],
        weights: EvalWeights,
    ) -> f64 {
        match self {
            Objective::Win => 0.0,
            Objective::Margin => margin(state, root, |s, p| {
                if p == mover {
                    s.heuristic_score_with(p, weights)
                } else {
                    parent[p]
                }
            }),
        }
    }

    /// Combines the values of a chance node's outcomes (`(probability, value)` pairs).
    pub fn chance(self, outcomes: impl Iterator<Item = (f64, f64)>) -> f64 {
        let mut combined = ChanceValue::new(self);
        outcomes.for_each(|(p, v)| combined.add(p, v));
        combined.value()
    }
}

/// Accumulates a chance node's value outcome by outcome (no buffer needed).
#[derive(Clone, Copy, Debug)]
pub struct ChanceValue {
    objective: Objective,
    expected: f64,
    all_win: bool,
    all_loss: bool,
    longest_win: f64,
    longest_loss: f64,
}

impl ChanceValue {
    pub fn new(objective: Objective) -> Self {
        ChanceValue {
            objective,
            expected: 0.0,
            all_win: true,
            all_loss: true,
            longest_win: f64::INFINITY,
            longest_loss: f64::NEG_INFINITY,
        }
    }

    pub fn add(&mut self, probability: f64, value: f64) {
        self.expected += probability * value;
        self.all_win &= value > PROVEN;
        self.all_loss &= value < -PROVEN;
        self.longest_win = self.longest_win.min(value);
        self.longest_loss = self.longest_loss.max(value);
    }

    /// For proofs: some outcome is not a win and some is not a loss, so the node is
    /// unproven whatever the remaining outcomes are (the caller may stop early).
    pub fn is_mixed(&self) -> bool {
        self.objective == Objective::Win && !self.all_win && !self.all_loss
    }

    pub fn value(&self) -> f64 {
        match self.objective {
            Objective::Margin => self.expected,
            Objective::Win if self.all_win => self.longest_win,
            Objective::Win if self.all_loss => self.longest_loss,
            Objective::Win => 0.0,
        }
    }
}

/// The root player's score less the best other score; alone (a solo game), the score
/// itself, so a solo margin search maximises the expected score.
fn margin<G: Game>(state: &G, root: usize, score: impl Fn(&G, usize) -> f64) -> f64 {
    let mine = score(state, root);
    if state.num_players() == 1 {
        return mine;
    }
    let best_other = (0..state.num_players())
        .filter(|&p| p != root)
        .map(|p| score(state, p))
        .fold(f64::NEG_INFINITY, f64::max);
    mine - best_other
}

/// How a root value reads to a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win { plies: u32 },
    Loss { plies: u32 },
    Unproven,
}

/// Reads a `Win`-objective value.
pub fn verdict(value: f64) -> Verdict {
    if value > PROVEN {
        Verdict::Win {
            plies: (WIN - value).round() as u32,
        }
    } else if value < -PROVEN {
        Verdict::Loss {
            plies: (WIN + value).round() as u32,
        }
    } else {
        Verdict::Unproven
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::toys::nim;

    #[test]
    fn a_solo_margin_is_the_score_itself() {
        // One player takes the last stone of an empty heap: score 1, and nobody to beat.
        let mut alone = nim(1, 1);
        alone.apply(1);
        assert_eq!(Objective::Margin.terminal(&alone, 0, 1), 1.0);
        // At a horizon, the evaluation itself (Nim's: whether the mover wins, here not).
        let start = nim(4, 1);
        assert_eq!(
            Objective::Margin.horizon(&start, 0, EvalWeights::Default),
            start.heuristic_score(0)
        );
        // With two players the same end is a margin of one point over the other.
        let mut pair = nim(1, 2);
        pair.apply(1);
        assert_eq!(Objective::Margin.terminal(&pair, 0, 1), 1.0);
        assert_eq!(Objective::Margin.terminal(&pair, 1, 1), -1.0);
    }
}
