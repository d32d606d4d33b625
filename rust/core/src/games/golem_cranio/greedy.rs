//! Golem (Cranio)'s greedy policy and search priors: a one-ply lookahead over an
//! evaluation (`eval.rs`), extended through the mover's own compound action.
//!
//! **Value of an action** for the mover m: apply it (forced steps included), then, while
//! the decision is still m's and inside the same compound action (the effect stack is not
//! empty), take the continuation greedily — at each step the child with the best value
//! below — for at most [`CHAIN`] steps. A chance event met inside the action (a Library
//! refill, an Objective draw) is sampled with an RNG seeded from the state's hash, so the
//! value is a function of the state. The value of the state reached is
//! `eval(m) − max over the other seats of eval(seat)` (`eval(m)` alone with one seat),
//! every state judged with the time left read at the decision (`heuristic_score_at` with
//! the decision as its clock): an option does not look better for spending no action or
//! for not ending the round.
//! A marble turn is so judged by its whole line action (`marble study y` by the Book it
//! then buys), `work 2` by the two activations, a Starting-tile pair by the choices its
//! effects ask for.
//!
//! **Special cases** one ply cannot see:
//! - `pass` keeps the action for later (after a re-drop) and changes nothing now: it is
//!   valued as the state before the turn less [`PASS_COST`], so greedy passes only when
//!   every action would lose more than that: rarely (36 of 2 436 turns in 80 greedy
//!   self-play games, 1–4 players), presumably when every marble left would spoil a
//!   match with the round's Character.
//! - Draft picks and discards, Artifact-tile choices and Golem placement have no effect
//!   on the score at once; the evaluation counts drafted Objectives, the benefits of an
//!   Artifact tile before any Gold and the neighborhoods under standing Golems, so one ply
//!   sees them.
//!
//! **Priors** are `exp((value − best) / TEMPERATURE)`: positive, 1 for the best action.
//! [`greedy_action`] plays the best value, exact ties broken by its RNG.

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::action::Action;
use super::eval::heuristic_score_at;
use super::state::{Chance, State};
use crate::game::Turn;

/// An evaluation of a seat in a state reached from a lookahead's root, the third argument
/// (the policy's own, [`heuristic_score_at`], or the plain score to compare with).
pub type Eval = fn(&State, usize, &State) -> f64;

/// Steps of the mover's compound action followed after the action judged.
const CHAIN: usize = 8;
/// What passing gives up now, in VP.
const PASS_COST: f64 = 0.5;
/// Spread of the priors, in VP.
const TEMPERATURE: f64 = 1.5;

/// The final score as an evaluation: the baseline greedy is measured against.
pub fn plain_score(state: &State, seat: usize, _root: &State) -> f64 {
    state.final_score(seat) as f64
}

/// `eval(mover)` less the best other seat's, in a state reached from `root`.
fn margin(state: &State, mover: usize, eval: Eval, root: &State) -> f64 {
    let mine = eval(state, mover, root);
    let best_other = (0..state.num_players as usize)
        .filter(|&seat| seat != mover)
        .map(|seat| eval(state, seat, root))
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_finite() {
        mine - best_other
    } else {
        mine
    }
}

/// Whether `state` is still inside `mover`'s compound action.
fn inside(state: &State, mover: usize) -> bool {
    !state.stack.is_empty() && (state.chance != Chance::None || state.turn() == Turn::Player(mover))
}

/// Samples the chance events inside the mover's compound action.
fn through_chance(state: &mut State, mover: usize, rng: &mut ChaCha8Rng) {
    while state.chance != Chance::None && inside(state, mover) {
        let outcome = state.sample_chance(rng);
        state.apply(outcome);
    }
}

/// `state` after `action` and its chance events inside the action.
fn child(state: &State, action: Action, mover: usize, rng: &mut ChaCha8Rng) -> State {
    let mut c = *state;
    c.apply(action);
    through_chance(&mut c, mover, rng);
    c
}

/// The value of `state`, reached by one of `mover`'s actions: its compound action
/// followed greedily, then the margin.
fn follow(mut state: State, mover: usize, eval: Eval, root: &State, rng: &mut ChaCha8Rng) -> f64 {
    for _ in 0..CHAIN {
        if !inside(&state, mover) || state.chance != Chance::None {
            break;
        }
        let mut best: Option<(f64, State)> = None;
        for a in state.legal() {
            let c = child(&state, a, mover, rng);
            let v = margin(&c, mover, eval, root);
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, c));
            }
        }
        match best {
            Some((_, c)) => state = c,
            None => break,
        }
    }
    margin(&state, mover, eval, root)
}

/// The value of each of `actions` (legal at `state`, a decision) for the player to move,
/// under `eval` (module documentation).
pub fn action_values_with(state: &State, actions: &[Action], eval: Eval, out: &mut Vec<f64>) {
    out.clear();
    let Turn::Player(mover) = state.turn() else {
        out.resize(actions.len(), 0.0);
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(state.hash_value());
    let mut before = None;
    for &a in actions {
        let v = if a == Action::Pass {
            *before.get_or_insert_with(|| margin(state, mover, eval, state)) - PASS_COST
        } else {
            follow(
                child(state, a, mover, &mut rng),
                mover,
                eval,
                state,
                &mut rng,
            )
        };
        out.push(v);
    }
}

/// Search priors for `actions` (legal at `state`): one non-negative weight each, higher
/// for better actions, 1 for the best (module documentation); all 1 at a chance node.
pub fn action_priors(state: &State, actions: &[Action], out: &mut Vec<f32>) {
    let mut values = Vec::with_capacity(actions.len());
    action_values_with(state, actions, heuristic_score_at, &mut values);
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    out.clear();
    out.extend(values.iter().map(|&v| {
        let w = ((v - best) / TEMPERATURE).exp() as f32;
        if w.is_finite() {
            w
        } else {
            0.0
        }
    }));
}

/// The greedy choice at `state` under `eval`: the best value, exact ties uniformly at
/// random with `rng`. Panics unless `state` is a player's decision (not a chance event,
/// not the end).
pub fn greedy_action_with(state: &State, rng: &mut dyn RngCore, eval: Eval) -> Action {
    assert!(
        matches!(state.turn(), Turn::Player(_)),
        "greedy_action needs a player's decision, not {:?}",
        state.decision()
    );
    let legal = state.legal();
    assert!(!legal.is_empty(), "a decision offers an action");
    let mut values = Vec::with_capacity(legal.len());
    action_values_with(state, &legal, eval, &mut values);
    let mut best = 0;
    let mut ties = 0u32;
    for i in 1..legal.len() {
        if values[i] > values[best] {
            best = i;
            ties = 0;
        } else if values[i] == values[best] {
            ties += 1;
            if rng.random_range(0..=ties) == 0 {
                best = i;
            }
        }
    }
    legal[best]
}

/// The greedy choice at `state` with [`heuristic_score_at`].
pub fn greedy_action(state: &State, rng: &mut dyn RngCore) -> Action {
    greedy_action_with(state, rng, heuristic_score_at)
}

/// A cheap static ordering of an action for search (higher first), without lookahead:
/// building (upgrades, Golems, Books, Gold) before taking, Rabbi spaces and fuller
/// lines before thin ones, declining and passing last.
pub fn ordering_hint(state: &State, action: Action) -> i32 {
    match action {
        Action::Up(_) => 40,
        Action::Create(_) => 35,
        Action::Book(_) => 30,
        Action::Gold(n) => 20 + n as i32,
        Action::Act(g) => 10 + g.section as i32,
        Action::Work(n) => 10 * n as i32,
        Action::Marble { line, .. } => 10 + 5 * state.board.lines[line as usize].total() as i32,
        Action::Rabbi(_) => 15,
        Action::RabbiBottom => 5,
        Action::InfluenceBonus => 10,
        Action::Yes | Action::YesDistrict(_) => 10,
        Action::Skip | Action::Done | Action::No => -10,
        Action::Pass => -50,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::golem_cranio::components::Components;
    use crate::games::golem_cranio::effects::frame;
    use crate::games::golem_cranio::position::read_position;
    use crate::games::golem_cranio::setup::{new_game_seeded, NewGame};
    use crate::games::golem_cranio::state::{OpList, Phase, SourceKind, Stack};
    use rand::seq::IndexedRandom;

    fn position(name: &str) -> State {
        let path = format!(
            "{}/data/golem_cranio/positions/python/{name}.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        read_position(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// The seat to move resolving `list` (from its first op) up to its first decision.
    fn with_ops(mut s: State, list: OpList) -> State {
        s.stack = Stack::EMPTY;
        s.stack.push(frame(list));
        s.resolve();
        s.settle();
        s
    }

    fn texts(s: &State) -> Vec<String> {
        s.legal().into_iter().map(|a| a.to_text()).collect()
    }

    #[test]
    fn greedy_converts_clay_into_vp_when_offered() {
        // NR09: pay 3 Clay for 6 VP; nothing else differs between `no` and `yes`.
        let mut s = position("p2-r2-actions");
        let seat = s.to_move as usize;
        s.add_res(seat, 0, 4);
        let nr09 = super::super::components::ids::neighborhood_tile_index("NR09").unwrap();
        let s = with_ops(s, OpList::top(SourceKind::Neighborhood, nr09 as u8, 0));
        assert_eq!(texts(&s), ["no", "yes"]);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(greedy_action(&s, &mut rng).to_text(), "yes");
        let mut priors = Vec::new();
        action_priors(&s, &s.legal(), &mut priors);
        assert!(priors[1] > priors[0], "{priors:?}");
    }

    #[test]
    fn greedy_places_gold_to_complete_an_artifact() {
        // Two Gold to place with cauldron 2 (capacity 2) already holding 1: completing
        // cauldron 1 and 2 activates both Artifacts; the rest only fills.
        let mut s = position("p2-r2-actions");
        let seat = s.to_move as usize;
        s.set_gold(seat, 1, 1);
        let mut f = frame(OpList::top(SourceKind::GoldPlacement, 0, 0));
        f.value = 2;
        s.stack = Stack::EMPTY;
        s.stack.push(f);
        let legal = texts(&s);
        assert!(legal.contains(&"put 1:1 2:1".to_string()), "{legal:?}");
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        assert_eq!(greedy_action(&s, &mut rng).to_text(), "put 1:1 2:1");
    }

    #[test]
    fn greedy_takes_the_character_bonus_only_when_it_beats_three_coins() {
        // p2-r1-influence, with CH08 (5 Coins: 1 VP per upgraded Development; red and
        // blue, which the seat's "wb" matches) as round 1's Character.
        let mut s = position("p2-r1-influence");
        s.board.palace[0] = Components::character_index("CH08").unwrap() as u8;
        let seat = s.to_move as usize;
        assert_eq!(texts(&s), ["influence bonus", "influence coins"]);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        // One Development: 1 VP for 5 Coins, against 3 Coins.
        s.players[seat].developments = 1 << 6;
        assert_eq!(greedy_action(&s, &mut rng).to_text(), "influence coins");
        // Eight: 8 VP for 5 Coins.
        s.players[seat].developments = 0xff << 6;
        assert_eq!(greedy_action(&s, &mut rng).to_text(), "influence bonus");
    }

    #[test]
    fn greedy_at_an_equal_choice_breaks_ties_with_its_rng() {
        // Remove a marble before a re-drop: nothing the evaluation sees differs.
        let s = position("p2-r1-remove");
        let legal = s.legal();
        assert!(legal.len() >= 2);
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..40 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            seen.insert(greedy_action(&s, &mut rng).to_text());
        }
        assert!(seen.len() >= 2, "{seen:?}");
    }

    #[test]
    fn priors_are_finite_and_non_negative_in_random_games() {
        let comp = Components::builtin();
        for players in 1..=4usize {
            for game in 0..2u64 {
                let seed = 100 + 10 * players as u64 + game;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let opts = NewGame {
                    intro: false,
                    hide_decks: game == 1,
                };
                let mut s = new_game_seeded(comp, players, seed, opts);
                let mut checked = 0;
                while s.phase != Phase::Over {
                    if s.turn() == Turn::Chance {
                        let o = s.sample_chance(&mut rng);
                        s.apply(o);
                        continue;
                    }
                    let legal = s.legal();
                    let mut priors = Vec::new();
                    action_priors(&s, &legal, &mut priors);
                    assert_eq!(priors.len(), legal.len());
                    assert!(
                        priors.iter().all(|p| p.is_finite() && *p >= 0.0),
                        "{priors:?} at {:?}",
                        s.decision()
                    );
                    assert!(priors.contains(&1.0), "the best has weight 1: {priors:?}");
                    for &a in &legal {
                        assert!(ordering_hint(&s, a).abs() <= 100);
                    }
                    checked += 1;
                    let a = *legal.choose(&mut rng).unwrap();
                    s.apply(a);
                }
                assert!(
                    checked >= 20,
                    "{players} players: {checked} decisions checked"
                );
            }
        }
    }

    /// Plays one game: seats in `greedy` play greedily, the others at random. Returns
    /// the final scores.
    fn play(players: usize, seed: u64, greedy: &[bool], eval: Eval) -> Vec<i32> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37);
        let mut s = new_game_seeded(Components::builtin(), players, seed, NewGame::default());
        while s.phase != Phase::Over {
            let a = match s.turn() {
                Turn::Chance => s.sample_chance(&mut rng),
                Turn::Player(seat) if greedy[seat] => greedy_action_with(&s, &mut rng, eval),
                _ => *s.legal().choose(&mut rng).unwrap(),
            };
            s.apply(a);
        }
        (0..players).map(|seat| s.final_score(seat)).collect()
    }

    #[test]
    fn greedy_beats_random_play() {
        // 20 two-player games, greedy in seat 0 then seat 1: it must win at least 14.
        let mut wins = 0;
        for game in 0..20u64 {
            let seat = (game % 2) as usize;
            let mut greedy = [false; 2];
            greedy[seat] = true;
            let scores = play(2, 500 + game, &greedy, heuristic_score_at);
            if scores[seat] > scores[1 - seat] {
                wins += 1;
            }
        }
        assert!(wins >= 14, "greedy won {wins} of 20");
    }
}
