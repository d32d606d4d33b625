//! The conformance kit: generic checks every game runs with one line each, and the toy
//! games generic code is tested on.
//!
//! - [`check_random_games`]: plays random games and checks, at every state, what the rest
//!   of the project relies on: the incremental hash equals a fresh one (read back from the
//!   position text), the position text round trips, every legal action's text, id and
//!   dense index read back to it, chance probabilities sum to one (a node the game cannot
//!   list is sampled instead: its drawn outcomes read back), `public_view` is
//!   stable and hides nothing the mover needs, and `resample_hidden` is consistent with the
//!   observer's view; the observation tensor has its declared length, is deterministic and
//!   shows nothing a seat's public view hides; policy indices are in range and read back;
//!   `check_legal` and `heuristic_changes_only_mover` agree with what the moves do.
//! - [`perft_file`]: walks a perft table (`FILE DEPTH LEAVES` rows, positions beside it).

pub mod toys;

use std::collections::HashSet;
use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::perft::perft;
use crate::{EvalWeights, Game, Turn};

/// One random step: at a chance node an outcome drawn by its probability
/// ([`crate::playout::random_outcome`]), else a uniformly random legal action (listed
/// into `legal`). False, with the state untouched, when there is nothing to apply.
pub fn random_step<G: Game, R: Rng>(
    state: &mut G,
    rng: &mut R,
    legal: &mut Vec<G::Action>,
) -> bool {
    use rand::seq::IndexedRandom;
    let step = if state.turn() == Turn::Chance {
        crate::playout::random_outcome(state, &mut Vec::new(), rng)
    } else {
        state.legal_actions(legal);
        legal.choose(rng).copied()
    };
    step.map(|a| state.apply(a)).is_some()
}

/// What [`check_random_games`] did, for the caller's own assertions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    pub games: usize,
    pub states: usize,
    pub finished: usize,
}

/// Plays `games` random games (seeded) from each start, at most `max_plies` player moves
/// each, and checks every state on the way. Panics with the state's text on a failure.
pub fn check_random_games<G: Game>(
    starts: &[G],
    games: usize,
    max_plies: usize,
    seed: u64,
) -> Checked {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut checked = Checked::default();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    // The previous decision's moves: mostly illegal now, so they test `check_legal`'s "no".
    let mut earlier = Vec::new();
    for start in starts {
        for _ in 0..games {
            let mut state = *start;
            let mut plies = 0;
            loop {
                check_state(&state, &mut rng);
                checked.states += 1;
                match state.turn() {
                    Turn::Terminal => {
                        checked.finished += 1;
                        break;
                    }
                    Turn::Chance if !state.chance_listable() => {
                        let outcome = state
                            .sample_chance(&mut rng)
                            .expect("an unlistable chance node draws an outcome");
                        state.apply(outcome);
                    }
                    Turn::Chance => {
                        state.chance_outcomes(&mut outcomes);
                        let mut draw: f64 = rng.random();
                        let mut pick = outcomes[outcomes.len() - 1].0;
                        for &(outcome, p) in &outcomes {
                            if draw < p {
                                pick = outcome;
                                break;
                            }
                            draw -= p;
                        }
                        state.apply(pick);
                    }
                    Turn::Player(mover) => {
                        state.legal_actions(&mut legal);
                        check_legality_answers(&state, &legal, &earlier);
                        check_untouched_scores(&state, mover, &legal);
                        if legal.is_empty() || plies == max_plies {
                            break;
                        }
                        earlier.clone_from(&legal);
                        let action = legal[rng.random_range(0..legal.len())];
                        check_apply_and_list(&state, action);
                        state.apply(action);
                        plies += 1;
                    }
                }
            }
            checked.games += 1;
        }
    }
    checked
}

/// [`Game::apply_and_list`] reaches the state [`Game::apply`] does and, where it lists,
/// lists what [`Game::legal_actions`] does there.
fn check_apply_and_list<G: Game>(state: &G, action: G::Action) {
    let name = G::INFO.name;
    let (mut listed, mut applied) = (*state, *state);
    let mut actions = vec![action];
    let filled = listed.apply_and_list(action, &mut actions);
    applied.apply(action);
    assert!(
        listed.hash() == applied.hash() && listed.turn() == applied.turn(),
        "{name}: apply_and_list({action:?}) reached another state than apply"
    );
    if filled {
        let mut legal = Vec::new();
        applied.legal_actions(&mut legal);
        assert_eq!(
            actions, legal,
            "{name}: apply_and_list({action:?}) listed other actions than legal_actions"
        );
    }
}

/// [`Game::check_legal`], where the game answers, agrees with `legal` (the state's legal
/// actions) on them and on `others` (actions of another state).
fn check_legality_answers<G: Game>(state: &G, legal: &[G::Action], others: &[G::Action]) {
    let name = G::INFO.name;
    for &action in legal.iter().chain(others) {
        if let Some(answer) = state.check_legal(action) {
            assert_eq!(
                answer,
                legal.contains(&action),
                "{name}: check_legal({action:?}) disagrees with legal_actions"
            );
        }
    }
}

/// [`Game::heuristic_changes_only_mover`], where it says so, keeps every other player's
/// `heuristic_score` to the bit (alpha-beta reuses them). Up to 32 of the legal actions,
/// spread over the list, so states with hundreds stay cheap.
fn check_untouched_scores<G: Game>(state: &G, mover: usize, legal: &[G::Action]) {
    let name = G::INFO.name;
    let terms = vec![0.0; G::EVAL_TERMS.len()];
    let step = legal.len().div_ceil(32).max(1);
    for &action in legal.iter().step_by(step) {
        if !state.heuristic_changes_only_mover(action) {
            continue;
        }
        let mut child = *state;
        child.apply(action);
        for player in (0..state.num_players()).filter(|&p| p != mover) {
            let (before, after) = (state.heuristic_score(player), child.heuristic_score(player));
            assert_eq!(
                before.to_bits(),
                after.to_bits(),
                "{name}: {action:?} changed player {player}'s heuristic score ({before} -> {after})"
            );
            // Every weight set reuses the scores too: the terms themselves stay.
            let (mut before, mut after) = (terms.clone(), terms.clone());
            state.eval_terms(player, &mut before);
            child.eval_terms(player, &mut after);
            assert!(
                before
                    .iter()
                    .zip(&after)
                    .all(|(b, a)| b.to_bits() == a.to_bits()),
                "{name}: {action:?} changed player {player}'s evaluation terms"
            );
        }
    }
}

/// Every weight set's evaluation is its weighted sum of the game's evaluation terms, and
/// the default set is `heuristic_score` itself.
fn check_eval_terms<G: Game>(state: &G) {
    let name = G::INFO.name;
    let count = G::EVAL_TERMS.len();
    assert_eq!(G::EVAL_HAND.len(), count, "{name}: a hand weight per term");
    assert_eq!(
        G::EVAL_FITTED.len(),
        count,
        "{name}: a fitted weight per term"
    );
    let mut terms = vec![0.0; count];
    for player in 0..state.num_players() {
        let plain = state.heuristic_score(player);
        let default = state.heuristic_score_with(player, EvalWeights::Default);
        assert_eq!(
            plain.to_bits(),
            default.to_bits(),
            "{name}: the default set"
        );
        if count == 0 {
            continue;
        }
        state.eval_terms(player, &mut terms);
        assert!(
            terms.iter().all(|t| t.is_finite()),
            "{name}: evaluation terms {terms:?}"
        );
        for (set, weights) in [
            (EvalWeights::Hand, G::EVAL_HAND),
            (EvalWeights::Fitted, G::EVAL_FITTED),
        ] {
            let sum: f64 = terms.iter().zip(weights).map(|(t, w)| t * w).sum();
            let value = state.heuristic_score_with(player, set);
            assert!(
                (value - sum).abs() <= 1e-9 * (1.0 + value.abs()),
                "{name}: {set:?} evaluation {value}, its weighted terms {sum}"
            );
        }
    }
}

/// Every check of one state.
pub fn check_state<G: Game>(state: &G, rng: &mut ChaCha8Rng) {
    let text = state.to_text().ok();
    let name = G::INFO.name;
    let show = || {
        text.clone()
            .unwrap_or_else(|| format!("{state:?}", state = state.hash()))
    };
    let players = state.num_players();
    assert!(
        (G::INFO.min_players..=G::INFO.max_players).contains(&players),
        "{name}: {players} players is outside the game's range"
    );
    check_eval_terms(state);

    // Position text: the state reads back to itself, hash included.
    if let Some(text) = &text {
        let back =
            G::from_text(text).unwrap_or_else(|e| panic!("{name}: own text refused: {e}\n{text}"));
        assert_eq!(
            back.hash(),
            state.hash(),
            "{name}: hash differs from a fresh one\n{text}"
        );
        assert_eq!(
            back.to_text().as_deref().ok(),
            Some(text.as_str()),
            "{name}: text round trip"
        );
        assert_eq!(
            back.turn(),
            state.turn(),
            "{name}: turn after a round trip\n{text}"
        );
    }

    // Turn and actions. A chance node too large to list is represented by a few outcomes
    // drawn from it.
    let unlistable = state.turn() == Turn::Chance && !state.chance_listable();
    let mut legal = Vec::new();
    if unlistable {
        for _ in 0..3 {
            let outcome = state.sample_chance(rng);
            legal.push(outcome.unwrap_or_else(|| {
                panic!(
                    "{name}: an unlistable chance node draws no outcome\n{}",
                    show()
                )
            }));
        }
        legal.sort();
        legal.dedup();
    } else {
        state.legal_actions(&mut legal);
    }
    let distinct: HashSet<_> = legal.iter().collect();
    assert_eq!(
        distinct.len(),
        legal.len(),
        "{name}: an action is listed twice\n{}",
        show()
    );
    match state.turn() {
        Turn::Terminal => {
            assert!(state.is_terminal());
            for seat in 0..players {
                let r = state.returns(seat);
                assert!(
                    (0.0..=1.0).contains(&r),
                    "{name}: returns {r} outside 0..=1"
                );
            }
        }
        Turn::Player(seat) => {
            assert!(seat < players, "{name}: seat {seat} of {players}");
            assert!(!state.is_terminal());
        }
        Turn::Chance if unlistable => {
            assert!(
                state.has_chance(),
                "{name}: a chance node but has_chance() is false"
            );
        }
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            assert!(
                !outcomes.is_empty(),
                "{name}: a chance node without outcomes\n{}",
                show()
            );
            assert!(
                outcomes.len() <= G::INFO.max_chance_outcomes,
                "{name}: more outcomes than max_chance_outcomes"
            );
            let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
            assert!(
                (total - 1.0).abs() < 1e-9,
                "{name}: chance probabilities sum to {total}"
            );
            assert!(
                state.has_chance(),
                "{name}: a chance node but has_chance() is false"
            );
            let listed: Vec<_> = outcomes.iter().map(|&(a, _)| a).collect();
            assert_eq!(
                listed, legal,
                "{name}: legal actions of a chance node are its outcomes"
            );
        }
    }
    for &action in &legal {
        let id = G::action_id(action);
        assert_eq!(
            G::action_from_id(id),
            Some(action),
            "{name}: id {id} does not read back"
        );
        let index = G::action_index(action);
        assert!(
            index < G::INFO.action_space,
            "{name}: index {index} outside the action space"
        );
        assert_eq!(
            G::action_from_index(index),
            Some(action),
            "{name}: index {index} does not read back"
        );
        // Chance outcomes too: a game record (docs/records.md) replays them from text.
        let text = state.action_to_text(action);
        assert_eq!(
            state.action_from_text(&text),
            Ok(action),
            "{name}: move text '{text}' does not read back\n{}",
            show()
        );
    }

    check_policy_indices(state, &legal);

    // Views: stable, enough for the mover to move, and what resampling keeps.
    for observer in 0..players {
        let view = state.public_view(observer);
        let seen = observation(state, observer);
        assert_eq!(
            observation(&view, observer),
            seen,
            "{name}: seat {observer}'s observation shows what its public view hides\n{}",
            show()
        );
        assert_eq!(
            view.public_view(observer).hash(),
            view.hash(),
            "{name}: public_view is not stable"
        );
        assert_eq!(
            view.to_text().ok(),
            view.public_view(observer).to_text().ok()
        );
        if state.turn() == Turn::Player(observer) {
            let mut seen = Vec::new();
            view.legal_actions(&mut seen);
            assert_eq!(
                seen, legal,
                "{name}: the mover's view has other legal actions"
            );
        }
        let sample = view.resample_hidden(observer, rng);
        // At a chance node a resample may make the pending deal: a new fact, not a clash.
        if view.turn() == Turn::Chance {
            continue;
        }
        assert_eq!(
            sample.public_view(observer).to_text().ok(),
            view.to_text().ok(),
            "{name}: a resample of seat {observer}'s view is not consistent with it\n{}",
            show()
        );
        assert_eq!(
            observation(&sample, observer),
            seen,
            "{name}: a resample of seat {observer}'s view changes its observation\n{}",
            show()
        );
        if let Turn::Player(_) = state.turn() {
            assert_eq!(
                sample.turn(),
                state.turn(),
                "{name}: a resample changes who moves"
            );
        }
    }
}

/// The largest policy action space a game may declare: a legal mask is one byte per
/// index, per state (the bindings refuse larger ones).
pub const MAX_POLICY_ACTIONS: usize = 1 << 22;

/// `observer`'s observation of `state`, checked for length, determinism (the same tensor
/// whatever the buffer held before) and finite entries.
pub fn observation<G: Game>(state: &G, observer: usize) -> Vec<f32> {
    let name = G::INFO.name;
    let mut first = vec![f32::NAN; G::OBSERVATION_SIZE];
    state.observation(observer, &mut first);
    let mut second = vec![7.5f32; G::OBSERVATION_SIZE];
    state.observation(observer, &mut second);
    assert!(
        first.iter().all(|x| x.is_finite()),
        "{name}: the observation leaves an entry unwritten or not finite"
    );
    assert_eq!(
        first, second,
        "{name}: the observation is not deterministic"
    );
    first
}

/// Policy indices of the legal actions are in range and read back to a legal action with
/// the same index (the first in legal order); a chance node has no policy action.
fn check_policy_indices<G: Game>(state: &G, legal: &[G::Action]) {
    let name = G::INFO.name;
    assert!(
        G::POLICY_ACTIONS <= MAX_POLICY_ACTIONS,
        "{name}: {} policy actions; masks allow at most {MAX_POLICY_ACTIONS}",
        G::POLICY_ACTIONS
    );
    let mut scratch = Vec::new();
    if !matches!(state.turn(), Turn::Player(_)) {
        if let Some(&first) = legal.first() {
            let index = state.policy_index(first);
            assert_eq!(
                state.action_from_policy_index(index, &mut scratch),
                None,
                "{name}: a policy action outside a player's turn"
            );
        }
        return;
    }
    for &action in legal {
        let index = state.policy_index(action);
        assert!(
            index < G::POLICY_ACTIONS,
            "{name}: policy index {index} outside 0..{}",
            G::POLICY_ACTIONS
        );
        let first = legal
            .iter()
            .copied()
            .find(|&a| state.policy_index(a) == index);
        assert_eq!(
            state.action_from_policy_index(index, &mut scratch),
            first,
            "{name}: policy index {index} does not read back"
        );
    }
}

/// Walks a perft table: `FILE DEPTH LEAVES` rows (`#` comments), each position file
/// beside the table. Rows whose count exceeds `max_leaves` are skipped (debug builds);
/// returns the number of rows checked.
pub fn perft_file<G: Game>(table: &Path, max_leaves: u64) -> usize {
    let dir = table.parent().expect("a table in a folder");
    let text =
        std::fs::read_to_string(table).unwrap_or_else(|e| panic!("{}: {e}", table.display()));
    let mut rows = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [file, depth, expected] = fields[..] else {
            panic!("{}: bad row: {line}", table.display())
        };
        let expected: u64 = expected.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        if expected > max_leaves {
            continue;
        }
        let position =
            std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let state = G::from_text(&position).unwrap_or_else(|e| panic!("{file}: {e}"));
        let depth: u32 = depth.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(
            perft(&state, depth),
            expected,
            "{}: {line}",
            table.display()
        );
        rows += 1;
    }
    rows
}
