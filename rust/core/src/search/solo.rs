//! Exact values of a solo (1-player) position by a plain expectimax over the whole
//! remaining tree, with a table of the states already valued: the expected final score
//! and the chance to win ([`crate::Game::returns`]) under play that maximises one of them
//! ([`SoloOrder`]). `solve` uses it to report the solo win beside an exact score, and to
//! answer `--objective win` alone: alpha-beta's proofs can only say that every outcome
//! wins or that none does, not which move gives the better chance. It gives up (`None`)
//! past a node budget or where a chance node cannot be listed.

use std::collections::HashMap;

use super::limits::Budget;
use crate::{Game, Turn};

/// What the rest of a solo game is worth under the play chosen by a [`SoloOrder`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoloValue {
    pub expected_score: f64,
    pub win_chance: f64,
}

/// What solo play maximises first; the other value breaks ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoloOrder {
    /// The expected final score (then the chance to win).
    Score,
    /// The chance to win (then the expected final score).
    Win,
}

impl SoloOrder {
    fn key(self, v: SoloValue) -> (f64, f64) {
        match self {
            SoloOrder::Score => (v.expected_score, v.win_chance),
            SoloOrder::Win => (v.win_chance, v.expected_score),
        }
    }

    fn better(self, a: SoloValue, b: SoloValue) -> bool {
        self.key(a) > self.key(b)
    }
}

/// The exact [`SoloValue`] of `state` under play for score, or `None` when it would
/// visit more than `max_nodes` states, when a chance node cannot be listed, or when
/// `state` has several players.
pub fn solo_value<G: Game>(state: &G, max_nodes: u64) -> Option<SoloValue> {
    if state.num_players() != 1 {
        return None;
    }
    Walk::new(SoloOrder::Score, max_nodes, None).value(state)
}

/// Every root move of a solo decision, valued exactly under play for `order`.
#[derive(Clone, Debug, PartialEq)]
pub struct SoloRoot<A> {
    /// The legal moves with their values, best first (legal order among equals).
    pub moves: Vec<(A, SoloValue)>,
    /// The best line, up to the first chance event or the end.
    pub pv: Vec<A>,
    /// States valued (table hits count too).
    pub nodes: u64,
    /// The most player moves on any line searched, this decision's included.
    pub depth: u32,
}

/// [`SoloRoot`] of a solo decision `root` (a player to move), or `None` as for
/// [`solo_value`] or once `budget` (time, stop flag) runs out: one walk with one table
/// for all the root moves, within `max_nodes`.
pub fn solo_root<G: Game>(
    root: &G,
    order: SoloOrder,
    max_nodes: u64,
    budget: Budget,
) -> Option<SoloRoot<G::Action>> {
    if root.num_players() != 1 || !matches!(root.turn(), Turn::Player(_)) {
        return None;
    }
    let mut walk = Walk::new(order, max_nodes, Some(budget));
    let mut actions = Vec::new();
    root.legal_actions(&mut actions);
    let mut moves = Vec::with_capacity(actions.len());
    for &action in &actions {
        let mut child = *root;
        child.apply(action);
        moves.push((action, walk.value(&child)?));
    }
    // A stable sort keeps the legal order among equal values.
    moves.sort_by(|a, b| {
        order
            .key(b.1)
            .partial_cmp(&order.key(a.1))
            .expect("finite values")
    });
    let mut pv = Vec::new();
    if let Some(&(first, _)) = moves.first() {
        pv.push(first);
        let mut state = *root;
        state.apply(first);
        while let Some(next) = walk.best_known(&state) {
            pv.push(next);
            state.apply(next);
        }
    }
    Some(SoloRoot {
        moves,
        pv,
        nodes: walk.nodes,
        depth: walk.depth + 1,
    })
}

struct Walk {
    order: SoloOrder,
    table: HashMap<u64, (SoloValue, u32)>,
    nodes: u64,
    max_nodes: u64,
    budget: Option<Budget>,
    /// The most player moves below any state valued so far.
    depth: u32,
}

impl Walk {
    fn new(order: SoloOrder, max_nodes: u64, budget: Option<Budget>) -> Self {
        Walk {
            order,
            table: HashMap::new(),
            nodes: 0,
            max_nodes,
            budget,
            depth: 0,
        }
    }

    fn end(state: &impl Game) -> SoloValue {
        SoloValue {
            expected_score: state.score(0) as f64,
            win_chance: state.returns(0),
        }
    }

    /// The best move at a player node the walk has valued with all its children, for
    /// the line; `None` at a chance node or the end.
    fn best_known<G: Game>(&self, state: &G) -> Option<G::Action> {
        if !matches!(state.turn(), Turn::Player(_)) {
            return None;
        }
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        let mut best: Option<(G::Action, SoloValue)> = None;
        for action in actions {
            let mut child = *state;
            child.apply(action);
            let (value, _) = *self.table.get(&child.hash())?;
            if best.is_none_or(|(_, b)| self.order.better(value, b)) {
                best = Some((action, value));
            }
        }
        best.map(|(action, _)| action)
    }

    fn value<G: Game>(&mut self, state: &G) -> Option<SoloValue> {
        self.valued(state).map(|(value, _)| value)
    }

    /// The state's value and the most player moves on a line below it.
    fn valued<G: Game>(&mut self, state: &G) -> Option<(SoloValue, u32)> {
        self.nodes += 1;
        let out_of_budget = self
            .budget
            .as_mut()
            .is_some_and(|b| b.exhausted(self.nodes));
        if self.nodes > self.max_nodes || out_of_budget {
            return None;
        }
        let key = state.hash();
        if let Some(&known) = self.table.get(&key) {
            return Some(known);
        }
        let valued = match state.turn() {
            Turn::Terminal => (Self::end(state), 0),
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
                let mut deepest = 0;
                for (outcome, p) in outcomes {
                    let mut child = *state;
                    child.apply(outcome);
                    let (v, depth) = self.valued(&child)?;
                    sum.expected_score += p * v.expected_score;
                    sum.win_chance += p * v.win_chance;
                    deepest = deepest.max(depth);
                }
                (sum, deepest)
            }
            Turn::Player(_) => {
                let mut actions = Vec::new();
                state.legal_actions(&mut actions);
                // A stuck seat ends the game as it stands.
                let mut best: Option<SoloValue> = None;
                let mut deepest = 0;
                for action in actions {
                    let mut child = *state;
                    child.apply(action);
                    let (v, depth) = self.valued(&child)?;
                    deepest = deepest.max(depth + 1);
                    if best.is_none_or(|b| self.order.better(v, b)) {
                        best = Some(v);
                    }
                }
                (best.unwrap_or_else(|| Self::end(state)), deepest)
            }
        };
        self.depth = self.depth.max(valued.1);
        self.table.insert(key, valued);
        Some(valued)
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
    fn each_goal_plays_for_its_own_value() {
        use crate::search::{Limits, StopFlag};
        use crate::testing::toys::{Deed, Venture};
        let budget = || Budget::new(Limits::default(), StopFlag::new());
        let score = solo_root(&Venture::Start, SoloOrder::Score, 100, budget()).unwrap();
        let win = solo_root(&Venture::Start, SoloOrder::Win, 100, budget()).unwrap();
        let bank = SoloValue {
            expected_score: 10.0,
            win_chance: 0.0,
        };
        let risk = SoloValue {
            expected_score: 1.0,
            win_chance: 0.5,
        };
        assert_eq!(score.moves, vec![(Deed::Bank, bank), (Deed::Risk, risk)]);
        assert_eq!(win.moves, vec![(Deed::Risk, risk), (Deed::Bank, bank)]);
        assert_eq!((win.pv, win.depth), (vec![Deed::Risk], 1));
        assert_eq!(
            solo_root(&Venture::Start, SoloOrder::Win, 2, budget()),
            None
        );
        let nodes = Limits {
            nodes: Some(2),
            ..Limits::default()
        };
        let cut = Budget::new(nodes, StopFlag::new());
        assert_eq!(
            solo_root(&Venture::Start, SoloOrder::Win, 100, cut),
            None,
            "the budget"
        );
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
