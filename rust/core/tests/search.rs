//! Alpha-beta against the plain minimax reference, and hand-built Century endgames solved
//! by both alpha-beta and ISMCTS.

use golem_core::games::century::position::{sketch, SeatSketch as S};
use golem_core::games::century::{ActionKind, Century};
use golem_core::search::alphabeta::{search, AlphaBetaConfig, AlphaBetaResult};
use golem_core::search::ismcts::{self, IsmctsConfig};
use golem_core::search::minimax::minimax;
use golem_core::search::objective::{verdict, Objective, Verdict};
use golem_core::search::{Limits, StopFlag};
use golem_core::{Game, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn solve(
    state: &Century,
    depth: u32,
    objective: Objective,
    use_tt: bool,
) -> AlphaBetaResult<<Century as Game>::Action> {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let config = AlphaBetaConfig {
        objective,
        hash_mb: 4,
        use_tt,
        chance_samples: None,
        threads: 1,
        ..AlphaBetaConfig::default()
    };
    search(state, limits, &config, &StopFlag::new(), &mut |_| {})
}

/// A late-game position from random play that prefers claiming (so games reach the end).
fn late_position(rng: &mut ChaCha8Rng, players: usize, hidden: bool) -> Century {
    loop {
        let mut state = Century::new_game(players, rng);
        let mut actions = Vec::new();
        let stop_at = rng.random_range(0..3);
        while !state.is_terminal() {
            let golems = (0..players)
                .map(|p| state.seat(p).golems.count_ones())
                .max()
                .unwrap();
            if golems + stop_at >= 5 && matches!(state.turn(), Turn::Player(_)) {
                break;
            }
            state.legal_actions(&mut actions);
            let claim = actions
                .iter()
                .find(|a| a.kind == ActionKind::Claim)
                .copied();
            let action = match claim {
                Some(claim) if rng.random_bool(0.7) => claim,
                _ => actions[rng.random_range(0..actions.len())],
            };
            state.apply(action);
        }
        if state.is_terminal() {
            continue;
        }
        if hidden {
            let text = golem_core::games::century::position::write_position(&state).unwrap();
            let text: String = text
                .lines()
                .filter(|l| !l.starts_with("deck"))
                .map(|l| format!("{l}\n"))
                .collect();
            state = golem_core::games::century::position::read_position(&text).unwrap();
        }
        return state;
    }
}

fn check_against_minimax(players: usize, depth: u32, hidden: bool, positions: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..positions {
        let state = late_position(&mut rng, players, hidden);
        let root = match state.turn() {
            Turn::Player(p) => p,
            _ => unreachable!(),
        };
        for objective in [Objective::Win, Objective::Margin] {
            let expected = minimax(&state, depth, objective, root, 0);
            for use_tt in [false, true] {
                let found = solve(&state, depth, objective, use_tt);
                assert!(
                    (found.value - expected).abs() < 1e-9,
                    "{objective:?} tt={use_tt}: alpha-beta {} vs minimax {expected}\n{}",
                    found.value,
                    golem_core::games::century::position::write_position(&state).unwrap()
                );
                check_pv(&state, &found, objective);
            }
        }
    }
}

/// The PV is legal from the root, and a proven result's PV ends where it says.
fn check_pv(
    root: &Century,
    result: &AlphaBetaResult<<Century as Game>::Action>,
    objective: Objective,
) {
    let mut state = *root;
    let mut legal = Vec::new();
    for &action in &result.pv {
        state.legal_actions(&mut legal);
        assert!(
            legal.contains(&action),
            "illegal PV move {}",
            state.action_to_text(action)
        );
        state.apply(action);
    }
    if objective == Objective::Win && state.turn() != Turn::Chance {
        let mover = match root.turn() {
            Turn::Player(p) => p,
            _ => unreachable!(),
        };
        match verdict(result.value) {
            Verdict::Win { plies } => {
                assert_eq!(result.pv.len() as u32, plies);
                assert!(state.is_terminal());
                assert_eq!(state.returns(mover), 1.0);
            }
            Verdict::Loss { plies } => {
                assert_eq!(result.pv.len() as u32, plies);
                assert!(state.is_terminal());
                assert_eq!(state.returns(mover), 0.0);
            }
            Verdict::Unproven => {}
        }
    }
}

#[test]
fn alphabeta_equals_minimax_two_players() {
    check_against_minimax(2, 3, false, 6, 1);
}

#[test]
fn alphabeta_equals_minimax_three_players() {
    check_against_minimax(3, 3, false, 4, 2);
}

#[test]
fn alphabeta_equals_minimax_with_hidden_decks() {
    check_against_minimax(2, 2, true, 4, 3);
}

#[test]
fn same_budget_same_result_and_node_count() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let state = late_position(&mut rng, 2, false);
    let limits = Limits {
        nodes: Some(20_000),
        depth: Some(6),
        ..Limits::default()
    };
    let config = AlphaBetaConfig {
        objective: Objective::Margin,
        ..AlphaBetaConfig::default()
    };
    let run = || search(&state, limits, &config, &StopFlag::new(), &mut |_| {});
    let (a, b) = (run(), run());
    assert_eq!(
        (a.best, a.value.to_bits(), a.nodes, a.depth, &a.pv),
        (b.best, b.value.to_bits(), b.nodes, b.depth, &b.pv)
    );
    assert!(a.nodes <= 20_000 + 1 || a.depth == 1);
}

#[test]
fn threads_agree_with_one_thread_on_what_is_settled_or_proven() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for _ in 0..8 {
        let state = late_position(&mut rng, 2, false);
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        for objective in [Objective::Win, Objective::Margin] {
            let with = |threads| AlphaBetaConfig {
                objective,
                hash_mb: 4,
                threads,
                ..AlphaBetaConfig::default()
            };
            let one = search(&state, limits, &with(1), &StopFlag::new(), &mut |_| {});
            let two = search(&state, limits, &with(2), &StopFlag::new(), &mut |_| {});
            assert!(two.depth <= 5);
            check_pv(&state, &two, objective);
            // Another thread's deeper entries may refine an estimate; a settled value is
            // the game's own and cannot differ, nor can a proof.
            if one.settled {
                assert!(two.settled);
                assert!((one.value - two.value).abs() < 1e-9, "{objective:?}");
            }
            if objective == Objective::Win {
                assert_eq!(verdict(one.value), verdict(two.value));
            }
        }
    }
}

#[test]
fn threads_stop_with_the_time_budget() {
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let state = Century::new_game(2, &mut rng);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let limits = Limits {
        movetime: Some(std::time::Duration::from_millis(200)),
        ..Limits::default()
    };
    let config = AlphaBetaConfig {
        objective: Objective::Margin,
        threads: 2,
        ..AlphaBetaConfig::default()
    };
    let clock = std::time::Instant::now();
    let result = search(&state, limits, &config, &StopFlag::new(), &mut |_| {});
    assert!(clock.elapsed() < std::time::Duration::from_secs(5));
    assert!(legal.contains(&result.best.expect("a move")));
    assert!(result.nodes > 0 && result.depth >= 1);
}

const FIVE: [&str; 5] = ["yygg", "yyygg", "gggg", "yybb", "yyggg"]; // 37 points
const ROW: [&str; 6] = ["yyy>p", "U3", "+yg", "bb>ggp", "p>bb", "+yb"];

fn text(state: &Century, action: Option<<Century as Game>::Action>) -> String {
    state.action_to_text(action.expect("a best move"))
}

/// ISMCTS's choice with a few thousand iterations (hidden decks, one seeded thread).
fn ismcts_choice(state: &Century) -> String {
    let limits = Limits {
        iterations: Some(3000),
        ..Limits::default()
    };
    let config = IsmctsConfig {
        seed: 11,
        ..IsmctsConfig::default()
    };
    let result = ismcts::search(state, limits, &config, &StopFlag::new(), &mut |_| {});
    state.action_to_text(result.best)
}

/// Solves both with hidden decks (verdict) and a determinization (full PV).
fn endgame(state: &Century, depth: u32) -> (AlphaBetaResult<<Century as Game>::Action>, Century) {
    let hidden = solve(state, depth, Objective::Win, true);
    let known = state.resample_hidden(0, &mut ChaCha8Rng::seed_from_u64(0));
    let full = solve(&known, depth, Objective::Win, true);
    assert_eq!(
        verdict(hidden.value),
        verdict(full.value),
        "deals cannot matter here"
    );
    check_pv(&known, &full, Objective::Win);
    (full, known)
}

#[test]
fn claiming_now_wins() {
    let seats = [
        S("yyybb", &["+yy", "U2"], &[], &FIVE, 0, 0),
        S("yy", &["+yy", "U2"], &[], &["bbbb", "ggpp"], 0, 0),
    ];
    let state = sketch(
        0,
        &ROW,
        &[],
        &["yyybb", "ggbb", "ggggg", "yypp", "yybbb"],
        &seats,
    )
    .unwrap();
    let (result, known) = endgame(&state, 4);
    assert_eq!(verdict(result.value), Verdict::Win { plies: 2 });
    assert_eq!(text(&known, result.best), "claim yyybb");
    assert_eq!(ismcts_choice(&state), "claim yyybb");
    // Two threads on one shared table prove the same.
    let config = AlphaBetaConfig {
        threads: 2,
        ..AlphaBetaConfig::default()
    };
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let two = search(&known, limits, &config, &StopFlag::new(), &mut |_| {});
    assert_eq!(verdict(two.value), Verdict::Win { plies: 2 });
    assert_eq!(text(&known, two.best), "claim yyybb");
    check_pv(&known, &two, Objective::Win);
}

#[test]
fn claiming_now_loses_when_the_last_turn_overtakes() {
    let seats = [
        S("yyybb", &["+yy", "U2"], &[], &FIVE, 0, 0),
        S(
            "ppppp",
            &["+yy", "U2"],
            &[],
            &["bbbb", "ggpp", "bbpp"],
            0,
            0,
        ),
    ];
    let state = sketch(
        0,
        &ROW,
        &[],
        &["yyybb", "ggbb", "ppppp", "yypp", "yybbb"],
        &seats,
    )
    .unwrap();
    let result = solve(&state, 2, Objective::Win, true);
    let claim = result
        .moves
        .iter()
        .find(|m| state.action_to_text(m.action) == "claim yyybb")
        .unwrap();
    assert_eq!(verdict(claim.value), Verdict::Loss { plies: 2 });
    assert_ne!(text(&state, result.best), "claim yyybb");
    assert_ne!(ismcts_choice(&state), "claim yyybb");
}

#[test]
fn the_tie_break_decides() {
    let six = ["yygg", "yyygg", "gggg", "yybb", "yyggg", "yyybb"]; // 46 points
    let seats = [
        S("", &["+yy"], &[], &six, 0, 2),
        S("ggbb", &["+yy", "U2"], &[], &["bbbb", "ggpp", "bbpp"], 0, 0),
    ];
    let state = sketch(
        1,
        &ROW,
        &[],
        &["yypp", "ggggg", "ggbb", "yybbb", "yyypp"],
        &seats,
    )
    .unwrap();
    assert!(state.last_round());
    let (result, known) = endgame(&state, 3);
    assert_eq!(verdict(result.value), Verdict::Win { plies: 1 });
    assert_eq!(text(&known, result.best), "claim ggbb");
    assert_eq!(ismcts_choice(&state), "claim ggbb");
    let margin = solve(&state, 3, Objective::Margin, true);
    assert_eq!(
        (margin.value, margin.settled),
        (0.0, true),
        "a tie: margin 0, exact"
    );
}

#[test]
fn a_discard_choice_decides() {
    let six = ["yygg", "yyygg", "gggg", "yybb", "yyggg", "yyybb"];
    let seats = [
        S("", &["+yy"], &[], &six, 0, 2),
        S(
            "yyggggbbpp",
            &["+gg"],
            &["+yy", "U2"],
            &["bbbb", "ggpp", "bbpp"],
            0,
            0,
        ),
    ];
    let state = sketch(
        1,
        &ROW,
        &[],
        &["ppppp", "ggggg", "bbbbb", "ggppp", "bbbpp"],
        &seats,
    )
    .unwrap();
    let (result, known) = endgame(&state, 3);
    assert_eq!(verdict(result.value), Verdict::Win { plies: 1 });
    assert_eq!(text(&known, result.best), "play +gg drop yy");
    assert_eq!(ismcts_choice(&state), "play +gg drop yy");
    let winners = result
        .moves
        .iter()
        .filter(|m| verdict(m.value) == Verdict::Win { plies: 1 })
        .count();
    assert_eq!(winners, 1, "only one discard wins");
}

#[test]
fn the_weight_set_a_search_is_given_is_the_one_it_evaluates_with() {
    use golem_core::EvalWeights;
    // Only meaningful while the fitted set differs from the hand-set one.
    assert_ne!(Century::EVAL_HAND, Century::EVAL_FITTED);
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut parted = (0, 0);
    for _ in 0..8 {
        let state = late_position(&mut rng, 2, true);
        let mut visits = Vec::new();
        let mut values = Vec::new();
        for eval in [EvalWeights::Hand, EvalWeights::Fitted, EvalWeights::Default] {
            let limits = Limits {
                iterations: Some(300),
                ..Limits::default()
            };
            let config = IsmctsConfig {
                rollout_cutoff: Some(1),
                seed: 5,
                eval,
                ..IsmctsConfig::default()
            };
            let result = ismcts::search(&state, limits, &config, &StopFlag::new(), &mut |_| {});
            visits.push(result.moves.iter().map(|m| m.visits).collect::<Vec<_>>());
            let limits = Limits {
                depth: Some(2),
                ..Limits::default()
            };
            let config = AlphaBetaConfig {
                objective: Objective::Margin,
                chance_samples: Some(2),
                eval,
                ..AlphaBetaConfig::default()
            };
            values.push(search(&state, limits, &config, &StopFlag::new(), &mut |_| {}).value);
        }
        // The default set is the hand-set one (until a fit is adopted).
        assert_eq!(visits[0], visits[2]);
        assert_eq!(values[0].to_bits(), values[2].to_bits());
        parted.0 += (visits[0] != visits[1]) as u32;
        parted.1 += (values[0] != values[1]) as u32;
    }
    assert!(
        parted.0 > 0 && parted.1 > 0,
        "the sets never part: {parted:?}"
    );
}
