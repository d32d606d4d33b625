//! Rule tests of the engine on the builtin components: the setup decisions (§3.2), round
//! 1's Golem Movement (§4.2), the ops built so far, and properties over random play
//! (incremental hash, text round trips, forced steps).

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::action::Action;
use super::components::Components;
use super::flow::Decision;
use super::golems::GolemRef;
use super::setup::{new_game_seeded, NewGame};
use super::state::{OpList, Phase, SourceKind, Stack, Stage, State, NONE, OBJECTIVES, STACK_CAP};
use crate::game::Turn;
use crate::util::BitIter;

fn comp() -> &'static Components {
    Components::builtin()
}

fn new(players: usize, seed: u64) -> State {
    new_game_seeded(comp(), players, seed, NewGame::default())
}

fn texts(s: &State) -> Vec<String> {
    s.legal().into_iter().map(|a| a.to_text()).collect()
}

fn play(s: &mut State, text: &str) {
    let a = s
        .parse_action(text)
        .unwrap_or_else(|e| panic!("{text}: {e} (legal: {:?})", texts(s)));
    s.apply(a);
}

/// Plays the draft picking each player's lowest card.
fn draft_lowest(s: &mut State) {
    while s.phase == Phase::Draft {
        let a = s.legal()[0];
        s.apply(a);
    }
}

#[test]
fn the_draft_picks_in_seat_order_and_passes_to_the_left() {
    let mut s = new(3, 5);
    let packs: Vec<u32> = (0..3).map(|i| s.players[i].pack).collect();
    assert_eq!(s.to_move, 0);
    assert_eq!(texts(&s).len(), 4);
    // Round 1: each picks from their own pack, in seat order.
    for (seat, pack) in packs.iter().enumerate() {
        assert_eq!(s.to_move, seat as u8);
        let card = pack.trailing_zeros();
        s.apply(Action::Pick(card as u8));
    }
    // The packs moved left: seat 1 now holds what remains of seat 0's pack.
    for seat in 0..3 {
        let from = (seat + 2) % 3;
        let expected = packs[from] & !(1 << packs[from].trailing_zeros());
        assert_eq!(s.players[seat].pack, expected, "seat {seat}");
        assert_eq!(s.players[seat].pack.count_ones(), 3);
    }
    assert_eq!(s.to_move, 0);
    draft_lowest(&mut s);
    // Three picks, then the single card passed last: 4 drafted each, every dealt card once.
    assert_eq!(s.phase, Phase::Discard);
    let mut all = 0u32;
    for p in &s.players[..3] {
        assert_eq!(p.drafted.count_ones(), 4);
        assert_eq!(p.pack, 0);
        assert_eq!(all & p.drafted, 0);
        all |= p.drafted;
    }
    assert_eq!(all, packs.iter().fold(0, |m, p| m | p));
}

#[test]
fn the_fourth_card_is_the_one_passed_last() {
    // 2 players, each picks the lowest card: follow the packs by hand.
    let mut s = new(2, 9);
    let mut packs = [s.players[0].pack, s.players[1].pack];
    let mut drafted = [0u32; 2];
    for _ in 0..3 {
        for seat in 0..2 {
            let low = 1 << packs[seat].trailing_zeros();
            drafted[seat] |= low;
            packs[seat] &= !low;
        }
        packs = [packs[1], packs[0]];
    }
    drafted[0] |= packs[0];
    drafted[1] |= packs[1];
    draft_lowest(&mut s);
    assert_eq!([s.players[0].drafted, s.players[1].drafted], drafted);
}

#[test]
fn solo_has_no_draft_and_discards_one_of_the_four() {
    let mut s = new(1, 3);
    assert_eq!(s.phase, Phase::Discard);
    let dealt = s.players[0].drafted;
    assert_eq!(dealt.count_ones(), 4);
    let t = texts(&s);
    assert_eq!(t.len(), 4);
    assert!(t.iter().all(|t| t.starts_with("discard O")));
    let deck_before = s.board.objective_deck.len();
    let first = dealt.trailing_zeros() as u8;
    s.apply(Action::Discard(first));
    assert_eq!(s.players[0].objectives, dealt & !(1 << first));
    assert_eq!(s.board.objective_deck.len(), deck_before + 1);
    // The one Artifact tile is taken without a ply; the Starting tiles are next.
    assert_eq!(s.phase, Phase::Start);
    assert_ne!(s.players[0].artifact_tile, super::state::NONE);
}

#[test]
fn discards_go_under_the_objective_deck_in_discard_order() {
    let mut s = new(2, 4);
    draft_lowest(&mut s);
    let d0 = s.players[0].drafted.trailing_zeros() as u8;
    s.apply(Action::Discard(d0));
    let d1 = s.players[1].drafted.trailing_zeros() as u8;
    s.apply(Action::Discard(d1));
    let order = s.board.objective_deck.known_top_first();
    assert_eq!(&order[order.len() - 2..], &[d0, d1]);
    assert_eq!(s.players[0].objectives.count_ones(), 3);
    assert_eq!(s.board.objective_deck.len(), OBJECTIVES - 8 + 2);
}

#[test]
fn artifact_tiles_go_in_reverse_turn_order_and_the_last_is_forced() {
    let mut s = new(3, 8);
    draft_lowest(&mut s);
    for _ in 0..3 {
        let a = s.legal()[0];
        s.apply(a);
    }
    assert_eq!(s.phase, Phase::Artifact);
    assert_eq!(s.to_move, 2, "the last in turn order chooses first");
    let offer = s.board.artifact_offer;
    assert_eq!(texts(&s).len(), 3);
    let first = s.legal()[1];
    s.apply(first);
    assert_eq!(s.to_move, 1);
    let second = s.legal()[0];
    s.apply(second);
    // Seat 0 takes the last tile without a ply.
    assert_eq!(s.phase, Phase::Start);
    assert_eq!(s.board.artifact_offer, 0);
    let taken: u8 = (0..3).fold(0, |m, i| m | 1 << s.players[i].artifact_tile);
    assert_eq!(taken, offer);
    if let Action::ArtifactTile { tile, side } = first {
        assert_eq!(s.players[2].artifact_tile, 2 * tile + side - 1);
    }
}

/// Plays the setup to the `start` decision of the first player.
fn to_start(players: usize, seed: u64) -> State {
    let mut s = new(players, seed);
    while matches!(
        s.decision(),
        Decision::Draft | Decision::Discard | Decision::ArtifactTile
    ) {
        let a = s.legal()[0];
        s.apply(a);
    }
    s
}

#[test]
fn starting_tiles_keep_two_and_resolve_both_in_id_order() {
    // Find a deal whose first player holds S01 (3 Clay) and S12 (3 VP).
    let (mut s, seat) = (0..400)
        .map(|seed| to_start(2, seed))
        .find_map(|s| {
            let seat = s.to_move as usize;
            (s.decision() == Decision::Start
                && s.players[seat].starting & 0b1000_0000_0001 == 0b1000_0000_0001)
                .then_some((s, seat))
        })
        .expect("a deal with S01 and S12");
    play(&mut s, "start S12 S01");
    let p = &s.players[seat];
    assert_eq!(p.res[0], 3);
    assert_eq!(p.vp, 13);
    assert_eq!(p.starting, 0, "the tiles leave the game");
}

#[test]
fn start_pairs_with_the_same_total_are_offered_once() {
    // On random deals, no two offered pairs reach the same state.
    for seed in 0..60 {
        let s = to_start(3, seed);
        if s.decision() != Decision::Start {
            continue;
        }
        let legal = s.legal();
        let mut states = Vec::new();
        for a in &legal {
            let mut c = s;
            c.apply_raw(*a);
            assert!(!states.contains(&c), "two offered pairs reach one state");
            states.push(c);
        }
    }
    // A hand of S01 (3 Clay), S09 (2 Clay + 1 Kn), S10 (2 Coins + 1 Clay), S13 (1 of each):
    // the six pairs have six different totals.
    let mut s = to_start(2, 1);
    let seat = s.to_move as usize;
    s.players[seat].starting = 1 << 0 | 1 << 8 | 1 << 9 | 1 << 12;
    assert_eq!(s.legal().len(), 6);
    // S02 (3 Coins) + S09 and S10 + S13 both give 2 Clay, 3 Coins, 1 Kn (§15.15): only the
    // first in listing order is offered.
    s.players[seat].starting = 1 << 1 | 1 << 8 | 1 << 9 | 1 << 12;
    let t = texts(&s);
    assert!(t.contains(&"start S02 S09".to_string()), "{t:?}");
    assert!(!t.contains(&"start S10 S13".to_string()), "{t:?}");
    assert_eq!(t.len(), 5);
}

#[test]
fn starting_gold_is_placed_and_a_full_cauldron_activates_its_artifact() {
    // S04: 1 Gold + 1 Coin. Put it in cauldron 1 (capacity 1): Artifact 1 completes and
    // its benefit on the player's tile side resolves at once.
    let mut s = to_start(2, 2);
    let seat = s.to_move as usize;
    s.players[seat].starting = 1 << 3 | 1 << 0; // S01, S04
    s.apply(Action::Start(0, 3));
    assert_eq!(s.decision(), Decision::Put);
    assert_eq!(texts(&s), ["put 1:1", "put 2:1", "put 3:1", "put 4:1"]);
    let before = s.players[seat];
    play(&mut s, "put 1:1");
    let p = s.players[seat];
    assert_eq!(p.gold, [1, 0, 0, 0]);
    assert_eq!(s.completed_artifacts(seat), 1);
    let tile = before.artifact_tile as usize;
    let benefit = &comp().artifact_tiles[tile / 2].sides[tile % 2].artifacts[0];
    let mut expected = before;
    for op in benefit {
        if let super::components::Op::Gain { res, n } = op {
            match res.index() {
                0..=2 => expected.res[res.index()] += *n as u16,
                4 => expected.vp += *n as i16,
                _ => {}
            }
        }
    }
    // S04's Coin comes after its Gold, so after the activation.
    expected.res[1] += 1;
    assert_eq!(p.res, expected.res);
    assert_eq!(p.vp, expected.vp);
}

#[test]
fn student_any_moves_the_chosen_student() {
    // S15: one Student of the player's choice + 1 VP.
    let mut s = to_start(2, 6);
    let seat = s.to_move as usize;
    s.players[seat].starting = 1 << 14 | 1 << 0; // S01, S15
    s.apply(Action::Start(0, 14));
    assert_eq!(s.decision(), Decision::StudentAny);
    assert_eq!(texts(&s), ["student r", "student y", "student b"]);
    play(&mut s, "student y");
    assert_eq!(s.players[seat].students, [1, 2, 1]);
    assert_eq!(s.players[seat].vp, 11);
}

#[test]
fn the_menorah_token_goes_to_the_first_student_on_viii_or_beyond() {
    let mut s = new(2, 1);
    s.set_student(0, 2, 7);
    s.student_forward(0, 2, 2);
    assert_eq!(s.players[0].students[2], 9);
    assert_eq!(s.players[0].menorahs, 0b100);
    assert_eq!(s.board.menorah_tokens, 0b011);
    s.set_student(1, 2, 9);
    s.student_forward(1, 2, 5);
    assert_eq!(s.players[1].students[2], 10, "stops at X");
    assert_eq!(s.players[1].menorahs, 0);
    assert_eq!(s.hash_value(), s.compute_hash());
}

/// Plays to the first Golem Movement decision.
fn to_movement(players: usize, seed: u64) -> State {
    let mut s = new(players, seed);
    while s.phase != Phase::Movement && s.unimplemented().is_none() {
        let a = s.legal()[0];
        s.apply(a);
    }
    s
}

#[test]
fn golems_are_placed_standing_on_section_i_of_two_districts() {
    let mut s = new(2, 3);
    while s.phase != Phase::Place && s.unimplemented().is_none() {
        let a = s.legal()[0];
        s.apply(a);
    }
    if s.phase != Phase::Place {
        return; // a starting tile with an unbuilt decision
    }
    assert_eq!(texts(&s), ["place r y", "place r b", "place y b"]);
    let seat = s.to_move as usize;
    play(&mut s, "place b r");
    let g = s.players[seat].golems;
    assert_eq!(g.count(GolemRef::new(0, 1, false)), 1);
    assert_eq!(g.count(GolemRef::new(2, 1, false)), 1);
    assert_eq!(g.total(), 2);
}

#[test]
fn round_1_movement_uses_track_and_character_steps() {
    let s = (0..200)
        .map(|seed| to_movement(2, seed))
        .find(|s| s.phase == Phase::Movement)
        .expect("a game reaching Golem Movement");
    let seat = s.to_move as usize;
    let (full, reduced) = super::movement::phase2_steps(&s, seat);
    let level = comp()
        .player_board
        .golem_track
        .level_of(comp().rules.start_golem_track_space)
        .unwrap()
        .steps as u32;
    let character = comp().characters[s.board.palace[0] as usize].golem_steps as u32;
    assert_eq!(full, level + character);
    assert_eq!(reduced, None, "no g5 yet");
    // Every move spends exactly the steps: 2 Golems on I have room for 18.
    for a in s.legal() {
        let mut c = s;
        c.apply(a);
        let g = c.players[seat].golems;
        let moved: u32 = g.pieces().map(|p| p.section as u32 - 1).sum();
        assert_eq!(moved, full, "{}", a.to_text());
    }
}

#[test]
fn random_setups_keep_the_hash_and_round_trip_every_text() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut reached_movement = 0;
    let mut reached_round_2 = 0;
    let mut finished = 0;
    let mut stops = std::collections::BTreeMap::new();
    for game in 0..120u64 {
        let players = 1 + (game % 4) as usize;
        let opts = NewGame {
            intro: game % 5 == 0,
            hide_decks: game % 3 == 0,
        };
        let mut s = new_game_seeded(comp(), players, game, opts);
        for _ in 0..5000 {
            assert_eq!(s.hash_value(), s.compute_hash());
            if s.turn() == Turn::Chance {
                let outcome = s.sample_chance(&mut rng);
                let text = outcome.to_text();
                assert_eq!(Action::parse(&text), Ok(outcome), "{text}");
                s.apply(outcome);
                continue;
            }
            let legal = s.legal();
            if legal.is_empty() {
                break;
            }
            assert!(
                legal.len() >= 2,
                "forced steps are applied: {:?}",
                s.decision()
            );
            if s.phase == Phase::Movement {
                reached_movement += 1;
            }
            for &a in &legal {
                let text = a.to_text();
                assert_eq!(s.parse_action(&text), Ok(a), "{text}");
                assert_eq!(Action::parse(&text).map(|b| b.to_text()), Ok(text.clone()));
            }
            let mut seen = legal.clone();
            seen.dedup();
            assert_eq!(seen.len(), legal.len(), "no duplicate actions");
            let a = *legal.choose(&mut rng).unwrap();
            s.apply(a);
        }
        if s.round >= 2 {
            reached_round_2 += 1;
        }
        if s.phase == Phase::Over {
            finished += 1;
            assert_eq!(s.round, 4);
            assert!(s.legal().is_empty());
            let w = s.winner();
            assert!(s.order().contains(&(w as u8)));
            for seat in s.order() {
                assert!(s.final_score(w) >= s.final_score(*seat as usize));
            }
        }
        *stops.entry(s.unimplemented().unwrap_or("-")).or_insert(0) += 1;
        assert_eq!(s.hash_value(), s.compute_hash());
        // The Objectives: every card once, across hands, packs, drafted and the deck.
        let mut all = s.board.objective_deck.cards();
        for p in &s.players[..players] {
            for set in [p.objectives, p.pack, p.drafted] {
                assert_eq!(all & set as u64, 0);
                all |= set as u64;
            }
        }
        assert_eq!(BitIter(all).count(), OBJECTIVES);
    }
    eprintln!("stopped at: {stops:?}");
    assert!(reached_movement > 50, "{reached_movement}");
    eprintln!("round 2: {reached_round_2}, finished: {finished}");
    assert!(reached_round_2 > 100, "{reached_round_2}");
    assert!(finished > 100, "{finished}");
}

/// A 2-player game at the first turn of the Actions phase (round 1).
fn to_actions(seed_from: u64) -> State {
    (seed_from..seed_from + 300)
        .map(|seed| {
            let mut s = new(2, seed);
            while s.phase != Phase::Actions && s.unimplemented().is_none() {
                let a = s.legal()[0];
                s.apply(a);
            }
            s
        })
        .find(|s| s.phase == Phase::Actions)
        .expect("a game reaching the Actions phase")
}

/// Lists a drop putting every marble of the 2-player set into line `line` (0-4).
fn list_drop(s: &mut State, line: u64) {
    let i = s.board.drop_count as usize;
    s.board.drops[i] = (0..15).fold(0u64, |m, k| m | line << (3 * k));
    s.board.drop_count += 1;
}

#[test]
fn a_turn_offers_marbles_rabbi_spaces_the_bottom_space_and_pass() {
    let s = to_actions(0);
    assert_eq!(s.to_move, s.turn_order[0]);
    let t = texts(&s);
    let mut expected = Vec::new();
    for (l, line) in s.board.lines.iter().enumerate() {
        for c in 0..5u8 {
            if line.count(c) > 0 {
                expected.push(
                    Action::Marble {
                        line: l as u8,
                        colour: c,
                    }
                    .to_text(),
                );
            }
        }
    }
    expected.extend(["rabbi 1", "rabbi 2", "rabbi 3", "rabbi bottom", "pass"].map(String::from));
    assert_eq!(t, expected);
}

#[test]
fn a_marble_goes_to_the_player_moves_its_student_and_starts_its_line_at_value_v() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    // A red marble in some line: the red Student steps, the line action waits at v.
    let Some(line) = (0..5).find(|&l| s.board.lines[l].count(2) > 0) else {
        return;
    };
    let v = s.board.lines[line].total();
    let before = s.players[seat].students;
    let res_before = s.players[seat].res;
    s.apply(Action::Marble {
        line: line as u8,
        colour: 2,
    });
    assert_eq!(s.players[seat].marbles.count(2), 1);
    assert_eq!(s.board.lines[line].total(), v - 1);
    assert_eq!(s.players[seat].students[0], before[0] + 1);
    // The line action starts with its gain at value v (Golem: Clay, Artifacts: Coins,
    // Study: Knowledge); the Study line then waits for `buy_book`.
    if let Some(r) = [None, Some(0), Some(1), Some(2), None][line] {
        assert_eq!(s.players[seat].res[r], res_before[r] + v as u16);
    }
    if line == 3 {
        assert_eq!(s.unimplemented(), Some("study line (buy_book)"));
        assert_eq!(s.stack.top().unwrap().value, v);
    }
    assert_eq!(s.hash_value(), s.compute_hash());
}

#[test]
fn the_black_marble_steps_two_different_students() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    let line = (0..5).find(|&l| s.board.lines[l].count(1) > 0).unwrap();
    s.apply(Action::Marble {
        line: line as u8,
        colour: 1,
    });
    assert_eq!(s.decision(), Decision::BlackMarble);
    assert_eq!(texts(&s), ["students r y", "students r b", "students y b"]);
    let before = s.players[seat].students;
    play(&mut s, "students b r");
    assert_eq!(
        s.players[seat].students,
        [before[0] + 1, before[1], before[2] + 1]
    );
    // With only one Student able to move, the step is forced.
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    s.set_student(seat, 0, 10);
    s.set_student(seat, 1, 10);
    let before = s.players[seat].students[2];
    s.apply(Action::Marble {
        line: line as u8,
        colour: 1,
    });
    assert_eq!(s.players[seat].students[2], before + 1);
}

#[test]
fn passing_takes_pass_tiles_and_the_passing_phases_follow() {
    let mut s = to_actions(0);
    let (first, second) = (s.turn_order[0], s.turn_order[1]);
    let coins = comp().synagogue.bottom_action.clone();
    assert_eq!(
        coins,
        vec![super::components::Op::Gain {
            res: super::components::vocab::Resource::Coin,
            n: 2
        }]
    );
    // First player passes: Pass tile 1.
    play(&mut s, "pass");
    assert_eq!(s.board.pass_tiles[0], first);
    assert_eq!(s.players[first as usize].passes, 1);
    assert_eq!(s.to_move, second);
    // Second player takes the bottom space (2 Coins), then acts again: the first passed.
    let c = s.players[second as usize].res[1];
    play(&mut s, "rabbi bottom");
    assert_eq!(s.players[second as usize].res[1], c + 2);
    assert_eq!(s.board.bottom_rabbis[0], second);
    assert_eq!(s.to_move, second);
    assert!(!texts(&s).iter().any(|t| t.starts_with("rabbi")));
    // The second passes: Pass tile 2; the first Passing phase starts with the tile-1
    // holder removing a marble, then the re-drop (listed: all into the Study line).
    list_drop(&mut s, 3);
    list_drop(&mut s, 4);
    play(&mut s, "pass");
    assert_eq!(s.board.pass_tiles[..2], [first, second]);
    assert_eq!((s.phase, s.stage), (Phase::Remove, Stage::Passing1));
    assert_eq!(s.to_move, first);
    let in_synagogue: u8 = s.board.lines.iter().map(|l| l.total()).sum();
    play(&mut s, "remove w");
    assert_eq!(s.board.removed.count(0), 1);
    // The listed drop was applied without branching.
    assert_eq!(s.phase, Phase::Actions);
    assert_eq!(s.board.lines[3].total(), in_synagogue - 1);
    assert_eq!(s.board.drop_count, 1);
    // Passed players act in Pass-tile order: the first, then the second.
    assert_eq!(s.to_move, first);
    play(&mut s, "rabbi bottom");
    assert_eq!(s.board.bottom_rabbis[..2], [second, first]);
    assert_eq!(s.to_move, second);
    play(&mut s, "pass");
    assert_eq!(s.players[second as usize].passes, 2);
    assert_eq!(s.board.pass_tiles[2], NONE, "a second pass takes no tile");
    assert_eq!(s.to_move, first);
    play(&mut s, "pass");
    // Final Passing phase: another removal and re-drop; `pass` is not legal.
    assert_eq!((s.phase, s.stage), (Phase::Remove, Stage::Passing2));
    assert_eq!(s.to_move, first);
    play(&mut s, "remove w");
    assert_eq!(s.board.removed.count(0), 2);
    assert_eq!(s.board.drop_count, 0);
    assert!(s.board.lines[4].total() > 0);
    assert_eq!(s.to_move, first);
    let t = texts(&s);
    assert!(!t.contains(&"pass".to_string()));
    assert!(t.iter().all(|t| t.starts_with("marble")), "{t:?}");
    assert_eq!(s.hash_value(), s.compute_hash());
}

#[test]
fn a_re_drop_without_a_listed_outcome_is_a_chance_node() {
    let mut s = to_actions(0);
    play(&mut s, "pass");
    play(&mut s, "pass");
    assert_eq!(s.phase, Phase::Remove);
    let removable = texts(&s);
    let text = removable[0].clone();
    play(&mut s, &text);
    assert_eq!(s.turn(), Turn::Chance);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let outcome = s.sample_chance(&mut rng);
    let marbles = s.drop_marbles();
    if let Action::Drop(lines) = outcome {
        let total: u8 = lines.iter().map(|l| l.total()).sum();
        assert_eq!(total, marbles.total());
    }
    s.apply(outcome);
    assert_eq!(s.stage, Stage::Passing1);
    assert_eq!(s.to_move, s.board.pass_tiles[0]);
}

/// A drop too large to list is checked colour by colour: a text that leaves out a marble
/// (or adds one) is refused naming the colours it gets wrong.
#[test]
fn an_impossible_drop_is_refused_naming_its_colours() {
    use crate::Game;
    let mut s = to_actions(0);
    play(&mut s, "pass");
    play(&mut s, "pass");
    let text = texts(&s)[0].clone();
    play(&mut s, &text);
    assert_eq!(s.turn(), Turn::Chance);
    assert!(
        !s.chance_listable(),
        "a re-drop of the whole set is not listed"
    );
    let marbles = s.drop_marbles();
    let all_in_work = |m| {
        let mut lines = [super::state::Marbles::EMPTY; super::state::LINES];
        lines[0] = m;
        Action::Drop(lines).to_text()
    };
    let whole = all_in_work(marbles);
    assert!(Game::action_from_text(&s, &whole).is_ok(), "{whole}");
    // One colour short, one over.
    let (short, over) = (0..5u8)
        .filter(|&c| marbles.count(c) > 0)
        .map(|c| (c, (c + 1) % 5))
        .next()
        .unwrap();
    let mut wrong = marbles;
    wrong.remove(short);
    wrong.add(over, 1);
    let text = all_in_work(wrong);
    let error = Game::action_from_text(&s, &text).unwrap_err();
    let name = |c: u8| ["white", "black", "red", "blue", "yellow"][c as usize];
    let (n_short, n_over) = (marbles.count(short), marbles.count(over));
    assert!(
        error.contains(&format!("{} of the {n_short} {}", n_short - 1, name(short)))
            && error.contains(&format!("{} of the {n_over} {}", n_over + 1, name(over)))
            && error.starts_with(&format!("'{text}' is not an outcome of this marble drop")),
        "{error}"
    );
}

/// The seat to move with its stack replaced by `list` from op `next`, resolved up to its
/// first decision.
fn with_ops(mut s: State, list: OpList, next: u8) -> State {
    s.stack = Stack::EMPTY;
    let mut f = super::effects::frame(list);
    f.next = next;
    s.stack.push(f);
    s.resolve();
    s.settle();
    s
}

fn tile_index(id: &str) -> u8 {
    super::components::ids::neighborhood_tile_index(id).unwrap() as u8
}

#[test]
fn golem_track_moves_all_n_spaces_or_skips_and_gain_per_reads_the_level() {
    let s = to_actions(0);
    let seat = s.to_move as usize;
    // AT01: track 1 up or down, then 1 VP and 1 Knowledge per Golem-track level.
    let s = with_ops(s, OpList::top(SourceKind::ActionTile, 0, 0), 0);
    assert_eq!(texts(&s), ["skip", "track up", "track down"]);
    let (vp, kn) = (s.players[seat].vp, s.players[seat].res[2]);
    let mut up = s;
    play(&mut up, "track up");
    // Space 4 is level 2 in the builtin track.
    assert_eq!(up.players[seat].golem_track, 4);
    assert_eq!(up.players[seat].vp, vp + 2);
    assert_eq!(up.players[seat].res[2], kn + 2);
    let mut skip = s;
    play(&mut skip, "skip");
    assert_eq!(skip.players[seat].golem_track, 3);
    assert_eq!(skip.players[seat].vp, vp + 1);
    // On the last space `track up` changes nothing and is not offered.
    let mut top = s;
    top.set_golem_track(seat, 12);
    assert_eq!(texts(&top), ["skip", "track down"]);
    assert_eq!(top.hash_value(), top.compute_hash());
}

#[test]
fn kill_sends_a_golem_to_a_free_cemetery_space_and_takes_its_bonus() {
    let s = to_actions(0);
    let seat = s.to_move as usize;
    // AT05: kill, then 1 VP and 1 Clay per own Golem in the Cemetery.
    let s = with_ops(s, OpList::top(SourceKind::ActionTile, 4, 0), 0);
    let t = texts(&s);
    assert_eq!(t[0], "skip");
    // 2 players: spaces 1-3 and the unlimited 6 are in play (4 needs 3 players, 5 needs 4).
    let g = s.players[seat].golems.places().next().unwrap().0.text();
    for space in ["@1", "@2", "@3", "@6"] {
        assert!(t.contains(&format!("kill {g} {space}")), "{t:?}");
    }
    assert!(!t.iter().any(|t| t.ends_with("@4") || t.ends_with("@5")));
    let p = s.players[seat];
    let mut k = s;
    play(&mut k, &format!("kill {g} @1"));
    let q = k.players[seat];
    assert_eq!(q.golems.total(), p.golems.total() - 1);
    assert_eq!(k.board.cemetery[0], seat as u8);
    assert_eq!(q.golem_track, p.golem_track - 1);
    // Space 1: 2 Clay + 2 VP; then 1 VP + 1 Clay per Cemetery Golem (1).
    assert_eq!(q.res[0], p.res[0] + 3);
    assert_eq!(q.vp, p.vp + 3);
    // The occupied space is no longer offered to the other player.
    let other = 1 - seat;
    let mut o = k;
    o.to_move = other as u8;
    let o = with_ops(o, OpList::top(SourceKind::ActionTile, 4, 0), 0);
    assert!(!texts(&o).iter().any(|t| t.ends_with("@1")));
    assert_eq!(o.hash_value(), o.compute_hash());
}

#[test]
fn activate_lays_standing_golems_down_and_resolves_their_neighborhood() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    // Put the player's Golems on red I (tile NR01 in the intro-free deal: read the tile).
    let golems = s.players[seat].golems;
    s.set_golems(seat, super::golems::Golems::EMPTY);
    s.add_golem(seat, GolemRef::new(0, 8, false));
    s.add_golem(seat, GolemRef::new(0, 8, true));
    let _ = golems;
    // CH03's second op: activate up to 2.
    let ch03 = 2;
    let s = with_ops(s, OpList::top(SourceKind::Character, ch03, 0), 1);
    assert_eq!(texts(&s), ["done", "act r8"]);
    let vp = s.players[seat].vp;
    let mut a = s;
    play(&mut a, "act r8");
    // The printed neighborhood of red VIII: 3 VP (builtin placeholder); the Golem lies.
    assert_eq!(a.players[seat].vp, vp + 3);
    assert_eq!(a.players[seat].golems.count(GolemRef::new(0, 8, true)), 2);
    // No standing Golem left: the second activation is void and the op ends by itself.
    assert!(a.stack.is_empty());
}

#[test]
fn convert_needs_the_whole_cost_and_student_costs_say_plain_yes() {
    let s = to_actions(0);
    let seat = s.to_move as usize;
    // NR09: pay 3 Clay for 6 VP. With less Clay only `no` exists: forced, no ply.
    let nr09 = OpList::top(SourceKind::Neighborhood, tile_index("NR09"), 0);
    let poor = with_ops(s, nr09, 0);
    assert!(poor.stack.is_empty() || poor.players[seat].res[0] >= 3);
    let mut rich = s;
    rich.add_res(seat, 0, 3 - rich.players[seat].res[0] as i32);
    let mut rich = with_ops(rich, nr09, 0);
    assert_eq!(texts(&rich), ["no", "yes"]);
    let vp = rich.players[seat].vp;
    play(&mut rich, "yes");
    assert_eq!(
        (rich.players[seat].res[0], rich.players[seat].vp),
        (0, vp + 6)
    );
    // NR08: red Student back 1 for 4 VP + 3 Clay: needs the Student on II or beyond.
    let nr08 = OpList::top(SourceKind::Neighborhood, tile_index("NR08"), 0);
    let mut st = s;
    st.set_student(seat, 0, 4);
    let mut st = with_ops(st, nr08, 0);
    assert_eq!(texts(&st), ["no", "yes"]);
    play(&mut st, "yes");
    assert_eq!(st.players[seat].students[0], 3);
    // NB07: Study down 1, then 3 VP and a Student of the player's choice (nested list).
    let nb07 = OpList::top(SourceKind::Neighborhood, tile_index("NB07"), 0);
    let mut sd = s;
    sd.set_study(seat, 2);
    let mut sd = with_ops(sd, nb07, 0);
    play(&mut sd, "yes");
    assert_eq!(sd.players[seat].study, 1);
    assert_eq!(texts(&sd), ["student r", "student y", "student b"]);
    play(&mut sd, "student b");
    assert_eq!(
        sd.players[seat].students[2],
        s.players[seat].students[2] + 1
    );
    assert_eq!(sd.hash_value(), sd.compute_hash());
}

#[test]
fn use_neighborhood_artifact_activate_and_student_income() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    s.set_golems(seat, super::golems::Golems::EMPTY);
    s.add_golem(seat, GolemRef::new(2, 9, true));
    s.add_golem(seat, GolemRef::new(2, 9, false));
    s.add_golem(seat, GolemRef::new(1, 10, false));
    // AT10: use the neighborhood of a section holding an own Golem (one text per section).
    let u = with_ops(s, OpList::top(SourceKind::ActionTile, 9, 0), 0);
    assert_eq!(texts(&u), ["skip", "use y10", "use b9"]);
    let mut u2 = u;
    let vp = u2.players[seat].vp;
    play(&mut u2, "use b9");
    assert_eq!(u2.players[seat].vp, vp + 4, "printed IX: 4 VP");
    assert_eq!(
        u2.players[seat].golems, u.players[seat].golems,
        "Golems untouched"
    );
    // NY09: activate one completed Artifact; none completed: void, no decision.
    let ny09 = OpList::top(SourceKind::Neighborhood, tile_index("NY09"), 0);
    assert!(with_ops(s, ny09, 0).stack.is_empty());
    let mut full = s;
    let caps = comp().rules.cauldron_capacity;
    full.set_gold(seat, 0, caps[0]);
    full.set_gold(seat, 2, caps[2]);
    let a = with_ops(full, ny09, 0);
    assert_eq!(texts(&a), ["skip", "artifact 1", "artifact 3"]);
    // NY10: street income of the red, yellow, blue Students (sections I: nothing; red on
    // IV: 2 Clay in the builtin street).
    let mut inc = s;
    inc.set_student(seat, 0, 4);
    let clay = inc.players[seat].res[0];
    let inc = with_ops(
        inc,
        OpList::top(SourceKind::Neighborhood, tile_index("NY10"), 0),
        0,
    );
    assert_eq!(inc.players[seat].res[0], clay + 2);
}

#[test]
fn choice_offers_each_option_with_a_different_result() {
    // No builtin effect uses `choice`: load a components file whose NR01 offers one.
    let mut json: serde_json::Value =
        serde_json::from_str(super::components::BUILTIN_JSON).unwrap();
    let tile = json["neighborhood_tiles"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|t| t["id"] == "NR01")
        .unwrap();
    tile["effect"]["value"] = serde_json::json!([{"op": "choice", "options": [
        [{"op": "gain", "res": "clay", "n": 2}],
        [{"op": "gain", "res": "vp", "n": 1}],
        [{"op": "gain", "res": "clay", "n": 2}]
    ]}]);
    let comp: &'static Components = Box::leak(Box::new(
        Components::from_json(&json.to_string()).unwrap_or_else(|e| panic!("{e}")),
    ));
    let mut s = new_game_seeded(comp, 2, 0, NewGame::default());
    while s.phase != Phase::Actions && s.unimplemented().is_none() {
        let a = s.legal()[0];
        s.apply(a);
    }
    let seat = s.to_move as usize;
    let c = with_ops(
        s,
        OpList::top(SourceKind::Neighborhood, tile_index("NR01"), 0),
        0,
    );
    // Option 3 equals option 1: only the first is offered.
    assert_eq!(texts(&c), ["option 1", "option 2"]);
    let mut o = c;
    let clay = o.players[seat].res[0];
    play(&mut o, "option 1");
    assert_eq!(o.players[seat].res[0], clay + 2);
}

#[test]
fn create_pays_clay_by_golems_in_the_district_and_moves_the_track_up() {
    let s = to_actions(0);
    let seat = s.to_move as usize;
    // AT03: 3 Clay, create a Golem, then move one Golem 1 step either way.
    let mut s = s;
    s.set_golems(seat, super::golems::Golems::EMPTY);
    s.add_golem(seat, GolemRef::new(0, 1, false));
    s.add_golem(seat, GolemRef::new(0, 3, true));
    let clay = s.players[seat].res[0];
    let c = with_ops(s, OpList::top(SourceKind::ActionTile, 2, 0), 0);
    assert_eq!(c.players[seat].res[0], clay + 3);
    // Red costs 3 + 3 × 2 = 9 Clay; yellow and blue 3.
    let t = texts(&c);
    let red_ok = clay + 3 >= 9;
    assert_eq!(t[0], "skip");
    assert_eq!(t.contains(&"create r".to_string()), red_ok, "{t:?}");
    assert!(t.contains(&"create y".to_string()) && t.contains(&"create b".to_string()));
    let track = c.players[seat].golem_track;
    let mut y = c;
    play(&mut y, "create y");
    let p = y.players[seat];
    assert_eq!(p.res[0], clay + 3 - 3);
    assert_eq!(p.golem_track, track + 2, "create_track_up: 2 per Golem");
    assert_eq!(p.golems.count(GolemRef::new(1, 1, false)), 1);
    assert_eq!(y.reserve(seat), 3);
    // Then AT03's move: one Golem 1 step, either way; `move none` first; standing a Golem
    // up needs a step (a Golem that does not move keeps lying).
    let t = texts(&y);
    assert_eq!(
        t,
        [
            "move none",
            "move r1>2",
            "move r3l>2",
            "move r3l>4",
            "move y1>2"
        ]
    );
    play(&mut y, "move r3l>2");
    assert_eq!(y.players[seat].golems.count(GolemRef::new(0, 2, false)), 1);
    assert_eq!(y.hash_value(), y.compute_hash());
}

#[test]
fn g6_offers_the_step_and_the_standing_activation_after_a_creation() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    s.players[seat].developments |= 1 << (6 + 5); // g6
    let c = with_ops(s, OpList::top(SourceKind::ActionTile, 2, 0), 0);
    let mut c = c;
    play(&mut c, "create b");
    // `g6 step act` is offered only when the activation on blue II changes something
    // (§15.15: texts reaching the same state after forced steps are one action).
    let t = texts(&c);
    assert_eq!(t[..3], ["g6 none", "g6 step", "g6 act"]);
    let both = t.len() == 4;
    if both {
        assert_eq!(t[3], "g6 step act");
    }
    let vp = c.players[seat].vp;
    let res = c.players[seat].res;
    play(&mut c, if both { "g6 step act" } else { "g6 step" });
    // The Golem moved to blue II and stays standing; blue II's tile resolved.
    let g = c.players[seat].golems;
    assert_eq!(g.count(GolemRef::new(2, 2, false)), 1);
    let tile = c.board.districts[2][1];
    let effect = &comp().neighborhood_tiles[tile as usize].effect;
    let changed = c.players[seat].vp != vp || c.players[seat].res != res || !c.stack.is_empty();
    assert!(effect.is_empty() || changed || !both, "{effect:?}");
}

#[test]
fn then_activate_offers_the_moved_golem() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    s.set_golems(seat, super::golems::Golems::EMPTY);
    s.add_golem(seat, GolemRef::new(0, 2, true));
    s.add_golem(seat, GolemRef::new(1, 9, true));
    // AT07: one Golem up to 4 forward, then may activate it; then no Golem Control.
    let mut m = with_ops(s, OpList::top(SourceKind::ActionTile, 6, 0), 0);
    let t = texts(&m);
    assert_eq!(t[0], "move none");
    assert!(t.contains(&"move r2l>6".to_string()));
    assert!(t.contains(&"move y9l>10 pay 3kn".to_string()) == (s.players[seat].res[2] >= 3));
    assert!(t.contains(&"move y9l>10 pay 3vp".to_string()));
    play(&mut m, "move r2l>6");
    assert_eq!(texts(&m), ["skip", "act r6"]);
    play(&mut m, "act r6");
    assert_eq!(m.players[seat].golems.count(GolemRef::new(0, 6, true)), 1);
    assert!(m.players[seat].no_control_cost);
    // Without a move and without a standing Golem, nothing can be activated: no decision.
    let mut n = with_ops(s, OpList::top(SourceKind::ActionTile, 6, 0), 0);
    play(&mut n, "move none");
    assert!(n.stack.is_empty());
    assert!(n.players[seat].no_control_cost);
}

#[test]
fn drawn_objectives_keep_one_and_the_rest_go_under_the_deck_ascending() {
    let s = to_actions(0);
    let seat = s.to_move as usize;
    // AT11: 1 Clay, 1 Coin, 1 Knowledge, then draw 2 Objectives and keep 1. A known deck
    // deals its top 2 without branching.
    let top = s.board.objective_deck.known_top_first();
    let mut k = with_ops(s, OpList::top(SourceKind::ActionTile, 10, 0), 0);
    let (a, b) = (top[0].min(top[1]), top[0].max(top[1]));
    let id = |o: u8| super::components::ids::OBJECTIVE_IDS.id(o as usize);
    assert_eq!(
        texts(&k),
        [format!("keep {}", id(a)), format!("keep {}", id(b))]
    );
    let hand = k.players[seat].objectives;
    play(&mut k, &format!("keep {}", id(b)));
    assert_eq!(k.players[seat].objectives, hand | 1 << b);
    let deck = k.board.objective_deck.known_top_first();
    assert_eq!(deck.len(), top.len() - 1);
    assert_eq!(
        *deck.last().unwrap(),
        a,
        "the other card went to the bottom"
    );
    assert_eq!(k.stack.drawn, 0);
    // A hidden deck: the draw is a chance event over the unordered pairs.
    let mut h = s;
    let cards = h.board.objective_deck.cards();
    h.board.objective_deck = super::pile::Pile::hidden(cards, &[]);
    let h = with_ops(h, OpList::top(SourceKind::ActionTile, 10, 0), 0);
    assert_eq!(h.turn(), Turn::Chance);
    let outcomes = h.chance_outcomes();
    let n = cards.count_ones() as usize;
    assert_eq!(outcomes.len(), n * (n - 1) / 2);
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let mut h2 = h;
    h2.apply(outcomes[0].0);
    assert_eq!(h2.turn(), Turn::Player(seat));
    assert_eq!(texts(&h2).len(), 2);
    assert_eq!(
        outcomes[0].0.to_text(),
        format!("draw {}", {
            let mut v: Vec<String> = BitIter(cards).take(2).map(|c| id(c as u8)).collect();
            v.sort();
            v.join(" ")
        })
    );
    assert_eq!(h2.hash_value(), h2.compute_hash());
}

#[test]
fn upgrade_with_any_resource_lists_each_mix_and_resolves_immediate_effects() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    let res = s.players[seat].res;
    s.add_res(seat, 0, 2 - res[0] as i32);
    s.add_res(seat, 1, 1 - res[1] as i32);
    s.add_res(seat, 2, -(res[2] as i32));
    // AT06: upgrade any Development, discount 3, the rest in any mix.
    let u = with_ops(s, OpList::top(SourceKind::ActionTile, 5, 0), 0);
    let t = texts(&u);
    assert_eq!(t[0], "skip");
    assert_eq!(t[1], "up a1/1@1.1", "free after the discount: no pay");
    // Space 2.2 costs 4: 1 left, paid in Clay or in Coins (Clay first).
    let i = t.iter().position(|x| x == "up a1/1@2.2 pay 1clay").unwrap();
    assert_eq!(t[i + 1], "up a1/1@2.2 pay 1coin");
    // a6 costs 8 - 3 = 5 > 3 resources: not offered; g2 costs 5 - 3 = 2.
    assert!(!t.iter().any(|x| x.starts_with("up a6")));
    let g2: Vec<&String> = t.iter().filter(|x| x.starts_with("up g2")).collect();
    assert_eq!(g2, ["up g2 pay 2clay", "up g2 pay 1clay+1coin"]);
    // Artifact tiles before Golem tiles before Study tiles (§15.4).
    let first = |p: &str| t.iter().position(|x| x.starts_with(p)).unwrap();
    assert!(first("up a") < first("up g") && first("up g") < first("up s"));
    // g2: kill a Golem at once, its Cemetery bonus doubled.
    let mut k = u;
    play(&mut k, "up g2 pay 1clay+1coin");
    assert_eq!(k.players[seat].res[..2], [1, 0]);
    assert_eq!(k.players[seat].developments >> 7 & 1, 1);
    let kills = texts(&k);
    assert_eq!(kills[0], "skip");
    let g = k.players[seat].golems.places().next().unwrap().0.text();
    let vp = k.players[seat].vp;
    play(&mut k, &format!("kill {g} @1"));
    // Space 1: 2 Clay + 2 VP, twice.
    assert_eq!(k.players[seat].vp, vp + 4);
    assert_eq!(k.players[seat].res[0], 1 + 4);
    // An Artifact Development records its side and space; the space is then taken.
    let mut a = u;
    play(&mut a, "up a3/2@2.2 pay 1coin");
    assert_eq!(a.players[seat].artifact_devs[2], 1 << 7 | 3);
    assert_eq!(a.hash_value(), a.compute_hash());
}

/// The player to move at the start of line `line`'s action at value `v`.
fn with_line(mut s: State, line: u8, v: u8) -> State {
    s.stack = Stack::EMPTY;
    s.push_line_action(line, v);
    s.resolve();
    s.settle();
    s
}

fn set_res(s: &mut State, seat: usize, res: [u16; 3]) {
    for (r, &n) in res.iter().enumerate() {
        let now = s.players[seat].res[r] as i32;
        s.add_res(seat, r, n as i32 - now);
    }
}

#[test]
fn work_declares_and_pays_the_count_then_picks_standing_golems() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    s.set_golems(seat, super::golems::Golems::EMPTY);
    for g in [(0, 8, false), (0, 8, false), (1, 9, false), (2, 3, true)] {
        s.add_golem(seat, GolemRef::new(g.0, g.1, g.2));
    }
    // 3 standing Golems, 4 Knowledge, value 1: 1 Golem costs 0, 2 cost 2, 3 cost 4.
    set_res(&mut s, seat, [0, 0, 4]);
    let w = with_line(s, 0, 1);
    assert_eq!(texts(&w), ["work 0", "work 1", "work 2", "work 3"]);
    let mut w2 = w;
    play(&mut w2, "work 2");
    assert_eq!(w2.players[seat].res[2], 2);
    assert_eq!(texts(&w2), ["act r8", "act y9"]);
    let vp = w2.players[seat].vp;
    play(&mut w2, "act r8");
    // Red VIII's printed neighborhood (3 VP); one pick left.
    assert_eq!(w2.players[seat].vp, vp + 3);
    assert_eq!(texts(&w2), ["act r8", "act y9"]);
    play(&mut w2, "act r8");
    assert_eq!(w2.players[seat].golems.count(GolemRef::new(0, 8, true)), 2);
    assert!(w2.stack.is_empty());
    // With 3 Knowledge only `work 0..2` are affordable; with g3 one more Golem is free.
    set_res(&mut s, seat, [0, 0, 3]);
    assert_eq!(texts(&with_line(s, 0, 1)), ["work 0", "work 1", "work 2"]);
    s.players[seat].developments |= 1 << (6 + 2);
    assert_eq!(
        texts(&with_line(s, 0, 1)),
        ["work 0", "work 1", "work 2", "work 3"]
    );
    assert_eq!(s.work_cost(seat, 3, 1), 2, "g3: 3 Golems pay for 2");
    assert_eq!(s.work_cost(seat, 1, 1), 0);
}

#[test]
fn golem_and_artifacts_menus_offer_each_item_once() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    set_res(&mut s, seat, [0, 7, 0]);
    // Golem line at v = 4: 4 Clay; g1 costs 4 Clay, a Golem 3 + 3 per own in the district.
    let g = with_line(s, 1, 4);
    assert_eq!(g.players[seat].res[0], 4);
    let t = texts(&g);
    assert_eq!(t[0], "done");
    assert!(t.contains(&"up g1".to_string()));
    assert!(!t.contains(&"up g2".to_string()), "g2 costs 5");
    let mut c = g;
    let d = (0..3u8)
        .find(|&d| c.players[seat].golems.in_district(d as usize) == 0)
        .unwrap();
    play(&mut c, &Action::Create(d).to_text());
    assert_eq!(c.players[seat].res[0], 1);
    assert!(!texts(&c).iter().any(|t| t.starts_with("create")), "once");
    // Artifacts line at v = 2: 9 Coins; Gold at 3 Coins, at most the 10 free spaces.
    let mut a = with_line(s, 2, 2);
    assert_eq!(a.players[seat].res[1], 9);
    let t = texts(&a);
    assert!(t.contains(&"gold 3".to_string()) && !t.contains(&"gold 4".to_string()));
    play(&mut a, "gold 1");
    assert_eq!(a.players[seat].res[1], 6);
    assert_eq!(texts(&a), ["put 1:1", "put 2:1", "put 3:1", "put 4:1"]);
    play(&mut a, "put 3:1");
    assert!(!texts(&a).iter().any(|t| t.starts_with("gold")), "once");
    assert_eq!(a.hash_value(), a.compute_hash());
}

#[test]
fn mirror_performs_another_line_for_a_coin_or_studies_for_three() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    set_res(&mut s, seat, [0, 4, 0]);
    let m = with_line(s, 4, 2);
    let t = texts(&m);
    assert_eq!(
        t,
        [
            "done",
            "mirror work",
            "mirror golem",
            "mirror artifacts",
            "mirror study",
            "mirror track"
        ]
    );
    let mut g = m;
    play(&mut g, "mirror golem");
    // 1 Coin paid, the Golem action at v = 2: 2 Clay (nothing to buy with them: its
    // `done` is forced); then back to the Mirror menu.
    assert_eq!(g.players[seat].res[..2], [2, 3]);
    let t = texts(&g);
    assert_eq!(t, ["done", "mirror track"]);
    let study = g.players[seat].study;
    play(&mut g, "mirror track");
    assert_eq!(g.players[seat].study, study + 1);
    assert_eq!(g.players[seat].res[1], 0);
    // §15.15: at v = 1 with nothing to buy, `mirror artifacts` pays 1 Coin for 1 Coin.
    set_res(&mut s, seat, [0, 1, 0]);
    let m = with_line(s, 4, 1);
    assert!(!texts(&m).contains(&"mirror artifacts".to_string()));
}

/// A state at the Study line (value 0) with a chosen Library and a known deck.
fn at_library(library: [u8; 5], deck: &[u8], knowledge: u16) -> (State, usize) {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    s.board.library = library;
    s.board.book_deck = super::pile::Pile::known(deck);
    set_res(&mut s, seat, [0, 0, knowledge]);
    s.set_student(seat, 0, 3);
    (with_line(s, 3, 0), seat)
}

#[test]
fn a_book_costs_card_plus_slot_fills_a_column_and_refills_before_its_bonuses() {
    // B01 (red, 1 Kn; 2 Clay now, 1 Clay active), B02 (red, 2), B33 (black), B09 (blue),
    // B17 (green); slot costs 0 1 1 2 3 (builtin).
    let (s, seat) = at_library([0, 1, 32, 8, 16], &[19, 20], 3);
    let t = texts(&s);
    for c in 1..=5 {
        assert!(t.contains(&format!("book 1 col{c}")), "{t:?}");
    }
    // B33: card cost is a Student back (only red is beyond I), slot 3 costs 1 Knowledge;
    // any colour for an empty column.
    assert!(t.contains(&"book 3 col1 as r back r".to_string()));
    assert!(t.contains(&"book 3 col1 as k back r".to_string()));
    assert!(!t.iter().any(|x| x.contains("back y")));
    // B17 in slot 5: 1 (card) + 3 (slot) = 4 > 3 Knowledge.
    assert!(!t.iter().any(|x| x.starts_with("book 5")), "{t:?}");
    let mut b = s;
    play(&mut b, "book 1 col2");
    let p = b.players[seat];
    assert_eq!(p.res[2], 2);
    assert_eq!(p.columns[1][0], 0);
    assert_eq!(p.column_colour[1], 0, "the column is red now");
    assert_eq!(p.res[0], 3, "2 Clay immediate + 1 Clay active");
    // The row closed left and the deck's top card filled the last slot.
    assert_eq!(b.board.library, [1, 32, 8, 16, 19]);
    // One Book per Study action; and no red Book anywhere else now (limit 1 on space 0,
    // red taken by column 2).
    assert!(!texts(&b).iter().any(|x| x.starts_with("book")));
    let mut b2 = s;
    play(&mut b2, "book 1 col2");
    b2.to_move = seat as u8;
    let b2 = with_line(b2, 3, 9);
    assert!(
        !texts(&b2).iter().any(|x| x.starts_with("book 1 ")),
        "B02 is red too"
    );
    assert!(
        texts(&b2).iter().any(|x| x.starts_with("book 3 col1")),
        "blue B09"
    );
}

#[test]
fn a_book_on_four_others_resolves_its_bonuses_in_order_from_two_frames() {
    // §5.7: the immediate bonus, the column tile's on-book ability, then the active bonus
    // of every Book in the column (bottom first, the new one last). Column 4 holds four
    // green Books (B25 B26 B29 B30, active: 1 VP each) under s4 (1 Gold per Book placed).
    // B28 (green) is bought into it: its immediate `upgrade` is the first decision, then
    // the Gold, then the five actives with no decision between them.
    let comp = comp();
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    s.set_study(seat, 10);
    s.players[seat].columns[3] = [24, 25, 28, 29, NONE];
    s.players[seat].column_colour[3] = 2;
    s.players[seat].developments |= 1 << (12 + 3);
    for b in [24, 25, 28, 29, 27] {
        assert_eq!(
            comp.books[b].colour,
            super::components::vocab::BookColour::Green
        );
        assert_eq!(
            comp.books[b].active,
            [super::components::ops::Op::Gain {
                res: super::components::vocab::Resource::Vp,
                n: 1
            }]
        );
    }
    assert!(comp.rules.cauldron_capacity[super::state::CAULDRONS - 1] > 1);
    s.board.library = [27, 0, 1, 8, 16];
    s.board.book_deck = super::pile::Pile::known(&[19]);
    set_res(&mut s, seat, [9, 9, 9]);
    let mut s = with_line(s, 3, 0);
    let base = s.stack.len;
    let vp = s.players[seat].vp;
    play(&mut s, "book 1 col4");
    let mut seen = Vec::new();
    while s.stack.len > base {
        let top = s.stack.top().unwrap().list;
        seen.push((top.kind, top.a, s.stack.len - base, s.players[seat].vp - vp));
        // Skip the upgrade; the Gold goes to the last cauldron, which it does not fill.
        let a = *s
            .legal()
            .last()
            .filter(|_| top.kind == SourceKind::GoldPlacement)
            .unwrap_or(&s.legal()[0]);
        s.apply(a);
    }
    assert_eq!(
        seen.first(),
        Some(&(SourceKind::BookImmediate, 27, 2, 0)),
        "the immediate bonus comes first, over the purchase's pending bonuses: {seen:?}"
    );
    let gold = seen
        .iter()
        .position(|x| x.0 == SourceKind::GoldPlacement)
        .unwrap_or_else(|| panic!("s4's Gold: {seen:?}"));
    let at_gold = seen[gold];
    assert!(at_gold.2 <= 2, "{seen:?}");
    assert_eq!(s.players[seat].vp - vp - at_gold.3, 5, "{seen:?}");
    assert!(seen.iter().all(|x| x.2 <= 3), "{seen:?}");
    assert_eq!(s.players[seat].columns[3], [24, 25, 28, 29, 27]);
    assert_eq!(s.hash_value(), s.compute_hash());
}

#[test]
fn black_books_pay_a_student_and_take_the_chosen_colour() {
    let (s, seat) = at_library([32, 0, 1, 8, 16], &[19], 5);
    let mut b = s;
    play(&mut b, "book 1 col3 as y back r");
    let p = b.players[seat];
    assert_eq!(p.students[0], 2, "the red Student went back");
    assert_eq!(p.res[2], 5, "slot 1 is free, the card cost is the Student");
    assert_eq!(p.column_colour[2], 3, "yellow");
    assert_eq!(p.columns[2][0], 32);
}

#[test]
fn an_unknown_deck_makes_the_refill_a_chance_event_before_the_bonuses() {
    let (mut s, seat) = at_library([0, 1, 32, 8, 16], &[], 5);
    s.board.book_deck = super::pile::Pile::hidden(1 << 19 | 1 << 20 | 1 << 21, &[]);
    // Column 2's tile (s2: +2 VP per Book placed there) is upgraded.
    s.players[seat].developments |= 1 << (12 + 1);
    let clay = s.players[seat].res[0];
    let vp = s.players[seat].vp;
    let mut b = s;
    play(&mut b, "book 1 col2");
    assert_eq!(b.turn(), Turn::Chance);
    assert_eq!(b.players[seat].res[0], clay, "no bonus before the deal");
    let deals: Vec<String> = b
        .chance_outcomes()
        .iter()
        .map(|(a, _)| a.to_text())
        .collect();
    assert_eq!(deals, ["deal B20", "deal B21", "deal B22"]);
    b.apply(Action::Deal(20));
    assert_eq!(b.board.library[4], 20);
    assert_eq!(b.players[seat].res[0], clay + 3);
    assert_eq!(b.players[seat].vp, vp + 2, "s2's bonus");
    assert_eq!(b.hash_value(), b.compute_hash());
}

#[test]
fn book_active_takes_the_active_bonus_of_up_to_n_own_books() {
    let mut s = to_actions(0);
    let seat = s.to_move as usize;
    s.players[seat].columns[0][0] = 0; // B01: 1 Clay
    s.players[seat].columns[0][1] = 1; // B02: 1 Clay
    s.players[seat].column_colour[0] = 0;
    s.set_study(seat, 4);
    // AT09: Study +1, then the active bonus of 1 Book.
    let a = with_ops(s, OpList::top(SourceKind::ActionTile, 8, 0), 0);
    assert_eq!(a.players[seat].study, 5);
    // Both Books give the same 1 Clay: one text per distinct result.
    assert_eq!(texts(&a), ["done", "active B01"]);
    let mut a2 = a;
    let clay = a2.players[seat].res[0];
    play(&mut a2, "active B01");
    assert_eq!(a2.players[seat].res[0], clay + 1);
}

#[test]
fn influence_matches_two_marbles_to_the_card_with_white_wild() {
    let mut s = to_actions(0);
    s.board.palace[0] = 1; // CH02: blue + yellow, 3 Coins, Study +2
    let seat = 0;
    let mut check = |counts: [u8; 5], expected: bool| {
        s.set_taken(seat, super::state::Marbles::from_counts(counts));
        assert_eq!(s.matches_character(seat), expected, "{counts:?}");
    };
    check([0, 0, 0, 1, 1], true); // b y
    check([1, 0, 0, 0, 1], true); // w y: white is any colour
    check([2, 0, 0, 0, 0], true);
    check([0, 0, 1, 0, 1], false); // r y
    check([0, 1, 0, 1, 0], false); // k b: black matches only a white card colour
    check([0, 0, 0, 0, 1], false); // one marble
                                   // The choice: the bonus when its Coins can be paid, or 3 Coins.
    s.to_move = seat as u8;
    s.set_taken(seat, super::state::Marbles::from_counts([0, 0, 0, 1, 1]));
    set_res(&mut s, seat, [0, 3, 0]);
    s.phase = Phase::Influence;
    s.stack = Stack::EMPTY;
    assert_eq!(texts(&s), ["influence bonus", "influence coins"]);
    let mut b = s;
    let study = b.players[seat].study;
    b.apply(Action::InfluenceBonus);
    assert_eq!(b.players[seat].res[1], 0);
    assert_eq!(b.players[seat].study, study + 2);
    let mut c = s;
    c.apply(Action::InfluenceCoins);
    assert_eq!(c.players[seat].res[1], 6);
    set_res(&mut s, seat, [0, 2, 0]);
    assert_eq!(s.influence_options(), [Action::InfluenceCoins]);
}

#[test]
fn income_collects_street_artifacts_study_and_golem_level_in_order() {
    let mut s = to_actions(0);
    let seat = s.order()[s.num_players as usize - 1] as usize;
    s.to_move = seat as u8;
    s.phase = Phase::Income;
    s.stack = Stack::EMPTY;
    set_res(&mut s, seat, [0, 0, 0]);
    s.set_student(seat, 0, 4); // red IV: 2 Clay
    s.set_student(seat, 1, 5); // yellow V: 2 Coins + 1 VP
    s.set_study(seat, 2); // 1 Knowledge
    s.set_golem_track(seat, 4); // level 2: 1 Clay
    let vp = s.players[seat].vp;
    s.collect_income();
    let p = s.players[seat];
    assert_eq!(p.res, [3, 2, 1]);
    assert_eq!(p.vp, vp + 1);
    assert_eq!(s.phase, Phase::Development, "the last player collected");
}

#[test]
fn golem_control_pays_cheapest_first_and_fines_the_rest() {
    let mut s = to_actions(0);
    let n = s.num_players as usize;
    for seat in 0..n {
        s.set_golems(seat, super::golems::Golems::EMPTY);
    }
    s.add_golem(0, GolemRef::new(0, 5, false)); // red Student on II: 3 ahead
    s.add_golem(0, GolemRef::new(1, 3, true)); // yellow Student on III: 0
    s.add_golem(0, GolemRef::new(2, 2, false)); // blue Student on I: 1
    s.set_student(0, 0, 2);
    s.set_student(0, 1, 3);
    s.set_student(0, 2, 1);
    let vp = s.players[0].vp;
    set_res(&mut s, 0, [0, 0, 3]);
    let mut a = s;
    a.golem_control();
    // Costs 0, 1, 3 with 3 Knowledge: 0 and 1 paid, 3 not; all Knowledge spent, 5 VP lost.
    assert_eq!((a.players[0].res[2], a.players[0].vp), (0, vp - 5));
    assert_eq!((a.round, a.phase), (2, Phase::Refresh));
    // Enough Knowledge: all paid.
    set_res(&mut s, 0, [0, 0, 6]);
    let mut b = s;
    b.golem_control();
    assert_eq!((b.players[0].res[2], b.players[0].vp), (2, vp));
    // g1 caps each Golem at 2: 0 + 1 + 2 = 3 paid out of 6.
    let mut c = s;
    c.players[0].developments |= 1 << 6;
    c.golem_control();
    assert_eq!((c.players[0].res[2], c.players[0].vp), (3, vp));
    // no_control_cost: nothing paid, and the flag resets.
    let mut d = s;
    d.players[0].no_control_cost = true;
    d.golem_control();
    assert_eq!(d.players[0].res[2], 6);
    assert!(!d.players[0].no_control_cost);
    // After round 4 the game is over.
    let mut e = s;
    e.round = 4;
    e.golem_control();
    assert_eq!(e.phase, Phase::Over);
    assert_eq!(e.turn(), Turn::Terminal);
}

#[test]
fn refresh_returns_and_drops_the_marbles_redeals_the_tiles_and_shifts_the_library() {
    let mut s = to_actions(0);
    let n = s.num_players as usize;
    s.stack = Stack::EMPTY;
    s.set_taken(0, super::state::Marbles::from_counts([1, 0, 1, 0, 0]));
    let library = s.board.library;
    let shown: Vec<u8> = s.board.tiles[..n + 1].to_vec();
    let pile = s.board.tile_pile.known_top_first();
    list_drop(&mut s, 2);
    s.round = 2;
    s.start_refresh();
    s.settle();
    // Every marble of the set, all in the listed line; none held.
    assert_eq!(s.board.lines[2].total(), 10);
    assert_eq!(s.players[0].marbles.total(), 0);
    // The known pile dealt its top N + 1 tiles; the shown ones are discarded.
    assert_eq!(&s.board.tiles[..n + 1], &pile[..n + 1]);
    let discards: u16 = shown.iter().fold(0, |m, &t| m | 1 << t);
    assert_eq!(s.board.tile_discards, discards);
    // Slot 1 went under the deck; the deck's top card fills the last slot.
    assert_eq!(&s.board.library[..4], &library[1..]);
    let bottom = s.board.book_deck.known_top_first();
    assert_eq!(*bottom.last().unwrap(), library[0]);
    assert_eq!(s.phase, Phase::Movement);
    assert_eq!(s.hash_value(), s.compute_hash());
}

#[test]
fn an_empty_tile_pile_is_replaced_by_the_shuffled_discards() {
    let mut s = to_actions(0);
    let n = s.num_players as usize;
    s.stack = Stack::EMPTY;
    let shown: u16 = s.board.tiles[..n + 1].iter().fold(0, |m, &t| m | 1 << t);
    let rest = s.board.tile_pile.cards() as u16;
    // The pile is empty and the discards hold the rest.
    s.board.tile_pile = super::pile::Pile::empty();
    s.board.tile_discards = rest;
    list_drop(&mut s, 0);
    s.start_refresh();
    s.settle();
    assert_eq!(s.turn(), Turn::Chance);
    // Every tile not displayed after the discard is a candidate, uniformly.
    let deals = s.chance_outcomes();
    assert_eq!(deals.len(), 12);
    assert_eq!(s.board.tile_discards, 0);
    assert_eq!(s.board.tile_pile.cards() as u16, rest | shown);
}

#[test]
fn final_score_adds_menorah_products_study_objectives_sets_and_leftovers() {
    let mut s = to_actions(0);
    let seat = 0;
    let p0 = s.players[seat];
    let base = p0.vp as i32;
    // Start from a clean slate: no resources, no Objectives.
    set_res(&mut s, seat, [0, 0, 0]);
    s.players[seat].objectives = 0;
    assert_eq!(s.final_score(seat), base + study_final(&s, seat));
    // 12 resources: 2 VP.
    set_res(&mut s, seat, [5, 4, 3]);
    assert_eq!(s.final_score(seat), base + 2 + study_final(&s, seat));
    set_res(&mut s, seat, [0, 0, 0]);
    // g4 (3 red Menorahs) and 1 Golem built: 3. The red token: 4 × 1.
    s.players[seat].developments |= 1 << (6 + 3);
    let reserve = s.reserve(seat);
    s.add_golem(seat, GolemRef::new(2, 1, false));
    assert_eq!(s.reserve(seat), reserve - 1);
    assert_eq!(s.golems_built(seat), 1);
    assert_eq!(s.final_score(seat), base + 3);
    s.players[seat].menorahs |= 1;
    assert_eq!(s.final_score(seat), base + 4);
    // Objectives O01 (red Student >= 5, 2 VP): done at V. Another type done: set bonus 2.
    s.set_student(seat, 0, 5);
    s.players[seat].objectives = 1;
    assert_eq!(comp().objectives[0].threshold, 5);
    assert_eq!(s.final_score(seat), base + 4 + 2);
    let other = (1..27)
        .find(|&o| {
            comp().objectives[o].objective_type != comp().objectives[0].objective_type
                && s.objective_done(seat, o)
        })
        .map(|o| (o, comp().objectives[o].vp as i32));
    if let Some((o, vp)) = other {
        s.players[seat].objectives |= 1 << o;
        assert_eq!(
            s.final_score(seat),
            base + 4 + 2 + vp + 2,
            "two types: 2 VP bonus"
        );
    }
    // Ties go to the earlier player in the turn order.
    let mut t = to_actions(0);
    for seat in 0..2 {
        set_res(&mut t, seat, [0, 0, 0]);
        t.players[seat].objectives = 0;
    }
    let first = t.order()[0] as usize;
    assert_eq!(t.final_score(0), t.final_score(1));
    assert_eq!(t.winner(), first);
    t.add_vp(1 - first, 1);
    assert_eq!(t.winner(), 1 - first);
}

fn study_final(s: &State, seat: usize) -> i32 {
    comp()
        .player_board
        .study_space(s.players[seat].study)
        .map_or(0, |x| x.final_vp as i32)
}

/// Plays uniformly random moves and chance outcomes from new `players`-player games (seeds
/// from `seed` on) until `wanted` holds; panics after `games` games without it.
fn random_play_until(
    comp: &'static Components,
    players: usize,
    seed: u64,
    games: u64,
    wanted: impl Fn(&State) -> bool,
) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for game in 0..games {
        let mut s = new_game_seeded(comp, players, seed + game, NewGame::default());
        let mut legal = Vec::new();
        while s.decision() != Decision::None {
            if wanted(&s) {
                return s;
            }
            assert!(crate::testing::random_step(&mut s, &mut rng, &mut legal));
        }
    }
    panic!("no wanted state in {games} games");
}

fn pending_op(s: &State) -> Option<&'static super::components::ops::Op> {
    (s.decision() == Decision::Op)
        .then(|| super::ops::current_op(s).map(|(op, _)| op))
        .flatten()
}

#[test]
fn book_active_picks_one_book_at_a_time_in_ascending_ids() {
    use super::components::ops::Op;
    // §5 op table and §9: `active <B>` up to n different Books / `done`; ascending ids, so
    // a set of Books is one sequence of picks.
    let books = |s: &State| {
        s.players[s.to_move as usize]
            .columns
            .iter()
            .flatten()
            .filter(|&&b| b != NONE)
            .fold(0u64, |m, &b| m | 1 << b)
    };
    let s = random_play_until(comp(), 1, 60038, 200, |s| {
        matches!(pending_op(s), Some(Op::BookActive { n: 3 })) && books(s).count_ones() >= 3
    });
    let owned = books(&s);
    let mut expected = vec![Action::Done];
    expected.extend(BitIter(owned).map(|b| Action::Active(1 << b)));
    assert_eq!(s.legal(), expected, "done, then each own Book alone");
    // Picking the lowest: its bonus resolves, then only higher Books (or done) remain.
    let lowest = owned.trailing_zeros();
    let mut next = s;
    next.apply(Action::Active(1 << lowest));
    assert!(matches!(pending_op(&next), Some(Op::BookActive { n: 3 })));
    let higher = owned & !((2u64 << lowest) - 1);
    let mut expected = vec![Action::Done];
    expected.extend(BitIter(higher).map(|b| Action::Active(1 << b)));
    assert_eq!(next.legal(), expected);
    // A set in one text is not a micro-action.
    let set = Action::Active(owned).to_text();
    assert!(s.parse_action(&set).is_err(), "{set} accepted");
    // Picking the highest first leaves nothing to pick: the op ends (`done` is forced).
    let highest = 63 - owned.leading_zeros();
    let mut last = s;
    last.apply(Action::Active(1 << highest));
    assert!(!matches!(pending_op(&last), Some(Op::BookActive { .. })));
}

/// The builtin components with every `draw_objectives` drawing 3 and keeping 2, and every
/// `artifact_activate` taking up to 2 Artifacts: the ascending picks of §9 with more
/// than one pick (the builtin data only ever keeps or activates one).
fn two_pick_components() -> &'static Components {
    fn edit(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                match map.get("op").and_then(|o| o.as_str()) {
                    Some("draw_objectives") => {
                        map.insert("draw".into(), 3.into());
                        map.insert("keep".into(), 2.into());
                    }
                    Some("artifact_activate") => {
                        map.insert("n".into(), 2.into());
                    }
                    _ => {}
                }
                map.values_mut().for_each(edit);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(edit),
            _ => {}
        }
    }
    let mut data: serde_json::Value =
        serde_json::from_str(super::components::BUILTIN_JSON).expect("the builtin file");
    edit(&mut data);
    let comp = Components::from_json(&data.to_string()).expect("valid edited components");
    Box::leak(Box::new(comp))
}

#[test]
fn keep_picks_ascending_cards_leaving_enough_for_the_picks_owed() {
    use super::components::ops::Op;
    let comp = two_pick_components();
    let s = random_play_until(comp, 2, 70000, 300, |s| {
        matches!(pending_op(s), Some(Op::DrawObjectives { keep: 2, .. }))
            && s.stack.drawn.count_ones() == 3
    });
    let drawn: Vec<u8> = BitIter(s.stack.drawn as u64).map(|c| c as u8).collect();
    let keep = |c: u8| Action::Keep(1 << c);
    // Two of three to keep: the highest card alone would leave nothing for the second pick.
    assert_eq!(s.legal(), [keep(drawn[0]), keep(drawn[1])]);
    let seat = s.to_move as usize;
    let hand = s.players[seat].objectives;
    let mut next = s;
    next.apply(keep(drawn[0]));
    assert_eq!(next.legal(), [keep(drawn[1]), keep(drawn[2])]);
    next.apply(keep(drawn[2]));
    // Both kept, the third under the deck, the op over.
    let kept = hand | 1 << drawn[0] | 1 << drawn[2];
    assert_eq!(next.players[seat].objectives, kept);
    assert_eq!(next.stack.drawn, 0);
    assert!(next.board.objective_deck.cards() >> drawn[1] & 1 == 1);
    assert!(!matches!(
        pending_op(&next),
        Some(Op::DrawObjectives { .. })
    ));
}

#[test]
fn artifact_activate_picks_completed_artifacts_in_ascending_numbers() {
    use super::components::ops::Op;
    let comp = two_pick_components();
    let s = random_play_until(comp, 2, 80000, 400, |s| {
        matches!(pending_op(s), Some(Op::ArtifactActivate { n: 2 }))
            && s.completed_artifacts(s.to_move as usize).count_ones() >= 2
    });
    let done = s.completed_artifacts(s.to_move as usize);
    let mut expected = vec![Action::Skip];
    expected.extend(BitIter(done as u64).map(|k| Action::Artifact(1 << k)));
    assert_eq!(s.legal(), expected);
    let mut next = s;
    let first = done.trailing_zeros();
    next.apply(Action::Artifact(1 << first));
    // Back at the op once the activation resolved: only higher Artifacts, or skip.
    assert!(matches!(
        pending_op(&next),
        Some(Op::ArtifactActivate { n: 2 })
    ));
    let higher = next.completed_artifacts(next.to_move as usize) & !((2u8 << first) - 1);
    assert!(higher != 0);
    let mut expected = vec![Action::Skip];
    expected.extend(BitIter(higher as u64).map(|k| Action::Artifact(1 << k)));
    assert_eq!(next.legal(), expected);
}

#[test]
fn rich_players_buying_and_upgrading_keep_the_effect_stack_shallow() {
    // A regression net for nesting: purchases into tall columns, upgrades whose
    // immediate effects activate Golems standing on purchase tiles, and Artifact chains.
    // Every player sits on the top Study space with plenty of every resource and plays
    // Book, upgrade, use and create options by preference, filling tall columns first.
    use crate::game::Game;
    use rand::Rng;
    let comp = comp();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut deepest = 0;
    let mut legal = Vec::new();
    for game in 0..if cfg!(debug_assertions) { 300 } else { 20_000 } {
        let players = 1 + game % 4;
        let mut s = new_game_seeded(comp, players, game as u64, NewGame::default());
        while s.decision() != Decision::None {
            deepest = deepest.max(s.stack.len);
            if s.turn() == Turn::Chance {
                assert!(crate::testing::random_step(&mut s, &mut rng, &mut legal));
                continue;
            }
            if s.stack.is_empty() && s.phase == Phase::Actions {
                for seat in 0..players {
                    s.set_study(seat, 10);
                    for r in 0..3 {
                        if s.players[seat].res[r] < 30 {
                            s.add_res(seat, r, 30);
                        }
                    }
                }
            }
            s.legal_actions(&mut legal);
            let seat = s.to_move as usize;
            let tallest = legal
                .iter()
                .filter_map(|&a| match a {
                    Action::Book(b) => {
                        Some((s.players[seat].books_in_column(b.column as usize - 1), a))
                    }
                    _ => None,
                })
                .max_by_key(|x| x.0)
                .map(|x| x.1);
            let keen: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| {
                    matches!(
                        a,
                        Action::Up(_) | Action::Use { .. } | Action::Yes | Action::Create(_)
                    )
                })
                .collect();
            let a = match tallest {
                Some(book) if rng.random_bool(0.8) => book,
                _ if !keen.is_empty() && rng.random_bool(0.9) => *keen.choose(&mut rng).unwrap(),
                _ => *legal.choose(&mut rng).unwrap(),
            };
            s.apply(a);
        }
    }
    eprintln!("deepest stack at a decision: {deepest}");
    assert!(deepest as usize <= STACK_CAP / 2, "{deepest}");
}
