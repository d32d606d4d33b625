//! The observation tensor of Golem (Cranio): what one seat may see, as a fixed-size
//! float vector (`Game::observation`; layout in docs/golem-cranio.md, "Observation
//! tensor").
//!
//! The public board and flow, then one block per seat starting with the observer and
//! going left (seat `observer + i mod N` in block `i`; blocks past N are zero). Only the
//! observer's block holds Objective cards (hand, pack, drafted, cards drawn and awaiting
//! `keep`); the others show how many they hold. Deck orders and listed future drops are
//! never shown, only deck sizes. Counts are scaled to about 0–1.

use super::golems::GolemRef;
use super::state::{
    Chance, Phase, SourceKind, Stage, State, ACTION_SPACES, ACTION_TILES, ARTIFACT_TILES, BOOKS,
    CAULDRONS, CEMETERY_LIMITED, CHARACTERS, COLOURS, DISTRICTS, LIBRARY_SLOTS, LINES, MAX_COLUMNS,
    MAX_FRESH, MAX_PLAYERS, NEIGHBORHOOD_TILES, NONE, OBJECTIVES, PALACE, PASS_TILES, SECTIONS,
    STACK_CAP, STARTING_TILES,
};
use crate::util::BitIter;

const PHASES: usize = Phase::NAMES.len();
const STAGES: usize = 3;
const CHANCES: usize = 4;
/// `SourceKind` variants (the kind of the top frame of the effect stack).
const SOURCE_KINDS: usize = 23;
const DEVELOPMENTS: usize = super::state::DEVELOPMENTS;
const BOOK_COLOURS: usize = 5;

/// Entries of the public part.
const PUBLIC: usize = MAX_PLAYERS // players
    + 4 // round
    + PHASES
    + STAGES
    + MAX_PLAYERS // the seat to move, relative to the observer
    + CHANCES
    + 1 // draft picks made
    + MAX_PLAYERS * MAX_PLAYERS // turn order
    + PALACE * CHARACTERS
    + NEIGHBORHOOD_TILES
    + DISTRICTS // Menorah tokens on the board
    + LIBRARY_SLOTS * BOOKS
    + 1 // Book deck size
    + LINES * COLOURS
    + ACTION_SPACES * ACTION_TILES
    + ACTION_SPACES * MAX_PLAYERS // Rabbis
    + MAX_PLAYERS * MAX_PLAYERS // bottom Rabbis
    + 1 // tile pile size
    + ACTION_TILES // tile discards
    + COLOURS // marbles on Pass tile 1
    + PASS_TILES * MAX_PLAYERS
    + CEMETERY_LIMITED * MAX_PLAYERS
    + 1 // Objective deck size
    + 2 * ARTIFACT_TILES // sides on offer
    + STACK;
/// The effect stack: depth, top frame (kind, a, b, next, used, left, value), fresh
/// Golems, the Golem just created or moved (present, district, section, lying), and the
/// Objectives drawn (the mover's own only).
const STACK: usize = 1 + SOURCE_KINDS + 6 + 1 + 6 + OBJECTIVES;
/// Entries of one seat's block.
const SEAT: usize = 1 // present
    + 1 // VP
    + 3 // Clay, Coins, Knowledge
    + 2 // Study and Golem tracks
    + DISTRICTS // Students
    + COLOURS // marbles taken
    + CAULDRONS // Gold
    + DEVELOPMENTS
    + 5 * 3 // a1-a5: upgraded, side, space
    + 2 * ARTIFACT_TILES // Artifact tile side
    + DISTRICTS // Menorah tokens held
    + 3 // passes, no_control_cost, unplaced Golems
    + DISTRICTS * SECTIONS * 2 // Golems
    + 1 // Golems on the unlimited Cemetery space
    + BOOKS // Books owned
    + MAX_COLUMNS * BOOK_COLOURS // column colours
    + MAX_COLUMNS // column heights
    + STARTING_TILES // Starting tiles dealt (public)
    + 3 * OBJECTIVES // hand, pack, drafted: the observer's own only
    + 3; // their sizes

pub const OBSERVATION_SIZE: usize = PUBLIC + MAX_PLAYERS * SEAT;

struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Writer<'_> {
    fn put(&mut self, x: f32) {
        self.out[self.at] = x;
        self.at += 1;
    }

    fn scaled(&mut self, x: impl Into<f64>, scale: f64) {
        self.put((x.into() / scale) as f32);
    }

    /// `n` entries, 1 at `index` (none when `index` is out of range: an empty slot).
    fn one_hot(&mut self, index: usize, n: usize) {
        for i in 0..n {
            self.put((i == index) as u8 as f32);
        }
    }

    fn bits(&mut self, set: u64, n: usize) {
        for i in 0..n {
            self.put((set >> i & 1) as f32);
        }
    }

    fn zeros(&mut self, n: usize) {
        for _ in 0..n {
            self.put(0.0);
        }
    }
}

/// Writes seat `player`'s observation of `s` into `out` (`OBSERVATION_SIZE` long).
pub fn observe(s: &State, player: usize, out: &mut [f32]) {
    let n = s.num_players as usize;
    let relative = |seat: u8| {
        if seat == NONE || seat as usize >= n {
            usize::MAX
        } else {
            (seat as usize + n - player % n) % n
        }
    };
    let mut w = Writer { out, at: 0 };
    let b = &s.board;

    w.one_hot(n - 1, MAX_PLAYERS);
    w.one_hot((s.round as usize).clamp(1, 4) - 1, 4);
    w.one_hot(s.phase as usize, PHASES);
    w.one_hot(
        match s.stage {
            Stage::Main => 0,
            Stage::Passing1 => 1,
            Stage::Passing2 => 2,
        },
        STAGES,
    );
    let mover = match s.turn() {
        crate::Turn::Player(seat) => relative(seat as u8),
        _ => usize::MAX,
    };
    w.one_hot(mover, MAX_PLAYERS);
    w.one_hot(
        match s.chance {
            Chance::None => usize::MAX,
            Chance::Drop => 0,
            Chance::Library => 1,
            Chance::Tile(_) => 2,
            Chance::Objectives => 3,
        },
        CHANCES,
    );
    w.scaled(s.draft_round, 3.0);
    for i in 0..MAX_PLAYERS {
        let seat = if i < n { s.turn_order[i] } else { NONE };
        w.one_hot(relative(seat), MAX_PLAYERS);
    }
    for &c in &b.palace {
        w.one_hot(c as usize, CHARACTERS);
    }
    let tiles = b
        .districts
        .iter()
        .flatten()
        .fold(0u64, |m, &t| if t == NONE { m } else { m | 1 << t });
    w.bits(tiles, NEIGHBORHOOD_TILES);
    w.bits(b.menorah_tokens as u64, DISTRICTS);
    for &book in &b.library {
        w.one_hot(book as usize, BOOKS);
    }
    w.scaled(b.book_deck.len() as f64, BOOKS as f64);
    for line in &b.lines {
        for c in 0..COLOURS as u8 {
            w.scaled(line.count(c), 5.0);
        }
    }
    for &t in &b.tiles {
        w.one_hot(t as usize, ACTION_TILES);
    }
    for &r in &b.rabbis {
        w.one_hot(relative(r), MAX_PLAYERS);
    }
    for &r in &b.bottom_rabbis {
        w.one_hot(relative(r), MAX_PLAYERS);
    }
    w.scaled(b.tile_pile.len() as f64, ACTION_TILES as f64);
    w.bits(b.tile_discards as u64, ACTION_TILES);
    for c in 0..COLOURS as u8 {
        w.scaled(b.removed.count(c), 5.0);
    }
    for &holder in &b.pass_tiles {
        w.one_hot(relative(holder), MAX_PLAYERS);
    }
    for &occupant in &b.cemetery {
        w.one_hot(relative(occupant), MAX_PLAYERS);
    }
    w.scaled(b.objective_deck.len() as f64, OBJECTIVES as f64);
    w.bits(b.artifact_offer as u64, 2 * ARTIFACT_TILES);

    // The effect stack.
    let st = &s.stack;
    w.scaled(st.len, STACK_CAP as f64);
    match st.top() {
        Some(f) => {
            w.one_hot(source_index(f.list.kind), SOURCE_KINDS);
            w.scaled(f.list.a, 64.0);
            w.scaled(f.list.b, 64.0);
            for x in [f.next, f.used, f.left, f.value] {
                w.scaled(x, 16.0);
            }
        }
        None => w.zeros(SOURCE_KINDS + 6),
    }
    let fresh = st.fresh.iter().filter(|&&f| f != NONE).count();
    w.scaled(fresh as f64, MAX_FRESH as f64);
    if st.last_golem == NONE {
        w.zeros(6);
    } else {
        // `10 × district + section − 1`, bit 7 lying.
        let place = st.last_golem & 0x7f;
        w.put(1.0);
        w.one_hot(place as usize / SECTIONS, DISTRICTS);
        w.scaled(place % SECTIONS as u8 + 1, SECTIONS as f64);
        w.put((st.last_golem >> 7) as f32);
    }
    w.bits(super::game::visible_draw(s, player) as u64, OBJECTIVES);
    debug_assert_eq!(w.at, PUBLIC);

    for i in 0..MAX_PLAYERS {
        if i >= n {
            w.zeros(SEAT);
            continue;
        }
        let seat = (player + i) % n;
        let p = &s.players[seat];
        w.put(1.0);
        w.scaled(p.vp, 50.0);
        for r in p.res {
            w.scaled(r, 20.0);
        }
        w.scaled(p.study, 20.0);
        w.scaled(p.golem_track, 20.0);
        for section in p.students {
            w.scaled(section, SECTIONS as f64);
        }
        for c in 0..COLOURS as u8 {
            w.scaled(p.marbles.count(c), 5.0);
        }
        for g in p.gold {
            w.scaled(g, 5.0);
        }
        w.bits(p.developments as u64, DEVELOPMENTS);
        for &dev in &p.artifact_devs {
            if dev == NONE {
                w.zeros(3);
            } else {
                w.put(1.0);
                w.put((dev >> 7) as f32);
                w.scaled(dev & 0x7f, 8.0);
            }
        }
        w.one_hot(p.artifact_tile as usize, 2 * ARTIFACT_TILES);
        w.bits(p.menorahs as u64, DISTRICTS);
        w.scaled(p.passes, 2.0);
        w.put(p.no_control_cost as u8 as f32);
        w.scaled(p.unplaced, 2.0);
        for d in 0..DISTRICTS as u8 {
            for section in 1..=SECTIONS as u8 {
                for lying in [false, true] {
                    let count = p.golems.count(GolemRef::new(d, section, lying));
                    w.scaled(count, 6.0);
                }
            }
        }
        w.scaled(b.cemetery_unlimited[seat], 6.0);
        let owned =
            p.columns.iter().flatten().fold(
                0u64,
                |m, &book| {
                    if book == NONE {
                        m
                    } else {
                        m | 1 << book
                    }
                },
            );
        w.bits(owned, BOOKS);
        for &colour in &p.column_colour {
            w.one_hot(colour as usize, BOOK_COLOURS);
        }
        for c in 0..MAX_COLUMNS {
            w.scaled(p.books_in_column(c) as f64, 5.0);
        }
        w.bits(p.starting as u64, STARTING_TILES);
        for set in [p.objectives, p.pack, p.drafted] {
            w.bits(if i == 0 { set as u64 } else { 0 }, OBJECTIVES);
        }
        for set in [p.objectives, p.pack, p.drafted] {
            w.scaled(BitIter(set as u64).count() as f64, 4.0);
        }
    }
    debug_assert_eq!(w.at, OBSERVATION_SIZE);
}

fn source_index(kind: SourceKind) -> usize {
    use SourceKind::*;
    match kind {
        ActionTile => 0,
        Character => 1,
        Neighborhood => 2,
        Printed => 3,
        Street => 4,
        // A purchase's bonuses are on top only while the Library refill is dealt, where
        // the immediate bonus, resolved first, was on top before they became lazy.
        BookImmediate | BookBonuses => 5,
        BookActive => 6,
        Starting => 7,
        Artifact => 8,
        DevelopmentImmediate => 9,
        DevelopmentAbility => 10,
        CemeteryBonus => 11,
        StudyIncome => 12,
        GolemIncome => 13,
        BottomAction => 14,
        LineMenu => 15,
        WorkPicks => 16,
        GoldPlacement => 17,
        CreateFollowUp => 18,
        BlackMarble => 19,
        ArtifactIncome => 20,
        Trigger => 21,
        ThenActivate => 22,
    }
}
