//! Exact values of a solo (1-player) position: the expected final score under best play
//! for score, and the chance that this play wins ([`crate::Game::returns`]), by a plain
//! expectimax over the whole remaining tree with a table of the states already valued.
//! For reporting what an exact `solve` found (the solo win beside the score); it gives up
//! (`None`) past a node budget or where a chance node cannot be listed.

use std::collections::HashMap;

use crate::{Game, Turn};

/// What the rest of a solo game is worth under play that maximises the expected score
/// (ties to the higher chance to win).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoloValue {
    pub expected_score: f64,
    pub win_chance: f64,
}

/// The exact [`SoloValue`] of `state`, or `None` when it would visit more than `max_nodes`
/// states, when a chance node cannot be listed, or when `state` has several players.
pub fn solo_value<G: Game>(state: &G, max_nodes: u64) -> Option<SoloValue> {
    if state.num_players() != 1 {
        return None;
    }
    let mut walk = Walk {
        table: HashMap::new(),
        nodes: 0,
        max_nodes,
    };
    walk.value(state)
}

struct Walk {
    table: HashMap<u64, SoloValue>,
    nodes: u64,
    max_nodes: u64,
}

impl Walk {
    fn value<G: Game>(&mut self, state: &G) -> Option<SoloValue> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        let key = state.hash();
        if let Some(&known) = self.table.get(&key) {
            return Some(known);
        }
        let value = match state.turn() {
            Turn::Terminal => SoloValue {
                expected_score: state.score(0) as f64,
                win_chance: state.returns(0),
            },
            Turn::Chance => {
                if !state.chance_listable() {
                    return None;
                }
                let mut outcomes = Vec::new();
                state.chance_outcomes(&mut outcomes);
                let mut sum = SoloValue {
                    expected_score: 0.0,
                    win_chance: 0.0,
                };
                for (outcome, p) in outcomes {
                    let mut child = *state;
                    child.apply(outcome);
                    let v = self.value(&child)?;
                    sum.expected_score += p * v.expected_score;
                    sum.win_chance += p * v.win_chance;
                }
                sum
            }
            Turn::Player(_) => {
                let mut actions = Vec::new();
                state.legal_actions(&mut actions);
                if actions.is_empty() {
                    // A stuck seat ends the game as it stands.
                    return Some(SoloValue {
                        expected_score: state.score(0) as f64,
                        win_chance: state.returns(0),
                    });
                }
                let mut best: Option<SoloValue> = None;
                for action in actions {
                    let mut child = *state;
                    child.apply(action);
                    let v = self.value(&child)?;
                    let better = best.is_none_or(|b| {
                        (v.expected_score, v.win_chance) > (b.expected_score, b.win_chance)
                    });
                    if better {
                        best = Some(v);
                    }
                }
                best.expect("at least one action")
            }
        };
        self.table.insert(key, value);
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::merchant_explorers::State;
    use crate::search::minimax::minimax;
    use crate::search::objective::Objective;

    /// The solo endgames of the Merchant Explorers puzzle suite (known decks, era 4).
    fn solo_endgames() -> Vec<State> {
        include_str!("../../../../puzzles/merchant-explorers-endgames.jsonl")
            .lines()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .filter_map(|p| p["position"].as_str().map(str::to_string))
            .filter(|text| text.contains("players = 1"))
            .map(|text| State::from_text(&text).expect("a suite position"))
            .collect()
    }

    #[test]
    fn the_expected_score_is_expectimax_and_the_win_chance_a_probability() {
        let positions = solo_endgames();
        assert!(positions.len() >= 10);
        for state in positions.iter().take(4) {
            let exact = solo_value(state, 5_000_000).expect("a small endgame");
            let expectimax = minimax(state, 100, Objective::Margin, 0, 0);
            assert!((exact.expected_score - expectimax).abs() < 1e-9);
            assert!((0.0..=1.0).contains(&exact.win_chance));
            assert_eq!(solo_value(state, 2), None, "past the budget");
        }
    }
}
