//! Rule tests: one or more per rule of the spec, on small hand-written positions.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::cards::{golem_by_name, merchant_by_name};
use super::position::{read_position, write_position};
use super::*;
use crate::perft::perft;
use crate::util::Deck;
use crate::{Game, Turn};

use super::position::{sketch, SeatSketch as S};

const ROW: [&str; 6] = ["yyy>p", "U3", "+yg", "bb>ggp", "p>bb", "+gg"];
const GOLEMS_ROW: [&str; 5] = ["yygg", "ggpp", "bbbb", "ygbp", "yyppp"];

fn setup(
    to_move: usize,
    row: &[&str],
    on_row: &[&str],
    golem_row: &[&str],
    seats: &[S],
) -> Century {
    sketch(to_move, row, on_row, golem_row, seats).unwrap_or_else(|e| panic!("{e}"))
}

/// Two seats; seat 0 holds `caravan` and `hand`, seat 1 a plain start.
fn duel(caravan: &str, hand: &[&str]) -> Century {
    setup(
        0,
        &ROW,
        &[],
        &GOLEMS_ROW,
        &[
            S(caravan, hand, &[], &[], 0, 0),
            S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
        ],
    )
}

/// Makes both decks known: `merchant_top` and `golem_top` first, then the other unseen cards.
fn known_decks(state: &Century, merchant_top: &[&str], golem_top: &[&str]) -> Century {
    // The named cards on top, then the rest of the unseen cards in id order.
    let order = |top: &[&str], by_name: fn(&str) -> Option<u8>, unseen: u64| -> Vec<u8> {
        let top: Vec<u8> = top.iter().map(|n| by_name(n).unwrap()).collect();
        let rest = BitIter(unseen)
            .map(|c| c as u8)
            .filter(|c| !top.contains(c));
        top.iter().copied().chain(rest).collect()
    };
    let mut state = *state;
    state.merchant_deck = Deck::known(&order(
        merchant_top,
        merchant_by_name,
        state.merchant_unseen(),
    ));
    state.golem_deck = Deck::known(&order(golem_top, golem_by_name, state.golem_unseen()));
    state.refresh_derived();
    state
}

fn texts(state: &Century) -> Vec<String> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions.iter().map(|&a| state.action_to_text(a)).collect()
}

fn texts_starting(state: &Century, prefix: &str) -> Vec<String> {
    let mut found: Vec<String> = texts(state)
        .into_iter()
        .filter(|t| t.starts_with(prefix))
        .collect();
    found.sort();
    found
}

fn after(state: &Century, text: &str) -> Century {
    let mut next = *state;
    let action = next
        .action_from_text(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    next.apply(action);
    assert_eq!(
        next.hash(),
        next.compute_hash(),
        "incremental hash after {text}"
    );
    next
}

fn caravan(state: &Century, seat: usize) -> String {
    state.seat(seat).crystals().to_string()
}

#[test]
fn crystal_card_gains_its_crystals() {
    let state = after(&duel("yyy", &["+yy", "U2", "+yb"]), "play +yb");
    assert_eq!(caravan(&state, 0), "yyyyb");
    let yg = merchant_by_name("+yb").unwrap();
    assert_eq!(state.seat(0).played, 1 << yg);
    assert_eq!(state.to_move(), 1);
}

#[test]
fn crystal_card_overflow_offers_every_discard() {
    // 9 + 2 = 11 crystals: keep 10, dropping one crystal of a held colour.
    let state = duel("yyyyyggbp", &["+yy", "U2"]);
    assert_eq!(
        texts_starting(&state, "play +yy"),
        [
            "play +yy drop b",
            "play +yy drop g",
            "play +yy drop p",
            "play +yy drop y"
        ]
    );
    assert_eq!(caravan(&after(&state, "play +yy drop p"), 0), "yyyyyyyggb");
}

#[test]
fn upgrade_reaches_every_distinct_caravan_within_its_steps() {
    let state = duel("yg", &["U2"]);
    // 0 steps: yg. 1 step: gg, yb. 2 steps: gb (y->b, or y->g and g->b: one result), yp.
    let mut expected = vec![
        "play U2",
        "play U2 y>g",
        "play U2 g>b",
        "play U2 g>p",
        "play U2 y>b",
    ];
    expected.sort();
    assert_eq!(texts_starting(&state, "play U2"), expected);
}

#[test]
fn upgrade_can_raise_one_crystal_twice_and_never_pink() {
    let state = duel("y", &["U2"]);
    assert_eq!(caravan(&after(&state, "play U2 y>b"), 0), "b");
    let pink = duel("p", &["U2"]);
    assert_eq!(texts_starting(&pink, "play U2"), ["play U2"]);
}

#[test]
fn upgrade_spellings_that_reach_the_same_caravan_are_one_action() {
    let state = duel("yg", &["U2"]);
    let direct = state.action_from_text("play U2 yg>gb").unwrap();
    // Written as the net change "y>b" the result is the same caravan.
    assert_eq!(state.action_from_text("play U2 y>b").unwrap(), direct);
    assert_eq!(state.action_to_text(direct), "play U2 y>b");
}

#[test]
fn trade_can_be_repeated_while_payable() {
    let state = duel("yyyyyg", &["yy>gg"]);
    assert_eq!(
        texts_starting(&state, "play yy>gg"),
        ["play yy>gg", "play yy>gg x2"]
    );
    assert_eq!(caravan(&after(&state, "play yy>gg x2"), 0), "yggggg");
}

#[test]
fn trade_results_reached_by_two_repeat_counts_are_one_action() {
    // g>yyy from gggg: x1 = 3y+3g (6), x2 = 6y+2g (8), x3 = 9y+1g (10), x4 = 12y (12 -> keep 10).
    let state = duel("gggg", &["g>yyy"]);
    let texts = texts_starting(&state, "play g>yyy");
    assert_eq!(
        texts,
        [
            "play g>yyy",
            "play g>yyy x2",
            "play g>yyy x3",
            "play g>yyy x4 drop yy"
        ]
    );
    // A caravan reachable after overflow from two counts appears once, with the smaller count.
    // b>yyyyg from 6y+2b: x1 = 10y+g+b, x2 = 14y+2g; keeping 9y+g is possible after both.
    let full = duel("yyyyyybb", &["b>yyyyg"]);
    let plays = texts_starting(&full, "play b>yyyyg");
    let mut unique = plays.clone();
    unique.dedup();
    assert_eq!(plays, unique);
    let via_two = full
        .action_from_text("play b>yyyyg x2 drop yyyyyg")
        .unwrap();
    assert_eq!(
        full.action_from_text("play b>yyyyg drop yb").unwrap(),
        via_two
    );
    assert_eq!(full.action_to_text(via_two), "play b>yyyyg drop yb");
}

#[test]
fn trade_overflow_discard_is_part_of_the_action() {
    let state = duel("yyyyyyyygb", &["b>ygg"]);
    let drops = texts_starting(&state, "play b>ygg");
    assert!(drops.iter().all(|t| t.contains(" drop ")), "{drops:?}");
    let next = after(&state, "play b>ygg drop yy");
    assert_eq!(caravan(&next, 0), "yyyyyyyggg");
}

#[test]
fn acquire_places_one_crystal_on_each_skipped_card() {
    let state = duel("yyg", &["+yy", "U2"]);
    let next = after(&state, "take +yg pay gy");
    assert_eq!(caravan(&next, 0), "y");
    let crystals: Vec<String> = next.row_crystals().iter().map(|c| c.to_string()).collect();
    assert_eq!(&crystals[..2], ["g", "y"]);
    assert!(next.seat(0).hand & (1 << merchant_by_name("+yg").unwrap()) != 0);
    // Slot 2 costs two crystals; with one crystal left only slots 0 and 1 are reachable.
    let poor = duel("y", &["+yy", "U2"]);
    assert_eq!(
        texts_starting(&poor, "take"),
        ["take U3 pay y", "take yyy>p"]
    );
}

#[test]
fn acquire_collects_crystals_and_row_crystals_slide_with_their_cards() {
    let state = setup(
        0,
        &ROW,
        &["y", "", "gg", "b", "", ""],
        &GOLEMS_ROW,
        &[
            S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
            S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
        ],
    );
    let next = after(&state, "take U3 pay y");
    // U3 left slot 1; +yg (with gg) and bb>ggp (with b) slide to slots 1 and 2.
    let row: Vec<&str> = next
        .merchant_row()
        .iter()
        .map(|&c| cards::MERCHANTS[c as usize].name)
        .collect();
    assert_eq!(&row[..5], ["yyy>p", "+yg", "bb>ggp", "p>bb", "+gg"]);
    let on_row: Vec<String> = next.row_crystals().iter().map(|c| c.to_string()).collect();
    assert_eq!(&on_row[..5], ["yy", "gg", "b", "", ""]);
    // Hidden deck: the gap is a chance node over the unseen cards.
    assert_eq!(next.turn(), Turn::Chance);
    let collected = after(&state, "take +yg pay yy");
    assert_eq!(caravan(&collected, 0), "yygg");
}

#[test]
fn acquire_overflow_discards_down_to_ten() {
    let state = setup(
        0,
        &ROW,
        &["ggg", "", "", "", "", ""],
        &GOLEMS_ROW,
        &[
            S("yyyyyyyybb", &["+yy", "U2"], &[], &[], 0, 0),
            S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
        ],
    );
    let takes = texts_starting(&state, "take yyy>p");
    assert!(
        takes.contains(&"take yyy>p drop yyy".to_string()),
        "{takes:?}"
    );
    assert!(
        takes.contains(&"take yyy>p drop gbb".to_string()),
        "{takes:?}"
    );
    assert_eq!(
        caravan(&after(&state, "take yyy>p drop ybg"), 0),
        "yyyyyyyggb"
    );
}

#[test]
fn known_deck_deals_its_top_card_and_an_empty_deck_shortens_the_row() {
    let state = known_decks(&duel("yy", &["+yy", "U2"]), &["+p"], &["ppppp"]);
    let next = after(&state, "take yyy>p");
    assert_eq!(next.turn(), Turn::Player(1));
    assert_eq!(next.merchant_row()[5], merchant_by_name("+p").unwrap());
    // Empty both decks: the rows shrink.
    let mut bare = state;
    bare.merchant_deck = Deck::known(&[]);
    bare.golem_deck = Deck::known(&[]);
    bare.refresh_derived();
    let next = after(&bare, "take yyy>p");
    assert_eq!(next.merchant_row().len(), 5);
    let rich = {
        let mut s = duel("yyggg", &["+yy", "U2"]);
        s.golem_deck = Deck::known(&[]);
        s.merchant_deck = Deck::known(&[]);
        s.refresh_derived();
        s
    };
    assert_eq!(after(&rich, "claim yygg").golem_row().len(), 4);
}

#[test]
fn rest_returns_played_cards_and_needs_one() {
    let state = setup(
        0,
        &ROW,
        &[],
        &GOLEMS_ROW,
        &[
            S("yy", &["+yy"], &["U2", "+b"], &[], 0, 0),
            S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
        ],
    );
    let next = after(&state, "rest");
    assert_eq!(next.seat(0).played, 0);
    assert_eq!(next.seat(0).hand.count_ones(), 3);
    assert!(!texts(&duel("yy", &["+yy", "U2"])).contains(&"rest".to_string()));
}

#[test]
fn claim_pays_the_cost_and_takes_coins_by_slot() {
    let state = duel("yyggpp", &["+yy"]);
    let slot0 = after(&state, "claim yygg");
    assert_eq!(caravan(&slot0, 0), "pp");
    assert_eq!((slot0.seat(0).gold, slot0.seat(0).silver), (1, 0));
    assert_eq!(slot0.gold_left(), 3);
    let slot1 = after(&state, "claim ggpp");
    assert_eq!((slot1.seat(0).gold, slot1.seat(0).silver), (0, 1));
    let slot2 = after(&duel("yyggbbbbp", &["+yy"]), "claim bbbb");
    assert_eq!((slot2.seat(0).gold, slot2.seat(0).silver), (0, 0));
    assert!(
        !texts(&state).contains(&"claim bbbb".to_string()),
        "unaffordable golem"
    );
}

#[test]
fn when_gold_runs_out_silver_moves_to_slot_zero() {
    let seats = [
        S("yyggpp", &["+yy"], &[], &[], 4, 0),
        S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
    ];
    let state = setup(0, &ROW, &[], &GOLEMS_ROW, &seats);
    assert_eq!(state.gold_left(), 0);
    let slot0 = after(&state, "claim yygg");
    assert_eq!((slot0.seat(0).gold, slot0.seat(0).silver), (4, 1));
    let slot1 = after(&state, "claim ggpp");
    assert_eq!(
        slot1.seat(0).silver,
        0,
        "no coin above slot 1 once gold is gone"
    );
    // Taking the last gold coin moves silver to slot 0 for the next claim there.
    let seats = [
        S("yyggggpp", &["+yy"], &[], &[], 3, 0),
        S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
    ];
    let last_gold = setup(0, &ROW, &[], &GOLEMS_ROW, &seats);
    let taken = after(
        &after(&after(&last_gold, "claim yygg"), "deal ppppp"),
        "play +yy",
    );
    assert_eq!(taken.gold_left(), 0);
    let silver = after(&taken, "claim ggpp");
    assert_eq!((silver.seat(0).gold, silver.seat(0).silver), (4, 1));
}

#[test]
fn last_round_starts_at_six_golems_with_two_or_three_players() {
    let five = ["yygg", "yyygg", "gggg", "yybb", "yyggg"];
    let seats = [
        S("yyggpp", &["+yy"], &[], &five, 0, 0),
        S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
    ];
    let state = setup(
        0,
        &ROW,
        &[],
        &["ggpp", "bbbb", "ygbp", "yyppp", "ggbb"],
        &seats,
    );
    assert!(!state.last_round());
    let sixth = after(&state, "claim ggpp");
    assert!(sixth.last_round());
    // No deal with a hidden deck is needed to decide, but the round goes on: seat 1 plays.
    assert_eq!(sixth.turn(), Turn::Chance);
    let seat1 = after(&sixth, "deal ppppp");
    assert_eq!(seat1.turn(), Turn::Player(1));
    let over = after(&seat1, "play +yy");
    assert_eq!(over.turn(), Turn::Terminal);
    assert!(texts(&over).is_empty());
}

#[test]
fn last_round_starts_at_five_golems_with_four_or_five_players() {
    let four = ["yygg", "yyygg", "gggg", "yybb"];
    let plain = S("yyyy", &["+yy", "U2"], &[], &[], 0, 0);
    let seats = [
        S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
        S("yyggpp", &["+yy"], &[], &four, 0, 0),
        S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
        plain,
    ];
    let state = setup(
        1,
        &ROW,
        &[],
        &["ggpp", "bbbb", "ygbp", "yyppp", "ggbb"],
        &seats,
    );
    let fifth = after(&after(&state, "claim ggpp"), "deal ppppp");
    assert!(fifth.last_round());
    // Seats 2 and 3 still play; then the game is over (seat 0 does not play again).
    let seat3 = after(&fifth, "play +yy");
    assert_eq!(seat3.turn(), Turn::Player(3));
    assert_eq!(after(&seat3, "play +yy").turn(), Turn::Terminal);
}

#[test]
fn last_seat_triggering_the_end_ends_the_game_at_once_without_a_deal() {
    let five = ["yygg", "yyygg", "gggg", "yybb", "yyggg"];
    let seats = [
        S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
        S("yyggpp", &["+yy"], &[], &five, 0, 0),
    ];
    let state = setup(
        1,
        &ROW,
        &[],
        &["ggpp", "bbbb", "ygbp", "yyppp", "ggbb"],
        &seats,
    );
    let over = after(&state, "claim ggpp");
    assert_eq!(
        over.turn(),
        Turn::Terminal,
        "hidden deck: no chance node after the last turn"
    );
    assert_eq!(over.golem_row().len(), 4);
    let written = write_position(&over).unwrap();
    assert_eq!(
        read_position(&written).unwrap(),
        over,
        "a finished game round-trips"
    );
}

const OTHER_GOLEMS: [&str; 5] = ["ggpp", "bbbb", "ygbp", "yyppp", "bbpp"];

#[test]
fn score_counts_golems_coins_and_non_yellow_crystals() {
    let seats = [
        S("yygbp", &["+yy"], &[], &["yygg", "pppp"], 1, 2),
        S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
    ];
    let state = setup(0, &ROW, &[], &OTHER_GOLEMS, &seats);
    assert_eq!(state.score(0), 6 + 16 + 3 + 2 + 3);
    assert_eq!(state.score(1), 0);
}

#[test]
fn a_tie_goes_to_the_later_seat() {
    let six = ["yygg", "yyygg", "gggg", "yybb", "yyggg", "yyybb"]; // 46 points
    let five = ["ggbb", "ggggg", "yypp", "yybbb", "yyypp"]; // 52 points
    let seats = [
        S("gggggg", &["+yy"], &[], &six, 0, 0),
        S("yyy", &["+yy"], &[], &five, 0, 0),
    ];
    let state = setup(0, &ROW, &[], &OTHER_GOLEMS, &seats);
    assert_eq!(
        state.turn(),
        Turn::Terminal,
        "last round on and seat 0 to move: finished"
    );
    assert_eq!((state.score(0), state.score(1)), (52, 52));
    assert_eq!((state.returns(0), state.returns(1)), (0.0, 1.0));
    let seats = [
        S("ggggggg", &["+yy"], &[], &six, 0, 0),
        S("yyy", &["+yy"], &[], &five, 0, 0),
    ];
    let ahead = setup(0, &ROW, &[], &OTHER_GOLEMS, &seats);
    assert_eq!((ahead.returns(0), ahead.returns(1)), (1.0, 0.0));
}

#[test]
fn hidden_deck_deals_are_uniform_chance_events() {
    let state = after(&duel("yy", &["+yy", "U2"]), "take yyy>p");
    assert_eq!(state.turn(), Turn::Chance);
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let unseen = state.merchant_unseen().count_ones() as usize;
    assert_eq!(outcomes.len(), unseen);
    assert!(outcomes
        .iter()
        .all(|&(_, p)| (p - 1.0 / unseen as f64).abs() < 1e-12));
    let dealt = after(&state, "deal +p");
    assert_eq!(dealt.turn(), Turn::Player(1));
    assert_eq!(dealt.merchant_row()[5], merchant_by_name("+p").unwrap());
    assert_eq!(dealt.merchant_unseen().count_ones() as usize, unseen - 1);
}

#[test]
fn determinization_keeps_the_public_state_and_orders_the_unseen_cards() {
    let state = duel("yy", &["+yy", "U2"]);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let det = state.resample_hidden(0, &mut rng);
    assert!(det.decks_known());
    let deck = det.merchant_deck().unwrap();
    let as_set = deck.iter().fold(0u64, |s, &c| s | 1 << c);
    assert_eq!(as_set, state.merchant_unseen());
    assert_eq!(det.merchant_row(), state.merchant_row());
    assert_eq!(
        det.hash(),
        state.hash(),
        "hash covers public information only"
    );
}

#[test]
fn notation_refuses_bad_moves_with_a_reason() {
    let state = duel("yyyy", &["+yy", "U2"]);
    let err = |text: &str| state.action_from_text(text).unwrap_err();
    assert!(err("play +gg").contains("not in the hand"));
    assert!(err("play +zz").contains("not a merchant card"));
    assert!(err("take U3").contains("pay"));
    assert!(err("take U3 pay yy").contains("places 1"));
    assert!(err("claim yygg").contains("cannot afford"));
    assert!(err("rest").contains("not legal"));
    assert!(err("play +yy drop y").contains("nothing to drop"));
    assert!(err("fly").contains("unknown move"));
    assert!(err("").contains("empty"));
    assert_eq!(
        state.action_from_text("  take   U3 pay  y "),
        state.action_from_text("take U3 pay y")
    );
}

#[test]
fn transpositions_share_a_hash() {
    let state = duel("yyyy", &["+yy", "U2", "+yb"]);
    let a = after(&after(&after(&state, "play +yy"), "play +yy"), "play +yb");
    let b = after(&after(&after(&state, "play +yb"), "play +yy"), "play +yy");
    assert_eq!(a, b);
    assert_eq!(a.hash(), b.hash());
    assert_ne!(
        a.hash(),
        after(&after(&state, "play +yy"), "play +yy").hash()
    );
}

#[test]
fn random_games_keep_invariants() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut actions = Vec::new();
    for game in 0..80 {
        let players = 2 + game % 4;
        let mut state = Century::new_game(players, &mut rng);
        if game % 3 == 0 {
            // Hide the decks: deals become chance events.
            state.hide_decks();
        }
        while !state.is_terminal() {
            state.legal_actions(&mut actions);
            assert!(!actions.is_empty(), "a live position always has a move");
            let action = actions[rng.random_range(0..actions.len())];
            let text = state.action_to_text(action);
            assert_eq!(state.action_from_text(&text), Ok(action), "{text}");
            state.apply(action);
            check_invariants(&state);
        }
    }
}

/// Plays `games` seeded random games (2 to 5 players in turn, every third with hidden
/// decks) and shows `visit` every state with its legal actions before a uniformly random
/// one is played.
fn random_games(seed: u64, games: usize, mut visit: impl FnMut(&Century, &[Action])) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = Vec::new();
    for game in 0..games {
        let mut state = Century::new_game(2 + game % 4, &mut rng);
        if game % 3 == 0 {
            state.hide_decks();
        }
        while !state.is_terminal() {
            state.legal_actions(&mut actions);
            visit(&state, &actions);
            let action = actions[rng.random_range(0..actions.len())];
            state.apply(action);
        }
    }
}

#[test]
fn a_move_said_to_change_only_the_movers_evaluation_leaves_the_others_bit_for_bit() {
    let (mut kept, mut changed) = (0, 0);
    random_games(12, 30, |state, actions| {
        let Turn::Player(mover) = state.turn() else {
            return;
        };
        for &action in actions {
            if !state.heuristic_changes_only_mover(action) {
                changed += 1;
                continue;
            }
            let mut child = *state;
            child.apply(action);
            for player in (0..state.num_players()).filter(|&p| p != mover) {
                let (before, after) =
                    (state.heuristic_score(player), child.heuristic_score(player));
                assert_eq!(before.to_bits(), after.to_bits(), "{before} vs {after}");
                kept += 1;
            }
        }
    });
    assert!(
        kept > 10_000 && changed > 100,
        "{kept} kept, {changed} claims"
    );
}

#[test]
fn take_legality_is_checked_without_listing_and_agrees_with_the_list() {
    let (mut legal, mut illegal) = (0, 0);
    random_games(13, 30, |state, actions| {
        if !matches!(state.turn(), Turn::Player(_)) {
            return;
        }
        for &take in actions.iter().filter(|a| a.kind == ActionKind::Take) {
            // The take itself and near misses: another colour placed, a placement
            // reaching past the card, another caravan kept.
            let mut variants = vec![take];
            for bit in 0..12 {
                variants.push(Action {
                    placement: take.placement ^ (1 << bit),
                    ..take
                });
            }
            for nibble in 0..4 {
                for delta in [1u16, 0xF] {
                    let shift = 4 * nibble;
                    let lane = (take.caravan >> shift).wrapping_add(delta) & 0xF;
                    variants.push(Action {
                        caravan: take.caravan & !(0xF << shift) | lane << shift,
                        ..take
                    });
                }
            }
            for variant in variants {
                let listed = actions.contains(&variant);
                assert_eq!(state.check_legal(variant), Some(listed), "{variant:?}");
                if listed {
                    legal += 1;
                } else {
                    illegal += 1;
                }
            }
        }
    });
    assert!(
        legal > 1000 && illegal > 1000,
        "{legal} legal, {illegal} illegal"
    );
}

fn check_invariants(state: &Century) {
    assert_eq!(state.hash(), state.compute_hash());
    let players = state.num_players();
    // Every deck merchant card and every golem is in exactly one place.
    let mut merchants = state.merchant_unseen();
    let mut golems = state.golem_unseen();
    let place = |set: &mut u64, cards: u64| {
        assert_eq!(*set & cards, 0, "card in two places");
        *set |= cards;
    };
    for &card in state.merchant_row() {
        place(&mut merchants, 1 << card);
    }
    for &golem in state.golem_row() {
        place(&mut golems, 1 << golem);
    }
    let (mut gold, mut silver) = (state.gold_left() as u32, state.silver_left() as u32);
    for seat in 0..players {
        let s = state.seat(seat);
        place(&mut merchants, (s.hand | s.played) & cards::DECK_MERCHANTS);
        assert_eq!(s.hand & s.played, 0);
        assert_eq!(
            (s.hand | s.played) & cards::STARTING_MERCHANTS,
            cards::STARTING_MERCHANTS
        );
        place(&mut golems, s.golems);
        gold += s.gold as u32;
        silver += s.silver as u32;
        if state.turn() != Turn::Chance || seat != (state.to_move() + players - 1) % players {
            assert!(s.crystals().total() <= 10);
        }
    }
    assert_eq!(merchants, cards::DECK_MERCHANTS);
    assert_eq!(golems, cards::ALL_GOLEMS);
    assert_eq!(
        (gold, silver),
        (2 * players as u32, 2 * players as u32),
        "coins conserved"
    );
    if state.turn() != Turn::Chance {
        let written = write_position(state).unwrap();
        assert_eq!(read_position(&written).unwrap(), *state, "{written}");
    }
}

#[test]
fn perft_counts_leaves_with_and_without_chance() {
    let state = duel("yy", &["+yy", "U2"]);
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    // Depth 1 with hidden decks: each take or claim branches over the unseen cards.
    let expected: u64 = actions
        .iter()
        .map(|&a| {
            let mut child = state;
            child.apply(a);
            let mut deals = Vec::new();
            child.legal_actions(&mut deals);
            if child.turn() == Turn::Chance {
                deals.len() as u64
            } else {
                1
            }
        })
        .sum();
    assert_eq!(perft(&state, 1), expected);
    let known = known_decks(&state, &[], &[]);
    assert_eq!(perft(&known, 1), actions.len() as u64);
    assert_eq!(perft(&state, 0), 1);
}

#[test]
fn toml_syntax_errors_say_where() {
    let err = read_position("game = \"century-golem\"\nplayers = = 2\n").unwrap_err();
    assert_eq!(err.field, "toml");
    assert!(err.message.starts_with("line 2, column"), "{}", err.message);
}

#[test]
fn state_stays_small() {
    // Documented in README.md and docs/century.md; search copies states instead of undoing.
    assert_eq!(std::mem::size_of::<Century>(), 304);
}
