//! A test per rule of the spec: placement patterns (positive and negative), effects,
//! chance, objectives and scoring, and the §12–§13 counts.

use super::*;
use cards::explore_id;
use cellset::CellSet;
use pile::Pile;

fn avenia() -> &'static Map {
    map::bundled("avenia").unwrap()
}

/// Avenia, one player, no objectives, every deck hidden (the §13 start).
fn solo_start() -> State {
    let map = avenia();
    State::start(map, 1, Options::defaults(map, 1), &[])
}

fn explore_order(names: &[&str]) -> Pile<9> {
    let ids: Vec<u8> = names.iter().map(|n| explore_id(n).unwrap() as u8).collect();
    Pile::known(&ids)
}

fn reveal(state: &mut State, card: &str) {
    state.apply(Action::Reveal(explore_id(card).unwrap() as u8));
}

fn texts(state: &State) -> Vec<String> {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    legal.iter().map(|&a| state.action_to_text(a)).collect()
}

fn play(state: &mut State, text: &str) {
    let action = state
        .action_from_text(text)
        .unwrap_or_else(|e| panic!("{text}: {e}; legal: {:?}", texts(state)));
    state.apply(action);
}

fn cell(state: &State, text: &str) -> usize {
    state.map.parse_cell(text).unwrap()
}

/// Counts every placement sequence of the card (stop or automatic end), with the skip
/// rule (`skip`) or without it.
fn sequences(state: &State, skip: bool, ends: &mut std::collections::HashSet<CellSet>) -> u64 {
    if state.phase != Phase::Place || state.current.is_none_marker() {
        return 1;
    }
    let mut legal = Vec::new();
    let mut s = *state;
    if !skip {
        s.res.skip = CellSet::EMPTY;
    }
    s.legal_actions(&mut legal);
    let mut total = 0;
    for &a in &legal {
        if a == Action::Stop {
            ends.insert(s.res.placed);
            total += 1;
            continue;
        }
        let mut next = s;
        next.apply(a);
        if next.phase == Phase::Place
            && next.to_move == state.to_move
            && next.current == state.current
        {
            total += sequences(&next, skip, ends);
        } else {
            ends.insert(next.player[0].explorers);
            total += 1;
        }
    }
    total
}

trait Marker {
    fn is_none_marker(&self) -> bool;
}

impl Marker for u8 {
    fn is_none_marker(&self) -> bool {
        *self == state::NO_CARD
    }
}

/// perft as spec §13 defines it: a state reached with no ply left is a leaf even when
/// chance acts there. (The project's generic `perft` expands such a chance node, so its
/// counts for these positions are larger: see `docs/merchant-explorers.md`.)
fn perft(state: &State, depth: u32) -> u64 {
    match state.turn() {
        Turn::Terminal => 1,
        _ if depth == 0 => 1,
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            outcomes
                .iter()
                .map(|&(a, _)| {
                    let mut next = *state;
                    next.apply(a);
                    perft(&next, depth)
                })
                .sum()
        }
        Turn::Player(_) => {
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            legal
                .iter()
                .map(|&a| {
                    let mut next = *state;
                    next.apply(a);
                    perft(&next, depth - 1)
                })
                .sum()
        }
    }
}

#[test]
fn perft_of_the_solo_start_matches_the_spec() {
    let start = solo_start();
    assert_eq!(start.turn(), Turn::Chance);
    assert_eq!(perft(&start, 1), 773);
    let mut known = start;
    known.explore = explore_order(&[
        "desert-2",
        "mountain-1",
        "grassland-2",
        "sea-3",
        "wild-2",
        "era-I",
    ]);
    assert_eq!(perft(&known, 1), 2);
    assert_eq!(perft(&known, 2), 6);
    let mut after = known;
    after.apply(Action::Reveal(explore_id("desert-2").unwrap() as u8));
    assert_eq!(texts(&after), ["place c9r5", "stop"]);
    play(&mut after, "place c9r5");
    assert_eq!(texts(&after), ["place c9r4", "place c10r4", "stop"]);
    let mut stopped = known;
    stopped.apply(Action::Reveal(explore_id("desert-2").unwrap() as u8));
    play(&mut stopped, "stop");
    assert_eq!(stopped.turn(), Turn::Chance);
    stopped.apply(Action::Reveal(explore_id("mountain-1").unwrap() as u8));
    assert_eq!(texts(&stopped), ["place c7r6", "place c9r6", "stop"]);
}

#[test]
fn the_skip_rule_keeps_one_order_per_end_set() {
    for (card, all, kept) in [("wild-2", 37, 31), ("sea-3", 14, 11)] {
        let mut state = solo_start();
        reveal(&mut state, card);
        let mut ends_all = std::collections::HashSet::new();
        let mut ends_kept = std::collections::HashSet::new();
        assert_eq!(
            sequences(&state, false, &mut ends_all),
            all,
            "{card} without skip"
        );
        assert_eq!(
            sequences(&state, true, &mut ends_kept),
            kept,
            "{card} with skip"
        );
        assert_eq!(
            ends_kept.len() as u64,
            kept,
            "{card}: one sequence per end set"
        );
        assert_eq!(ends_all, ends_kept, "{card}: no end set lost");
    }
}

fn starts(players: usize, hidden: bool) -> Vec<State> {
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(players as u64);
    map::BUNDLED
        .iter()
        .map(|(id, _)| {
            let map = map::bundled(id).unwrap();
            let mut state =
                State::new_with(map, players, &mut rng, Options::defaults(map, players));
            if hidden {
                state.hide_decks();
            }
            state
        })
        .collect()
}

#[test]
fn random_games_finish_on_every_map_with_sane_scores() {
    for players in 1..=4 {
        let starts = starts(players, players % 2 == 0);
        let checked = crate::testing::check_random_games(&starts, 1, 100_000, 7 + players as u64);
        assert_eq!(
            checked.finished,
            starts.len(),
            "{players} players: every game ends"
        );
    }
}

fn set_explorers(state: &mut State, seat: usize, cells: &[&str]) {
    for c in cells {
        let s = cell(state, c);
        state.player[seat].explorers.insert(s);
    }
    state.refresh_hash();
}

/// Seat 0 of a solo Avenia start performs investigate card `name` (via era-I's offer).
fn perform(state: &mut State, name: &str) {
    let card = cards::investigate_id(name).unwrap() as u8;
    let other = if card == 0 { 1 } else { 0 };
    reveal(state, "era-I");
    assert_eq!(state.phase, Phase::Offer);
    state.apply(Action::Offer(card.min(other), card.max(other)));
    play(state, &format!("keep {name}"));
}

fn places(state: &State) -> Vec<String> {
    texts(state)
        .into_iter()
        .filter(|t| t.starts_with("place"))
        .collect()
}

#[test]
fn wild_spaces_fit_any_terrain_and_towers_pay_the_ladder() {
    let mut state = solo_start();
    set_explorers(&mut state, 0, &["c2r1", "c2r9"]);
    reveal(&mut state, "mountain-1");
    assert!(
        places(&state).contains(&"place c1r1".to_string()),
        "a tower fits mountain-1"
    );
    play(&mut state, "place c1r1");
    assert_eq!(state.player[0].coins, 6);
    assert_eq!(
        state.turn(),
        Turn::Chance,
        "mountain-1 ends after one space"
    );
    reveal(&mut state, "desert-2");
    play(&mut state, "place c2r10");
    assert_eq!(state.player[0].coins, 6 + 8, "the second tower pays 8");
}

#[test]
fn coin_multiplier_counts_only_the_cards_own_coin_spaces() {
    let mut state = solo_start();
    perform(&mut state, "coinx2-mountain-3");
    let legal = places(&state);
    assert_eq!(legal, ["place c7r6", "place c9r6"], "mountain or wild only");
    play(&mut state, "place c7r6");
    assert_eq!(state.player[0].coins, 2, "M$1 doubled");
}

#[test]
fn region_cards_stay_in_one_region_and_never_take_wild_spaces() {
    let mut state = solo_start();
    set_explorers(&mut state, 0, &["c2r1"]);
    perform(&mut state, "region-4");
    assert!(
        !places(&state).contains(&"place c1r1".to_string()),
        "tower is in no region"
    );
    assert!(places(&state).contains(&"place c2r0".to_string()));
    play(&mut state, "place c2r0");
    let map = state.map;
    let region = map.region_of[cell(&state, "c2r0")];
    for text in places(&state) {
        let s = cell(&state, text.trim_start_matches("place "));
        assert_eq!(map.region_of[s], region, "{text} leaves the region");
    }
}

#[test]
fn surround_places_around_its_first_space_and_travel_runs_straight() {
    let mut state = solo_start();
    perform(&mut state, "surround-grass");
    assert_eq!(places(&state), ["place c8r6"], "step 1: one grassland");
    play(&mut state, "place c8r6");
    let map = state.map;
    let centre = cell(&state, "c8r6");
    let around = places(&state);
    assert!(!around.is_empty());
    for text in &around {
        let s = cell(&state, text.trim_start_matches("place "));
        assert!(
            map.adjacent[centre].contains(s),
            "{text} is not next to c8r6"
        );
    }

    let mut state = solo_start();
    perform(&mut state, "travel-sea");
    play(&mut state, "place c8r4");
    // Step 2 leaves c8r4 in one direction; then it must continue that way.
    play(&mut state, "place c8r3");
    assert_eq!(places(&state), ["place c8r2"], "the run goes on north only");
}

#[test]
fn sea3_is_a_straight_connected_line() {
    let mut state = solo_start();
    reveal(&mut state, "sea-3");
    play(&mut state, "place c7r5");
    play(&mut state, "place c6r5");
    let line = places(&state);
    assert!(line.contains(&"place c5r6".to_string()), "{line:?}");
    assert!(
        !line.contains(&"place c6r4".to_string()),
        "a bend is no line"
    );
    assert!(
        !line.contains(&"place c7r4".to_string()),
        "a bend is no line"
    );
}

#[test]
fn ice_costs_two_of_max_and_line_cards_never_take_it() {
    let map = map::bundled("north-proylia").unwrap();
    // An ice space next to a non-ice space.
    let (ice, next) = map
        .ice
        .iter()
        .find_map(|i| map.adjacent[i].minus(map.wild).first().map(|n| (i, n)))
        .unwrap();
    for (ice_rule, expected) in [(true, false), (false, true)] {
        let mut options = Options::defaults(map, 1);
        options.ice = ice_rule;
        let mut state = State::start(map, 1, options, &[]);
        state.player[0].explorers.insert(next);
        state.refresh_hash();
        state.apply(Action::Reveal(explore_id("mountain-1").unwrap() as u8));
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert_eq!(
            legal.contains(&Action::Place(ice as u16)),
            expected,
            "ice rule {ice_rule}"
        );
        let mut state = State::start(map, 1, options, &[]);
        state.player[0].explorers.insert(next);
        state.apply(Action::Reveal(explore_id("desert-2").unwrap() as u8));
        state.legal_actions(&mut legal);
        assert!(
            legal.contains(&Action::Place(ice as u16)),
            "desert-2 has room for 2"
        );
    }
}

#[test]
fn completing_a_region_founds_a_village_worth_the_era() {
    let map = avenia();
    let (region, spare) = map
        .regions
        .iter()
        .enumerate()
        .find_map(|(i, r)| {
            (r.blanks.len() >= 2 && r.spaces.len() <= 4).then(|| {
                (
                    i,
                    r.spaces
                        .minus(r.blanks)
                        .first()
                        .unwrap_or(r.blanks.first().unwrap()),
                )
            })
        })
        .unwrap();
    let mut state = solo_start();
    let spaces = map.regions[region].spaces;
    state.player[0].explorers = spaces.minus(CellSet::single(spare));
    state.refresh_hash();
    state.era = 2;
    state.explore = Pile::hidden(cards::era_deck(2) as u64);
    reveal(&mut state, "wild-2");
    let coins = state.player[0].coins as i32;
    state.apply(Action::Place(spare as u16));
    assert_eq!(state.phase, Phase::Village);
    let choices = texts(&state);
    assert_eq!(choices.len(), map.regions[region].blanks.len());
    play(&mut state, &choices[1]);
    let blank = cell(&state, choices[1].trim_start_matches("village "));
    assert!(state.player[0].villages.contains(blank));
    assert!(!state.player[0].explorers.contains(blank));
    let coin = map.spaces[spare].coin as i32;
    assert_eq!(
        state.player[0].coins as i32 - coins,
        2 + coin,
        "era 2 village"
    );
}

#[test]
fn two_cities_in_a_group_make_a_route_and_a_trading_post() {
    let mut state = solo_start();
    set_explorers(&mut state, 0, &["c8r4", "c7r4", "c7r3", "c9r5", "c10r4"]);
    reveal(&mut state, "grassland-2");
    play(&mut state, "place c11r4");
    assert_eq!(
        texts(&state),
        [
            "route c7r3-c11r4 cover c7r3",
            "route c7r3-c11r4 cover c11r4"
        ]
    );
    play(&mut state, "route c7r3-c11r4 cover c11r4");
    assert_eq!(state.player[0].coins, 6);
    assert_eq!(state.phase, Phase::Place, "back to the card");
    let post = state.map.feature[cell(&state, "c11r4")];
    assert_eq!(state.player[0].posts, 1 << post);
}

#[test]
fn ruins_draw_treasure_and_place_explorer_gives_a_free_placement() {
    let mut state = solo_start();
    set_explorers(&mut state, 0, &["c6r3"]);
    reveal(&mut state, "sea-3");
    play(&mut state, "place c5r3");
    assert_eq!(state.turn(), Turn::Chance);
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 8);
    let jar = outcomes
        .iter()
        .find(|(a, _)| *a == Action::Draw(cards::JAR as u8))
        .unwrap();
    assert!((jar.1 - 10.0 / 40.0).abs() < 1e-12);
    state.apply(Action::Draw(cards::PLACE_EXPLORER as u8));
    assert_eq!(state.phase, Phase::Free);
    assert_eq!(texts(&state).last().map(String::as_str), Some("free none"));
    play(&mut state, "free c9r5");
    assert!(state.player[0].explorers.contains(cell(&state, "c9r5")));
    assert_eq!(state.phase, Phase::Place, "the card goes on");
    assert_eq!(state.decks[0].treasure_discard.count_ones(), 1);
}

#[test]
fn two_village_lines_leave_different_villages_straight_outward() {
    let mut state = solo_start();
    let (a, b) = (cell(&state, "c3r5"), cell(&state, "c14r5"));
    state.player[0].villages.insert(a);
    state.player[0].villages.insert(b);
    state.refresh_hash();
    perform(&mut state, "two-villages-lines");
    let map = state.map;
    let first = places(&state);
    for text in &first {
        let s = cell(&state, text.trim_start_matches("place "));
        let next_to_village = map.adjacent[s].contains(a) || map.adjacent[s].contains(b);
        assert!(next_to_village, "{text}");
    }
    // Leave a northward: then a's run continues north, a's other neighbours are closed.
    play(&mut state, "place c3r4");
    let next = places(&state);
    assert!(next.contains(&"place c3r3".to_string()));
    assert!(
        !next.contains(&"place c3r6".to_string()),
        "second run needs another village"
    );
    assert!(
        next.contains(&"place c14r4".to_string()),
        "b starts the second run"
    );
}

#[test]
fn objectives_pay_first_then_second_and_decay_solo() {
    let map = avenia();
    let towers = cards::objective_id("avenia-2").unwrap();
    let mut state = State::start(map, 2, Options::defaults(map, 2), &[towers]);
    state.player[0].towers = 0b11;
    state.current = explore_id("sea-3").unwrap() as u8;
    state.check_objectives();
    assert_eq!(state.player[0].coins, 10);
    state.player[1].towers = 0b1100;
    state.check_objectives();
    assert_eq!(state.player[1].coins, 5, "second achiever");
    assert_eq!(state.player[0].coins, 10, "achieved once");

    let mut solo = State::start(map, 1, Options::defaults(map, 1), &[towers, towers, towers]);
    assert_eq!((solo.reward(0, true), solo.reward(2, true)), (10, 10));
    solo.era = 2;
    solo.current = explore_id("era-II").unwrap() as u8;
    assert_eq!((solo.reward(0, true), solo.reward(1, true)), (5, 10));
    solo.era = 3;
    solo.current = NO_CARD_ID;
    assert_eq!(
        (solo.reward(0, true), solo.reward(1, true)),
        (5, 10),
        "era-III not yet out"
    );
    solo.current = explore_id("era-III").unwrap() as u8;
    assert_eq!((solo.reward(0, true), solo.reward(1, true)), (0, 5));
    assert_eq!(solo.reward(2, true), 10);
    solo.era = 4;
    solo.current = explore_id("era-I/II/III").unwrap() as u8;
    assert_eq!((solo.reward(1, true), solo.reward(2, true)), (0, 5));
}

const NO_CARD_ID: u8 = state::NO_CARD;

#[test]
fn a_solo_game_is_won_by_all_three_objectives_whatever_the_coins() {
    let map = avenia();
    let ids: Vec<usize> = ["avenia-1", "avenia-2", "avenia-3"]
        .iter()
        .map(|id| cards::objective_id(id).unwrap())
        .collect();
    let mut solo = State::start(map, 1, Options::defaults(map, 1), &ids);
    solo.phase = Phase::Over;
    solo.player[0].coins = 200;
    solo.player[0].objectives = 0b011;
    assert_eq!(solo.returns(0), 0.0, "two of three: lost, 200 coins or not");
    assert_eq!(solo.score(0), 200, "the coins stay the score");
    solo.player[0].objectives = 0b111;
    solo.player[0].coins = 0;
    assert_eq!(solo.returns(0), 1.0, "all three: won");
    const { assert!(State::INFO.solo_win) };

    // With several players the coins decide, as before.
    let mut pair = State::start(map, 2, Options::defaults(map, 2), &ids);
    pair.phase = Phase::Over;
    pair.player[1].coins = 1;
    assert_eq!((pair.returns(0), pair.returns(1)), (0.0, 1.0));
}

#[test]
fn an_objective_solo_decay_took_away_can_no_longer_be_achieved() {
    let map = avenia();
    let towers = cards::objective_id("avenia-2").unwrap();
    let mut solo = State::start(map, 1, Options::defaults(map, 1), &[towers, towers, towers]);
    solo.player[0].towers = 0b11;
    solo.era = 3;
    solo.current = explore_id("era-III").unwrap() as u8;
    assert!(solo.out_of_play(0) && !solo.out_of_play(1));
    solo.check_objectives();
    assert_eq!(solo.player[0].objectives, 0b110, "slot 0 is out of play");
    assert_eq!(solo.player[0].coins, 5 + 10, "o2 second, o3 first");
    solo.phase = Phase::Over;
    assert_eq!(solo.returns(0), 0.0, "o1 can never be achieved now");
}

#[test]
fn end_scoring_adds_treasure_cards_and_the_land_bonus() {
    let map = map::bundled("xawskil").unwrap();
    let mut state = State::start(map, 1, Options::defaults(map, 1), &[]);
    state.player[0].coins = 20;
    state.player[0].hand[cards::JAR] = 5;
    state.player[0].hand[cards::TOWERS] = 1;
    state.player[0].towers = 0b11;
    state.player[0].lands = 0b111_1111;
    assert_eq!(state.score(0), 20, "bonuses only at the end");
    state.phase = Phase::Over;
    assert_eq!(state.score(0), 20 + 17 + 2 + 6);
    assert_eq!(state.returns(0), 1.0);
}

#[test]
fn path_cards_follow_the_last_space_and_keep_every_order() {
    let mut state = solo_start();
    perform(&mut state, "path-grass-sea-5");
    let first = places(&state);
    assert!(first.contains(&"place c8r4".to_string()) && first.contains(&"place c8r6".to_string()));
    play(&mut state, "place c8r4");
    let map = state.map;
    let last = cell(&state, "c8r4");
    for text in places(&state) {
        let s = cell(&state, text.trim_start_matches("place "));
        assert!(
            map.adjacent[s].contains(last),
            "{text} does not touch the last space"
        );
    }
    // No skip rule on path steps: c8r6 is still open after c8r4 in another order.
    let mut other = solo_start();
    perform(&mut other, "path-grass-sea-5");
    play(&mut other, "place c8r6");
    assert!(
        !places(&other).contains(&"place c8r4".to_string()),
        "c8r4 is not next to c8r6"
    );
}

#[test]
fn sea4_then_cities_takes_cities_next_to_its_sea_spaces() {
    let mut state = solo_start();
    perform(&mut state, "sea4-then-cities");
    assert!(!places(&state).iter().any(|t| t == "place c7r3"));
    play(&mut state, "place c7r5");
    play(&mut state, "place c7r4");
    let legal = places(&state);
    assert!(
        legal.contains(&"place c7r3".to_string()),
        "a city next to step 1: {legal:?}"
    );
    assert!(
        !legal.contains(&"place c6r3".to_string()),
        "a plain desert is neither step"
    );
    play(&mut state, "place c7r3");
    // The city opened step 2 and closed step 1 for good; no other city touches step 1.
    assert_eq!(state.turn(), Turn::Chance, "the card is over");
    assert_eq!(state.player[0].explorers.len(), 3);
}

#[test]
fn double_treasure_draws_two_cards_per_ruin() {
    let mut state = solo_start();
    set_explorers(&mut state, 0, &["c6r3"]);
    perform(&mut state, "sea4-double-treasure");
    play(&mut state, "place c5r3");
    state.apply(Action::Draw(cards::JAR as u8));
    assert_eq!(state.turn(), Turn::Chance, "a second draw");
    state.apply(Action::Draw(cards::JAR as u8));
    assert_eq!(state.phase, Phase::Place);
    assert_eq!(state.player[0].hand[cards::JAR], 2);
}

#[test]
fn mixed_quotas_close_a_terrain_once_full() {
    let mut state = solo_start();
    perform(&mut state, "mix-d1-g1-m1-s2");
    play(&mut state, "place c9r5");
    let legal = places(&state);
    assert!(
        !legal.contains(&"place c9r4".to_string()),
        "one desert only"
    );
    assert!(
        legal.contains(&"place c8r6".to_string()),
        "grassland still open"
    );
}

#[test]
fn unlimited_line_cards_never_take_ice_unless_the_rule_is_off() {
    let map = map::bundled("north-proylia").unwrap();
    let (ice, next) = map
        .ice
        .iter()
        .find_map(|i| {
            map.adjacent[i]
                .minus(map.wild)
                .iter()
                .find(|&n| map.spaces[n].terrain.is_land())
                .map(|n| (i, n))
        })
        .unwrap();
    for (ice_rule, expected) in [(true, false), (false, true)] {
        let mut options = Options::defaults(map, 1);
        options.ice = ice_rule;
        let mut state = State::start(map, 1, options, &[]);
        state.player[0].explorers.insert(next);
        state.refresh_hash();
        perform(&mut state, "line-land-unlimited");
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert_eq!(
            legal.contains(&Action::Place(ice as u16)),
            expected,
            "ice rule {ice_rule}"
        );
    }
}

#[test]
fn crystals_pay_cumulative_or_face_value() {
    let map = map::bundled("cnidaria").unwrap();
    let pick = |k: usize| {
        let c = map.crystals[k] as usize;
        let n = map.adjacent[c].minus(map.wild).first().unwrap();
        (c, n, map.spaces[c].crystal as u16)
    };
    let ((a, na, va), (b, nb, vb)) = (pick(0), pick(1));
    for (cumulative, second) in [(true, va + vb), (false, vb)] {
        let mut options = Options::defaults(map, 1);
        options.crystal_cumulative = cumulative;
        let mut state = State::start(map, 1, options, &[]);
        state.player[0].explorers.insert(na);
        state.player[0].explorers.insert(nb);
        state.refresh_hash();
        state.apply(Action::Reveal(explore_id("mountain-1").unwrap() as u8));
        state.apply(Action::Place(a as u16));
        assert_eq!(state.player[0].coins, va);
        state.apply(Action::Reveal(explore_id("desert-2").unwrap() as u8));
        state.apply(Action::Place(b as u16));
        assert_eq!(
            state.player[0].coins,
            va + second,
            "cumulative {cumulative}"
        );
    }
}

#[test]
fn era_four_repeats_a_kept_card_and_the_game_ends_after_it() {
    let mut state = solo_start();
    state.era = 4;
    let kept = ["sea-5", "region-4", "wild-2"].map(|n| cards::investigate_id(n).unwrap_or(0) as u8);
    state.player[0].kept = [kept[0], kept[1], 0];
    state.explore = explore_order(&["era-I/II/III"]);
    state.player[0].explorers.insert(cell(&state, "c9r5"));
    state.player[0].villages.insert(cell(&state, "c6r7"));
    state.refresh_hash();
    reveal(&mut state, "era-I/II/III");
    assert_eq!(texts(&state), ["repeat I", "repeat II", "repeat III"]);
    play(&mut state, "repeat I");
    assert_eq!(state.res.card, cards::INVESTIGATE_CODE + kept[0]);
    play(&mut state, "stop");
    assert_eq!(state.turn(), Turn::Terminal);
    assert!(
        state.player[0].explorers.is_empty(),
        "explorers leave at era end"
    );
    assert_eq!(state.player[0].villages.len(), 1, "villages stay");
}

#[test]
fn era_end_clears_explorers_and_deals_the_next_era() {
    let mut state = solo_start();
    state.explore = explore_order(&["mountain-1"]);
    state.played_len = 5;
    reveal(&mut state, "mountain-1");
    play(&mut state, "place c7r6");
    assert_eq!((state.era, state.phase), (2, Phase::Reveal));
    assert!(state.player[0].explorers.is_empty());
    assert_eq!(state.explore.cards(), cards::era_deck(2) as u64);
    assert!(!state.explore.is_known(), "a new shuffle is chance");
}

#[test]
fn objective_checks_read_the_right_facts() {
    use cards::Check;
    let kazan = map::bundled("kazan").unwrap();
    let mut state = State::start(kazan, 1, Options::defaults(kazan, 1), &[]);
    let letter = |l: u8| {
        kazan
            .ruins
            .iter()
            .position(|&r| kazan.spaces[r as usize].label == Some(map::RuinLabel::Letter(l)))
            .unwrap()
    };
    state.player[0].ruins = 1 << letter(0);
    assert!(!state.meets(
        0,
        Check::RuinsLabelled {
            labels: 0b10_0000_0001
        }
    ));
    state.player[0].ruins |= 1 << letter(9);
    assert!(state.meets(
        0,
        Check::RuinsLabelled {
            labels: 0b10_0000_0001
        }
    ));
    assert!(state.meets(0, Check::Ruins { n: 2 }) && !state.meets(0, Check::Ruins { n: 3 }));

    let mut state = solo_start();
    let map = state.map;
    assert!(!state.meets(0, Check::ExplorerOnCoinMin { value: 2 }));
    state.player[0].explorers.insert(cell(&state, "c2r0"));
    assert!(state.meets(0, Check::ExplorerOnCoinMin { value: 2 }), "M$2");
    let lands: Vec<usize> = (0..map.lands.len())
        .filter(|&l| map.lands[l].intersects(&map.blanks))
        .collect();
    for (i, &l) in lands.iter().take(3).enumerate() {
        let blank = map.lands[l].intersection(map.blanks).first().unwrap();
        state.player[0].villages.insert(blank);
        assert_eq!(
            state.meets(0, Check::VillagesDistinctLands { n: 3 }),
            i == 2
        );
    }
    assert!(state.meets(0, Check::Villages { n: 3 }));
    state.player[0].routes[0] = state::pack_route(0, 1, false);
    state.player[0].route_count = 1;
    let product = |c: usize| map.spaces[map.cities[c] as usize].city;
    let value = product(0) * product(1);
    assert!(state.meets(0, Check::RouteValueMin { value }));
    assert!(!state.meets(0, Check::RouteValueMin { value: value + 1 }));
    let land = map.land_of[cell(&state, "c7r6")];
    state.player[0].lands = 1 << land;
    assert!(state.meets(0, Check::LandReached { land_cell: (7, 6) }));
    let elsewhere = (0..map.spaces.len())
        .find(|&x| map.land_of[x] != land && map.land_of[x] != map::NO_REGION)
        .unwrap();
    let (c, r) = (map.spaces[elsewhere].col, map.spaces[elsewhere].row);
    assert!(!state.meets(0, Check::LandReached { land_cell: (c, r) }));
}

#[test]
fn the_state_stays_a_small_copy() {
    let size = std::mem::size_of::<State>();
    eprintln!("State: {size} bytes");
    assert!(size <= 2048, "State is {size} bytes");
}

#[test]
fn display_accessors_follow_the_resolution() {
    let mut state = solo_start();
    reveal(&mut state, "sea-3");
    play(&mut state, "stop");
    assert_eq!(state.played(), [explore_id("sea-3").unwrap() as u8]);
    reveal(&mut state, "era-I");
    assert_eq!(state.offer(), None);
    state.apply(Action::Offer(0, 27));
    assert_eq!(state.offer(), Some([0, 27]));
    play(&mut state, &format!("keep {}", cards::INVESTIGATE[27].name));
    assert_eq!(state.offer(), None);
    assert_eq!(state.performed_investigate(), Some(27));
    assert_eq!(state.decks(0).investigate_discard, 1);
    assert_eq!(state.explore_deck().len(), 4);
}

#[test]
fn the_end_is_near_only_late_in_era_four() {
    let mut state = solo_start();
    assert!(!state.end_is_near());
    state.era = 4;
    state.explore = explore_order(&["sea-3", "wild-2", "era-I"]);
    assert!(!state.end_is_near());
    reveal(&mut state, "sea-3");
    assert!(state.end_is_near(), "stop, reveal, stop could end the game");
}
