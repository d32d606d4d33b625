//! A Golem (Cranio) position as an SVG picture: what the players see on the table.
//!
//! Top left the main board (the red, yellow and blue districts as rows of sections I–X
//! with their Neighborhood tiles, Golems and Students; the Menorah tokens; the Cemetery),
//! top right the Synagogue (the five marble lines, the Action tiles with their Rabbis,
//! the Pass tiles), the Palace and the Library; under the Cemetery the Objective cards of
//! the seat to move; below, one panel per player. Only public information is drawn, and
//! the cards of the seat to move: its draft pack and drafted cards, its Objective hand and
//! the Objectives it has drawn (the cards its moves name: `pick O04`, `discard O05`,
//! `keep O07`). Everyone else's hands and packs, and deck orders, appear as counts; once
//! the game is over every hand is shown (the final score counts its cards).
//!
//! Plain string building, no dependencies. Pieces carry `class` attributes (`golem
//! standing`, `golem lying`, `student`, `marble`, `rabbi`, `player-panel`, ...) and
//! `data-*` attributes in the spec's notation (`data-golem="r3l"`, `data-seat="1"`,
//! `data-colour="w"`), so tests and style sheets can find them and a reader can match
//! the picture to move texts.

use std::fmt::Write;

use super::components::ids::{
    neighborhood_tile_id, ACTION_TILE_IDS, ARTIFACT_DEVELOPMENT_IDS, ARTIFACT_TILE_LETTERS,
    BOOK_IDS, CHARACTER_IDS, GOLEM_DEVELOPMENT_IDS, OBJECTIVE_IDS, STARTING_TILE_IDS,
    STUDY_DEVELOPMENT_IDS,
};
use super::components::vocab::{
    Area, BookColour, Counter, District, GolemsMoved, MoveDir, ObjectiveType, Resource,
    StudentChoice, TrackDir, Vocab,
};
use super::components::{BookCost, CostItem, Op};
use super::golems::{GolemRef, DISTRICT_LETTERS};
use super::position::{SETUP_PHASES, STAGE_NAMES};
use super::state::{
    Chance, Marbles, Phase, State, BOOK_COLOUR_LETTERS, CAULDRONS, COLOUR_LETTERS, DISTRICTS,
    LINES, LINE_NAMES, NONE, SECTIONS,
};
use crate::util::{wrap_words, BitIter};

/// Width of the picture in SVG units; the height follows the number of players.
const WIDTH: f64 = 1380.0;
const MARGIN: f64 = 10.0;
const INK: &str = "#222222";
const MUTED: &str = "#555555";
/// Outline of the panel of the player to move.
const TO_MOVE: &str = "#d55e00";

/// Seat colours 0–3, chosen apart from the district and marble colours; every seat piece
/// also carries its seat number, for readers who cannot tell the colours apart.
const SEAT_COLOURS: [&str; 4] = ["#e66101", "#5e3c99", "#1b9e77", "#c51b7d"];
/// Marble fills, w k r b y (dark outline so white shows on white).
const MARBLE_FILL: [&str; 5] = ["#f7f7f7", "#1a1a1a", "#d62728", "#1f5fbf", "#f2c500"];
/// Book fills, in book colour code order r b g y k.
const BOOK_FILL: [&str; 5] = ["#d7301f", "#2b6cb0", "#2f9e44", "#e0b000", "#333333"];
/// District tints for sections I–VII and the paid sections VIII–X.
const DISTRICT_FILL: [&str; 3] = ["#f8d7d3", "#fbf0c4", "#d5e3f7"];
const DISTRICT_FILL_DARK: [&str; 3] = ["#efbdb6", "#f2df94", "#b9cff0"];
const DISTRICT_INK: [&str; 3] = ["#a51d12", "#8a6d00", "#1d4f9a"];
const DISTRICT_NAMES: [&str; 3] = ["red", "yellow", "blue"];
const ROMAN: [&str; 10] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
const GOLD_FILL: &str = "#e8b923";

// ---- main board geometry ----
const BOARD_X: f64 = MARGIN;
const BOARD_Y: f64 = 54.0;
const LABEL_W: f64 = 58.0;
const SEC_W: f64 = 76.0;
const TILE_H: f64 = 36.0;
const GOLEM_AREA_H: f64 = 62.0;
const STREET_H: f64 = 20.0;
const ROW_H: f64 = TILE_H + GOLEM_AREA_H + STREET_H;
const ROW_GAP: f64 = 5.0;
const BOARD_W: f64 = LABEL_W + SECTIONS as f64 * SEC_W;
const CEMETERY_Y: f64 = BOARD_Y + DISTRICTS as f64 * (ROW_H + ROW_GAP) + 6.0;
const CEMETERY_H: f64 = 66.0;

// ---- right column geometry ----
const RIGHT_X: f64 = BOARD_X + BOARD_W + 16.0;
const RIGHT_W: f64 = WIDTH - MARGIN - RIGHT_X;

// ---- player panels ----
const PANEL_H: f64 = 196.0;
const PANEL_GAP: f64 = 8.0;

/// Escapes text for SVG element content and attributes.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `text` cut to `max` characters, an ellipsis marking the cut.
pub(super) fn fit(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
        s.push('\u{2026}');
        s
    }
}

/// Splits `text` into at most `lines` lines of at most `width` characters, breaking at
/// spaces; what does not fit is cut with an ellipsis.
pub(super) fn wrap(text: &str, width: usize, lines: usize) -> Vec<String> {
    let mut out = wrap_words(text, width);
    if out.len() > lines {
        let rest = out[lines - 1..].join(" ");
        out.truncate(lines - 1);
        let cut: String = rest.chars().take(width.saturating_sub(1)).collect();
        out.push(format!("{}\u{2026}", cut.trim_end()));
    }
    out.into_iter().map(|l| fit(&l, width)).collect()
}

fn text(out: &mut String, x: f64, y: f64, size: f64, anchor: &str, extra: &str, body: &str) {
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="{anchor}"{extra}>{}</text>"#,
        escape(body)
    );
}

fn bold(out: &mut String, x: f64, y: f64, size: f64, body: &str) {
    text(out, x, y, size, "start", r#" font-weight="bold""#, body);
}

fn muted(out: &mut String, x: f64, y: f64, size: f64, body: &str) {
    text(
        out,
        x,
        y,
        size,
        "start",
        &format!(r#" fill="{MUTED}""#),
        body,
    );
}

/// A board area's title in bold with a muted note `note_dx` to its right.
fn heading(out: &mut String, x: f64, y: f64, title: &str, note_dx: f64, note: &str) {
    bold(out, x, y, 13.0, title);
    muted(out, x + note_dx, y, 10.0, note);
}

#[allow(clippy::too_many_arguments)]
fn rect(out: &mut String, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: &str, extra: &str) {
    let _ = write!(
        out,
        r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{fill}" stroke="{stroke}"{extra}/>"#
    );
}

// ---- effect summaries ----

fn res_word(res: Resource) -> &'static str {
    match res {
        Resource::Clay => "clay",
        Resource::Coin => "coin",
        Resource::Knowledge => "kn",
        Resource::Gold => "gold",
        Resource::Vp => "VP",
    }
}

fn counter_word(c: Counter) -> &'static str {
    match c {
        Counter::GolemLevel => "golem level",
        Counter::CompletedArtifacts => "artifact",
        Counter::CemeteryGolems => "dead golem",
        Counter::UpgradedDevelopments => "development",
        Counter::LeftmostStudent => "last student",
    }
}

fn district_letter(d: District) -> char {
    DISTRICT_LETTERS[d.index()] as char
}

fn minus(discount: u8) -> String {
    if discount > 0 {
        format!(" \u{2212}{discount}")
    } else {
        String::new()
    }
}

fn cost_text(item: &CostItem) -> String {
    match item {
        CostItem::Res { res, n } => format!("{n} {}", res_word(*res)),
        CostItem::StudentBack(StudentChoice::Any) => "student back".into(),
        CostItem::StudentBack(s) => format!("{} student back", &s.name()[..1]),
        CostItem::StudyDown(n) => format!("study \u{2212}{n}"),
    }
}

/// One op in a few words (`+2 clay`, `create −1`, `2 kn: +3 VP`).
fn op_text(op: &Op) -> String {
    match op {
        Op::Gain { res, n } => format!("+{n} {}", res_word(*res)),
        Op::GainPer { res, n, per } => format!("+{n} {}/{}", res_word(*res), counter_word(*per)),
        Op::Study { n } => format!("study +{n}"),
        Op::Student { district, n } => format!("{} student +{n}", district_letter(*district)),
        Op::StudentAny { n, .. } => format!("students +{n}"),
        Op::GolemTrack { n, dir } => match dir {
            TrackDir::Up => format!("track +{n}"),
            TrackDir::Down => format!("track \u{2212}{n}"),
            TrackDir::Either => format!("track \u{b1}{n}"),
        },
        Op::CreateGolem { discount } => format!("create{}", minus(*discount)),
        Op::KillGolem => "kill".into(),
        Op::Activate { n } => format!("activate {n}"),
        Op::MoveGolems {
            steps, dir, golems, ..
        } => format!(
            "move {}{steps}{}",
            if *dir == MoveDir::Either {
                "\u{b1}"
            } else {
                ""
            },
            if *golems == GolemsMoved::One {
                " (1 golem)"
            } else {
                ""
            }
        ),
        Op::Upgrade { area, discount, .. } => {
            let area = match area {
                Area::Golem => " g",
                Area::Study => " s",
                Area::Artifact => " a",
                Area::Any => "",
            };
            format!("upgrade{area}{}", minus(*discount))
        }
        Op::BuyBook { discount, .. } => format!("book{}", minus(*discount)),
        Op::BookActive { n } => format!("{n} book active"),
        Op::ArtifactActivate { n } => format!("{n} artifact"),
        Op::StudentIncome => "street income".into(),
        Op::DrawObjectives { draw, keep } => format!("objectives {keep} of {draw}"),
        Op::UseNeighborhood => "use nbhd".into(),
        Op::NoControlCost => "no control".into(),
        Op::Convert { cost, then } => format!(
            "{}: {}",
            cost.iter().map(cost_text).collect::<Vec<_>>().join("+"),
            effect_text(then)
        ),
        Op::Choice { options } => options
            .iter()
            .map(|o| effect_text(o))
            .collect::<Vec<_>>()
            .join(" / "),
    }
}

/// An effect list in a few words; `—` when it does nothing.
fn effect_text(ops: &[Op]) -> String {
    if ops.is_empty() {
        return "\u{2014}".into();
    }
    ops.iter().map(op_text).collect::<Vec<_>>().join(", ")
}

// ---- pieces ----

fn seat_colour(seat: usize) -> &'static str {
    SEAT_COLOURS[seat % SEAT_COLOURS.len()]
}

/// A Golem of `seat` centred at (`cx`, `cy`), `scale` 1 at full size: standing upright
/// and solid, lying on its side and pale with a dashed outline.
fn golem(
    out: &mut String,
    class: &str,
    seat: usize,
    g: Option<GolemRef>,
    cx: f64,
    cy: f64,
    scale: f64,
) {
    let lying = g.is_some_and(|g| g.lying);
    let (w, h) = if lying { (19.0, 11.0) } else { (12.0, 19.0) };
    let (w, h) = (w * scale, h * scale);
    let kind = if lying { "lying" } else { "standing" };
    let place = g.map(|g| g.text()).unwrap_or_default();
    let data = if place.is_empty() {
        String::new()
    } else {
        format!(r#" data-golem="{place}""#)
    };
    let style = if lying {
        r#" fill-opacity="0.45" stroke-dasharray="2 1.5""#
    } else {
        ""
    };
    let _ = write!(
        out,
        r#"<g class="{class} {kind}" data-seat="{seat}"{data}><title>seat {seat} Golem {place}</title><rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" rx="{:.1}" fill="{}" stroke="{INK}" stroke-width="1.2"{style}/>"#,
        cx - w / 2.0,
        cy - h / 2.0,
        2.5 * scale,
        seat_colour(seat),
    );
    let fill = if lying { INK } else { "#ffffff" };
    text(
        out,
        cx,
        cy + 3.2 * scale,
        (9.0 * scale).max(6.0),
        "middle",
        &format!(r#" font-weight="bold" fill="{fill}""#),
        &seat.to_string(),
    );
    out.push_str("</g>");
}

fn marble(out: &mut String, class: &str, colour: u8, cx: f64, cy: f64, r: f64) {
    let letter = COLOUR_LETTERS[colour as usize] as char;
    let _ = write!(
        out,
        r#"<circle class="{class}" data-colour="{letter}" cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{}" stroke="{INK}" stroke-width="0.9"/>"#,
        MARBLE_FILL[colour as usize]
    );
}

/// Marbles left to right from `x`, colours in the order w k r b y; returns the right end.
fn marble_run(out: &mut String, class: &str, m: Marbles, x: f64, cy: f64, r: f64) -> f64 {
    let mut cx = x + r;
    for c in 0..LINES as u8 {
        for _ in 0..m.count(c) {
            marble(out, class, c, cx, cy, r);
            cx += 2.0 * r + 2.0;
        }
    }
    cx - r
}

/// A Rabbi of `seat`: a seat-coloured figure (robe and head) with the seat number on
/// the robe.
fn rabbi(out: &mut String, seat: usize, cx: f64, cy: f64) {
    let _ = write!(
        out,
        r#"<g class="rabbi" data-seat="{seat}"><title>Rabbi of seat {seat}</title><path d="M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} z" fill="{c}" stroke="{INK}"/><circle cx="{cx:.1}" cy="{:.1}" r="4" fill="{c}" stroke="{INK}"/>"#,
        cx - 8.0,
        cy + 10.0,
        cx - 5.0,
        cy - 3.0,
        cx + 5.0,
        cy - 3.0,
        cx + 8.0,
        cy + 10.0,
        cy - 7.0,
        c = seat_colour(seat),
    );
    text(
        out,
        cx,
        cy + 7.5,
        9.5,
        "middle",
        r##" fill="#ffffff" font-weight="bold""##,
        &seat.to_string(),
    );
    out.push_str("</g>");
}

fn menorah_token(out: &mut String, district: usize, x: f64, y: f64) {
    let _ = write!(
        out,
        r#"<g class="menorah-token" data-district="{}"><title>{} Menorah token</title><rect x="{x:.1}" y="{y:.1}" width="15" height="13" rx="3" fill="{GOLD_FILL}" stroke="{}"/>"#,
        DISTRICT_LETTERS[district] as char, DISTRICT_NAMES[district], DISTRICT_INK[district],
    );
    text(
        out,
        x + 7.5,
        y + 10.0,
        9.0,
        "middle",
        &format!(r#" font-weight="bold" fill="{}""#, DISTRICT_INK[district]),
        "M",
    );
    out.push_str("</g>");
}

// ---- header ----

fn ordinal(i: usize) -> String {
    let suffix = match i {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{i}{suffix}")
}

fn status(s: &State) -> String {
    let n = s.num_players;
    let mut head = format!(
        "Golem (Cranio) \u{b7} {n} player{} \u{b7} round {} of 4 \u{b7} phase {}",
        if n == 1 { "" } else { "s" },
        s.round,
        s.phase.name()
    );
    if matches!(s.phase, Phase::Actions | Phase::Remove) {
        let _ = write!(head, " ({})", STAGE_NAMES[s.stage as usize]);
    }
    let who = match s.chance {
        Chance::Drop => " \u{b7} chance: marble drop".to_string(),
        Chance::Library => " \u{b7} chance: a Book into the Library".to_string(),
        Chance::Tile(k) => format!(" \u{b7} chance: an Action tile onto space {}", k + 1),
        Chance::Objectives => " \u{b7} chance: Objectives drawn".to_string(),
        Chance::None if s.phase == Phase::Over => {
            format!(" \u{b7} game over, seat {} wins", s.winner())
        }
        Chance::None if s.to_move != NONE && s.phase != Phase::Refresh => {
            format!(" \u{b7} seat {} to move", s.to_move)
        }
        Chance::None => String::new(),
    };
    head + &who
}

fn header(out: &mut String, s: &State) {
    bold(out, MARGIN, 24.0, 18.0, &status(s));
    let order: Vec<String> = s.order().iter().map(|t| t.to_string()).collect();
    let info = &s.comp.info;
    let mut line = format!(
        "turn order {} \u{b7} components {}: {} of {} values are placeholders",
        order.join(" \u{2192} "),
        info.source.label(),
        info.placeholders,
        info.facts
    );
    if !s.stack.is_empty() {
        let _ = write!(
            line,
            " \u{b7} inside a compound action ({} pending)",
            s.stack.len
        );
    }
    let _ = write!(
        out,
        r#"<text class="components" data-placeholders="{}" data-facts="{}" x="{MARGIN}" y="42" font-size="12" fill="{MUTED}">{}</text>"#,
        info.placeholders,
        info.facts,
        escape(&line)
    );
}

// ---- main board ----

fn section_x(section: u8) -> f64 {
    BOARD_X + LABEL_W + (section as f64 - 1.0) * SEC_W
}

fn row_y(district: usize) -> f64 {
    BOARD_Y + district as f64 * (ROW_H + ROW_GAP)
}

/// The neighborhood of a section: its tile id (empty for a printed one), its effect in
/// a few words and its full text.
fn neighborhood(s: &State, d: usize, section: u8) -> (String, String, String) {
    let comp = s.comp.0;
    if let Some(i) = comp
        .board
        .neighborhood_sections
        .iter()
        .position(|&x| x == section)
    {
        let tile = s.board.districts[d][i];
        if tile == NONE {
            return (String::new(), String::new(), String::new());
        }
        let t = &comp.neighborhood_tiles[tile as usize];
        return (
            neighborhood_tile_id(tile as usize),
            effect_text(&t.effect),
            t.text.clone(),
        );
    }
    let printed = comp.board.printed_neighborhoods[d]
        .iter()
        .find(|p| p.section == section);
    let effect = printed.map(|p| effect_text(&p.effect)).unwrap_or_default();
    (String::new(), effect.clone(), format!("printed: {effect}"))
}

fn district_row(out: &mut String, s: &State, d: usize) {
    let comp = s.comp.0;
    let y = row_y(d);
    let letter = DISTRICT_LETTERS[d] as char;
    let _ = write!(out, r#"<g class="district" data-district="{letter}">"#);
    rect(
        out,
        BOARD_X,
        y,
        LABEL_W - 3.0,
        ROW_H,
        DISTRICT_FILL_DARK[d],
        DISTRICT_INK[d],
        r#" rx="4""#,
    );
    text(
        out,
        BOARD_X + (LABEL_W - 3.0) / 2.0,
        y + 30.0,
        24.0,
        "middle",
        &format!(r#" font-weight="bold" fill="{}""#, DISTRICT_INK[d]),
        &letter.to_string(),
    );
    text(
        out,
        BOARD_X + (LABEL_W - 3.0) / 2.0,
        y + 46.0,
        11.0,
        "middle",
        &format!(r#" fill="{}""#, DISTRICT_INK[d]),
        DISTRICT_NAMES[d],
    );
    muted(
        out,
        BOARD_X + 4.0,
        y + TILE_H + GOLEM_AREA_H - 4.0,
        9.0,
        "golems",
    );
    muted(out, BOARD_X + 4.0, y + ROW_H - 6.0, 9.0, "students");
    let menorah_section = comp.rules.menorah_token_section;
    for section in 1..=SECTIONS as u8 {
        let x = section_x(section);
        let paid = comp.board.block_entry_cost[section as usize - 1] > 0;
        let fill = if paid {
            DISTRICT_FILL_DARK[d]
        } else {
            DISTRICT_FILL[d]
        };
        let (id, effect, full) = neighborhood(s, d, section);
        let tip = if id.is_empty() {
            full.clone()
        } else {
            format!("{id} {full}")
        };
        let _ = write!(
            out,
            r#"<g class="section" data-section="{letter}{section}"><title>{} {}: {}</title>"#,
            DISTRICT_NAMES[d],
            ROMAN[section as usize - 1],
            escape(&tip)
        );
        rect(out, x, y, SEC_W, ROW_H, fill, "#888888", "");
        // The neighborhood: a tile (sections I–VII) or the printed box.
        let (tile_fill, class) = if id.is_empty() {
            ("none", "printed")
        } else {
            ("#fffdf6", "tile")
        };
        let _ = write!(
            out,
            r#"<rect class="{class}" data-tile="{id}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="3" fill="{tile_fill}" stroke="{}" stroke-width="0.8"/>"#,
            x + 2.0,
            y + 2.0,
            SEC_W - 4.0,
            TILE_H - 3.0,
            DISTRICT_INK[d]
        );
        bold(out, x + 5.0, y + 12.0, 10.0, ROMAN[section as usize - 1]);
        let tag = if id.is_empty() {
            let cost = comp.board.block_entry_cost[section as usize - 1];
            if cost > 0 {
                format!("entry {cost}")
            } else {
                String::new()
            }
        } else {
            id.clone()
        };
        text(
            out,
            x + SEC_W - 5.0,
            y + 12.0,
            9.0,
            "end",
            &format!(r#" fill="{}""#, DISTRICT_INK[d]),
            &tag,
        );
        for (i, line) in wrap(&effect, 17, 2).iter().enumerate() {
            text(
                out,
                x + 5.0,
                y + 22.0 + 9.0 * i as f64,
                8.0,
                "start",
                "",
                line,
            );
        }
        if section == menorah_section && s.board.menorah_tokens >> d & 1 == 1 {
            menorah_token(out, d, x + SEC_W - 19.0, y + TILE_H + 2.0);
        }
        out.push_str("</g>");
        golems_in_section(out, s, d, section, x, y + TILE_H);
        students_in_section(out, s, d, section, x, y + TILE_H + GOLEM_AREA_H);
    }
    // The street line between the blocks and the students.
    let _ = write!(
        out,
        r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#888888" stroke-dasharray="3 3"/>"##,
        section_x(1),
        y + TILE_H + GOLEM_AREA_H,
        section_x(SECTIONS as u8) + SEC_W,
        y + TILE_H + GOLEM_AREA_H
    );
    out.push_str("</g>");
}

/// Every Golem on one section, seat by seat, standing before lying, in a grid that
/// shrinks when crowded.
fn golems_in_section(out: &mut String, s: &State, d: usize, section: u8, x: f64, y: f64) {
    let mut pieces: Vec<(usize, GolemRef)> = Vec::new();
    for seat in 0..s.num_players as usize {
        for lying in [false, true] {
            let g = GolemRef::new(d as u8, section, lying);
            for _ in 0..s.players[seat].golems.count(g) {
                pieces.push((seat, g));
            }
        }
    }
    if pieces.is_empty() {
        return;
    }
    let width = SEC_W - 6.0;
    let cols = pieces.len().div_ceil(3).max(3);
    let slot_w = width / cols as f64;
    let rows = pieces.len().div_ceil(cols);
    let slot_h = (GOLEM_AREA_H - 4.0) / rows.max(2) as f64;
    let scale = (slot_w / 22.0).min(slot_h / 21.0).min(1.0);
    for (i, (seat, g)) in pieces.into_iter().enumerate() {
        let cx = x + 3.0 + slot_w * ((i % cols) as f64 + 0.5);
        let cy = y + 2.0 + slot_h * ((i / cols) as f64 + 0.5);
        golem(out, "golem", seat, Some(g), cx, cy, scale);
    }
}

fn students_in_section(out: &mut String, s: &State, d: usize, section: u8, x: f64, y: f64) {
    let seats: Vec<usize> = (0..s.num_players as usize)
        .filter(|&seat| s.players[seat].students[d] == section)
        .collect();
    let step = ((SEC_W - 8.0) / seats.len().max(4) as f64).min(17.0);
    for (i, &seat) in seats.iter().enumerate() {
        let cx = x + 4.0 + step * (i as f64 + 0.5);
        let cy = y + STREET_H / 2.0;
        let _ = write!(
            out,
            r#"<g class="student" data-seat="{seat}" data-student="{}{section}"><title>seat {seat} Student on {} {}</title><circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{}" stroke="{INK}"/>"#,
            DISTRICT_LETTERS[d] as char,
            DISTRICT_NAMES[d],
            ROMAN[section as usize - 1],
            (step / 2.0 - 0.5).min(7.0),
            seat_colour(seat),
        );
        text(
            out,
            cx,
            cy + 3.0,
            8.0,
            "middle",
            r##" fill="#ffffff" font-weight="bold""##,
            &seat.to_string(),
        );
        out.push_str("</g>");
    }
}

fn cemetery(out: &mut String, s: &State) {
    let comp = s.comp.0;
    let n = s.num_players as usize;
    let y = CEMETERY_Y;
    out.push_str(r#"<g id="cemetery">"#);
    rect(
        out,
        BOARD_X,
        y,
        BOARD_W,
        CEMETERY_H,
        "#e9e6e1",
        "#888888",
        r#" rx="4""#,
    );
    bold(out, BOARD_X + 6.0, y + 16.0, 12.0, "Cemetery");
    let in_play: Vec<usize> = (0..comp.cemetery.len())
        .filter(|&i| !comp.cemetery[i].unlimited && comp.cemetery[i].min_players as usize <= n)
        .collect();
    let space_w = 104.0;
    let mut x = BOARD_X + LABEL_W + 6.0;
    for (k, &i) in in_play.iter().enumerate() {
        let space = &comp.cemetery[i];
        let _ = write!(
            out,
            r#"<g class="cemetery-space" data-space="{}">"#,
            space.id
        );
        rect(
            out,
            x,
            y + 6.0,
            space_w - 6.0,
            CEMETERY_H - 12.0,
            "#f7f5f2",
            "#999999",
            r#" rx="3""#,
        );
        bold(out, x + 4.0, y + 19.0, 10.0, &format!("@{}", space.id));
        for (j, line) in wrap(&effect_text(&space.bonus), 16, 2).iter().enumerate() {
            text(
                out,
                x + 4.0,
                y + 31.0 + 9.0 * j as f64,
                8.0,
                "start",
                "",
                line,
            );
        }
        let occupant = s.board.cemetery.get(k).copied().unwrap_or(NONE);
        if occupant != NONE {
            golem(
                out,
                "cemetery-golem",
                occupant as usize,
                None,
                x + space_w - 20.0,
                y + 26.0,
                1.0,
            );
        }
        out.push_str("</g>");
        x += space_w;
    }
    if let Some(unlimited) = comp.cemetery.iter().find(|c| c.unlimited) {
        let w = BOARD_X + BOARD_W - 6.0 - x;
        let _ = write!(
            out,
            r#"<g class="cemetery-space" data-space="{}">"#,
            unlimited.id
        );
        rect(
            out,
            x,
            y + 6.0,
            w,
            CEMETERY_H - 12.0,
            "#f7f5f2",
            "#999999",
            r#" rx="3""#,
        );
        bold(
            out,
            x + 4.0,
            y + 19.0,
            10.0,
            &format!("@{} (any number)", unlimited.id),
        );
        // Closer together when many, so the space never overflows.
        let dead: u32 = s.board.cemetery_unlimited[..n]
            .iter()
            .map(|&k| k as u32)
            .sum();
        let step = ((w - 24.0) / dead.max(1) as f64).min(14.0);
        let mut gx = x + 12.0;
        for seat in 0..n {
            for _ in 0..s.board.cemetery_unlimited[seat] {
                golem(out, "cemetery-golem", seat, None, gx, y + 40.0, 0.9);
                gx += step;
            }
        }
        out.push_str("</g>");
    }
    out.push_str("</g>");
}

/// Deck sizes (never their order or contents) and, during setup, the Artifact tiles on
/// offer; returns the baseline of the last line written.
fn decks(out: &mut String, s: &State, y: f64) -> f64 {
    let b = &s.board;
    let line = format!(
        "Decks: Books {} \u{b7} Objectives {} \u{b7} Action tiles {} in the pile, {} discarded",
        b.book_deck.len(),
        b.objective_deck.len(),
        b.tile_pile.len(),
        b.tile_discards.count_ones()
    );
    let _ = write!(
        out,
        r#"<text class="decks" data-books="{}" data-objectives="{}" data-tiles="{}" x="{BOARD_X}" y="{y:.1}" font-size="12">{}</text>"#,
        b.book_deck.len(),
        b.objective_deck.len(),
        b.tile_pile.len(),
        escape(&line)
    );
    if SETUP_PHASES.contains(&s.phase) && b.artifact_offer != 0 {
        let offer: Vec<String> = BitIter(b.artifact_offer as u64)
            .map(|bit| format!("{}{}", ARTIFACT_TILE_LETTERS[bit / 2], bit % 2 + 1))
            .collect();
        bold(
            out,
            BOARD_X,
            y + 18.0,
            12.0,
            &format!("Artifact tiles on offer: {}", offer.join(" ")),
        );
        return y + 18.0;
    }
    y
}

// ---- Objective cards ----

const OBJ_LABEL_W: f64 = 150.0;
const OBJ_W: f64 = 80.0;
const OBJ_H: f64 = 44.0;
const OBJ_GAP: f64 = 4.0;
const OBJ_ROW_H: f64 = OBJ_H + 6.0;
/// Cards in one row of the strip; more wrap to the next row.
const OBJ_PER_ROW: usize = ((BOARD_W - OBJ_LABEL_W + OBJ_GAP) / (OBJ_W + OBJ_GAP)) as usize;

/// The seat whose private cards are drawn: the seat to move at a decision (not during a
/// chance event, the Refresh or after the end).
fn card_viewer(s: &State) -> Option<usize> {
    (s.chance == Chance::None
        && s.to_move != NONE
        && !matches!(s.phase, Phase::Over | Phase::Refresh))
    .then_some(s.to_move as usize)
}

/// What an Objective card asks, short: `red Student ≥ VI`, `≥ 3 Gold`.
pub(super) fn objective_text(ty: ObjectiveType, threshold: u8) -> String {
    let n = threshold;
    let section = |colour: &str| {
        let roman = ROMAN
            .get((n as usize).wrapping_sub(1))
            .copied()
            .unwrap_or("?");
        format!("{colour} Student \u{2265} {roman}")
    };
    match ty {
        ObjectiveType::StudentRed => section("red"),
        ObjectiveType::StudentYellow => section("yellow"),
        ObjectiveType::StudentBlue => section("blue"),
        ObjectiveType::GolemsBuilt => format!("\u{2265} {n} Golems built"),
        ObjectiveType::Gold => format!("\u{2265} {n} Gold"),
        ObjectiveType::Developments => format!("\u{2265} {n} Dev. tiles"),
        ObjectiveType::Study => format!("Study \u{2265} {n}"),
        ObjectiveType::Books => format!("\u{2265} {n} Books"),
        ObjectiveType::GolemsKilled => format!("\u{2265} {n} dead Golems"),
    }
}

/// The rows of the strip: a label and the cards (a bit set of Objective indices), with
/// the seat holding them and the class naming where they lie.
fn objective_rows(s: &State) -> Vec<(String, usize, &'static str, u32)> {
    let mut rows = Vec::new();
    if s.phase == Phase::Over {
        for seat in 0..s.num_players as usize {
            let hand = s.players[seat].objectives;
            let label = format!("Seat {seat} \u{b7} Objectives");
            rows.push((label, seat, "hand", hand));
        }
        return rows;
    }
    let Some(seat) = card_viewer(s) else {
        return rows;
    };
    let p = &s.players[seat];
    let setup = SETUP_PHASES.contains(&s.phase);
    if setup && p.pack != 0 {
        rows.push((
            format!("Seat {seat} \u{b7} draft pack"),
            seat,
            "pack",
            p.pack,
        ));
    }
    if setup && p.drafted != 0 {
        rows.push((
            format!("Seat {seat} \u{b7} drafted"),
            seat,
            "drafted",
            p.drafted,
        ));
    }
    if s.stack.drawn != 0 {
        let label = format!("Seat {seat} \u{b7} drawn, to keep");
        rows.push((label, seat, "drawn", s.stack.drawn));
    }
    if p.objectives != 0 {
        rows.push((
            format!("Seat {seat} \u{b7} Objectives"),
            seat,
            "hand",
            p.objectives,
        ));
    }
    rows
}

/// The Objective cards the picture may show (see the module's notes), from `y`; returns
/// the y below them (`y` when there are none). Each card is tagged `data-card="O04"`,
/// the id the draft moves name.
fn objective_cards(out: &mut String, s: &State, y: f64) -> f64 {
    let rows = objective_rows(s);
    if rows.is_empty() {
        return y;
    }
    let over = s.phase == Phase::Over;
    out.push_str(r#"<g class="objective-cards">"#);
    let mut ry = y;
    for (label, seat, place, cards) in rows {
        bold(out, BOARD_X, ry + 15.0, 11.0, &label);
        let cards: Vec<usize> = BitIter(cards as u64).collect();
        muted(
            out,
            BOARD_X,
            ry + 29.0,
            10.0,
            &format!(
                "{} card{}",
                cards.len(),
                if cards.len() == 1 { "" } else { "s" }
            ),
        );
        for (i, &o) in cards.iter().enumerate() {
            let cx = BOARD_X + OBJ_LABEL_W + (i % OBJ_PER_ROW) as f64 * (OBJ_W + OBJ_GAP);
            let cy = ry + (i / OBJ_PER_ROW) as f64 * OBJ_ROW_H;
            let id = OBJECTIVE_IDS.id(o);
            let card = &s.comp.objectives[o];
            let what = objective_text(card.objective_type, card.threshold);
            let done = over && s.objective_done(seat, o);
            let _ = write!(
                out,
                r#"<g class="objective {place}{}" data-card="{id}" data-seat="{seat}"><title>{id}: {} ({} VP){}</title>"#,
                if done { " completed" } else { "" },
                escape(&what),
                card.vp,
                if done { ", completed" } else { "" },
            );
            let (stroke, width) = if done { ("#1b9e77", "2.5") } else { (INK, "1") };
            rect(
                out,
                cx,
                cy,
                OBJ_W,
                OBJ_H,
                "#fffdf5",
                stroke,
                &format!(r#" rx="4" stroke-width="{width}""#),
            );
            bold(out, cx + 4.0, cy + 13.0, 11.0, &id);
            let _ = write!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-size="10" font-weight="bold" text-anchor="end">{} VP{}</text>"#,
                cx + OBJ_W - 4.0,
                cy + 13.0,
                card.vp,
                if done { " \u{2713}" } else { "" }
            );
            for (k, line) in wrap(&what, 16, 2).iter().enumerate() {
                text(
                    out,
                    cx + 4.0,
                    cy + 26.0 + 11.0 * k as f64,
                    9.0,
                    "start",
                    "",
                    line,
                );
            }
            out.push_str("</g>");
        }
        let lines = cards.len().div_ceil(OBJ_PER_ROW).max(1);
        ry += lines as f64 * OBJ_ROW_H;
    }
    out.push_str("</g>");
    ry
}

// ---- Synagogue, Palace, Library ----

const LINE_ROW_H: f64 = 22.0;
const SPACE_ROW_H: f64 = 25.0;

/// The Synagogue from `y`; returns the y below it.
fn synagogue(out: &mut String, s: &State, y: f64) -> f64 {
    let comp = s.comp.0;
    let n = s.num_players as usize;
    let spaces = n + comp.rules.action_spaces_extra as usize;
    let x = RIGHT_X;
    let height = 20.0 + LINES as f64 * LINE_ROW_H + 8.0 + (spaces + 1) as f64 * SPACE_ROW_H + 34.0;
    out.push_str(r#"<g id="synagogue">"#);
    rect(
        out,
        x,
        y,
        RIGHT_W,
        height,
        "#f3efe6",
        "#888888",
        r#" rx="6""#,
    );
    heading(
        out,
        x + 8.0,
        y + 16.0,
        "Synagogue",
        92.0,
        "line, value v = marbles in it",
    );
    out.push_str(r#"<g id="lines">"#);
    for (l, &m) in s.board.lines.iter().enumerate() {
        let ly = y + 22.0 + l as f64 * LINE_ROW_H;
        let _ = write!(
            out,
            r#"<g class="line" data-line="{}" data-marbles="{}">"#,
            LINE_NAMES[l],
            m.text()
        );
        rect(
            out,
            x + 6.0,
            ly,
            RIGHT_W - 12.0,
            LINE_ROW_H - 3.0,
            "#ffffff",
            "#bbbbbb",
            r#" rx="9""#,
        );
        bold(out, x + 14.0, ly + 13.5, 11.0, LINE_NAMES[l]);
        muted(out, x + 84.0, ly + 13.5, 10.0, &format!("v={}", m.total()));
        marble_run(
            out,
            "marble",
            m,
            x + 118.0,
            ly + (LINE_ROW_H - 3.0) / 2.0,
            7.5,
        );
        out.push_str("</g>");
    }
    out.push_str("</g>");
    // Action spaces, top first, then the printed bottom space.
    let top = y + 22.0 + LINES as f64 * LINE_ROW_H + 8.0;
    for i in 0..spaces {
        let sy = top + i as f64 * SPACE_ROW_H;
        let tile = s.board.tiles[i];
        let (id, effect, full) = if tile == NONE {
            ("(empty)".to_string(), String::new(), String::new())
        } else {
            let t = &comp.synagogue.action_tiles[tile as usize];
            (
                ACTION_TILE_IDS.id(tile as usize),
                effect_text(&t.effect),
                t.text.clone(),
            )
        };
        let _ = write!(
            out,
            r#"<g class="action-space" data-space="{}" data-tile="{id}"><title>{id}: {}</title>"#,
            i + 1,
            escape(&effect)
        );
        rect(
            out,
            x + 6.0,
            sy,
            RIGHT_W - 12.0,
            SPACE_ROW_H - 3.0,
            "#fffdf6",
            "#9a8f7a",
            r#" rx="3""#,
        );
        muted(out, x + 12.0, sy + 15.0, 10.0, &format!("{}", i + 1));
        bold(out, x + 26.0, sy + 15.0, 11.0, &id);
        // The printed text, which players read; two lines at most.
        let lines = wrap(&full, 86, 2);
        let first = if lines.len() == 1 {
            sy + 15.0
        } else {
            sy + 10.0
        };
        for (j, line) in lines.iter().enumerate() {
            text(
                out,
                x + 66.0,
                first + 9.5 * j as f64,
                8.5,
                "start",
                "",
                line,
            );
        }
        let r = s.board.rabbis[i];
        if r != NONE {
            rabbi(out, r as usize, x + RIGHT_W - 22.0, sy + 12.0);
        }
        out.push_str("</g>");
    }
    let by = top + spaces as f64 * SPACE_ROW_H;
    out.push_str(r#"<g class="action-space bottom" data-space="bottom">"#);
    rect(
        out,
        x + 6.0,
        by,
        RIGHT_W - 12.0,
        SPACE_ROW_H - 3.0,
        "#ece6d8",
        "#9a8f7a",
        r#" rx="3""#,
    );
    bold(out, x + 12.0, by + 15.0, 11.0, "bottom");
    text(
        out,
        x + 66.0,
        by + 15.0,
        10.0,
        "start",
        "",
        &fit(&effect_text(&comp.synagogue.bottom_action), 40),
    );
    let bottom: Vec<u8> = s
        .board
        .bottom_rabbis
        .iter()
        .copied()
        .filter(|&t| t != NONE)
        .collect();
    // Left to right in the order placed, ending at the right edge.
    let mut rx = x + RIGHT_W - 22.0 - 18.0 * bottom.len().saturating_sub(1) as f64;
    for seat in bottom {
        rabbi(out, seat as usize, rx, by + 12.0);
        rx += 18.0;
    }
    out.push_str("</g>");
    // Pass tiles, and the marbles removed onto tile 1.
    let py = by + SPACE_ROW_H + 4.0;
    muted(out, x + 12.0, py + 14.0, 10.0, "Pass tiles");
    let mut px = x + 70.0;
    for t in 0..comp.rules.pass_tiles as usize {
        let holder = s.board.pass_tiles[t];
        let _ = write!(
            out,
            r#"<g class="pass-tile" data-tile="{}" data-holder="{}">"#,
            t + 1,
            if holder == NONE { -1 } else { holder as i32 }
        );
        let fill = if holder == NONE {
            "#ffffff"
        } else {
            seat_colour(holder as usize)
        };
        rect(out, px, py + 2.0, 50.0, 18.0, fill, INK, r#" rx="3""#);
        let label = if holder == NONE {
            format!("{}: free", t + 1)
        } else {
            format!("{}: seat {holder}", t + 1)
        };
        let ink = if holder == NONE { INK } else { "#ffffff" };
        text(
            out,
            px + 25.0,
            py + 15.0,
            9.0,
            "middle",
            &format!(r#" fill="{ink}""#),
            &label,
        );
        out.push_str("</g>");
        px += 54.0;
    }
    if s.board.removed.total() > 0 {
        muted(out, px + 4.0, py + 14.0, 10.0, "removed:");
        marble_run(
            out,
            "removed-marble",
            s.board.removed,
            px + 50.0,
            py + 11.0,
            6.0,
        );
    }
    out.push_str("</g>");
    y + height
}

/// The Palace's 4 Characters; the active one (number `round`) outlined, past ones pale.
fn palace(out: &mut String, s: &State, y: f64) -> f64 {
    let comp = s.comp.0;
    let x = RIGHT_X;
    let note = "the Character of round k is active in round k";
    heading(out, x, y + 12.0, "Palace", 56.0, note);
    let w = (RIGHT_W - 3.0 * 6.0) / 4.0;
    let h = 66.0;
    let cy = y + 18.0;
    out.push_str(r#"<g id="palace">"#);
    for (i, &c) in s.board.palace.iter().enumerate() {
        if c == NONE {
            continue;
        }
        let ch = &comp.characters[c as usize];
        let cx = x + i as f64 * (w + 6.0);
        let active = i + 1 == s.round as usize && s.phase != Phase::Over;
        let past = i + 1 < s.round as usize || s.phase == Phase::Over;
        let (stroke, sw) = if active {
            (TO_MOVE, 3.0)
        } else {
            ("#777777", 1.0)
        };
        let _ = write!(
            out,
            r#"<g class="character{}" data-card="{}"{}><title>{}</title>"#,
            if active { " active" } else { "" },
            CHARACTER_IDS.id(c as usize),
            if past { r#" opacity="0.55""# } else { "" },
            escape(&ch.text)
        );
        rect(
            out,
            cx,
            cy,
            w,
            h,
            "#fbf6ea",
            stroke,
            &format!(r#" rx="5" stroke-width="{sw}""#),
        );
        bold(
            out,
            cx + 5.0,
            cy + 13.0,
            11.0,
            &CHARACTER_IDS.id(c as usize),
        );
        muted(
            out,
            cx + 40.0,
            cy + 13.0,
            9.0,
            &format!("#{} \u{b7} {} coin", ch.number, ch.cost_coins),
        );
        for (k, colour) in ch.marbles.iter().enumerate() {
            marble(
                out,
                "character-marble",
                colour.index() as u8,
                cx + w - 24.0 + 12.0 * k as f64,
                cy + 9.0,
                5.0,
            );
        }
        muted(
            out,
            cx + 5.0,
            cy + 26.0,
            9.0,
            &format!("+{} golem steps", ch.golem_steps),
        );
        for (j, line) in wrap(&effect_text(&ch.effect), 24, 3).iter().enumerate() {
            text(
                out,
                cx + 5.0,
                cy + 38.0 + 9.5 * j as f64,
                8.5,
                "start",
                "",
                line,
            );
        }
        out.push_str("</g>");
    }
    out.push_str("</g>");
    cy + h
}

/// The Library row, slot 1 leftmost, with the slot costs.
fn library(out: &mut String, s: &State, y: f64) -> f64 {
    let comp = s.comp.0;
    let x = RIGHT_X;
    let note = "slot (+ its Knowledge cost); Book: cost, bonus now, active bonus";
    heading(out, x, y + 12.0, "Library", 60.0, note);
    let slots = comp.rules.library_slots as usize;
    let w = (RIGHT_W - (slots as f64 - 1.0) * 5.0) / slots as f64;
    let h = 70.0;
    let by = y + 18.0;
    out.push_str(r#"<g id="library">"#);
    for slot in 0..slots {
        let bx = x + slot as f64 * (w + 5.0);
        let slot_cost = comp.library_slot_costs[slot];
        let book = s.board.library[slot];
        if book == NONE {
            rect(
                out,
                bx,
                by,
                w,
                h,
                "none",
                "#aaaaaa",
                r#" rx="4" stroke-dasharray="4 3""#,
            );
            muted(
                out,
                bx + 5.0,
                by + 13.0,
                9.0,
                &format!("slot {} (+{slot_cost} kn) empty", slot + 1),
            );
            continue;
        }
        let b = &comp.books[book as usize];
        let colour = b.colour.index();
        let id = BOOK_IDS.id(book as usize);
        let _ = write!(
            out,
            r#"<g class="library-book" data-slot="{}" data-card="{id}" data-colour="{}"><title>{id} {} Book</title>"#,
            slot + 1,
            BOOK_COLOUR_LETTERS[colour] as char,
            b.colour.name()
        );
        rect(out, bx, by, w, h, "#ffffff", INK, r#" rx="4""#);
        rect(out, bx, by, 8.0, h, BOOK_FILL[colour], "none", r#" rx="2""#);
        muted(
            out,
            bx + 12.0,
            by + 11.0,
            8.5,
            &format!("slot {} (+{slot_cost} kn)", slot + 1),
        );
        bold(out, bx + 12.0, by + 25.0, 12.0, &id);
        let cost = match b.cost {
            BookCost::Knowledge(n) => format!("{n} kn"),
            BookCost::StudentBackAny => "student back".into(),
        };
        text(out, bx + 46.0, by + 25.0, 9.0, "start", "", &fit(&cost, 12));
        // The bonuses wrap (two lines each at most in practice) rather than being cut.
        let chars = ((w - 14.0) / 4.2) as usize;
        let now = wrap_words(&format!("now {}", effect_text(&b.immediate)), chars);
        let active = wrap_words(&format!("active {}", effect_text(&b.active)), chars);
        // One line each: at their usual heights; more: packed 8 px apart.
        let compact = now.len() + active.len() > 2;
        let (mut line_y, step, gap): (f64, f64, f64) = if compact {
            (by + 38.0, 8.0, 2.0)
        } else {
            (by + 42.0, 16.0, 0.0)
        };
        for line in &now {
            text(out, bx + 12.0, line_y, 8.0, "start", "", line);
            line_y += step;
        }
        line_y += gap;
        let muted_fill = format!(r#" fill="{MUTED}""#);
        for line in &active {
            text(out, bx + 12.0, line_y, 8.0, "start", &muted_fill, line);
            line_y += step;
        }
        out.push_str("</g>");
    }
    out.push_str("</g>");
    by + h
}

// ---- player panels (drawing) ----

/// Left part of a panel (title, counts, tracks, Developments); the right part holds the
/// Artifact tile and the Book columns.
const PANEL_SPLIT: f64 = 414.0;

fn panel_origin(seat_index: usize) -> (f64, f64, f64) {
    let w = (WIDTH - 2.0 * MARGIN - PANEL_GAP) / 2.0;
    let x = MARGIN + (seat_index % 2) as f64 * (w + PANEL_GAP);
    let y = (seat_index / 2) as f64 * (PANEL_H + PANEL_GAP);
    (x, y, w)
}

const TRACK_LABEL_W: f64 = 56.0;
const TRACK_BOX_W: f64 = 22.0;

/// A row of track spaces from `x`: the marker's space filled in the seat colour; a note
/// (final VP, level and steps) under the spaces that have one.
#[allow(clippy::too_many_arguments)]
fn track(
    out: &mut String,
    class: &str,
    label: &str,
    spaces: &[(u8, String)],
    at: u8,
    seat: usize,
    x: f64,
    y: f64,
) {
    let _ = write!(out, r#"<g class="{class}" data-space="{at}">"#);
    muted(out, x, y + 12.0, 9.5, label);
    let mut bx = x + TRACK_LABEL_W;
    let w = TRACK_BOX_W - 2.0;
    for (space, note) in spaces {
        let here = *space == at;
        let fill = if here { seat_colour(seat) } else { "#ffffff" };
        rect(out, bx, y, w, 16.0, fill, "#999999", r#" rx="2""#);
        let (ink, weight) = if here {
            ("#ffffff", r#" font-weight="bold""#)
        } else {
            (INK, "")
        };
        text(
            out,
            bx + w / 2.0,
            y + 11.5,
            9.0,
            "middle",
            &format!(r#" fill="{ink}"{weight}"#),
            &space.to_string(),
        );
        if !note.is_empty() {
            text(
                out,
                bx + 1.0,
                y + 25.0,
                7.5,
                "start",
                &format!(r#" fill="{MUTED}""#),
                note,
            );
        }
        bx += TRACK_BOX_W;
    }
    out.push_str("</g>");
}

fn artifact_place(s: &State, seat: usize, i: usize) -> Option<String> {
    let p = &s.players[seat];
    if i >= 5 || p.developments >> i & 1 == 0 || p.artifact_devs[i] == NONE {
        return None;
    }
    let a = p.artifact_devs[i];
    let space = s
        .comp
        .player_board
        .artifact_development_spaces
        .get((a & 0x7F) as usize)
        .map(|sp| sp.id.clone())
        .unwrap_or_default();
    Some(format!("/{}@{space}", (a >> 7) + 1))
}

fn player_panel(out: &mut String, s: &State, seat: usize, top: f64) {
    let comp = s.comp.0;
    let p = &s.players[seat];
    let (x, dy, w) = panel_origin(seat);
    let y = top + dy;
    let setup = SETUP_PHASES.contains(&s.phase);
    let to_move = s.chance == Chance::None
        && s.to_move as usize == seat
        && !matches!(s.phase, Phase::Over | Phase::Refresh);
    let (stroke, sw, fill) = if to_move {
        (TO_MOVE, 3.5, "#fff4ec")
    } else {
        ("#888888", 1.0, "#fafafa")
    };
    let _ = write!(
        out,
        r#"<g class="player-panel{}" data-seat="{seat}">"#,
        if to_move { " to-move" } else { "" }
    );
    rect(
        out,
        x,
        y,
        w,
        PANEL_H,
        fill,
        stroke,
        &format!(r#" rx="8" stroke-width="{sw}""#),
    );
    rect(
        out,
        x,
        y,
        10.0,
        PANEL_H,
        seat_colour(seat),
        "none",
        r#" rx="4""#,
    );
    let lx = x + 18.0;
    let split = x + PANEL_SPLIT;
    // Title: seat, place in turn order, VP.
    let place = s
        .order()
        .iter()
        .position(|&t| t as usize == seat)
        .unwrap_or(0)
        + 1;
    let mut title = format!("Seat {seat} \u{b7} {} in turn order", ordinal(place));
    if to_move {
        title.push_str(" \u{b7} to move");
    }
    if s.phase == Phase::Over && s.winner() == seat {
        title.push_str(" \u{b7} winner");
    }
    text(
        out,
        lx,
        y + 20.0,
        15.0,
        "start",
        &format!(r#" font-weight="bold" fill="{}""#, seat_colour(seat)),
        &title,
    );
    let _ = write!(
        out,
        r#"<text class="vp" x="{:.1}" y="{:.1}" font-size="16" font-weight="bold" text-anchor="end">{} VP</text>"#,
        split - 10.0,
        y + 20.0,
        p.vp
    );
    // Resources and Menorahs.
    let [clay, coin, kn] = p.res;
    let [mr, my, mb] = s.menorahs(seat);
    let tokens: String = (0..DISTRICTS)
        .filter(|&d| p.menorahs >> d & 1 == 1)
        .map(|d| DISTRICT_LETTERS[d] as char)
        .collect();
    let held = if tokens.is_empty() {
        String::new()
    } else {
        format!(" (token {tokens})")
    };
    let _ = write!(
        out,
        "<text class=\"resources\" x=\"{lx:.1}\" y=\"{:.1}\" font-size=\"12\">Clay {clay} \u{b7} Coins {coin} \u{b7} Knowledge {kn} \u{b7} Menorahs r{mr} y{my} b{mb}{held}</text>",
        y + 38.0
    );
    // Golems off the board.
    let mut golems = format!(
        "Golems: {} on board \u{b7} {} in reserve \u{b7} {} in Cemetery",
        p.golems.total(),
        s.reserve(seat),
        s.cemetery_golems(seat)
    );
    if p.unplaced > 0 {
        let _ = write!(golems, " \u{b7} {} to place", p.unplaced);
    }
    text(out, lx, y + 54.0, 11.0, "start", "", &golems);
    // Marbles taken and the turn's status.
    let my_ = y + 70.0;
    muted(out, lx, my_, 11.0, "marbles");
    let end = marble_run(out, "taken-marble", p.marbles, lx + 48.0, my_ - 4.0, 6.0);
    let mut notes: Vec<String> = Vec::new();
    if p.marbles.total() == 0 {
        notes.push("none".into());
    }
    if let Some(t) = s.board.pass_tiles.iter().position(|&h| h as usize == seat) {
        notes.push(format!("Pass tile {}", t + 1));
    }
    if p.passes > 0 {
        notes.push(format!("passed {}\u{d7}", p.passes));
    }
    if s.rabbi_placed(seat) {
        notes.push("Rabbi placed".into());
    }
    if p.no_control_cost {
        notes.push("no Golem Control".into());
    }
    // Setup only, when no marble is taken yet: on the Objectives line below they ran
    // into the Book columns' heading.
    if setup && p.starting != 0 {
        let ids: Vec<String> = BitIter(p.starting as u64)
            .map(|i| STARTING_TILE_IDS.id(i))
            .collect();
        notes.push(format!("Starting tiles {}", ids.join(" ")));
    }
    text(
        out,
        end.max(lx + 48.0) + 10.0,
        my_,
        11.0,
        "start",
        "",
        &notes.join(" \u{b7} "),
    );
    // Hidden hands as counts (the seat to move sees its own cards, drawn face up under
    // the Cemetery); Starting tiles are public. Once the game is over the final score
    // (§8) is the result, so it is shown with the completed Objectives.
    let seen = if card_viewer(s) == Some(seat) {
        "shown"
    } else {
        "hidden"
    };
    let objectives = p.objectives.count_ones();
    let mut hidden = if s.phase == Phase::Over {
        let done = BitIter(p.objectives as u64)
            .filter(|&o| s.objective_done(seat, o))
            .count();
        format!(
            "Final score {} \u{b7} Objectives {objectives} ({done} completed)",
            s.final_score(seat)
        )
    } else {
        format!("Objectives {objectives} ({seen})")
    };
    if setup && (p.pack != 0 || p.drafted != 0) {
        let _ = write!(
            hidden,
            " \u{b7} pack {}, drafted {} ({seen})",
            p.pack.count_ones(),
            p.drafted.count_ones()
        );
    }
    let _ = write!(
        out,
        r#"<text class="notes" data-objectives="{objectives}" x="{lx:.1}" y="{:.1}" font-size="11">{}</text>"#,
        y + 86.0,
        escape(&hidden)
    );
    // Tracks.
    let study: Vec<(u8, String)> = comp
        .player_board
        .study_track
        .iter()
        .map(|sp| {
            let note = if sp.final_vp > 0 {
                format!("{}VP", sp.final_vp)
            } else {
                String::new()
            };
            (sp.space, note)
        })
        .collect();
    track(
        out,
        "study-track",
        "Study",
        &study,
        p.study,
        seat,
        lx,
        y + 94.0,
    );
    let gt = &comp.player_board.golem_track;
    let golem_spaces: Vec<(u8, String)> = gt
        .spaces
        .iter()
        .enumerate()
        .map(|(i, sp)| {
            let first = i == 0 || gt.spaces[i - 1].level != sp.level;
            let note = if first {
                let steps = gt.level_of(sp.space).map_or(0, |l| l.steps);
                format!("L{}: {steps} steps", sp.level)
            } else {
                String::new()
            };
            (sp.space, note)
        })
        .collect();
    track(
        out,
        "golem-track",
        "Golem track",
        &golem_spaces,
        p.golem_track,
        seat,
        lx,
        y + 124.0,
    );
    // Developments: three areas of six tiles.
    let dy = y + 154.0;
    muted(out, lx, dy + 12.0, 9.5, "Dev. tiles");
    let areas: [(char, usize, &str); 3] = [
        ('g', 6, "#f3c1b9"),
        ('s', 12, "#bcd3f2"),
        ('a', 0, "#f5e08f"),
    ];
    let pb = &comp.player_board;
    let mut devx = lx + TRACK_LABEL_W;
    for (area, base, area_fill) in areas {
        for i in 0..6 {
            let up = p.developments >> (base + i) & 1 == 1;
            let (id, tip) = match area {
                'g' => (
                    GOLEM_DEVELOPMENT_IDS.id(i),
                    pb.golem_developments[i].text.clone(),
                ),
                's' => (
                    STUDY_DEVELOPMENT_IDS.id(i),
                    pb.study_developments[i].text.clone(),
                ),
                _ => (
                    ARTIFACT_DEVELOPMENT_IDS.id(i),
                    format!("{} tile", pb.artifact_developments[i].kind.name()),
                ),
            };
            let placed = if area == 'a' {
                artifact_place(s, seat, i).unwrap_or_default()
            } else {
                String::new()
            };
            let _ = write!(
                out,
                r#"<g class="development{}" data-tile="{id}{placed}"><title>{id}{placed}: {}</title>"#,
                if up { " upgraded" } else { "" },
                escape(&tip)
            );
            let (f, ink, extra) = if up {
                (area_fill, INK, r#" rx="2""#)
            } else {
                ("#ffffff", "#aaaaaa", r#" rx="2" stroke-dasharray="2 2""#)
            };
            rect(out, devx, dy, 17.0, 16.0, f, ink, extra);
            text(
                out,
                devx + 8.5,
                dy + 11.5,
                9.0,
                "middle",
                &format!(
                    r#" fill="{ink}"{}"#,
                    if up { r#" font-weight="bold""# } else { "" }
                ),
                &id,
            );
            out.push_str("</g>");
            devx += 18.0;
        }
        devx += 5.0;
    }
    let artifact_places: Vec<String> = (0..5)
        .filter_map(|i| artifact_place(s, seat, i).map(|pl| format!("a{}{pl}", i + 1)))
        .collect();
    let mut devs = format!("{} upgraded", p.developments.count_ones());
    if !artifact_places.is_empty() {
        let _ = write!(devs, " \u{b7} {}", artifact_places.join("  "));
    }
    muted(out, lx + TRACK_LABEL_W, dy + 29.0, 9.0, &devs);
    // Right part: Artifact tile and cauldrons, then Book columns.
    let rw = x + w - 8.0 - split;
    artifacts(out, s, seat, split, y + 4.0, rw);
    columns(out, s, seat, split, y + 80.0, rw);
    out.push_str("</g>");
}

fn artifacts(out: &mut String, s: &State, seat: usize, x: f64, y: f64, w: f64) {
    let comp = s.comp.0;
    let p = &s.players[seat];
    let side_name = if p.artifact_tile == NONE {
        "none yet".to_string()
    } else {
        format!(
            "{}{}",
            ARTIFACT_TILE_LETTERS[p.artifact_tile as usize / 2],
            p.artifact_tile % 2 + 1
        )
    };
    muted(
        out,
        x,
        y + 12.0,
        10.0,
        &format!("Artifact tile {side_name}: Gold in cauldrons 1-4"),
    );
    let completed = s.completed_artifacts(seat);
    let cw = w / CAULDRONS as f64;
    for k in 0..CAULDRONS {
        let cap = comp.rules.cauldron_capacity[k];
        let gold = p.gold[k];
        let cx = x + k as f64 * cw;
        let done = completed >> k & 1 == 1;
        let _ = write!(
            out,
            r#"<g class="cauldron{}" data-artifact="{}" data-gold="{gold}">"#,
            if done { " completed" } else { "" },
            k + 1
        );
        rect(
            out,
            cx,
            y + 17.0,
            cw - 5.0,
            50.0,
            if done { "#fff3c4" } else { "#ffffff" },
            if done { "#b8860b" } else { "#aaaaaa" },
            &format!(r#" rx="4" stroke-width="{}""#, if done { 2.0 } else { 1.0 }),
        );
        bold(out, cx + 4.0, y + 29.0, 10.0, &format!("{}", k + 1));
        muted(
            out,
            cx + 14.0,
            y + 29.0,
            9.0,
            &format!("{gold}/{cap}{}", if done { " done" } else { "" }),
        );
        let per_row = (((cw - 12.0) / 10.0) as u8).max(1);
        for g in 0..cap {
            let filled = g < gold;
            let _ = write!(
                out,
                r##"<circle class="{}" cx="{:.1}" cy="{:.1}" r="4" fill="{}" stroke="#8a6d0b"/>"##,
                if filled { "gold" } else { "gold-space" },
                cx + 9.0 + 10.0 * (g % per_row) as f64,
                y + 39.0 + 9.0 * (g / per_row) as f64,
                if filled { GOLD_FILL } else { "#ffffff" }
            );
        }
        if p.artifact_tile != NONE {
            let tile = &comp.artifact_tiles[p.artifact_tile as usize / 2];
            let benefit = &tile.sides[p.artifact_tile as usize % 2].artifacts[k];
            let _ = write!(
                out,
                r#"<title>Artifact {}: {}</title>"#,
                k + 1,
                escape(&effect_text(benefit))
            );
            // One effect a line, bottom-aligned in the cell under the gold: cut, a bonus
            // would be unreadable ("+2 coin, +2…").
            // Effects share a line where they fit; a line is 1.2 em apart, as the
            // browser's text boxes are that tall.
            let parts: Vec<String> = benefit.iter().map(op_text).collect();
            let size = if parts.len() >= 3 { 7.0 } else { 8.0 };
            let chars = ((cw - 9.0) / (0.56 * size)).floor().max(4.0) as usize;
            let parts = pack_parts(&parts, chars);
            let step = 1.2 * size;
            let first = y + 64.0 - step * (parts.len().max(1) - 1) as f64;
            for (i, part) in parts.iter().enumerate() {
                let line_y = first + step * i as f64;
                text(out, cx + 4.0, line_y, size, "start", "", part);
            }
        }
        out.push_str("</g>");
    }
}

/// Joins whole effects (`+1 clay`) with `, ` into lines of at most `chars` characters; an
/// effect is never split.
pub(super) fn pack_parts(parts: &[String], chars: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in parts {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 2 + part.chars().count() <= chars => {
                line.push_str(", ");
                line.push_str(part);
            }
            _ => lines.push(part.clone()),
        }
    }
    lines
}

fn columns(out: &mut String, s: &State, seat: usize, x: f64, y: f64, w: f64) {
    let comp = s.comp.0;
    let p = &s.players[seat];
    let count = comp.rules.book_columns as usize;
    let limit = s.column_limit(seat);
    muted(
        out,
        x,
        y + 10.0,
        10.0,
        &format!("Book columns, bottom first (limit {limit})"),
    );
    let cw = w / count as f64;
    let slot_h = 17.0;
    let max = comp.rules.column_max_books as usize;
    for c in 0..count {
        let cx = x + c as f64 * cw;
        let colour = p.column_colour[c];
        let colour_letter = if colour == NONE {
            "-".to_string()
        } else {
            (BOOK_COLOUR_LETTERS[colour as usize] as char).to_string()
        };
        let _ = write!(
            out,
            r#"<g class="book-column" data-column="{}" data-colour="{colour_letter}">"#,
            c + 1
        );
        let head = if colour == NONE {
            format!("col{}", c + 1)
        } else {
            format!("col{} {colour_letter}", c + 1)
        };
        muted(out, cx + 2.0, y + 22.0, 9.0, &head);
        for slot in 0..max {
            // Slot 0 is the bottom of the column.
            let sy = y + 26.0 + (max - 1 - slot) as f64 * slot_h;
            let book = p.columns[c][slot];
            if book == NONE {
                let (f, extra) = if slot < limit {
                    ("#ffffff", r#" rx="2""#)
                } else {
                    ("#eeeeee", r#" rx="2" stroke-dasharray="2 2""#)
                };
                rect(
                    out,
                    cx + 2.0,
                    sy,
                    cw - 6.0,
                    slot_h - 3.0,
                    f,
                    "#bbbbbb",
                    extra,
                );
                continue;
            }
            let b = &comp.books[book as usize];
            let id = BOOK_IDS.id(book as usize);
            let black = b.colour == BookColour::Black;
            let _ = write!(
                out,
                r#"<g class="book" data-card="{id}"><title>{id} {} Book{}: {} | active {}</title>"#,
                b.colour.name(),
                if black {
                    format!(" as {colour_letter}")
                } else {
                    String::new()
                },
                escape(&effect_text(&b.immediate)),
                escape(&effect_text(&b.active)),
            );
            rect(
                out,
                cx + 2.0,
                sy,
                cw - 6.0,
                slot_h - 3.0,
                BOOK_FILL[b.colour.index()],
                INK,
                r#" rx="2""#,
            );
            let label = if black {
                format!("{id}={colour_letter}")
            } else {
                id
            };
            text(
                out,
                cx + 2.0 + (cw - 6.0) / 2.0,
                sy + 10.5,
                9.0,
                "middle",
                r##" fill="#ffffff" font-weight="bold""##,
                &label,
            );
            out.push_str("</g>");
        }
        out.push_str("</g>");
    }
}

/// The picture of `state`: a standalone SVG document.
pub fn to_svg(state: &State) -> String {
    let s = state;
    let n = s.num_players as usize;
    // The right column first: its height decides where the panels start.
    let mut right = String::new();
    let y = synagogue(&mut right, s, BOARD_Y);
    let y = palace(&mut right, s, y + 8.0);
    let right_bottom = library(&mut right, s, y + 8.0);
    let mut left = String::new();
    let decks_bottom = decks(&mut left, s, CEMETERY_Y + CEMETERY_H + 18.0);
    let cards_bottom = objective_cards(&mut left, s, decks_bottom + 10.0);
    let left_bottom = (CEMETERY_Y + CEMETERY_H + 40.0).max(cards_bottom + 4.0);
    let panels_top = right_bottom.max(left_bottom) + 12.0;
    let rows = n.div_ceil(2).max(1);
    let height = panels_top + rows as f64 * (PANEL_H + PANEL_GAP) + MARGIN;
    let mut out = String::with_capacity(96 * 1024);
    let title = status(s);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{height:.0}" viewBox="0 0 {WIDTH:.0} {height:.0}" font-family="sans-serif" role="img"><title>{}</title>"#,
        escape(&title)
    );
    out.push_str(r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    header(&mut out, s);
    out.push_str(r#"<g id="board">"#);
    for d in 0..DISTRICTS {
        district_row(&mut out, s, d);
    }
    out.push_str("</g>");
    cemetery(&mut out, s);
    out.push_str(&left);
    out.push_str(&right);
    for seat in 0..n {
        player_panel(&mut out, s, seat, panels_top);
    }
    out.push_str("</svg>\n");
    out
}
