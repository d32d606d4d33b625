//! The position file of Golem (Cranio) (spec §11): what a [`Setup`]'s values mean, and the
//! way back.
//!
//! The body of a file is always a state *at rest* ([`is_at_rest`]); a state inside a
//! compound action is the last state at rest plus `in_progress`, the micro-actions and
//! chance outcomes played since. The state itself does not remember its rest point, so
//! [`write_position`] writes states at rest only; [`Tracker`] follows play and writes any
//! state as its rest point plus the texts since ([`write_position_in_progress`]).
//!
//! Reading builds the rest state from the body (derived fields: the draft round from the
//! cards drafted, unplaced starting Golems from the phase), applies its forced steps, then
//! replays `in_progress` with the engine's parser and `apply`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::action::Action;
use super::components::ids::{
    neighborhood_tile_index, IdScheme, ACTION_TILE_IDS, ARTIFACT_TILE_LETTERS, BOOK_IDS,
    CHARACTER_IDS, OBJECTIVE_IDS,
};
use super::components::vocab::{Deck, MarbleColour};
use super::components::{sha256_hex, Components, ComponentsSource};
use super::golems::DISTRICT_LETTERS;
use super::pile::Pile;
use super::position_players::{read_players, Unknown, Which};
use super::position_setup::{DropSetup, Setup};
pub use super::position_write::to_setup;
use super::setup::marble_set;
use super::state::{
    Chance, Marbles, Phase, Stage, State, BOOKS, CEMETERY_LIMITED, COLOURS, COLOUR_LETTERS,
    DISTRICTS, LIBRARY_SLOTS, LINES, MAX_DROPS, MAX_PLAYERS, NONE, OBJECTIVES, PASS_TILES,
    TILES_PER_DISTRICT,
};
use crate::game::{PositionError, Tracked};
use crate::util::toml_fields::refuse;
use crate::util::BitIter;

type R<T> = Result<T, PositionError>;

/// Setup phases (round 1 only; `pack`, `drafted`, `starting_tiles` and `[setup]` belong
/// to them).
pub(super) const SETUP_PHASES: [Phase; 5] = [
    Phase::Draft,
    Phase::Discard,
    Phase::Artifact,
    Phase::Start,
    Phase::Place,
];
pub(super) const STAGE_NAMES: [&str; 3] = ["main", "passing1", "passing2"];
/// Largest resource a file may give (far above any game, far from `u16` overflow).
pub(super) const MAX_RESOURCE: i64 = 30_000;
/// VP range a file may give (the track is an `i16`).
pub(super) const MAX_VP: i64 = 30_000;

/// How to read a position: where relative `components` paths start, the seed for `?`
/// cards, and an optional components override (`--components FILE`).
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    pub base_dir: Option<PathBuf>,
    pub seed: u64,
    pub components: Option<&'static Components>,
}

/// A position as read: the state, the rest state its body describes (before its forced
/// steps) with the micro-actions replayed from it, the warnings (a components file other
/// than the writer's, §13) and the Objective cards guessed for `?` (field and id).
#[derive(Clone, Debug)]
pub struct Position {
    /// The state, its rest point and the micro-actions replayed since (`in_progress`).
    pub tracked: Tracked<State>,
    pub warnings: Vec<String>,
    pub guessed: Vec<(String, String)>,
}

/// Reads a position: `components` paths relative to the working directory, `?` cards
/// filled with seed 0; warnings are dropped (see [`read_position_with`]).
pub fn read_position(text: &str) -> R<State> {
    read_position_with(text, &ReadOptions::default()).map(|p| p.tracked.state)
}

/// Reads a position with its options; see [`Position`].
pub fn read_position_with(text: &str, options: &ReadOptions) -> R<Position> {
    from_setup(&Setup::parse(text)?, options)
}

/// Whether `s` is a state at rest (spec §11): nothing pending inside a compound action —
/// a setup, movement, turn, Pass-tile removal, Influence, Income or Development decision,
/// the start of Refresh, or the end.
pub fn is_at_rest(s: &State) -> bool {
    if !s.stack.is_empty() {
        return false;
    }
    match s.phase {
        // The engine's start of Refresh: every marble returned, the drop pending (later
        // Refresh steps are chance events inside it).
        Phase::Refresh => {
            s.chance == Chance::Drop
                && s.board.lines.iter().all(|l| l.total() == 0)
                && s.players.iter().all(|p| p.marbles.total() == 0)
        }
        _ => s.chance == Chance::None,
    }
}

/// The canonical text of a state at rest (its `in_progress` empty). A state inside a
/// compound action cannot say its rest point: use a [`Tracked`].
pub fn write_position(s: &State) -> R<String> {
    write_position_in_progress(s, &[])
}

/// The text of `rest` (a state at rest) followed by `in_progress`, the micro-actions and
/// chance outcomes played since (forced steps left out).
pub fn write_position_in_progress(rest: &State, in_progress: &[Action]) -> R<String> {
    if !is_at_rest(rest) {
        return refuse(
            "in_progress",
            "the state is inside a compound action: write its last state at rest and the \
             micro-actions since",
        );
    }
    let mut setup = to_setup(rest);
    setup.in_progress = in_progress.iter().map(|a| a.to_text()).collect();
    Ok(setup.write())
}

// ---- components ----

/// User components files, loaded once per (path, sha256) and kept for the program's life
/// so that states stay `Copy` with a `&'static` table.
fn loaded() -> &'static Mutex<HashMap<(PathBuf, String), &'static Components>> {
    static LOADED: OnceLock<Mutex<HashMap<(PathBuf, String), &'static Components>>> =
        OnceLock::new();
    LOADED.get_or_init(Default::default)
}

/// The components named by `components` (builtin or a path relative to `base`).
pub fn load_components(name: &str, base: Option<&Path>) -> R<&'static Components> {
    if name == "builtin" {
        return Ok(Components::builtin());
    }
    let given = Path::new(name);
    let path = match base {
        Some(base) if given.is_relative() => base.join(given),
        _ => given.to_path_buf(),
    };
    let text = crate::util::files::read_text(&path, crate::util::files::MAX_COMPONENTS_BYTES)
        .map_err(|e| {
            PositionError::new("components", format!("cannot read {}: {e}", path.display()))
        })?;
    let path = std::fs::canonicalize(&path).unwrap_or(path);
    let key = (path.clone(), sha256_hex(text.as_bytes()));
    let mut cache = loaded().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&comp) = cache.get(&key) {
        return Ok(comp);
    }
    let source = ComponentsSource::Path(path.display().to_string());
    let comp: &'static Components = Box::leak(Box::new(parse_components(&text, source)?));
    cache.insert(key, comp);
    Ok(comp)
}

/// Components read from `text` by the file reader, every problem in one error: one
/// `components.<json path>: <message>` line each, the first naming the field.
fn parse_components(text: &str, source: ComponentsSource) -> R<Components> {
    Components::parse(text, source).map_err(|errors| {
        let first = &errors.0[0];
        let field = if first.path.is_empty() {
            "components".to_string()
        } else {
            format!("components.{}", first.path)
        };
        let mut message = first.message.clone();
        for e in &errors.0[1..] {
            message.push('\n');
            message.push_str(&e.to_string());
        }
        PositionError::new(field, message)
    })
}

/// Components handed over as text (a file uploaded to the analysis board), validated as
/// a file is. `name` is the file's name without a folder: the state's source, so a
/// position written with them names `components = "<name>"` (read again as the file of
/// that name beside the position) with their sha256. Loaded once per (name, sha256).
pub fn components_from_text(name: &str, text: &str) -> R<&'static Components> {
    let bad_name = |why: &str| refuse::<()>("components", format!("the file name '{name}' {why}"));
    if name.is_empty() || name.len() > 255 {
        bad_name("must have 1 to 255 bytes")?;
    }
    if name.contains(['/', '\\']) || name == "." || name == ".." {
        bad_name("is a path; give the file's name only")?;
    }
    if name.chars().any(char::is_control) {
        bad_name("holds a control character")?;
    }
    if name == "builtin" || name == "inline" {
        bad_name("is reserved (rename the file)")?;
    }
    let cap = crate::util::files::MAX_COMPONENTS_BYTES;
    if text.len() as u64 > cap {
        refuse::<()>("components", format!("'{name}' is larger than {cap} bytes"))?;
    }
    static UPLOADED: OnceLock<Mutex<HashMap<(String, String), &'static Components>>> =
        OnceLock::new();
    let key = (name.to_string(), sha256_hex(text.as_bytes()));
    let mut cache = UPLOADED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(&comp) = cache.get(&key) {
        return Ok(comp);
    }
    let source = ComponentsSource::Path(name.to_string());
    let comp: &'static Components = Box::leak(Box::new(parse_components(text, source)?));
    cache.insert(key, comp);
    Ok(comp)
}

pub(super) fn components_name(comp: &Components) -> String {
    match &comp.info.source {
        ComponentsSource::Builtin => "builtin".into(),
        ComponentsSource::Path(p) => p.clone(),
        ComponentsSource::Inline => "inline".into(),
    }
}

// ---- reading ----

/// Which kind of card or tile an id names, for the "in two places" check.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    Character,
    Neighborhood,
    Book,
    ActionTile,
    Objective,
    Starting,
    ArtifactTile,
}

pub(super) struct Reader<'a> {
    pub(super) comp: &'static Components,
    pub(super) n: usize,
    pub(super) setup: &'a Setup,
    /// Where each card was first met.
    pub(super) seen: HashMap<(Kind, u8), String>,
}

pub(super) fn field_at(field: &str, i: usize) -> String {
    format!("{field}[{i}]")
}

pub(super) fn parse_id(scheme: &IdScheme, field: &str, text: &str, what: &str) -> R<u8> {
    scheme.index(text).map(|i| i as u8).ok_or_else(|| {
        PositionError::new(
            field,
            format!("\"{text}\" is not {what} ({})", scheme.range()),
        )
    })
}

pub(super) fn letters(field: &str, text: &str, alphabet: &[u8], what: &str) -> R<Vec<u8>> {
    text.chars()
        .map(|c| {
            alphabet
                .iter()
                .position(|&l| l as char == c)
                .map(|i| i as u8)
                .ok_or_else(|| {
                    PositionError::new(field, format!("'{c}' is not a {what} in \"{text}\""))
                })
        })
        .collect()
}

/// A marble string (`"wwr"`, colours w k r b y, `""` for none).
pub(super) fn marbles(field: &str, text: &str) -> R<Marbles> {
    let mut m = Marbles::EMPTY;
    for c in letters(
        field,
        text,
        &COLOUR_LETTERS,
        "marble colour (w, k, r, b, y)",
    )? {
        if m.count(c) >= 7 {
            return refuse(field, "too many marbles");
        }
        m.add(c, 1);
    }
    Ok(m)
}

/// Tokens `"ryb"`: a district bit set, each letter once.
pub(super) fn districts_set(field: &str, text: &str) -> R<u8> {
    let mut set = 0u8;
    for d in letters(field, text, &DISTRICT_LETTERS, "district (r, y, b)")? {
        if set >> d & 1 == 1 {
            return refuse(field, format!("'{}' is given twice", text_of_district(d)));
        }
        set |= 1 << d;
    }
    Ok(set)
}

pub(super) fn text_of_district(d: u8) -> char {
    DISTRICT_LETTERS[d as usize] as char
}

/// A seat number `0..n`, or `-1` for none when `empty_ok`.
pub(super) fn seat(field: &str, v: i64, n: usize, empty_ok: bool) -> R<u8> {
    if empty_ok && v == -1 {
        return Ok(NONE);
    }
    if (0..n as i64).contains(&v) {
        return Ok(v as u8);
    }
    let range = if empty_ok {
        format!("-1 (empty) or a seat 0-{}", n - 1)
    } else {
        format!("a seat 0-{}", n - 1)
    };
    refuse(field, format!("{v} is not {range}"))
}

pub(super) fn in_range(field: &str, v: i64, lo: i64, hi: i64, what: &str) -> R<i64> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        refuse(field, format!("{what} {v} is outside {lo}-{hi}"))
    }
}

fn phase_of(name: &str) -> Option<Phase> {
    Phase::NAMES.iter().position(|n| *n == name).map(|i| {
        [
            Phase::Draft,
            Phase::Discard,
            Phase::Artifact,
            Phase::Start,
            Phase::Place,
            Phase::Refresh,
            Phase::Movement,
            Phase::Actions,
            Phase::Remove,
            Phase::Influence,
            Phase::Income,
            Phase::Development,
            Phase::Over,
        ][i]
    })
}

impl Reader<'_> {
    /// Records that card `id` of `kind` is at `field`; a card met twice is refused.
    pub(super) fn place(&mut self, kind: Kind, id: u8, field: &str, text: &str) -> R<()> {
        if let Some(first) = self.seen.get(&(kind, id)) {
            return refuse(field, format!("\"{text}\" is also at {first}"));
        }
        self.seen.insert((kind, id), field.to_string());
        Ok(())
    }

    pub(super) fn ids(
        &mut self,
        kind: Kind,
        scheme: &IdScheme,
        field: &str,
        items: &[String],
    ) -> R<Vec<u8>> {
        let what = match kind {
            Kind::Character => "a Character",
            Kind::Book => "a Book",
            Kind::ActionTile => "an Action tile",
            Kind::Objective => "an Objective",
            Kind::Starting => "a Starting tile",
            _ => "an id",
        };
        let mut out = Vec::with_capacity(items.len());
        for (i, text) in items.iter().enumerate() {
            let f = field_at(field, i);
            let id = parse_id(scheme, &f, text, what)?;
            self.place(kind, id, &f, text)?;
            out.push(id);
        }
        Ok(out)
    }

    /// An Artifact tile side `B2`: `2 × tile + side − 1`.
    pub(super) fn artifact_side(&mut self, field: &str, text: &str) -> R<u8> {
        let bad = || {
            PositionError::new(
                field,
                format!("\"{text}\" is not an Artifact tile side (A1 to D2)"),
            )
        };
        let (letter, side) = text.split_at(text.len().min(1));
        let tile = ARTIFACT_TILE_LETTERS
            .iter()
            .position(|l| *l == letter)
            .ok_or_else(bad)? as u8;
        let side = match side {
            "1" => 0,
            "2" => 1,
            _ => return Err(bad()),
        };
        self.place(Kind::ArtifactTile, tile, field, letter)?;
        Ok(2 * tile + side)
    }

    /// Objective lists that may hold `?`: the ids, `NONE` for each `?`.
    pub(super) fn objectives(
        &mut self,
        field: &str,
        items: &[String],
        unknown: &mut Vec<String>,
    ) -> R<Vec<u8>> {
        let mut out = Vec::new();
        for (i, text) in items.iter().enumerate() {
            let f = field_at(field, i);
            if text == "?" {
                unknown.push(f);
                out.push(NONE);
                continue;
            }
            let id = parse_id(&OBJECTIVE_IDS, &f, text, "an Objective or ?")?;
            self.place(Kind::Objective, id, &f, text)?;
            out.push(id);
        }
        Ok(out)
    }
}

pub(super) fn set_of(ids: &[u8]) -> u64 {
    ids.iter()
        .filter(|&&i| i != NONE)
        .fold(0, |m, &i| m | 1 << i)
}

/// A drop entry: per colour, the line digit (1-5) of each marble of the N-player set.
fn drop_entry(field: &str, entry: &DropSetup, set: Marbles) -> R<u64> {
    let mut bits = 0u64;
    let mut offset = 0;
    for c in 0..COLOURS {
        let text = entry[c].as_deref().unwrap_or("");
        let key = format!("{field}.{}", COLOUR_LETTERS[c] as char);
        let want = set.count(c as u8) as usize;
        if text.len() != want {
            return refuse(
                key,
                format!(
                    "\"{text}\" gives {} line(s) for the {want} marble(s) of this colour",
                    text.chars().count()
                ),
            );
        }
        for (i, ch) in text.chars().enumerate() {
            let line = match ch {
                '1'..='5' => ch as u64 - '1' as u64,
                _ => return refuse(key, format!("'{ch}' is not a line 1-5")),
            };
            bits |= line << (3 * (offset + i));
        }
        offset += want;
    }
    Ok(bits)
}

/// Whether two marbles taken can be paired with a Character's two colours (white matches
/// anything, §4.6).
fn influence_match(taken: Marbles, card: [MarbleColour; 2]) -> bool {
    let mut ms: Vec<u8> = Vec::new();
    for c in 0..COLOURS as u8 {
        for _ in 0..taken.count(c) {
            ms.push(c);
        }
    }
    if ms.len() != 2 {
        return false;
    }
    let ok = |m: u8, c: MarbleColour| m == 0 || c == MarbleColour::White || m as usize == c.index();
    (ok(ms[0], card[0]) && ok(ms[1], card[1])) || (ok(ms[0], card[1]) && ok(ms[1], card[0]))
}

pub fn from_setup(setup: &Setup, options: &ReadOptions) -> R<Position> {
    let comp = match options.components {
        Some(c) => c,
        None => load_components(
            setup.components.as_deref().unwrap_or("builtin"),
            options.base_dir.as_deref(),
        )?,
    };
    let mut warnings = Vec::new();
    if let Some(sha) = &setup.components_sha256 {
        if *sha != comp.info.sha256 {
            warnings.push(format!(
                "components_sha256: the position was written with components sha256 {sha}, \
                 read with {} (sha256 {})",
                comp.info.source.label(),
                comp.info.sha256
            ));
        }
    }
    let rules = &comp.rules;
    let (lo, hi) = (rules.players_min as i64, rules.players_max as i64);
    let n = in_range(
        "players",
        setup.players,
        lo,
        hi.min(MAX_PLAYERS as i64),
        "players",
    )? as usize;
    let round = in_range("round", setup.round, 1, rules.rounds as i64, "round")? as u8;
    let phase = phase_of(&setup.phase).ok_or_else(|| {
        PositionError::new(
            "phase",
            format!(
                "unknown phase \"{}\" (expected one of: {})",
                setup.phase,
                Phase::NAMES.join(", ")
            ),
        )
    })?;
    let setup_phase = SETUP_PHASES.contains(&phase);
    if setup_phase && round != 1 {
        return refuse(
            "phase",
            format!("setup phase \"{}\" in round {round}", setup.phase),
        );
    }
    if phase == Phase::Refresh && round == 1 {
        return refuse("phase", "no refresh in round 1");
    }
    if phase == Phase::Over && round != rules.rounds {
        return refuse(
            "phase",
            format!(
                "the game ends after round {}, not in round {round}",
                rules.rounds
            ),
        );
    }
    if phase == Phase::Draft && n == 1 {
        return refuse(
            "phase",
            "a solo game has no draft (it starts with the discard)",
        );
    }
    let stage = match setup.stage.as_deref() {
        None | Some("main") => Stage::Main,
        Some("passing1") => Stage::Passing1,
        Some("passing2") => Stage::Passing2,
        Some(other) => {
            return refuse(
                "stage",
                format!(
                    "unknown stage \"{other}\" (expected one of: {})",
                    STAGE_NAMES.join(", ")
                ),
            )
        }
    };
    let in_actions = matches!(phase, Phase::Actions | Phase::Remove);
    if stage != Stage::Main && !in_actions {
        return refuse(
            "stage",
            "only the actions and remove phases have a passing stage",
        );
    }
    if phase == Phase::Remove && stage == Stage::Main {
        return refuse("stage", "phase remove needs stage passing1 or passing2");
    }
    if setup.seats.len() != n {
        return refuse(
            "player",
            format!("{} [[player]] tables for {n} players", setup.seats.len()),
        );
    }

    let mut s = State::blank(comp, n);
    s.round = round;
    s.phase = phase;
    s.stage = stage;

    // turn_order
    if setup.turn_order.len() != n {
        return refuse(
            "turn_order",
            format!("expected {n} seats, found {}", setup.turn_order.len()),
        );
    }
    let mut order_seen = 0u8;
    for (i, &v) in setup.turn_order.iter().enumerate() {
        let f = field_at("turn_order", i);
        let t = seat(&f, v, n, false)?;
        if order_seen >> t & 1 == 1 {
            return refuse("turn_order", format!("seat {t} is listed twice"));
        }
        order_seen |= 1 << t;
        s.turn_order[i] = t;
    }
    let before_influence =
        setup_phase || matches!(phase, Phase::Movement | Phase::Actions | Phase::Remove);
    if round == 1 && before_influence && s.order().iter().enumerate().any(|(i, &t)| t as usize != i)
    {
        return refuse(
            "turn_order",
            format!(
                "round 1 keeps the seat order {:?} until Turn Order",
                (0..n).collect::<Vec<_>>()
            ),
        );
    }

    // to_move
    let to_move = match (phase, setup.to_move) {
        (Phase::Refresh | Phase::Over, None) => NONE,
        (Phase::Refresh | Phase::Over, Some(_)) => {
            return refuse(
                "to_move",
                format!("no player decides in phase {}", setup.phase),
            )
        }
        (_, None) => return refuse("to_move", "missing field"),
        (_, Some(v)) => seat("to_move", v, n, false)?,
    };
    s.to_move = to_move;

    let mut r = Reader {
        comp,
        n,
        setup,
        seen: HashMap::new(),
    };

    read_board(&mut r, &mut s)?;
    let unknown = read_players(&mut r, &mut s)?;
    let guessed = read_decks(&mut r, &mut s, unknown, options.seed)?;
    check_flow(&r, &mut s)?;

    s.zobrist = s.compute_zobrist();
    // The engine's own entry into the phases that start with work: Refresh returns the
    // marbles and waits for the drop; Income collects the player's income at once.
    match s.phase {
        Phase::Refresh => s.start_refresh(),
        Phase::Income => s.collect_income(),
        _ => {}
    }
    let rest = s;
    s.settle();
    let mut replayed = Vec::new();
    for (i, text) in setup.in_progress.iter().enumerate() {
        let action = replay(&mut s, text)
            .or_else(|m| refuse(field_at("in_progress", i), format!("\"{text}\": {m}")))?;
        replayed.push(action);
    }
    Ok(Position {
        tracked: Tracked {
            state: s,
            rest,
            since: replayed,
        },
        warnings,
        guessed,
    })
}

/// Plays one `in_progress` text.
fn replay(s: &mut State, text: &str) -> Result<Action, String> {
    if let Some(what) = s.unimplemented() {
        return Err(format!("the engine does not build the {what} decision yet"));
    }
    if s.phase == Phase::Over && s.chance == Chance::None {
        return Err("the game is over".into());
    }
    let action = if s.chance == Chance::Drop {
        // A drop's outcomes are too many to list: check the marbles instead.
        let action = Action::parse(text)?;
        let Action::Drop(lines) = action else {
            return Err("a marble drop is pending (drop …)".into());
        };
        let mut total = Marbles::EMPTY;
        for l in &lines {
            for c in 0..COLOURS as u8 {
                total.add(c, l.count(c));
            }
        }
        let expected = s.drop_marbles();
        if total != expected {
            return Err(format!(
                "the drop holds {}, the marbles to drop are {}",
                total.text(),
                expected.text()
            ));
        }
        if let Some(listed) = s.listed_drop(expected) {
            if listed != lines {
                return Err("the position lists another outcome for this drop".into());
            }
        }
        action
    } else {
        s.parse_action(text)?
    };
    s.apply(action);
    Ok(action)
}

fn read_board(r: &mut Reader, s: &mut State) -> R<()> {
    let comp = r.comp;
    let setup = r.setup;
    let n = r.n;

    // Palace: 3 distinct I-III cards, then 1 IV card.
    let palace = r.ids(
        Kind::Character,
        &CHARACTER_IDS,
        "palace.characters",
        &setup.palace,
    )?;
    let early = comp.setup.palace_from_deck_1_3 as usize;
    let late = comp.setup.palace_from_deck_4 as usize;
    if palace.len() != early + late {
        return refuse(
            "palace.characters",
            format!(
                "expected {} Characters, found {}",
                early + late,
                palace.len()
            ),
        );
    }
    for (i, &c) in palace.iter().enumerate() {
        let want = if i < early {
            Deck::Rounds1To3
        } else {
            Deck::Round4
        };
        if comp.characters[c as usize].deck != want {
            return refuse(
                field_at("palace.characters", i),
                format!(
                    "{} is a deck {} Character; this space takes deck {}",
                    setup.palace[i],
                    deck_name(comp.characters[c as usize].deck),
                    deck_name(want)
                ),
            );
        }
        s.board.palace[i] = c;
    }

    // Districts: 7 distinct tiles of the district in ascending number.
    for (d, name) in ["red", "yellow", "blue"].iter().enumerate() {
        let field = format!("districts.{name}");
        let items = &setup.districts[d];
        if items.len() != TILES_PER_DISTRICT {
            return refuse(
                field,
                format!("expected {TILES_PER_DISTRICT} tiles, found {}", items.len()),
            );
        }
        let mut last = 0;
        for (i, text) in items.iter().enumerate() {
            let f = field_at(&field, i);
            let t = neighborhood_tile_index(text).ok_or_else(|| {
                PositionError::new(&f, format!("\"{text}\" is not a Neighborhood tile"))
            })? as u8;
            if t as usize / 10 != d {
                return refuse(f, format!("{text} is not a {name} tile"));
            }
            r.place(Kind::Neighborhood, t, &f, text)?;
            let number = comp.neighborhood_tiles[t as usize].number;
            if number <= last {
                return refuse(f, "tiles go in ascending number");
            }
            last = number;
            s.board.districts[d][i] = t;
        }
    }
    s.board.menorah_tokens = districts_set("districts.menorahs", &setup.menorahs)?;

    // Library row (deck and bottom with the other decks).
    let row = r.ids(Kind::Book, &BOOK_IDS, "library.row", &setup.row)?;
    if row.len() > comp.rules.library_slots as usize {
        return refuse(
            "library.row",
            format!("{} Books for {} slots", row.len(), comp.rules.library_slots),
        );
    }
    s.board.library[..row.len()].copy_from_slice(&row);

    // Synagogue.
    if setup.lines.len() != LINES {
        return refuse(
            "synagogue.lines",
            format!("expected {LINES} lines, found {}", setup.lines.len()),
        );
    }
    for (l, text) in setup.lines.iter().enumerate() {
        s.board.lines[l] = marbles(&field_at("synagogue.lines", l), text)?;
    }
    let spaces = n + comp.rules.action_spaces_extra as usize;
    let tiles = r.ids(
        Kind::ActionTile,
        &ACTION_TILE_IDS,
        "synagogue.tiles",
        &setup.tiles,
    )?;
    if tiles.len() != spaces {
        return refuse(
            "synagogue.tiles",
            format!(
                "expected {spaces} Action tiles (players + 1), found {}",
                tiles.len()
            ),
        );
    }
    s.board.tiles[..spaces].copy_from_slice(&tiles);
    if setup.rabbis.len() != spaces {
        return refuse(
            "synagogue.rabbis",
            format!(
                "expected {spaces} entries (one per action space), found {}",
                setup.rabbis.len()
            ),
        );
    }
    let mut placed = 0u8;
    let in_actions = matches!(s.phase, Phase::Actions | Phase::Remove);
    for (i, &v) in setup.rabbis.iter().enumerate() {
        let f = field_at("synagogue.rabbis", i);
        let t = seat(&f, v, n, true)?;
        if t != NONE {
            if !in_actions {
                return refuse(f, format!("Rabbis stand on the Synagogue only in the actions and remove phases, not in {}", s.phase.name()));
            }
            if placed >> t & 1 == 1 {
                return refuse(f, format!("seat {t}'s Rabbi is placed twice"));
            }
            placed |= 1 << t;
        }
        s.board.rabbis[i] = t;
    }
    if setup.bottom_rabbis.len() > n {
        return refuse("synagogue.bottom_rabbis", format!("more than {n} Rabbis"));
    }
    for (i, &v) in setup.bottom_rabbis.iter().enumerate() {
        let f = field_at("synagogue.bottom_rabbis", i);
        let t = seat(&f, v, n, false)?;
        if !in_actions {
            return refuse(f, format!("Rabbis stand on the Synagogue only in the actions and remove phases, not in {}", s.phase.name()));
        }
        if placed >> t & 1 == 1 {
            return refuse(f, format!("seat {t}'s Rabbi is placed twice"));
        }
        placed |= 1 << t;
        s.board.bottom_rabbis[i] = t;
    }
    let discards = r.ids(
        Kind::ActionTile,
        &ACTION_TILE_IDS,
        "synagogue.discards",
        &setup.discards,
    )?;
    s.board.tile_discards = set_of(&discards) as u16;
    s.board.removed = marbles("synagogue.removed", &setup.removed)?;
    let passes = comp.rules.pass_tiles as usize;
    if setup.pass_tiles.len() != passes {
        return refuse(
            "synagogue.pass_tiles",
            format!(
                "expected {passes} entries, found {}",
                setup.pass_tiles.len()
            ),
        );
    }
    let mut free_seen = false;
    for (i, &v) in setup.pass_tiles.iter().enumerate().take(PASS_TILES) {
        let f = field_at("synagogue.pass_tiles", i);
        let t = seat(&f, v, n, true)?;
        if t == NONE {
            free_seen = true;
            continue;
        }
        if !in_actions {
            return refuse(
                f,
                format!(
                    "Pass tiles are held only in the actions and remove phases, not in {}",
                    s.phase.name()
                ),
            );
        }
        if free_seen {
            return refuse(f, "Pass tiles are taken lowest first");
        }
        if s.board.pass_tiles.contains(&t) {
            return refuse(f, format!("seat {t} holds two Pass tiles"));
        }
        s.board.pass_tiles[i] = t;
    }
    if s.stage != Stage::Main && s.board.pass_tiles[0] == NONE {
        return refuse("stage", "a passing stage while nobody holds a Pass tile");
    }
    let set = marble_set(comp, n);
    if setup.drops.len() > MAX_DROPS {
        return refuse(
            "synagogue.drops",
            format!(
                "at most {MAX_DROPS} drops can be listed, found {}",
                setup.drops.len()
            ),
        );
    }
    for (i, entry) in setup.drops.iter().enumerate() {
        s.board.drops[i] = drop_entry(&field_at("synagogue.drops", i), entry, set)?;
    }
    s.board.drop_count = setup.drops.len() as u8;

    // Cemetery: the limited spaces in play, data order.
    let in_play: Vec<usize> = (0..comp.cemetery.len())
        .filter(|&i| !comp.cemetery[i].unlimited && comp.cemetery[i].min_players as usize <= n)
        .collect();
    if setup.cemetery_spaces.len() != in_play.len() {
        return refuse(
            "cemetery.spaces",
            format!(
                "{n} players have {} limited Cemetery spaces in play, found {} entries",
                in_play.len(),
                setup.cemetery_spaces.len()
            ),
        );
    }
    for (i, &v) in setup
        .cemetery_spaces
        .iter()
        .enumerate()
        .take(CEMETERY_LIMITED)
    {
        s.board.cemetery[i] = seat(&field_at("cemetery.spaces", i), v, n, true)?;
    }
    if setup.cemetery_unlimited.len() != n {
        return refuse(
            "cemetery.unlimited",
            format!(
                "expected {n} entries (one per seat), found {}",
                setup.cemetery_unlimited.len()
            ),
        );
    }
    for (i, &v) in setup.cemetery_unlimited.iter().enumerate() {
        let f = field_at("cemetery.unlimited", i);
        s.board.cemetery_unlimited[i] =
            in_range(&f, v, 0, comp.rules.golems_per_player as i64, "Golems")? as u8;
    }

    // Artifact tiles on offer.
    if let Some(tiles) = &setup.artifact_tiles {
        if !SETUP_PHASES.contains(&s.phase) {
            return refuse("setup", "only in the setup phases");
        }
        for (i, text) in tiles.iter().enumerate() {
            let bit = r.artifact_side(&field_at("setup.artifact_tiles", i), text)?;
            s.board.artifact_offer |= 1 << bit;
        }
    }
    Ok(())
}

fn deck_name(d: Deck) -> &'static str {
    match d {
        Deck::Rounds1To3 => "I-III",
        Deck::Round4 => "IV",
    }
}

/// The decks: the Book deck, the Action-tile pile and the Objective deck, known or not;
/// then every `?` Objective filled (seeded, clarification 17). Returns the guesses.
fn read_decks(
    r: &mut Reader,
    s: &mut State,
    mut unknown: Vec<Unknown>,
    seed: u64,
) -> R<Vec<(String, String)>> {
    let setup = r.setup;
    // Books: every Book placed so far (row and columns).
    for (seat_i, p) in s.players[..r.n].iter().enumerate() {
        for (c, col) in p.columns.iter().enumerate() {
            for (i, &b) in col.iter().enumerate() {
                if b != NONE {
                    let f = format!("player[{seat_i}].columns[{c}][{i}]");
                    r.place(Kind::Book, b, &f, &BOOK_IDS.id(b as usize))?;
                }
            }
        }
    }
    let books = read_pile::<BOOKS>(
        r,
        Kind::Book,
        &BOOK_IDS,
        "library",
        &setup.book_deck,
        &setup.book_bottom,
        BOOKS,
    )?;
    let row_len = s.board.library.iter().filter(|&&b| b != NONE).count();
    if row_len < LIBRARY_SLOTS.min(r.comp.rules.library_slots as usize) && !books.is_empty() {
        return refuse(
            "library.row",
            format!("{row_len} Books in the row while the deck has cards"),
        );
    }
    s.board.book_deck = books;
    s.board.tile_pile = read_pile::<12>(
        r,
        Kind::ActionTile,
        &ACTION_TILE_IDS,
        "synagogue",
        &setup.pile,
        &None,
        12,
    )?;

    // Objectives: the bottom may hold `?`.
    let bottom_items = setup.objective_bottom.clone().unwrap_or_default();
    if setup.objective_deck.is_some() && setup.objective_bottom.is_some() {
        return refuse("objectives.bottom", "given together with objectives.deck");
    }
    let mut bottom_unknown = Vec::new();
    let mut bottom = r.objectives("objectives.bottom", &bottom_items, &mut bottom_unknown)?;
    for (i, f) in bottom_unknown.into_iter().enumerate() {
        let index = bottom
            .iter()
            .enumerate()
            .filter(|(_, &o)| o == NONE)
            .nth(i)
            .map(|(k, _)| k)
            .unwrap_or(0);
        unknown.push(Unknown {
            field: f,
            seat: 0,
            which: Which::Bottom,
            index,
        });
    }
    let deck = match &setup.objective_deck {
        Some(items) => Some(r.ids(Kind::Objective, &OBJECTIVE_IDS, "objectives.deck", items)?),
        None => None,
    };
    let named: u64 = r
        .seen
        .keys()
        .filter(|(k, _)| *k == Kind::Objective)
        .fold(0, |m, &(_, id)| m | 1 << id);
    let all = (1u64 << OBJECTIVES) - 1;
    let mut unseen: Vec<u8> = BitIter(all & !named).map(|o| o as u8).collect();
    if unknown.len() > unseen.len() {
        return refuse(
            &unknown[unseen.len()].field,
            format!(
                "{} cards are ? but only {} Objectives are unseen",
                unknown.len(),
                unseen.len()
            ),
        );
    }
    if deck.is_some() && unknown.len() != unseen.len() {
        let missing: Vec<String> = unseen
            .iter()
            .map(|&o| OBJECTIVE_IDS.id(o as usize))
            .collect();
        return refuse(
            "objectives.deck",
            format!(
                "not exactly the unseen Objectives (missing: {})",
                missing.join(", ")
            ),
        );
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    unseen.shuffle(&mut rng);
    let mut guessed = Vec::new();
    for (u, &card) in unknown.iter().zip(&unseen) {
        guessed.push((u.field.clone(), OBJECTIVE_IDS.id(card as usize)));
        let p = &mut s.players[u.seat];
        match u.which {
            Which::Hand => p.objectives |= 1 << card,
            Which::Pack => p.pack |= 1 << card,
            Which::Drafted => p.drafted |= 1 << card,
            Which::Bottom => bottom[u.index] = card,
        }
    }
    let rest: u64 = unseen[unknown.len()..].iter().fold(0, |m, &o| m | 1 << o);
    s.board.objective_deck = match deck {
        Some(d) => Pile::known(&d),
        None => Pile::hidden(rest, &bottom),
    };
    Ok(guessed)
}

/// A pile with an optional full order (`deck`/`pile`) or a known bottom; unknown cards are
/// those of its kind met nowhere else.
#[allow(clippy::too_many_arguments)]
fn read_pile<const N: usize>(
    r: &mut Reader,
    kind: Kind,
    scheme: &IdScheme,
    table: &str,
    deck: &Option<Vec<String>>,
    bottom: &Option<Vec<String>>,
    count: usize,
) -> R<Pile<N>> {
    let deck_key = if kind == Kind::ActionTile {
        "pile"
    } else {
        "deck"
    };
    if deck.is_some() && bottom.is_some() {
        return refuse(
            format!("{table}.bottom"),
            format!("given together with {table}.deck"),
        );
    }
    let bottom = match bottom {
        Some(items) => r.ids(kind, scheme, &format!("{table}.bottom"), items)?,
        None => Vec::new(),
    };
    let named: u64 = r
        .seen
        .keys()
        .filter(|(k, _)| *k == kind)
        .fold(0, |m, &(_, id)| m | 1 << id);
    let all = if count == 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    };
    let unseen = all & !named;
    match deck {
        Some(items) => {
            let field = format!("{table}.{deck_key}");
            let ids = r.ids(kind, scheme, &field, items)?;
            if set_of(&ids) != unseen {
                let missing: Vec<String> = BitIter(unseen & !set_of(&ids))
                    .map(|i| scheme.id(i))
                    .collect();
                return refuse(
                    field,
                    format!(
                        "not exactly the unseen cards of its kind (missing: {})",
                        missing.join(", ")
                    ),
                );
            }
            Ok(Pile::known(&ids))
        }
        None => Ok(Pile::hidden(unseen, &bottom)),
    }
}

/// The checks that relate the players, the board and the flow: marbles, Golems, Menorah
/// tokens, Pass tiles, and the player owed the decision; derived fields are set here.
fn check_flow(r: &Reader, s: &mut State) -> R<()> {
    let comp = r.comp;
    let n = r.n;
    // Marbles: lines + taken + removed = the set for N players.
    let mut total = [0u32; COLOURS];
    for l in &s.board.lines {
        for (c, t) in total.iter_mut().enumerate() {
            *t += l.count(c as u8) as u32;
        }
    }
    for p in &s.players[..n] {
        for (c, t) in total.iter_mut().enumerate() {
            *t += p.marbles.count(c as u8) as u32;
        }
    }
    for (c, t) in total.iter_mut().enumerate() {
        *t += s.board.removed.count(c as u8) as u32;
    }
    let set = comp.marbles.by_players[n - 1].0;
    // At the start of Refresh the marbles may also be written returned (all in the bag):
    // its first step returns them, so where they were no longer matters.
    let returned = s.phase == Phase::Refresh && total.iter().all(|&t| t == 0);
    for c in 0..COLOURS {
        if total[c] != set[c] as u32 && !returned {
            return refuse(
                "synagogue.lines",
                format!(
                    "{} {} marble(s) in the lines, taken and removed; {n} players play with {}",
                    total[c], COLOUR_LETTERS[c] as char, set[c]
                ),
            );
        }
    }

    // Golems and the Cemetery; unplaced starting Golems.
    let order: Vec<u8> = s.order().to_vec();
    let pos = |seat: u8| order.iter().position(|&t| t == seat).unwrap_or(0);
    for seat_i in 0..n {
        let placed = s.players[seat_i].golems.total();
        let unplaced = match s.phase {
            Phase::Draft | Phase::Discard | Phase::Artifact | Phase::Start => true,
            Phase::Place => pos(seat_i as u8) >= pos(s.to_move),
            _ => false,
        };
        let f = format!("player[{seat_i}].golems");
        if unplaced && placed > 0 {
            return refuse(
                f,
                format!(
                    "Golems on the board before the player's place decision (phase {})",
                    s.phase.name()
                ),
            );
        }
        if s.phase == Phase::Place && !unplaced && placed == 0 {
            return refuse(f, "the player has placed but has no Golem on the board");
        }
        let start = if unplaced {
            comp.rules.golems_start_on_main_board
        } else {
            0
        };
        s.players[seat_i].unplaced = start;
        let cemetery = s.cemetery_golems(seat_i);
        if placed + cemetery + start as u32 > comp.rules.golems_per_player as u32 {
            return refuse(
                f,
                format!(
                    "{placed} on the board + {cemetery} in the Cemetery{} is above {}",
                    if start > 0 {
                        format!(" + {start} starting")
                    } else {
                        String::new()
                    },
                    comp.rules.golems_per_player
                ),
            );
        }
    }

    // Menorah tokens.
    for d in 0..DISTRICTS {
        let holders: Vec<usize> = (0..n)
            .filter(|&i| s.players[i].menorahs >> d & 1 == 1)
            .collect();
        let letter = text_of_district(d as u8);
        if holders.len() > 1 {
            return refuse(
                format!("player[{}].menorahs", holders[1]),
                format!("the '{letter}' token is also held by player {}", holders[0]),
            );
        }
        if s.board.menorah_tokens >> d & 1 == 1 {
            if let Some(&h) = holders.first() {
                return refuse(
                    format!("player[{h}].menorahs"),
                    format!("the '{letter}' token is also on the board"),
                );
            }
            if let Some(i) =
                (0..n).find(|&i| s.players[i].students[d] >= comp.rules.menorah_token_section)
            {
                return refuse(
                    "districts.menorahs",
                    format!(
                        "the '{letter}' token is on the board while player {i}'s Student is on section {}",
                        s.players[i].students[d]
                    ),
                );
            }
        }
    }

    // Passes and Pass tiles.
    for seat_i in 0..n {
        let p = &s.players[seat_i];
        let f = format!("player[{seat_i}].passes");
        let holds = s.board.pass_tiles.contains(&(seat_i as u8));
        if holds && p.passes == 0 {
            return refuse(f, "passes = 0 for a Pass-tile holder");
        }
        if !holds && p.passes > 0 {
            return refuse(f, format!("passes = {} without a Pass tile", p.passes));
        }
        if p.passes == 2 && s.stage == Stage::Main {
            return refuse(
                f,
                "passes = 2 in the main stage (a second pass happens in a passing stage)",
            );
        }
    }

    // Setup cards and the draft round.
    let dealt = comp.rules.objectives_dealt as u32;
    let to_move = s.to_move as usize;
    match s.phase {
        Phase::Draft => {
            let k = s.players[to_move].drafted.count_ones();
            if k + 1 >= dealt {
                return refuse(format!("player[{to_move}].drafted"), "the draft is over");
            }
            for i in 0..n {
                let want = if i < to_move { k + 1 } else { k };
                let p = &s.players[i];
                if p.drafted.count_ones() != want {
                    return refuse(
                        format!("player[{i}].drafted"),
                        format!("{} cards drafted; seat {to_move} picks next, so seat {i} has drafted {want}", p.drafted.count_ones()),
                    );
                }
                let pack = if i < to_move {
                    dealt - k - 1
                } else {
                    dealt - k
                };
                if p.pack.count_ones() != pack {
                    return refuse(
                        format!("player[{i}].pack"),
                        format!("{} cards in the pack, expected {pack}", p.pack.count_ones()),
                    );
                }
            }
            s.draft_round = k as u8;
        }
        Phase::Discard => {
            for i in 0..n {
                let p = &s.players[i];
                let (drafted, hand) = if i < to_move {
                    (0, dealt - 1)
                } else {
                    (dealt, 0)
                };
                if p.drafted.count_ones() != drafted || p.objectives.count_ones() != hand {
                    return refuse(
                        format!("player[{i}].drafted"),
                        format!("seat {to_move} discards next, so seat {i} holds {drafted} drafted cards and {hand} Objectives"),
                    );
                }
            }
            s.draft_round = if n == 1 {
                0
            } else {
                dealt.saturating_sub(1) as u8
            };
        }
        // The draft is over (a solo game has none: its round count stays 0).
        _ => {
            s.draft_round = if n == 1 {
                0
            } else {
                dealt.saturating_sub(1) as u8
            }
        }
    }
    let artifact_tiles = s.board.artifact_offer.count_ones() as usize
        + (0..n)
            .filter(|&i| s.players[i].artifact_tile != NONE)
            .count();
    if SETUP_PHASES.contains(&s.phase) && artifact_tiles != n {
        return refuse(
            "setup.artifact_tiles",
            format!(
                "{artifact_tiles} Artifact tiles on offer and taken; {n} players play with {n}"
            ),
        );
    }
    let after_artifact = !matches!(s.phase, Phase::Draft | Phase::Discard | Phase::Artifact);
    for i in 0..n {
        let has = s.players[i].artifact_tile != NONE;
        let want = match s.phase {
            Phase::Artifact => {
                let rev = n - 1 - pos(i as u8);
                let at = n - 1 - pos(s.to_move);
                rev < at
            }
            _ => after_artifact,
        };
        if has != want {
            return refuse(
                format!("player[{i}].artifact_tile"),
                if want {
                    "missing: the player has taken an Artifact tile by now"
                } else {
                    "the player has not taken an Artifact tile yet"
                },
            );
        }
    }
    if s.phase == Phase::Start {
        for i in 0..n {
            let done = pos(i as u8) < pos(s.to_move);
            let has = s.players[i].starting != 0;
            if has == done {
                return refuse(
                    format!("player[{i}].starting_tiles"),
                    if done {
                        "the player has kept 2 Starting tiles by now: empty"
                    } else {
                        "the player has not chosen Starting tiles yet"
                    },
                );
            }
        }
    } else if matches!(s.phase, Phase::Draft | Phase::Discard | Phase::Artifact) {
        if let Some(i) = (0..n).find(|&i| s.players[i].starting == 0) {
            return refuse(
                format!("player[{i}].starting_tiles"),
                "missing before the start phase",
            );
        }
    }

    // The player owed the decision.
    let tm = s.to_move;
    match s.phase {
        Phase::Movement if s.players[tm as usize].golems.total() == 0 => {
            return refuse("to_move", format!("seat {tm} has no Golem to move"));
        }
        Phase::Actions => {
            let p = &s.players[tm as usize];
            if s.finished(tm as usize) {
                return refuse("to_move", format!("seat {tm} has no actions left"));
            }
            let want = match s.stage {
                Stage::Main => 0,
                Stage::Passing1 => 1,
                Stage::Passing2 => 2,
            };
            if p.passes != want {
                return refuse(
                    "to_move",
                    format!(
                        "seat {tm} has passed {} time(s) and does not act in stage {}",
                        p.passes, STAGE_NAMES[s.stage as usize]
                    ),
                );
            }
        }
        Phase::Remove if s.board.pass_tiles[0] != tm => {
            return refuse("to_move", "the holder of Pass tile 1 removes a marble");
        }
        Phase::Influence => {
            let card = &comp.characters[s.board.palace[(s.round - 1) as usize] as usize];
            if !influence_match(s.players[tm as usize].marbles, card.marbles) {
                return refuse(
                    "to_move",
                    format!(
                        "seat {tm}'s marbles do not match the active Character {}",
                        card.id
                    ),
                );
            }
        }
        _ => {}
    }
    Ok(())
}
