//! The conformance kit (`golem_core::testing`) on every game: Century and the two toy games.
//! Alpha-beta on the toy games, whose values are known (ISMCTS runs on them in its own tests).

use std::path::PathBuf;

use golem_core::games::century::Century;
use golem_core::games::GameId;
use golem_core::search::alphabeta::{self, AlphaBetaConfig};
use golem_core::search::objective::{verdict, Objective, Verdict};
use golem_core::search::{Limits, StopFlag};
use golem_core::testing::toys::{gamble, nim, Bet, Gamble, Nim};
use golem_core::testing::{check_random_games, perft_file};
use golem_core::{with_game, Game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn new_games<G: Game>(seed: u64) -> Vec<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (G::INFO.min_players..=G::INFO.max_players)
        .map(|players| G::new_game(players, &mut rng))
        .collect()
}

#[test]
fn century_conformance() {
    let mut starts = new_games::<Century>(1);
    // The same deals as the players see them: every deal a chance event.
    starts.extend(starts.clone().iter().map(|s| s.public_view(0)));
    let checked = check_random_games(&starts, 2, 600, 7);
    assert_eq!(checked.games, 2 * starts.len());
    assert!(
        checked.finished > 0,
        "some random games finish: {checked:?}"
    );
}

#[test]
fn toy_games_conformance() {
    let checked = check_random_games(&[nim(21, 2), nim(17, 3)], 20, 100, 3);
    assert_eq!(
        checked.finished, 0,
        "Nim ends on a turn with no move, not a terminal"
    );
    assert!(checked.states > 40 * 5);
    let checked = check_random_games(&[gamble(true), gamble(false)], 30, 10, 3);
    assert_eq!(checked.finished, 60);
    // A text that is not the game's is refused with the field named.
    assert_eq!(
        Nim::from_text("game = \"nim\"\nheap = 3\nplayers = 4\nto_move = 0\n")
            .unwrap_err()
            .field,
        "players"
    );
    assert_eq!(
        Gamble::from_text("game = \"nim\"").unwrap_err().field,
        "game"
    );
    assert_eq!(
        Gamble::from_text("game = \"gamble\"\nstage = \"x\"")
            .unwrap_err()
            .field,
        "stage"
    );
}

#[test]
fn century_perft_table() {
    let table =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/perft/century/perft.txt");
    assert!(perft_file::<Century>(&table, u64::MAX) >= 16);
}

#[test]
fn the_registry_finds_games_by_name_and_by_position() {
    assert_eq!(GameId::from_name("century-golem"), Ok(GameId::Century));
    assert_eq!(
        GameId::from_name("merchant-explorers"),
        Ok(GameId::MerchantExplorers)
    );
    let error = GameId::from_name("chess").unwrap_err();
    assert_eq!(
        error.to_string(),
        "game: 'chess' is not a game (expected one of: century-golem, merchant-explorers, \
         golem-cranio)"
    );
    let text = Century::BENCH_POSITIONS[0].text;
    assert_eq!(GameId::detect(text), Ok(GameId::Century));
    assert_eq!(GameId::detect("players = 2").unwrap_err().field, "game");
    assert_eq!(GameId::detect("game = 3").unwrap_err().field, "game");
    assert_eq!(GameId::detect("game = ").unwrap_err().field, "toml");
    // Generic code runs for the game a position names.
    let hash = with_game!(GameId::detect(text).unwrap(), G => G::from_text(text).unwrap().hash());
    assert_eq!(hash, Century::from_text(text).unwrap().hash());
    for &game in GameId::ALL {
        let info = game.info();
        assert!(info.min_players >= 1 && info.min_players <= info.max_players);
        assert_eq!(GameId::from_name(info.name), Ok(game));
    }
}

fn solve<G: Game>(state: &G, objective: Objective, depth: u32) -> (G::Action, f64) {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let config = AlphaBetaConfig {
        objective,
        ..AlphaBetaConfig::default()
    };
    let result = alphabeta::search(state, limits, &config, &StopFlag::new(), &mut |_| {});
    (result.best.expect("a move"), result.value)
}

#[test]
fn alphabeta_solves_nim() {
    // Leave a multiple of 4: from 9 take 1, and the mover wins.
    let (best, value) = solve(&nim(9, 2), Objective::Win, 12);
    assert_eq!(best, 1);
    assert!(matches!(verdict(value), Verdict::Win { .. }), "{value}");
    let (_, value) = solve(&nim(8, 2), Objective::Win, 12);
    assert!(matches!(verdict(value), Verdict::Loss { .. }), "{value}");
}

#[test]
fn alphabeta_takes_expectations_in_the_gamble() {
    // Coin: win 3/4, lose 1/4 (margin 1/2); Card: seat 1 snaps card 0 and card 2 loses
    // for seat 0 (margin -1/3).
    let (best, value) = solve(&gamble(false), Objective::Margin, 4);
    assert_eq!(best, Bet::Coin);
    assert!((value - 0.5).abs() < 1e-9, "{value}");
}
