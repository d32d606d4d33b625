//! `new` (spec §3.1): every random setup step drawn from one seeded generator, in a fixed
//! order, leaving the state at the first setup decision (§3.2).
//!
//! Draw order (part of the contract of a seed): Palace (deck I–III shuffled, then deck
//! IV), Neighborhood tiles (red, yellow, blue), Books, Action tiles, the round-1 marble
//! drop, Objectives, Starting tiles, Artifact tiles (which, then each side). `--intro`
//! replaces the Palace, Neighborhood and Starting-tile counts by the data's introductory
//! values and draws nothing for the first two.

use rand::seq::SliceRandom;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::components::vocab::Deck;
use super::components::Components;
use super::pile::Pile;
use super::state::{
    Marbles, Phase, State, ACTION_TILES, ARTIFACT_TILES, BOOKS, CHARACTERS, COLOURS, DISTRICTS,
    LINES, OBJECTIVES, STARTING_TILES, TILES_PER_DISTRICT,
};

/// Options of `new` beyond the player count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewGame {
    /// `--intro`: the introductory Palace, Neighborhoods and 2 Starting tiles each.
    pub intro: bool,
    /// `--hide-decks`: the Book deck, Objective deck and Action-tile pile orders are
    /// unknown (their deals become chance events).
    pub hide_decks: bool,
}

/// A new game seeded with ChaCha8 (`golem-solve new --seed S`).
pub fn new_game_seeded(
    comp: &'static Components,
    players: usize,
    seed: u64,
    options: NewGame,
) -> State {
    new_game(comp, players, &mut ChaCha8Rng::seed_from_u64(seed), options)
}

/// Draws one marble drop: each marble independently into line l with probability
/// w_l / Σw (spec §7.1, data `drop_model`).
pub fn sample_drop(comp: &Components, marbles: Marbles, rng: &mut dyn RngCore) -> [Marbles; LINES] {
    let weights = comp.marbles.drop_weights;
    let total: u32 = weights.iter().sum();
    let mut lines = [Marbles::EMPTY; LINES];
    for colour in 0..COLOURS as u8 {
        for _ in 0..marbles.count(colour) {
            let mut x = rng.random_range(0..total);
            let mut line = 0;
            while x >= weights[line] {
                x -= weights[line];
                line += 1;
            }
            lines[line].add(colour, 1);
        }
    }
    lines
}

/// The marble set for `players`.
pub fn marble_set(comp: &Components, players: usize) -> Marbles {
    Marbles::from_counts(comp.marbles.by_players[players - 1].0)
}

fn shuffled(n: usize, rng: &mut dyn RngCore) -> Vec<u8> {
    let mut v: Vec<u8> = (0..n as u8).collect();
    v.shuffle(rng);
    v
}

fn pile<const N: usize>(top_first: &[u8], hide: bool) -> Pile<N> {
    if hide {
        Pile::hidden(top_first.iter().fold(0u64, |m, &c| m | 1 << c), &[])
    } else {
        Pile::known(top_first)
    }
}

/// `new` (§3.1) with every random step drawn from `rng`.
pub fn new_game(
    comp: &'static Components,
    players: usize,
    rng: &mut dyn RngCore,
    options: NewGame,
) -> State {
    assert!(
        (comp.rules.players_min as usize..=comp.rules.players_max as usize).contains(&players),
        "players outside the components' range"
    );
    let mut s = State::blank(comp, players);
    let b = &mut s.board;

    // 1. Palace: 3 cards of deck I-III, then 1 of deck IV (rightmost).
    if options.intro {
        for (slot, &c) in comp.setup.intro_characters.iter().enumerate() {
            b.palace[slot] = c;
        }
    } else {
        let deck = |d: Deck| -> Vec<u8> {
            (0..CHARACTERS as u8)
                .filter(|&c| comp.characters[c as usize].deck == d)
                .collect()
        };
        let mut early = deck(Deck::Rounds1To3);
        let mut late = deck(Deck::Round4);
        early.shuffle(rng);
        late.shuffle(rng);
        let n_early = comp.setup.palace_from_deck_1_3 as usize;
        let n_late = comp.setup.palace_from_deck_4 as usize;
        for (slot, &c) in early[..n_early].iter().chain(&late[..n_late]).enumerate() {
            b.palace[slot] = c;
        }
    }

    // 2. Neighborhoods: 7 of 10 per district, ascending number onto sections I-VII.
    for d in 0..DISTRICTS {
        let mut tiles: Vec<u8> = if options.intro {
            comp.setup.intro_neighborhoods[d].to_vec()
        } else {
            let per = comp.neighborhood_tiles.len() / DISTRICTS;
            let mut all: Vec<u8> = (0..per as u8).map(|i| (d * per) as u8 + i).collect();
            all.shuffle(rng);
            all.truncate(TILES_PER_DISTRICT);
            all
        };
        tiles.sort_by_key(|&t| comp.neighborhood_tiles[t as usize].number);
        b.districts[d].copy_from_slice(&tiles);
    }

    // 3. Library: 5 face up, slot 1 leftmost; the rest the deck.
    let books = shuffled(BOOKS, rng);
    let slots = comp.rules.library_slots as usize;
    b.library[..slots].copy_from_slice(&books[..slots]);
    b.book_deck = pile(&books[slots..], options.hide_decks);

    // 4. Action tiles: N + 1 onto the spaces, top to bottom; the rest the pile.
    let tiles = shuffled(ACTION_TILES, rng);
    let spaces = players + comp.rules.action_spaces_extra as usize;
    b.tiles[..spaces].copy_from_slice(&tiles[..spaces]);
    b.tile_pile = pile(&tiles[spaces..], options.hide_decks);

    // 5. The round-1 drop.
    let lines = sample_drop(comp, marble_set(comp, players), rng);

    // 6. Objectives: 4 to each player's draft pack; the rest the deck.
    let objectives = shuffled(OBJECTIVES, rng);
    let dealt = comp.rules.objectives_dealt as usize;
    for p in 0..players {
        let pack = &objectives[p * dealt..(p + 1) * dealt];
        s.players[p].pack = pack.iter().fold(0, |m, &o| m | 1 << o);
    }
    s.board.objective_deck = pile(&objectives[players * dealt..], options.hide_decks);

    // 7. Starting tiles: 4 each (2 with --intro); Artifact tiles: N, each a random side.
    let starting = shuffled(STARTING_TILES, rng);
    let per = if options.intro {
        comp.setup.intro_starting_tiles_dealt
    } else {
        comp.rules.starting_tiles_dealt
    } as usize;
    for p in 0..players {
        s.players[p].starting = starting[p * per..(p + 1) * per]
            .iter()
            .fold(0, |m, &t| m | 1 << t);
    }
    let artifact_tiles = shuffled(ARTIFACT_TILES, rng);
    for &t in &artifact_tiles[..players] {
        let side = rng.random_range(0..2u8);
        s.board.artifact_offer |= 1 << (2 * t + side);
    }

    // 8. Each player's start.
    let r = &comp.rules;
    for seat in 0..players {
        s.add_vp(seat, r.start_vp as i32);
        s.set_study(seat, r.start_study_space);
        s.set_golem_track(seat, r.start_golem_track_space);
        for d in 0..DISTRICTS {
            s.set_student(seat, d, r.start_student_section);
        }
        s.players[seat].unplaced = r.golems_start_on_main_board;
    }
    for (line, &m) in lines.iter().enumerate() {
        s.set_line(line, m);
    }

    // The first setup decision: the draft, or the discard with one player (§3.2).
    s.phase = if players == 1 {
        Phase::Discard
    } else {
        Phase::Draft
    };
    if players == 1 {
        s.players[0].drafted = s.players[0].pack;
        s.players[0].pack = 0;
    }
    s.to_move = 0;
    s.settle();
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::golem_cranio::state::{Stage, NONE};

    fn comp() -> &'static Components {
        Components::builtin()
    }

    #[test]
    fn new_deals_what_section_3_1_says() {
        for players in 1..=4 {
            let s = new_game_seeded(comp(), players, 7, NewGame::default());
            assert_eq!(s.num_players as usize, players);
            assert_eq!(s.round, 1);
            assert_eq!(s.stage, Stage::Main);
            assert_eq!(
                s.phase,
                if players == 1 {
                    Phase::Discard
                } else {
                    Phase::Draft
                }
            );
            // Palace: 3 distinct I-III cards, then a IV card.
            let b = &s.board;
            for (slot, &c) in b.palace.iter().enumerate() {
                let deck = comp().characters[c as usize].deck;
                assert_eq!(deck == Deck::Round4, slot == 3, "slot {slot}");
            }
            // Neighborhoods: 7 tiles of the district, ascending numbers.
            for d in 0..DISTRICTS {
                let numbers: Vec<u8> = b.districts[d]
                    .iter()
                    .map(|&t| {
                        assert_eq!(comp().neighborhood_tiles[t as usize].district.index(), d);
                        comp().neighborhood_tiles[t as usize].number
                    })
                    .collect();
                assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
            }
            // Library 5 + deck 33, all 38 Books once.
            assert!(b.library.iter().all(|&c| c != NONE));
            let library = b.library.iter().fold(0u64, |m, &c| m | 1 << c);
            assert_eq!(library & b.book_deck.cards(), 0);
            assert_eq!((library | b.book_deck.cards()).count_ones(), 38);
            // Action tiles: N + 1 displayed, the rest in the pile.
            let shown = &b.tiles[..players + 1];
            assert!(shown.iter().all(|&t| t != NONE));
            assert!(b.tiles[players + 1..].iter().all(|&t| t == NONE));
            assert_eq!(b.tile_pile.len(), 12 - players - 1);
            // Marbles: the N-player set, all in the lines.
            let total: u8 = b.lines.iter().map(|m| m.total()).sum();
            assert_eq!(total as u32, comp().marbles.by_players[players - 1].total());
            // Objectives: 4 each, the rest the deck.
            assert_eq!(b.objective_deck.len(), 27 - 4 * players);
            // Starting tiles 4 each, Artifact tiles N on offer with one side each.
            let mut hands = 0u32;
            for p in &s.players[..players] {
                assert_eq!(p.starting.count_ones(), 4);
                assert_eq!(hands & p.starting, 0);
                hands |= p.starting;
                assert_eq!((p.pack | p.drafted).count_ones(), 4);
                assert_eq!(p.vp, 10);
                assert_eq!((p.study, p.golem_track, p.students), (0, 3, [1, 1, 1]));
                assert_eq!((p.res, p.unplaced, p.golems.total()), ([0; 3], 2, 0));
            }
            assert_eq!(b.artifact_offer.count_ones() as usize, players);
            for t in 0..4 {
                assert_ne!(b.artifact_offer >> (2 * t) & 3, 3, "one side per tile");
            }
            assert_eq!(s.hash_value(), s.compute_hash());
        }
    }

    #[test]
    fn the_intro_layout_is_the_datas() {
        let s = new_game_seeded(
            comp(),
            2,
            1,
            NewGame {
                intro: true,
                hide_decks: false,
            },
        );
        let numbers: Vec<u8> = s
            .board
            .palace
            .iter()
            .map(|&c| comp().characters[c as usize].number)
            .collect();
        assert_eq!(numbers, [39, 43, 41, 46]);
        let tiles: Vec<Vec<u8>> = s
            .board
            .districts
            .iter()
            .map(|d| {
                d.iter()
                    .map(|&t| comp().neighborhood_tiles[t as usize].number)
                    .collect()
            })
            .collect();
        assert_eq!(
            tiles,
            [
                vec![1, 2, 4, 5, 7, 8, 9],
                vec![1, 3, 4, 5, 6, 7, 10],
                vec![1, 4, 5, 6, 7, 8, 9]
            ]
        );
        for p in &s.players[..2] {
            assert_eq!(p.starting.count_ones(), 2);
        }
    }

    #[test]
    fn hidden_decks_keep_only_their_sets_and_seeds_repeat() {
        let opts = NewGame {
            intro: false,
            hide_decks: true,
        };
        let s = new_game_seeded(comp(), 3, 11, opts);
        assert!(!s.board.book_deck.is_known());
        assert!(!s.board.objective_deck.is_known());
        assert!(!s.board.tile_pile.is_known());
        assert_eq!(s, new_game_seeded(comp(), 3, 11, opts));
        assert_ne!(s, new_game_seeded(comp(), 3, 12, opts));
    }

    #[test]
    fn the_drop_follows_the_weights() {
        // Uniform weights: each line gets about a fifth of many marbles.
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut per_line = [0u32; LINES];
        let set = marble_set(comp(), 4);
        for _ in 0..2000 {
            for (l, m) in sample_drop(comp(), set, &mut rng).iter().enumerate() {
                per_line[l] += m.total() as u32;
            }
        }
        let expected = 2000 * set.total() as u32 / 5;
        for n in per_line {
            assert!(n.abs_diff(expected) < expected / 10, "{per_line:?}");
        }
    }
}
