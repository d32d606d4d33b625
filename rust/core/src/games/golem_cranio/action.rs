//! Micro-actions (spec §9): one choice at one decision point, or one chance outcome, as a
//! small `Copy` value with its canonical text and a parser.
//!
//! Text is syntax only here: [`Action::to_text`] writes the canonical spelling of a value,
//! [`Action::parse`] reads any spelling of it (sets and pairs in any order, amounts in any
//! order) into the canonical value. Golem moves are canonicalised against a position by
//! `movement.rs`, since the canonical tokens depend on the Golems before the move.

use super::components::ids::{
    ACTION_TILE_IDS, ARTIFACT_TILE_LETTERS, BOOK_IDS, OBJECTIVE_IDS, STARTING_TILE_IDS,
};
use super::golems::{district_from_letter, parse_section, GolemRef, DISTRICT_LETTERS};
use super::state::{
    colour_from_letter, Marbles, BOOK_COLOUR_LETTERS, CAULDRONS, COLOURS, COLOUR_LETTERS, LINES,
    LINE_NAMES, NONE,
};
use crate::util::BitIter;

/// Most Golems one move can name: a player has 6.
pub const MAX_MOVE_TOKENS: usize = 6;

/// One `<from>><to>` token: from district (bits 0–1), from section (bits 2–5), lying
/// (bit 6), to section (bits 7–10). Never 0 for a real token.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MoveToken(pub u16);

impl MoveToken {
    pub fn new(from: GolemRef, to_section: u8) -> MoveToken {
        MoveToken(
            from.district as u16
                | (from.section as u16) << 2
                | (from.lying as u16) << 6
                | (to_section as u16) << 7,
        )
    }

    pub fn from(self) -> GolemRef {
        GolemRef::new(
            (self.0 & 3) as u8,
            (self.0 >> 2 & 15) as u8,
            self.0 >> 6 & 1 == 1,
        )
    }

    pub fn to_section(self) -> u8 {
        (self.0 >> 7 & 15) as u8
    }

    /// The listing key of §9 and §15.5: district r y b, from section, standing first, to.
    fn key(self) -> (u8, u8, bool, u8) {
        let f = self.from();
        (f.district, f.section, f.lying, self.to_section())
    }

    pub fn text(self) -> String {
        format!("{}>{}", self.from().text(), self.to_section())
    }
}

/// A `move` result as written: tokens in canonical order (unused slots 0), the entry costs
/// paid in Knowledge and in VP, and whether g5's reduced steps are used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MoveAct {
    pub tokens: [MoveToken; MAX_MOVE_TOKENS],
    pub pay_kn: u8,
    pub pay_vp: u8,
    pub ignore: bool,
}

impl MoveAct {
    pub fn tokens(&self) -> impl Iterator<Item = MoveToken> + '_ {
        self.tokens.iter().copied().take_while(|t| t.0 != 0)
    }

    /// Puts the tokens in listing order.
    pub fn sort(&mut self) {
        let n = self.tokens().count();
        self.tokens[..n].sort_by_key(|t| t.key());
    }
}

/// An `up` choice: the tile, for a1–a5 the side and space (Artifact, number within it), and
/// the `any_resource` mix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UpAct {
    /// Development bit (a1–a6 0–5, g1–g6 6–11, s1–s6 12–17).
    pub tile: u8,
    /// Side 1–2 and space `artifact.k`; 0 when not an a1–a5 tile.
    pub side: u8,
    pub space_artifact: u8,
    pub space_k: u8,
    /// Clay, Coins, Knowledge paid; `None` unless `any_resource`.
    pub pay: Option<[u8; 3]>,
}

/// A `book` choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BookAct {
    /// Library slot 1–5.
    pub slot: u8,
    /// Column 1–5.
    pub column: u8,
    /// Book colour code for a black Book (`as`), `NONE` otherwise.
    pub as_colour: u8,
    /// District of the Student stepped back, `NONE` when no Student pays.
    pub back: u8,
}

/// A micro-action or chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    Skip,
    Done,
    No,
    Yes,
    /// `yes <d>`: a conversion whose Student-back cost lets the player choose the Student.
    YesDistrict(u8),
    /// `g6 none` / `g6 step` / `g6 act` / `g6 step act`.
    G6 {
        step: bool,
        act: bool,
    },
    Work(u8),
    Pick(u8),
    Discard(u8),
    /// Tile index 0–3, side 1–2.
    ArtifactTile {
        tile: u8,
        side: u8,
    },
    /// Two Starting tiles, ascending.
    Start(u8, u8),
    /// Two districts in the order r, y, b.
    Place(u8, u8),
    Move(MoveAct),
    Marble {
        line: u8,
        colour: u8,
    },
    Rabbi(u8),
    RabbiBottom,
    Pass,
    Student(u8),
    /// Two Student steps, districts in the order r, y, b (`students r r` where allowed).
    Students(u8, u8),
    Remove(u8),
    Act(GolemRef),
    Up(UpAct),
    Create(u8),
    Gold(u8),
    Book(BookAct),
    Mirror(u8),
    MirrorTrack,
    /// Gold per cauldron.
    Put([u8; CAULDRONS]),
    TrackUp,
    TrackDown,
    /// A Golem and the Cemetery space id.
    Kill {
        golem: GolemRef,
        space: u8,
    },
    /// A set of Books (bit per Book).
    Active(u64),
    /// A set of Artifacts 1–4 (bits 0–3).
    Artifact(u8),
    /// A set of Objectives.
    Keep(u32),
    Use {
        district: u8,
        section: u8,
    },
    /// `option <i>`, i from 1.
    Option(u8),
    InfluenceBonus,
    InfluenceCoins,
    /// A drop outcome: marbles per line.
    Drop([Marbles; LINES]),
    Deal(u8),
    Tile(u8),
    Draw(u32),
}

fn d(letter: u8) -> char {
    DISTRICT_LETTERS[letter as usize] as char
}

fn ids(set: u64, scheme: &super::components::ids::IdScheme) -> String {
    BitIter(set)
        .map(|i| scheme.id(i))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `2clay+1coin+3kn+1vp+1gold`: zero amounts left out.
pub fn amounts_text(clay: u32, coin: u32, kn: u32, vp: u32, gold: u32) -> String {
    [
        (clay, "clay"),
        (coin, "coin"),
        (kn, "kn"),
        (vp, "vp"),
        (gold, "gold"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, unit)| format!("{n}{unit}"))
    .collect::<Vec<_>>()
    .join("+")
}

/// Parses amounts joined by `+` in any order; each unit at most once.
pub fn parse_amounts(text: &str) -> Result<[u32; 5], String> {
    let mut out = [0u32; 5];
    let mut seen = [false; 5];
    for part in text.split('+') {
        let digits: String = part.chars().take_while(|c| c.is_ascii_digit()).collect();
        let unit = &part[digits.len()..];
        let i = ["clay", "coin", "kn", "vp", "gold"]
            .iter()
            .position(|u| *u == unit)
            .ok_or_else(|| format!("'{part}' is not an amount (like 2clay, 1coin, 3kn, 1vp)"))?;
        if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
            return Err(format!("'{part}' needs a number"));
        }
        if seen[i] {
            return Err(format!("'{unit}' is given twice"));
        }
        seen[i] = true;
        out[i] = digits
            .parse()
            .map_err(|_| format!("'{part}' is too large"))?;
    }
    Ok(out)
}

fn development_text(tile: u8) -> String {
    format!("{}{}", ['a', 'g', 's'][tile as usize / 6], tile % 6 + 1)
}

fn parse_development(text: &str) -> Option<u8> {
    let mut chars = text.chars();
    let first = chars.next()?;
    let area = ['a', 'g', 's'].iter().position(|&c| c == first)?;
    let n: u8 = match chars.as_str() {
        s @ ("1" | "2" | "3" | "4" | "5" | "6") => s.parse().ok()?,
        _ => return None,
    };
    Some(area as u8 * 6 + n - 1)
}

fn number(text: &str, what: &str) -> Result<u8, String> {
    if text.is_empty()
        || (text.len() > 1 && text.starts_with('0'))
        || !text.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(format!("'{text}' is not a {what}"));
    }
    text.parse()
        .map_err(|_| format!("'{text}' is not a {what}"))
}

fn district(text: &str) -> Result<u8, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => district_from_letter(c),
        _ => None,
    }
    .ok_or_else(|| format!("'{text}' is not a district (r, y, b)"))
}

fn colour(text: &str) -> Result<u8, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => colour_from_letter(c),
        _ => None,
    }
    .ok_or_else(|| format!("'{text}' is not a marble colour (w, k, r, b, y)"))
}

fn line(text: &str) -> Result<u8, String> {
    LINE_NAMES
        .iter()
        .position(|n| *n == text)
        .map(|i| i as u8)
        .ok_or_else(|| format!("'{text}' is not a line ({})", LINE_NAMES.join(", ")))
}

fn id_of(text: &str, scheme: &super::components::ids::IdScheme) -> Result<u8, String> {
    scheme
        .index(text)
        .map(|i| i as u8)
        .ok_or_else(|| format!("'{text}' is not an id from {}", scheme.range()))
}

fn golem(text: &str) -> Result<GolemRef, String> {
    GolemRef::parse(text).ok_or_else(|| format!("'{text}' is not a Golem (like r3 or y10l)"))
}

/// Parses a `<from>><to>` token.
pub fn parse_move_token(text: &str) -> Result<MoveToken, String> {
    let (from, to) = text
        .split_once('>')
        .ok_or_else(|| format!("'{text}' is not a move token (like r3l>5)"))?;
    let from = golem(from)?;
    let to = parse_section(to).ok_or_else(|| format!("'{to}' is not a section 1-10"))?;
    Ok(MoveToken::new(from, to))
}

fn drop_text(lines: &[Marbles; LINES]) -> String {
    lines.iter().map(|m| m.text()).collect::<Vec<_>>().join("/")
}

fn parse_drop(text: &str) -> Result<[Marbles; LINES], String> {
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != LINES {
        return Err(format!("'{text}' needs 5 lines separated by '/'"));
    }
    let mut out = [Marbles::EMPTY; LINES];
    for (m, part) in out.iter_mut().zip(parts) {
        if part == "-" {
            continue;
        }
        if part.is_empty() {
            return Err("an empty line is written '-'".into());
        }
        for c in part.chars() {
            let colour = colour_from_letter(c)
                .ok_or_else(|| format!("'{c}' is not a marble colour (w, k, r, b, y)"))?;
            if m.count(colour) >= 7 {
                return Err(format!("too many marbles in '{part}'"));
            }
            m.add(colour, 1);
        }
    }
    Ok(out)
}

impl Action {
    /// The canonical text (spec §9).
    pub fn to_text(self) -> String {
        use Action::*;
        match self {
            Skip => "skip".into(),
            Done => "done".into(),
            No => "no".into(),
            Yes => "yes".into(),
            YesDistrict(x) => format!("yes {}", d(x)),
            G6 { step, act } => match (step, act) {
                (false, false) => "g6 none".into(),
                (true, false) => "g6 step".into(),
                (false, true) => "g6 act".into(),
                (true, true) => "g6 step act".into(),
            },
            Work(n) => format!("work {n}"),
            Pick(o) => format!("pick {}", OBJECTIVE_IDS.id(o as usize)),
            Discard(o) => format!("discard {}", OBJECTIVE_IDS.id(o as usize)),
            ArtifactTile { tile, side } => {
                format!(
                    "artifact-tile {}{side}",
                    ARTIFACT_TILE_LETTERS[tile as usize]
                )
            }
            Start(a, b) => format!(
                "start {} {}",
                STARTING_TILE_IDS.id(a as usize),
                STARTING_TILE_IDS.id(b as usize)
            ),
            Place(a, b) => format!("place {} {}", d(a), d(b)),
            Move(m) => {
                let mut s = String::from("move");
                if m.tokens().next().is_none() {
                    s.push_str(" none");
                }
                for t in m.tokens() {
                    s.push(' ');
                    s.push_str(&t.text());
                }
                if m.pay_kn > 0 || m.pay_vp > 0 {
                    s.push_str(" pay ");
                    s.push_str(&amounts_text(0, 0, m.pay_kn as u32, m.pay_vp as u32, 0));
                }
                if m.ignore {
                    s.push_str(" ignore");
                }
                s
            }
            Marble { line, colour } => format!(
                "marble {} {}",
                LINE_NAMES[line as usize], COLOUR_LETTERS[colour as usize] as char
            ),
            Rabbi(n) => format!("rabbi {n}"),
            RabbiBottom => "rabbi bottom".into(),
            Pass => "pass".into(),
            Student(x) => format!("student {}", d(x)),
            Students(a, b) => format!("students {} {}", d(a), d(b)),
            Remove(c) => format!("remove {}", COLOUR_LETTERS[c as usize] as char),
            Act(g) => format!("act {}", g.text()),
            Up(u) => {
                let mut s = format!("up {}", development_text(u.tile));
                if u.side != 0 {
                    s.push_str(&format!("/{}@{}.{}", u.side, u.space_artifact, u.space_k));
                }
                if let Some([clay, coin, kn]) = u.pay {
                    if clay + coin + kn > 0 {
                        s.push_str(" pay ");
                        s.push_str(&amounts_text(clay as u32, coin as u32, kn as u32, 0, 0));
                    }
                }
                s
            }
            Create(x) => format!("create {}", d(x)),
            Gold(n) => format!("gold {n}"),
            Book(b) => {
                let mut s = format!("book {} col{}", b.slot, b.column);
                if b.as_colour != NONE {
                    s.push_str(&format!(
                        " as {}",
                        BOOK_COLOUR_LETTERS[b.as_colour as usize] as char
                    ));
                }
                if b.back != NONE {
                    s.push_str(&format!(" back {}", d(b.back)));
                }
                s
            }
            Mirror(l) => format!("mirror {}", LINE_NAMES[l as usize]),
            MirrorTrack => "mirror track".into(),
            Put(p) => {
                let mut s = String::from("put");
                for (k, &n) in p.iter().enumerate() {
                    if n > 0 {
                        s.push_str(&format!(" {}:{n}", k + 1));
                    }
                }
                s
            }
            TrackUp => "track up".into(),
            TrackDown => "track down".into(),
            Kill { golem, space } => format!("kill {} @{space}", golem.text()),
            Active(set) => format!("active {}", ids(set, &BOOK_IDS)),
            Artifact(set) => format!(
                "artifact {}",
                BitIter(set as u64)
                    .map(|k| (k + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Keep(set) => format!("keep {}", ids(set as u64, &OBJECTIVE_IDS)),
            Use { district, section } => format!("use {}{section}", d(district)),
            Option(i) => format!("option {i}"),
            InfluenceBonus => "influence bonus".into(),
            InfluenceCoins => "influence coins".into(),
            Drop(lines) => format!("drop {}", drop_text(&lines)),
            Deal(b) => format!("deal {}", BOOK_IDS.id(b as usize)),
            Tile(t) => format!("tile {}", ACTION_TILE_IDS.id(t as usize)),
            Draw(set) => format!("draw {}", ids(set as u64, &OBJECTIVE_IDS)),
        }
    }

    /// Reads any spelling of a micro-action into its canonical value (syntax only: whether
    /// it is legal, and for `move` which result it denotes, is the position's business).
    pub fn parse(text: &str) -> Result<Action, String> {
        use Action::*;
        let words: Vec<&str> = text.split(' ').collect();
        if words.iter().any(|w| w.is_empty()) {
            return Err(format!("'{text}': tokens are separated by single spaces"));
        }
        let arity = |n: usize| -> Result<(), String> {
            if words.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "'{text}': expected {} word(s) after '{}'",
                    n - 1,
                    words[0]
                ))
            }
        };
        let set_of = |scheme: &super::components::ids::IdScheme| -> Result<u64, String> {
            if words.len() < 2 {
                return Err(format!("'{text}': expected at least one id"));
            }
            let mut set = 0u64;
            for w in &words[1..] {
                let i = id_of(w, scheme)?;
                if set >> i & 1 == 1 {
                    return Err(format!("'{w}' is given twice"));
                }
                set |= 1 << i;
            }
            Ok(set)
        };
        Ok(match words[0] {
            "skip" => arity(1).map(|_| Skip)?,
            "done" => arity(1).map(|_| Done)?,
            "no" => arity(1).map(|_| No)?,
            "yes" if words.len() == 1 => Yes,
            "yes" => arity(2).and_then(|_| district(words[1]).map(YesDistrict))?,
            "pass" => arity(1).map(|_| Pass)?,
            "g6" => {
                let rest = &words[1..];
                match rest {
                    ["none"] => G6 {
                        step: false,
                        act: false,
                    },
                    ["step"] => G6 {
                        step: true,
                        act: false,
                    },
                    ["act"] => G6 {
                        step: false,
                        act: true,
                    },
                    ["step", "act"] | ["act", "step"] => G6 {
                        step: true,
                        act: true,
                    },
                    _ => return Err(format!("'{text}': expected g6 none, step, act or step act")),
                }
            }
            "work" => arity(2).and_then(|_| number(words[1], "number").map(Work))?,
            "pick" => arity(2).and_then(|_| id_of(words[1], &OBJECTIVE_IDS).map(Pick))?,
            "discard" => arity(2).and_then(|_| id_of(words[1], &OBJECTIVE_IDS).map(Discard))?,
            "artifact-tile" => {
                arity(2)?;
                let w = words[1];
                let (letter, side) = w.split_at(w.len().min(1));
                let tile = ARTIFACT_TILE_LETTERS
                    .iter()
                    .position(|l| *l == letter)
                    .ok_or_else(|| format!("'{w}' is not an Artifact tile side (like B2)"))?;
                let side = match side {
                    "1" => 1,
                    "2" => 2,
                    _ => return Err(format!("'{w}' is not an Artifact tile side (like B2)")),
                };
                ArtifactTile {
                    tile: tile as u8,
                    side,
                }
            }
            "start" => {
                arity(3)?;
                let a = id_of(words[1], &STARTING_TILE_IDS)?;
                let b = id_of(words[2], &STARTING_TILE_IDS)?;
                if a == b {
                    return Err(format!("'{}' is given twice", words[1]));
                }
                Start(a.min(b), a.max(b))
            }
            "place" => {
                arity(3)?;
                let a = district(words[1])?;
                let b = district(words[2])?;
                if a == b {
                    return Err("the two Golems go to two different districts".into());
                }
                Place(a.min(b), a.max(b))
            }
            "move" => {
                let mut m = MoveAct::default();
                let mut i = 1;
                if words.get(1) == Some(&"none") {
                    i = 2;
                } else {
                    let mut n = 0;
                    while let Some(w) = words.get(i) {
                        if *w == "pay" || *w == "ignore" {
                            break;
                        }
                        if n == MAX_MOVE_TOKENS {
                            return Err(format!("'{text}': a player has at most 6 Golems"));
                        }
                        m.tokens[n] = parse_move_token(w)?;
                        n += 1;
                        i += 1;
                    }
                    if n == 0 {
                        return Err(format!("'{text}': expected move tokens or 'none'"));
                    }
                }
                if words.get(i) == Some(&"pay") {
                    let w = words
                        .get(i + 1)
                        .ok_or_else(|| format!("'{text}': 'pay' needs amounts"))?;
                    let a = parse_amounts(w)?;
                    if a[0] + a[1] + a[4] > 0 {
                        return Err(format!("'{w}': entry costs are paid in kn and vp"));
                    }
                    if a[2] > 255 || a[3] > 255 {
                        return Err(format!("'{w}' is too large"));
                    }
                    (m.pay_kn, m.pay_vp) = (a[2] as u8, a[3] as u8);
                    i += 2;
                }
                if words.get(i) == Some(&"ignore") {
                    m.ignore = true;
                    i += 1;
                }
                if i != words.len() {
                    return Err(format!("'{text}': unexpected '{}'", words[i]));
                }
                m.sort();
                Move(m)
            }
            "marble" => {
                arity(3)?;
                Marble {
                    line: line(words[1])?,
                    colour: colour(words[2])?,
                }
            }
            "rabbi" => {
                arity(2)?;
                if words[1] == "bottom" {
                    RabbiBottom
                } else {
                    Rabbi(number(words[1], "action space")?)
                }
            }
            "student" => arity(2).and_then(|_| district(words[1]).map(Student))?,
            "students" => {
                arity(3)?;
                let a = district(words[1])?;
                let b = district(words[2])?;
                Students(a.min(b), a.max(b))
            }
            "remove" => arity(2).and_then(|_| colour(words[1]).map(Remove))?,
            "act" => arity(2).and_then(|_| golem(words[1]).map(Act))?,
            "up" => {
                let w = words
                    .get(1)
                    .ok_or_else(|| format!("'{text}': expected a Development"))?;
                let (tile_text, placement) = match w.split_once('/') {
                    Some((t, p)) => (t, Some(p)),
                    None => (*w, None),
                };
                let tile = parse_development(tile_text).ok_or_else(|| {
                    format!("'{tile_text}' is not a Development (g1-g6, s1-s6, a1-a6)")
                })?;
                let mut up = UpAct {
                    tile,
                    side: 0,
                    space_artifact: 0,
                    space_k: 0,
                    pay: None,
                };
                match placement {
                    Some(p) if tile < 5 => {
                        let bad = || format!("'{w}': expected a side and a space, like a3/2@4.1");
                        let (side, space) = p.split_once('@').ok_or_else(bad)?;
                        let (art, k) = space.split_once('.').ok_or_else(bad)?;
                        up.side = match side {
                            "1" => 1,
                            "2" => 2,
                            _ => return Err(bad()),
                        };
                        up.space_artifact = number(art, "Artifact").map_err(|_| bad())?;
                        up.space_k = number(k, "space").map_err(|_| bad())?;
                        if up.space_artifact == 0 || up.space_k == 0 {
                            return Err(bad());
                        }
                    }
                    None if tile >= 5 => {}
                    _ if tile < 5 => {
                        return Err(format!(
                            "'{w}': a1-a5 need a side and a space, like a3/2@4.1"
                        ))
                    }
                    _ => return Err(format!("'{w}': only a1-a5 take a side and a space")),
                }
                match words.len() {
                    2 => {}
                    4 if words[2] == "pay" => {
                        let a = parse_amounts(words[3])?;
                        if a[3] + a[4] > 0 || a[..3].iter().any(|&n| n > 255) {
                            return Err(format!("'{}': pay in clay, coin and kn", words[3]));
                        }
                        up.pay = Some([a[0] as u8, a[1] as u8, a[2] as u8]);
                    }
                    _ => return Err(format!("'{text}': expected 'up <tile> [pay <amounts>]'")),
                }
                Up(up)
            }
            "create" => arity(2).and_then(|_| district(words[1]).map(Create))?,
            "gold" => arity(2).and_then(|_| number(words[1], "number").map(Gold))?,
            "book" => {
                if words.len() < 3 {
                    return Err(format!("'{text}': expected 'book <slot> col<c>'"));
                }
                let slot = number(words[1], "Library slot")?;
                let column = words[2]
                    .strip_prefix("col")
                    .ok_or_else(|| format!("'{}' is not a column (like col2)", words[2]))
                    .and_then(|c| number(c, "column"))?;
                let mut b = BookAct {
                    slot,
                    column,
                    as_colour: NONE,
                    back: NONE,
                };
                let mut i = 3;
                if words.get(i) == Some(&"as") {
                    let c = words.get(i + 1).copied().unwrap_or("");
                    b.as_colour = BOOK_COLOUR_LETTERS
                        .iter()
                        .position(|&l| c.len() == 1 && l as char == c.chars().next().unwrap())
                        .ok_or_else(|| format!("'{c}' is not a book colour (r, b, g, y, k)"))?
                        as u8;
                    i += 2;
                }
                if words.get(i) == Some(&"back") {
                    b.back = district(words.get(i + 1).copied().unwrap_or(""))?;
                    i += 2;
                }
                if i != words.len() {
                    return Err(format!("'{text}': unexpected '{}'", words[i]));
                }
                Book(b)
            }
            "mirror" => {
                arity(2)?;
                if words[1] == "track" {
                    MirrorTrack
                } else {
                    Mirror(line(words[1])?)
                }
            }
            "put" => {
                if words.len() < 2 {
                    return Err(format!("'{text}': expected '<cauldron>:<gold>' pairs"));
                }
                let mut p = [0u8; CAULDRONS];
                let mut seen = [false; CAULDRONS];
                for w in &words[1..] {
                    let (k, n) = w
                        .split_once(':')
                        .ok_or_else(|| format!("'{w}' is not '<cauldron>:<gold>'"))?;
                    let k = number(k, "cauldron")?;
                    if !(1..=CAULDRONS as u8).contains(&k) {
                        return Err(format!("cauldron {k} does not exist (1-4)"));
                    }
                    if seen[k as usize - 1] {
                        return Err(format!("cauldron {k} is given twice"));
                    }
                    seen[k as usize - 1] = true;
                    p[k as usize - 1] = number(n, "number")?;
                }
                Put(p)
            }
            "track" => match &words[1..] {
                ["up"] => TrackUp,
                ["down"] => TrackDown,
                _ => return Err(format!("'{text}': expected 'track up' or 'track down'")),
            },
            "kill" => {
                arity(3)?;
                let space = words[2]
                    .strip_prefix('@')
                    .ok_or_else(|| format!("'{}' is not a Cemetery space (like @6)", words[2]))
                    .and_then(|s| number(s, "Cemetery space"))?;
                Kill {
                    golem: golem(words[1])?,
                    space,
                }
            }
            "active" => Active(set_of(&BOOK_IDS)?),
            "keep" => Keep(set_of(&OBJECTIVE_IDS)? as u32),
            "draw" => Draw(set_of(&OBJECTIVE_IDS)? as u32),
            "artifact" => {
                if words.len() < 2 {
                    return Err(format!("'{text}': expected Artifact numbers"));
                }
                let mut set = 0u8;
                for w in &words[1..] {
                    let k = number(w, "Artifact")?;
                    if !(1..=4).contains(&k) || set >> (k - 1) & 1 == 1 {
                        return Err(format!("'{w}': Artifacts are 1-4, each once"));
                    }
                    set |= 1 << (k - 1);
                }
                Artifact(set)
            }
            "use" => {
                arity(2)?;
                let g = golem(words[1])?;
                if g.lying {
                    return Err(format!("'{}' is not a section (like r3)", words[1]));
                }
                Use {
                    district: g.district,
                    section: g.section,
                }
            }
            "option" => {
                arity(2)?;
                let i = number(words[1], "option")?;
                if i == 0 {
                    return Err("options are numbered from 1".into());
                }
                Option(i)
            }
            "influence" => match &words[1..] {
                ["bonus"] => InfluenceBonus,
                ["coins"] => InfluenceCoins,
                _ => return Err(format!("'{text}': expected influence bonus or coins")),
            },
            "drop" => arity(2).and_then(|_| parse_drop(words[1]).map(Drop))?,
            "deal" => arity(2).and_then(|_| id_of(words[1], &BOOK_IDS).map(Deal))?,
            "tile" => arity(2).and_then(|_| id_of(words[1], &ACTION_TILE_IDS).map(Tile))?,
            other => return Err(format!("'{other}' is not a micro-action")),
        })
    }
}

/// Every colour, for loops.
pub const ALL_COLOURS: [u8; COLOURS] = [0, 1, 2, 3, 4];

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str) {
        let a = Action::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(a.to_text(), text, "canonical text of {a:?}");
    }

    #[test]
    fn canonical_texts_of_the_spec_round_trip() {
        for t in [
            "skip",
            "done",
            "no",
            "yes",
            "yes y",
            "g6 none",
            "g6 step act",
            "work 0",
            "pick O12",
            "discard O05",
            "artifact-tile B2",
            "start S03 S11",
            "place r y",
            "move none",
            "move r3l>5 y2>1",
            "move r5>7 r5l>5 pay 1kn+2vp",
            "move none pay 5vp",
            "move b9>10 pay 3vp ignore",
            "marble work w",
            "marble mirror k",
            "rabbi 2",
            "rabbi bottom",
            "pass",
            "student b",
            "students r r",
            "students r y",
            "remove y",
            "act r3",
            "act y10l",
            "up g3",
            "up s6",
            "up a6",
            "up a3/2@4.1",
            "up g2 pay 2clay+1coin",
            "create b",
            "gold 2",
            "book 3 col2",
            "book 3 col5 as k back y",
            "book 1 col1 as r",
            "mirror study",
            "mirror track",
            "put 2:1 4:1",
            "track up",
            "track down",
            "kill r3 @6",
            "kill y4l @1",
            "active B03 B17",
            "artifact 1 3",
            "keep O07",
            "keep O03 O07",
            "use y7",
            "option 2",
            "influence bonus",
            "influence coins",
            "drop wr/b/-/wwy/k",
            "deal B17",
            "tile AT05",
            "draw O03 O12",
        ] {
            round_trip(t);
        }
    }

    #[test]
    fn other_spellings_read_as_the_canonical_value() {
        for (any, canonical) in [
            ("start S11 S03", "start S03 S11"),
            ("place b r", "place r b"),
            ("students y r", "students r y"),
            ("g6 act step", "g6 step act"),
            ("put 4:1 2:1", "put 2:1 4:1"),
            ("put 1:0 3:2", "put 3:2"),
            ("up g2 pay 1coin+2clay", "up g2 pay 2clay+1coin"),
            ("active B17 B03", "active B03 B17"),
            ("artifact 3 1", "artifact 1 3"),
            ("draw O12 O03", "draw O03 O12"),
            ("move y2>1 r3l>5", "move r3l>5 y2>1"),
            ("move r5l>5 r5>7 pay 2vp+1kn", "move r5>7 r5l>5 pay 1kn+2vp"),
            ("drop rw/b/-/yww/k", "drop wr/b/-/wwy/k"),
        ] {
            let a = Action::parse(any).unwrap_or_else(|e| panic!("{any}: {e}"));
            assert_eq!(a.to_text(), canonical, "{any}");
        }
    }

    #[test]
    fn malformed_texts_are_refused_with_a_reason() {
        for bad in [
            "",
            "skip ",
            "skip  now",
            "pick O28",
            "pick O1",
            "start S03 S03",
            "place r r",
            "move",
            "move r3>",
            "move r11>5",
            "move r3>5 pay 1clay",
            "move r3>5 pay",
            "marble 1 w",
            "marble work x",
            "up a3",
            "up g3/1@1.1",
            "up a3/3@1.1",
            "up x1",
            "book 3 2",
            "book 3 col2 as x",
            "put 5:1",
            "put 2:1 2:1",
            "kill r3 6",
            "active B03 B03",
            "artifact 5",
            "option 0",
            "drop w/b/r",
            "drop w//r/-/-",
            "use r3l",
            "fly",
        ] {
            assert!(Action::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }
}
