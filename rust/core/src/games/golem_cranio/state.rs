//! The state of spec §6 as one `Copy` value: per-player boards, the shared board, the
//! flow of the round and the pending-effect stack of a compound action.
//!
//! Ids are indices into the components tables (`CH01` = 0, `B17` = 16, ...); `NONE` marks
//! an empty slot. Tables (costs, effects, tracks) are not stored here: they are read from
//! the components the game was made with.
//!
//! Hashing: the fields that change with almost every micro-action (Golems, Students,
//! tracks, resources, VP, marbles in the lines and taken) are Zobrist features updated
//! incrementally by the mutators of this module (`zobrist.rs`); the rest (decks, library,
//! flow, stack) is folded in when the hash is read. [`State::compute_hash`] recomputes
//! everything and tests check both agree.

use super::components::Components;
use super::golems::{GolemRef, Golems};
use super::pile::Pile;
use super::zobrist::{self, Feature};

pub const MAX_PLAYERS: usize = 4;
pub const DISTRICTS: usize = 3;
pub const SECTIONS: usize = 10;
/// Sections I–VII hold a Neighborhood tile (spec §2.2: 7 of 10 tiles per district).
pub const TILES_PER_DISTRICT: usize = 7;
pub const LINES: usize = 5;
/// Marble colours, in the order w k r b y.
pub const COLOURS: usize = 5;
pub const MAX_COLUMNS: usize = 5;
pub const COLUMN_MAX: usize = 5;
pub const CAULDRONS: usize = 4;
pub const CHARACTERS: usize = 12;
pub const NEIGHBORHOOD_TILES: usize = 30;
pub const BOOKS: usize = 38;
pub const OBJECTIVES: usize = 27;
pub const STARTING_TILES: usize = 18;
pub const ARTIFACT_TILES: usize = 4;
pub const ACTION_TILES: usize = 12;
pub const PASS_TILES: usize = 4;
pub const PALACE: usize = 4;
pub const LIBRARY_SLOTS: usize = 5;
/// Action spaces: players + 1.
pub const ACTION_SPACES: usize = MAX_PLAYERS + 1;
/// Limited Cemetery spaces (the data allows at most 8 spaces, the last unlimited).
pub const CEMETERY_LIMITED: usize = 7;
/// Development tiles a1–a6, g1–g6, s1–s6: bit `area × 6 + i − 1` with areas in string
/// order a < g < s (§15.4).
pub const DEVELOPMENTS: usize = 18;
/// Listed future marble drops a position may carry.
pub const MAX_DROPS: usize = 8;
/// Frames of the pending-effect stack.
pub const STACK_CAP: usize = 16;
/// Golems created during one Work action (the reserve holds 4).
pub const MAX_FRESH: usize = 4;
pub const NONE: u8 = u8::MAX;

/// Marble colour codes.
pub const WHITE: u8 = 0;
pub const BLACK: u8 = 1;
pub const COLOUR_LETTERS: [u8; COLOURS] = *b"wkrby";
/// Line names in data order (§15.1).
pub const LINE_NAMES: [&str; LINES] = ["work", "golem", "artifacts", "study", "mirror"];
/// Book colour letters, code order (data vocabulary: red blue green yellow black).
pub const BOOK_COLOUR_LETTERS: [u8; 5] = *b"rbgyk";

/// Marbles counted per colour: 3 bits per colour w k r b y (at most 5 of one colour).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Marbles(pub u16);

impl Marbles {
    pub const EMPTY: Marbles = Marbles(0);

    #[inline]
    pub fn count(self, colour: u8) -> u8 {
        (self.0 >> (3 * colour) & 7) as u8
    }

    #[inline]
    pub fn add(&mut self, colour: u8, n: u8) {
        debug_assert!(self.count(colour) + n < 8);
        self.0 += (n as u16) << (3 * colour);
    }

    #[inline]
    pub fn remove(&mut self, colour: u8) {
        debug_assert!(self.count(colour) > 0);
        self.0 -= 1 << (3 * colour);
    }

    pub fn total(self) -> u8 {
        (0..COLOURS as u8).map(|c| self.count(c)).sum()
    }

    pub fn from_counts(counts: [u8; COLOURS]) -> Marbles {
        let mut m = Marbles::EMPTY;
        for (c, &n) in counts.iter().enumerate() {
            m.add(c as u8, n);
        }
        m
    }

    /// `wwr`: each marble's letter, colours in the order w k r b y; `-` when empty.
    pub fn text(self) -> String {
        let mut s = String::new();
        for c in 0..COLOURS as u8 {
            for _ in 0..self.count(c) {
                s.push(COLOUR_LETTERS[c as usize] as char);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

pub fn colour_from_letter(c: char) -> Option<u8> {
    COLOUR_LETTERS
        .iter()
        .position(|&l| l as char == c)
        .map(|i| i as u8)
}

/// One seat's belongings (spec §6, "per player").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    // ---- incremental hash features: change only through `State` mutators ----
    pub golems: Golems,
    pub vp: i16,
    /// Clay, Coins, Knowledge (unlimited, §5 Decision).
    pub res: [u16; 3],
    pub study: u8,
    pub golem_track: u8,
    /// Sections 1–10 of the red, yellow, blue Student.
    pub students: [u8; DISTRICTS],
    /// Marbles taken this round.
    pub marbles: Marbles,
    /// Gold per cauldron.
    pub gold: [u8; CAULDRONS],
    // ---- folded in when the hash is read ----
    /// Upgraded Developments (bit per tile, see [`DEVELOPMENTS`]).
    pub developments: u32,
    /// For a1–a5 once upgraded: `side − 1` in bit 7, the Artifact-development space index
    /// (data order) below.
    pub artifact_devs: [u8; 5],
    /// Book ids per column, bottom first, `NONE` past the top.
    pub columns: [[u8; COLUMN_MAX]; MAX_COLUMNS],
    /// Each column's colour (book colour code, black a colour of its own); `NONE` while
    /// empty. A black Book's chosen colour is its column's.
    pub column_colour: [u8; MAX_COLUMNS],
    /// Artifact tile `2 × tile + side − 1`, `NONE` before the setup choice.
    pub artifact_tile: u8,
    /// Menorah tokens held, bit per district.
    pub menorahs: u8,
    /// Objective hand (bit per card).
    pub objectives: u32,
    /// Pass count this Actions phase (0–2).
    pub passes: u8,
    pub no_control_cost: bool,
    /// Starting Golems not yet placed (2 until the `place` decision).
    pub unplaced: u8,
    // ---- setup only ----
    /// Draft pack held, drafted cards, Starting tiles dealt (bit sets).
    pub pack: u32,
    pub drafted: u32,
    pub starting: u32,
}

impl Player {
    pub const fn empty() -> Player {
        Player {
            golems: Golems::EMPTY,
            vp: 0,
            res: [0; 3],
            study: 0,
            golem_track: 0,
            students: [1; DISTRICTS],
            marbles: Marbles::EMPTY,
            gold: [0; CAULDRONS],
            developments: 0,
            artifact_devs: [NONE; 5],
            columns: [[NONE; COLUMN_MAX]; MAX_COLUMNS],
            column_colour: [NONE; MAX_COLUMNS],
            artifact_tile: NONE,
            menorahs: 0,
            objectives: 0,
            passes: 0,
            no_control_cost: false,
            unplaced: 0,
            pack: 0,
            drafted: 0,
            starting: 0,
        }
    }

    pub fn books_in_column(&self, column: usize) -> usize {
        self.columns[column]
            .iter()
            .take_while(|&&b| b != NONE)
            .count()
    }
}

/// Phases of spec §11 (`phase` key), plus the flow's own resting points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Draft,
    Discard,
    Artifact,
    Start,
    Place,
    Refresh,
    Movement,
    Actions,
    Remove,
    Influence,
    Income,
    Development,
    Over,
}

impl Phase {
    pub const NAMES: [&'static str; 13] = [
        "draft",
        "discard",
        "artifact",
        "start",
        "place",
        "refresh",
        "movement",
        "actions",
        "remove",
        "influence",
        "income",
        "development",
        "over",
    ];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

/// The Actions stage (§4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Main,
    Passing1,
    Passing2,
}

/// A chance event the state waits for (spec §7); `None` at a decision or the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chance {
    None,
    /// Drop the marbles not in the lines, taken or removed.
    Drop,
    /// Deal a Book into the last Library slot.
    Library,
    /// Deal an Action tile onto action space `n`.
    Tile(u8),
    /// Draw Objectives for a `draw_objectives` op.
    Objectives,
}

/// Where a list of ops lives in the components tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SourceKind {
    ActionTile,
    Character,
    Neighborhood,
    /// Printed neighborhood: `a` district, `b` section.
    Printed,
    /// Street income: `a` district, `b` section.
    Street,
    BookImmediate,
    BookActive,
    Starting,
    /// Benefit `b` (Artifact 1–4 as 0–3) of Artifact tile side `a` (2 × tile + side − 1).
    Artifact,
    /// `immediate` ops of Development `a`.
    DevelopmentImmediate,
    /// Ops of Development `a`'s ability `b` (`on_book_here`, `income`, `artifact_boost`).
    DevelopmentAbility,
    CemeteryBonus,
    StudyIncome,
    GolemIncome,
    BottomAction,
    /// A line action's menu (`a` line, the frame's `value` = v).
    LineMenu,
    /// The picks of a Work action (`left` picks).
    WorkPicks,
    /// Gold to place (`value` Gold).
    GoldPlacement,
    /// The g6 choice after a creation (`a`: steps allowed, `b`: 1 if it may activate
    /// standing); the Golem is `Stack::last_golem`.
    CreateFollowUp,
    /// The black marble's two Student steps.
    BlackMarble,
    /// Completed Artifacts collected as income, one by one (`value`: Artifacts passed).
    ArtifactIncome,
    /// A trigger (`a`: index in the data's trigger vocabulary) to fire when reached: the
    /// activations it causes are decided by the state at that moment.
    Trigger,
    /// `then_activate` after a `move_golems`: the moved Golem in `Stack::last_golem`.
    ThenActivate,
    /// The bonuses of a Book just bought, resolved one at a time so a purchase holds two
    /// frames, not one per bonus (`a` Book, `b` column; the frame's `used` = Books below
    /// it, `left` = the Study Development over the column at the purchase or `NONE`;
    /// `next` = bonuses started).
    BookBonuses,
}

/// An op list: a source and, for lists nested in `convert`/`choice` ops, the path to it
/// (`(op index + 1) << 4 | option`, 0 = top level; two levels).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpList {
    pub kind: SourceKind,
    pub a: u8,
    pub b: u8,
    pub path: [u8; 2],
}

impl OpList {
    pub const fn top(kind: SourceKind, a: u8, b: u8) -> OpList {
        OpList {
            kind,
            a,
            b,
            path: [0; 2],
        }
    }
}

/// One frame of a compound action: which op list, how far it is resolved, and the small
/// counters its current op or menu needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    pub list: OpList,
    /// Index of the op to resolve next.
    pub next: u8,
    /// Menu items used (bit per item) or progress inside the current op.
    pub used: u8,
    /// Picks, activations or Books left for an "up to n" op.
    pub left: u8,
    /// Line value v, Gold to place, or steps.
    pub value: u8,
}

/// The pending-effect stack (spec §6 "inside a compound action").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    pub frames: [Frame; STACK_CAP],
    pub len: u8,
    /// Places (`10 × district + section − 1`) of Golems created during the current Work
    /// action, `NONE` past the end (§15.9).
    pub fresh: [u8; MAX_FRESH],
    /// The Golem just created or moved (`10 × district + section − 1`, bit 7 lying), `NONE`.
    pub last_golem: u8,
    /// Objectives drawn by a `draw_objectives` op, awaiting the `keep` choice.
    pub drawn: u32,
}

impl Stack {
    pub const EMPTY: Stack = Stack {
        frames: [Frame {
            list: OpList::top(SourceKind::BottomAction, 0, 0),
            next: 0,
            used: 0,
            left: 0,
            value: 0,
        }; STACK_CAP],
        len: 0,
        fresh: [NONE; MAX_FRESH],
        last_golem: NONE,
        drawn: 0,
    };

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn top(&self) -> Option<&Frame> {
        self.len.checked_sub(1).map(|i| &self.frames[i as usize])
    }

    pub fn top_mut(&mut self) -> Option<&mut Frame> {
        self.len
            .checked_sub(1)
            .map(|i| &mut self.frames[i as usize])
    }

    /// Pushes a frame; the stack depth is bounded by the data's nesting, so overflow is a
    /// bug (validated data never nests deeper).
    pub fn push(&mut self, frame: Frame) {
        assert!((self.len as usize) < STACK_CAP, "effect stack overflow");
        self.frames[self.len as usize] = frame;
        self.len += 1;
    }

    /// Pops the top frame; popped slots are reset so equal stacks compare equal.
    pub fn pop(&mut self) -> Option<Frame> {
        let i = self.len.checked_sub(1)?;
        let frame = self.frames[i as usize];
        self.frames[i as usize] = Stack::EMPTY.frames[0];
        self.len = i;
        Some(frame)
    }
}

/// The shared board (spec §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Character ids left to right.
    pub palace: [u8; PALACE],
    /// Neighborhood tile ids per district on sections I–VII (ascending number).
    pub districts: [[u8; TILES_PER_DISTRICT]; DISTRICTS],
    /// Menorah tokens still on the board, bit per district.
    pub menorah_tokens: u8,
    /// Library row, slot 1 first; `NONE` past the last card.
    pub library: [u8; LIBRARY_SLOTS],
    pub book_deck: Pile<BOOKS>,
    /// Marbles in the lines (incremental hash features).
    pub lines: [Marbles; LINES],
    /// Action tile per action space, top first (`players + 1` used).
    pub tiles: [u8; ACTION_SPACES],
    /// Seat of the Rabbi on each action space, `NONE` when empty.
    pub rabbis: [u8; ACTION_SPACES],
    /// Seats on the printed bottom space, left to right, `NONE` past the end.
    pub bottom_rabbis: [u8; MAX_PLAYERS],
    pub tile_pile: Pile<ACTION_TILES>,
    /// Discarded Action tiles (bit per tile).
    pub tile_discards: u16,
    /// Marbles on Pass tile 1.
    pub removed: Marbles,
    /// Holder seat of Pass tiles 1–4, `NONE` when free.
    pub pass_tiles: [u8; PASS_TILES],
    /// Listed future drops, next first: the line (0–4) of each marble of the N-player set
    /// in colour order w k r b y, 3 bits per marble.
    pub drops: [u64; MAX_DROPS],
    pub drop_count: u8,
    /// Occupant seat of each limited Cemetery space in play (data order), `NONE`.
    pub cemetery: [u8; CEMETERY_LIMITED],
    /// Golems per seat on the unlimited space.
    pub cemetery_unlimited: [u8; MAX_PLAYERS],
    pub objective_deck: Pile<OBJECTIVES>,
    /// Setup: Artifact tile sides on offer (bit `2 × tile + side − 1`).
    pub artifact_offer: u8,
}

/// The components a state is played with: a `&'static` reference (the builtin tables or a
/// leaked user file), compared by address.
#[derive(Clone, Copy)]
pub struct Comp(pub &'static Components);

impl PartialEq for Comp {
    fn eq(&self, other: &Comp) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Comp {}

impl std::hash::Hash for Comp {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl std::fmt::Debug for Comp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Comp({})", self.0.info.source.label())
    }
}

impl std::ops::Deref for Comp {
    type Target = Components;
    fn deref(&self) -> &Components {
        self.0
    }
}

/// The whole game state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The tables (not hashed: one game is played with one file).
    pub comp: Comp,
    pub players: [Player; MAX_PLAYERS],
    pub board: Board,
    pub stack: Stack,
    pub num_players: u8,
    /// Round 1–4.
    pub round: u8,
    pub phase: Phase,
    pub stage: Stage,
    pub chance: Chance,
    /// Seats, first to last.
    pub turn_order: [u8; MAX_PLAYERS],
    /// Seat at this decision (`NONE` at chance or the end).
    pub to_move: u8,
    /// Setup: draft picks made by every player so far (0–3).
    pub draft_round: u8,
    /// The incremental part of the hash.
    pub(crate) zobrist: u64,
}

impl State {
    /// Seats in turn order.
    pub fn order(&self) -> &[u8] {
        &self.turn_order[..self.num_players as usize]
    }

    // ---- mutators of hashed features (keep `zobrist` in step) ----

    #[inline]
    fn flip(&mut self, f: Feature, old: i64, new: i64) {
        if old != new {
            self.zobrist ^= zobrist::key(f, old) ^ zobrist::key(f, new);
        }
    }

    pub fn add_golem(&mut self, seat: usize, g: GolemRef) {
        let old = self.players[seat].golems.count(g);
        self.players[seat].golems.add(g);
        self.flip(Feature::Golems(seat, g), old as i64, old as i64 + 1);
    }

    pub fn remove_golem(&mut self, seat: usize, g: GolemRef) {
        let old = self.players[seat].golems.count(g);
        self.players[seat].golems.remove(g);
        self.flip(Feature::Golems(seat, g), old as i64, old as i64 - 1);
    }

    /// Replaces a player's whole Golem layout (a movement result).
    pub fn set_golems(&mut self, seat: usize, golems: Golems) {
        let before = self.players[seat].golems;
        for d in 0..DISTRICTS {
            // Only the 3-bit fields that differ (a field per section and orientation).
            let (was, now) = (before.0[d], golems.0[d]);
            let mut changed = was ^ now;
            while changed != 0 {
                let shift = changed.trailing_zeros() / 3 * 3;
                changed &= !(7 << shift);
                let field = shift / 3;
                let g = GolemRef::new(d as u8, field as u8 / 2 + 1, field % 2 == 1);
                let (a, b) = (was >> shift & 7, now >> shift & 7);
                self.flip(Feature::Golems(seat, g), a as i64, b as i64);
            }
        }
        self.players[seat].golems = golems;
    }

    pub fn add_vp(&mut self, seat: usize, n: i32) {
        let old = self.players[seat].vp;
        let new = (old as i32 + n) as i16;
        self.players[seat].vp = new;
        self.flip(Feature::Vp(seat), old as i64, new as i64);
    }

    /// Adds `n` (may be negative; the caller checks affordability) of resource `r`
    /// (0 Clay, 1 Coins, 2 Knowledge).
    pub fn add_res(&mut self, seat: usize, r: usize, n: i32) {
        let old = self.players[seat].res[r];
        let new = (old as i32 + n).max(0) as u16;
        debug_assert!(old as i32 + n >= 0, "resource below 0");
        self.players[seat].res[r] = new;
        self.flip(Feature::Res(seat, r), old as i64, new as i64);
    }

    pub fn set_study(&mut self, seat: usize, space: u8) {
        let old = self.players[seat].study;
        self.players[seat].study = space;
        self.flip(Feature::Study(seat), old as i64, space as i64);
    }

    pub fn set_golem_track(&mut self, seat: usize, space: u8) {
        let old = self.players[seat].golem_track;
        self.players[seat].golem_track = space;
        self.flip(Feature::GolemTrack(seat), old as i64, space as i64);
    }

    pub fn set_student(&mut self, seat: usize, district: usize, section: u8) {
        let old = self.players[seat].students[district];
        self.players[seat].students[district] = section;
        self.flip(Feature::Student(seat, district), old as i64, section as i64);
    }

    pub fn set_gold(&mut self, seat: usize, cauldron: usize, n: u8) {
        let old = self.players[seat].gold[cauldron];
        self.players[seat].gold[cauldron] = n;
        self.flip(Feature::Gold(seat, cauldron), old as i64, n as i64);
    }

    pub fn set_taken(&mut self, seat: usize, marbles: Marbles) {
        let old = self.players[seat].marbles;
        self.players[seat].marbles = marbles;
        self.flip(Feature::Taken(seat), old.0 as i64, marbles.0 as i64);
    }

    pub fn set_line(&mut self, line: usize, marbles: Marbles) {
        let old = self.board.lines[line];
        self.board.lines[line] = marbles;
        self.flip(Feature::Line(line), old.0 as i64, marbles.0 as i64);
    }

    // ---- hashing ----

    /// The incremental part recomputed from scratch.
    pub fn compute_zobrist(&self) -> u64 {
        let mut h = 0;
        for seat in 0..MAX_PLAYERS {
            let p = &self.players[seat];
            for d in 0..DISTRICTS as u8 {
                for s in 1..=SECTIONS as u8 {
                    for l in [false, true] {
                        let g = GolemRef::new(d, s, l);
                        h ^= zobrist::key(Feature::Golems(seat, g), p.golems.count(g) as i64);
                    }
                }
                h ^= zobrist::key(
                    Feature::Student(seat, d as usize),
                    p.students[d as usize] as i64,
                );
            }
            h ^= zobrist::key(Feature::Vp(seat), p.vp as i64);
            for r in 0..3 {
                h ^= zobrist::key(Feature::Res(seat, r), p.res[r] as i64);
            }
            h ^= zobrist::key(Feature::Study(seat), p.study as i64);
            h ^= zobrist::key(Feature::GolemTrack(seat), p.golem_track as i64);
            h ^= zobrist::key(Feature::Taken(seat), p.marbles.0 as i64);
            for c in 0..CAULDRONS {
                h ^= zobrist::key(Feature::Gold(seat, c), p.gold[c] as i64);
            }
        }
        for line in 0..LINES {
            h ^= zobrist::key(Feature::Line(line), self.board.lines[line].0 as i64);
        }
        h
    }

    /// The hash: the incremental features and the rest folded in.
    pub fn hash_value(&self) -> u64 {
        self.zobrist ^ self.fold_rest()
    }

    /// The hash recomputed from every field (tests compare it with [`State::hash_value`]).
    pub fn compute_hash(&self) -> u64 {
        self.compute_zobrist() ^ self.fold_rest()
    }

    fn fold_rest(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut m = zobrist::Mixer::default();
        for p in &self.players[..self.num_players as usize] {
            (
                p.developments,
                p.artifact_devs,
                p.columns,
                p.column_colour,
                p.artifact_tile,
                p.menorahs,
                p.objectives,
                p.passes,
                p.no_control_cost,
                p.unplaced,
            )
                .hash(&mut m);
            (p.pack, p.drafted, p.starting).hash(&mut m);
        }
        let mut board = self.board;
        board.lines = [Marbles::EMPTY; LINES];
        board.hash(&mut m);
        self.stack.hash(&mut m);
        (
            self.num_players,
            self.round,
            self.phase,
            self.stage,
            self.chance,
            self.turn_order,
            self.to_move,
            self.draft_round,
        )
            .hash(&mut m);
        m.finish()
    }

    /// A blank state for `players` seats (no cards dealt; setup fills it).
    pub fn blank(comp: &'static Components, players: usize) -> State {
        let mut turn_order = [NONE; MAX_PLAYERS];
        for (i, t) in turn_order.iter_mut().enumerate().take(players) {
            *t = i as u8;
        }
        let mut s = State {
            comp: Comp(comp),
            players: [Player::empty(); MAX_PLAYERS],
            board: Board {
                palace: [NONE; PALACE],
                districts: [[NONE; TILES_PER_DISTRICT]; DISTRICTS],
                menorah_tokens: 0b111,
                library: [NONE; LIBRARY_SLOTS],
                book_deck: Pile::empty(),
                lines: [Marbles::EMPTY; LINES],
                tiles: [NONE; ACTION_SPACES],
                rabbis: [NONE; ACTION_SPACES],
                bottom_rabbis: [NONE; MAX_PLAYERS],
                tile_pile: Pile::empty(),
                tile_discards: 0,
                removed: Marbles::EMPTY,
                pass_tiles: [NONE; PASS_TILES],
                drops: [0; MAX_DROPS],
                drop_count: 0,
                cemetery: [NONE; CEMETERY_LIMITED],
                cemetery_unlimited: [0; MAX_PLAYERS],
                objective_deck: Pile::empty(),
                artifact_offer: 0,
            },
            stack: Stack::EMPTY,
            num_players: players as u8,
            round: 1,
            phase: Phase::Draft,
            stage: Stage::Main,
            chance: Chance::None,
            turn_order,
            to_move: 0,
            draft_round: 0,
            zobrist: 0,
        };
        s.zobrist = s.compute_zobrist();
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pins the layout: a change of size is a deliberate decision (docs/golem-cranio.md).
    #[test]
    fn state_size_is_pinned() {
        assert_eq!(std::mem::size_of::<Golems>(), 24);
        assert_eq!(std::mem::size_of::<Marbles>(), 2);
        assert_eq!(std::mem::size_of::<Player>(), 104);
        assert_eq!(std::mem::size_of::<Frame>(), 9);
        assert_eq!(std::mem::size_of::<Stack>(), 156);
        assert_eq!(std::mem::size_of::<Board>(), 256);
        assert_eq!(std::mem::size_of::<State>(), 856);
        assert_eq!(
            std::mem::size_of::<crate::games::golem_cranio::action::Action>(),
            16
        );
    }

    #[test]
    fn marbles_count_per_colour_and_write_w_k_r_b_y() {
        let m = Marbles::from_counts([2, 0, 1, 0, 1]);
        assert_eq!(m.text(), "wwry");
        assert_eq!(m.total(), 4);
        assert_eq!(Marbles::EMPTY.text(), "-");
        assert_eq!(colour_from_letter('b'), Some(3));
    }

    #[test]
    fn mutators_keep_the_incremental_hash() {
        let mut s = State::blank(Components::builtin(), 3);
        assert_eq!(s.hash_value(), s.compute_hash());
        s.add_golem(1, GolemRef::new(2, 4, false));
        s.add_golem(1, GolemRef::new(2, 4, false));
        s.add_vp(0, -12);
        s.add_res(2, 1, 7);
        s.set_student(0, 1, 8);
        s.set_line(3, Marbles::from_counts([1, 1, 0, 0, 2]));
        s.set_gold(2, 3, 2);
        assert_eq!(s.hash_value(), s.compute_hash());
        let before = s.hash_value();
        s.remove_golem(1, GolemRef::new(2, 4, false));
        assert_ne!(s.hash_value(), before);
        s.add_golem(1, GolemRef::new(2, 4, false));
        assert_eq!(s.hash_value(), before, "undoing restores the hash");
        s.board.library[0] = 3;
        assert_eq!(s.hash_value(), s.compute_hash());
        assert_ne!(s.hash_value(), before, "folded fields count too");
    }

    #[test]
    fn stack_pops_reset_slots() {
        let mut st = Stack::EMPTY;
        let f = Frame {
            list: OpList::top(SourceKind::Starting, 3, 0),
            next: 1,
            used: 0,
            left: 0,
            value: 0,
        };
        st.push(f);
        assert_eq!(st.top(), Some(&f));
        assert_eq!(st.pop(), Some(f));
        assert_eq!(st, Stack::EMPTY);
    }
}
