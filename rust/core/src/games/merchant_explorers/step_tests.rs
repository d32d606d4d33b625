//! Two-step cards (spec §5.2 and the skip rule of §12): a placement that opens the next
//! step closes the current one and empties its skip set, and the spaces passed over in
//! the closed step never block the new one.

use std::collections::HashSet;

use super::*;
use cards::{explore_id, investigate_id};
use cellset::CellSet;

const TWO_STEP_CARDS: [&str; 10] = [
    "surround-grass",
    "surround-desert",
    "surround-mountain",
    "surround-sea",
    "travel-grass",
    "travel-desert",
    "travel-mountain",
    "travel-sea",
    "sea4-then-cities",
    "sea4-then-2coins",
];

/// A solo start on `map` (no objectives, decks hidden) with extra explorers on `cells`,
/// about to resolve investigate card `name` (through era-I's offer).
fn performing(map: &'static Map, ice: bool, cells: &[usize], name: &str) -> State {
    let mut options = Options::defaults(map, 1);
    options.ice = ice;
    let mut state = State::start(map, 1, options, &[]);
    for &c in cells {
        state.player[0].explorers.insert(c);
    }
    state.refresh_hash();
    state.apply(Action::Reveal(explore_id("era-I").unwrap() as u8));
    let card = investigate_id(name).unwrap() as u8;
    let other = if card == 0 { 1 } else { 0 };
    state.apply(Action::Offer(card.min(other), card.max(other)));
    state.apply(Action::Keep(card));
    assert_eq!(state.phase, Phase::Place, "{name} is being resolved");
    state
}

fn legal_places(state: &State) -> CellSet {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut out = CellSet::EMPTY;
    for a in legal {
        if let Action::Place(y) = a {
            out.insert(y as usize);
        }
    }
    out
}

/// A space whose placement is quiet wherever it is made here: no ruin, crystal or city.
fn plain(map: &Map, y: usize) -> bool {
    !map.ruin_set.contains(y) && !map.crystal_set.contains(y) && !map.city_set.contains(y)
}

/// The situation of the report on Cnidaria, found on any map: step 1 takes the sea
/// spaces `step1` (the first next to the explored land space `start`); `low` (a sea or
/// wild coin space next to `step1[0]`, so it also fits sea4's step 1) is passed over,
/// then `high` (a land coin space above it, next to the last step-1 space) opens step 2.
struct Passed {
    start: usize,
    step1: Vec<usize>,
    low: usize,
    high: usize,
}

fn passed_over_coins(map: &Map) -> Vec<Passed> {
    let sea = |y: usize| map.spaces[y].terrain == map::Terrain::Sea;
    let land = |y: usize| !sea(y) && !map.wild.contains(y);
    let plain_sea = |y: usize| sea(y) && plain(map, y) && !map.coins.contains(y);
    let mut found = Vec::new();
    for low in map.coins.iter() {
        if land(low) || !plain(map, low) {
            continue;
        }
        for s1 in map.adjacent[low].iter().filter(|&y| plain_sea(y)) {
            let Some(start) = map.adjacent[s1].iter().find(|&c| land(c) && plain(map, c)) else {
                continue;
            };
            for high in map.coins.iter() {
                if high <= low || !land(high) || !plain(map, high) || high == start {
                    continue;
                }
                let last = map.adjacent[high]
                    .iter()
                    .find(|&s2| s2 == s1 || (plain_sea(s2) && map.adjacent[s1].contains(s2)));
                if let Some(s2) = last {
                    let step1 = if s2 == s1 { vec![s1] } else { vec![s1, s2] };
                    found.push(Passed {
                        start,
                        step1,
                        low,
                        high,
                    });
                }
            }
        }
    }
    found
}

#[test]
fn sea4_then_2coins_step_2_takes_a_coin_space_step_1_passed_over() {
    let mut maps_with_the_case = Vec::new();
    for (id, _) in map::BUNDLED {
        let map = map::bundled(id).unwrap();
        let name = |c: usize| map.cell_name(c);
        let mut checked = 0;
        for case in passed_over_coins(map) {
            // With the ice rule an ice coin costs 2 of sea4's 4, and still fits step 1.
            for ice in [false, true] {
                let mut state = performing(map, ice, &[case.start], "sea4-then-2coins");
                let mut playable = true;
                for &y in case.step1.iter().chain([&case.high]) {
                    playable &= legal_places(&state).contains(y);
                    if playable {
                        state.apply(Action::Place(y as u16));
                    }
                }
                if !playable {
                    continue;
                }
                // The report: the card ended here, "no placement is legal".
                assert_eq!(state.phase, Phase::Place, "{id}: the card goes on");
                assert_eq!(state.res.step, 1, "{id}: {} opens step 2", name(case.high));
                assert!(
                    legal_places(&state).contains(case.low),
                    "{id} (ice {ice}): {} after {:?} and {} must be legal in step 2",
                    name(case.low),
                    case.step1.iter().map(|&c| name(c)).collect::<Vec<_>>(),
                    name(case.high)
                );
                state.apply(Action::Place(case.low as u16));
                assert!(state.player[0].explorers.contains(case.low));
                checked += 1;
            }
        }
        if checked > 0 {
            maps_with_the_case.push(id.to_string());
        }
    }
    assert_eq!(maps_with_the_case, ["cnidaria", "north-proylia"]);
}

/// Every way to resolve the card from `state`: the end results as (step-1 spaces, all
/// spaces placed), with the skip rule (`skip`) or with every order allowed. A result is
/// taken where the card ends or chance acts; villages and routes on the way are decided
/// every way and the card goes on.
fn step_splits(state: &State, skip: bool, ends: &mut HashSet<(CellSet, CellSet)>) {
    let mut s = *state;
    if !skip {
        s.res.skip = CellSet::EMPTY;
    }
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    for a in legal {
        let mut step1 = s.res.step1;
        let mut placed = s.res.placed;
        if let Action::Place(y) = a {
            let y = y as usize;
            if s.res.step == 0 && s.fit(&s.res, y).is_some() {
                step1.insert(y);
            }
            placed.insert(y);
        }
        let mut next = s;
        next.apply(a);
        let resolving = next.current == state.current && next.res.card == state.res.card;
        match next.turn() {
            Turn::Player(seat) if resolving && seat == state.to_move as usize => {
                step_splits(&next, skip, ends)
            }
            _ if resolving => {
                ends.insert((next.res.step1, next.res.placed));
            }
            _ => {
                ends.insert((step1, placed));
            }
        }
    }
}

#[test]
fn the_skip_rule_keeps_every_step_split_of_every_two_step_card() {
    for (id, _) in map::BUNDLED {
        let map = map::bundled(id).unwrap();
        let mut starts: Vec<Vec<usize>> = vec![vec![]];
        starts.extend(passed_over_coins(map).iter().take(2).map(|c| vec![c.start]));
        for cells in &starts {
            for name in TWO_STEP_CARDS {
                let state = performing(map, false, cells, name);
                let (mut kept, mut all) = (HashSet::new(), HashSet::new());
                step_splits(&state, true, &mut kept);
                step_splits(&state, false, &mut all);
                assert_eq!(kept, all, "{id} {name} from {cells:?}: a split is lost");
            }
        }
    }
}
