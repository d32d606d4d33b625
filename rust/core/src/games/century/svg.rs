//! The position as an SVG picture: the golem row with its coins, the merchant row with the
//! crystals lying on it, the decks, and one panel per seat (caravan, hand, played cards,
//! golems, coins, score).
//!
//! Plain string building, no dependencies. Elements carry `class` attributes
//! (`golem-card`, `merchant-card`, `seat`, `hand-card`, `played-card`, `claimed-golem`)
//! so tests and style sheets can find them.

use std::fmt::Write;

use super::cards::{Effect, GOLEMS, MERCHANTS};
use super::crystals::Crystals;
use super::state::{Century, Coin, Pending};
use crate::util::BitIter;

/// Width of the picture in SVG units; the height follows the seats.
const WIDTH: f64 = 1200.0;
const MARGIN: f64 = 12.0;
/// Crystal fills, yellow, green, blue, pink (dark outline so yellow shows on white).
const CRYSTAL_FILL: [&str; 4] = ["#f5c400", "#2e9e44", "#2f6fd6", "#e0509a"];
const CRYSTAL_NAME: [&str; 4] = ["yellow", "green", "blue", "pink"];
const INK: &str = "#222222";
const CARD_FILL: &str = "#fbf6ea";
const GOLEM_FILL: &str = "#eef1f6";
const TO_MOVE: &str = "#d55e00";

const BIG_W: f64 = 150.0;
const BIG_GAP: f64 = 14.0;
const SMALL_W: f64 = 76.0;
const SMALL_H: f64 = 38.0;
const SMALL_GAP: f64 = 5.0;
/// Small cards per line in a seat's hand area.
const HAND_PER_LINE: usize = 9;
const GOLEMS_PER_LINE: usize = 3;
const PANEL_LEFT: f64 = 210.0;
const GOLEM_AREA_X: f64 =
    WIDTH - 2.0 * MARGIN - GOLEMS_PER_LINE as f64 * (SMALL_W - 10.0 + SMALL_GAP) - 4.0;

/// Escapes text for SVG element content and attributes.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The crystals of `c` as colour indices, yellow first.
fn colours(c: Crystals) -> Vec<usize> {
    let mut out = Vec::new();
    for (colour, n) in c.lanes().into_iter().enumerate() {
        out.extend(std::iter::repeat_n(colour, n as usize));
    }
    out
}

/// One crystal: a circle of radius `r` centred at (`x`, `y`).
fn crystal(out: &mut String, colour: usize, x: f64, y: f64, r: f64) {
    let _ = write!(
        out,
        r#"<circle class="crystal {name}" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="{INK}" stroke-width="0.8"/>"#,
        name = CRYSTAL_NAME[colour],
        fill = CRYSTAL_FILL[colour],
    );
}

/// A run of crystals centred on `cx`, spaced so they fit in `width`.
fn crystal_run(out: &mut String, list: &[usize], cx: f64, y: f64, r: f64, width: f64) {
    if list.is_empty() {
        return;
    }
    let step = (2.0 * r + 2.0).min(width / list.len() as f64);
    let start = cx - step * (list.len() - 1) as f64 / 2.0;
    for (i, &colour) in list.iter().enumerate() {
        crystal(out, colour, start + step * i as f64, y, r);
    }
}

/// Crystals left-aligned from `x`, wrapping after `per_line`.
fn crystal_lines(out: &mut String, list: &[usize], x: f64, y: f64, r: f64, per_line: usize) {
    let step = 2.0 * r + 3.0;
    for (i, &colour) in list.iter().enumerate() {
        let cx = x + r + step * (i % per_line) as f64;
        let cy = y + step * (i / per_line) as f64;
        crystal(out, colour, cx, cy, r);
    }
}

fn text(out: &mut String, x: f64, y: f64, size: f64, anchor: &str, extra: &str, body: &str) {
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="{anchor}"{extra}>{}</text>"#,
        escape(body)
    );
}

/// A merchant card's effect drawn inside a box `width` wide centred on `cx`, at height
/// `y`: gains as a plus then crystals, trades as pay, an arrow, get (one group, centred,
/// crystals closer together when many); upgrades as text.
fn effect(out: &mut String, effect: Effect, cx: f64, y: f64, width: f64, r: f64) {
    let size = (2.4 * r + 2.0).max(9.0);
    let (before, sign, after) = match effect {
        Effect::Upgrade(n) => {
            let label = if width > 100.0 {
                format!("upgrade \u{d7}{n}")
            } else {
                format!("\u{2191}{n}")
            };
            text(
                out,
                cx,
                y + size / 3.0,
                size,
                "middle",
                r#" font-weight="bold""#,
                &label,
            );
            return;
        }
        Effect::Gain(c) => (Vec::new(), "+", colours(c)),
        Effect::Trade { pay, get } => (colours(pay), "\u{2192}", colours(get)),
    };
    let sign_w = size + 2.0;
    let n = (before.len() + after.len()).max(1) as f64;
    let step = (2.0 * r + 2.0).min((width - sign_w) / n);
    let total = n * step + sign_w;
    let mut x = cx - total / 2.0 + step / 2.0;
    for &colour in &before {
        crystal(out, colour, x, y, r);
        x += step;
    }
    let sign_x = x - step / 2.0 + sign_w / 2.0;
    text(
        out,
        sign_x,
        y + size / 3.0,
        size,
        "middle",
        r#" font-weight="bold""#,
        sign,
    );
    x += sign_w;
    for &colour in &after {
        crystal(out, colour, x, y, r);
        x += step;
    }
}

/// A small merchant card (hand or played) with its top-left corner at (`x`, `y`).
fn small_merchant(out: &mut String, card: usize, x: f64, y: f64, class: &str, played: bool) {
    let m = &MERCHANTS[card];
    let (fill, dash, opacity) = if played {
        (
            "#e4e0d8",
            r#" stroke-dasharray="3 2""#,
            r#" opacity="0.75""#,
        )
    } else {
        (CARD_FILL, "", "")
    };
    let _ = write!(
        out,
        r#"<g class="{class}" data-card="{name}"{opacity}><title>{name}{state}</title><rect x="{x:.1}" y="{y:.1}" width="{SMALL_W}" height="{SMALL_H}" rx="4" fill="{fill}" stroke="{INK}"{dash}/>"#,
        name = escape(m.name),
        state = if played { " (played)" } else { "" },
    );
    effect(
        out,
        m.effect,
        x + SMALL_W / 2.0,
        y + 14.0,
        SMALL_W - 4.0,
        3.8,
    );
    text(
        out,
        x + SMALL_W / 2.0,
        y + SMALL_H - 5.0,
        9.0,
        "middle",
        r##" fill="#555555""##,
        m.name,
    );
    out.push_str("</g>");
}

/// A small golem (claimed) with its top-left corner at (`x`, `y`).
fn small_golem(out: &mut String, golem: usize, x: f64, y: f64) {
    let g = &GOLEMS[golem];
    let w = SMALL_W - 10.0;
    let _ = write!(
        out,
        r#"<g class="claimed-golem" data-golem="{name}"><title>{name}: {points} points</title><rect x="{x:.1}" y="{y:.1}" width="{w}" height="{SMALL_H}" rx="4" fill="{GOLEM_FILL}" stroke="{INK}"/>"#,
        name = escape(g.name),
        points = g.points,
    );
    text(
        out,
        x + w / 2.0,
        y + 17.0,
        15.0,
        "middle",
        r#" font-weight="bold""#,
        &g.points.to_string(),
    );
    crystal_run(out, &colours(g.cost), x + w / 2.0, y + 28.0, 3.2, w - 6.0);
    out.push_str("</g>");
}

fn coin(out: &mut String, kind: Coin, count: u8, cx: f64, cy: f64, r: f64) {
    let (fill, label) = match kind {
        Coin::Gold => ("#e8b923", "gold"),
        Coin::Silver => ("#c0c4c8", "silver"),
    };
    let _ = write!(
        out,
        r#"<g class="coin {label}"><title>{label} coin ({count} left)</title><circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="{INK}"/>"#
    );
    text(
        out,
        cx,
        cy + 4.5,
        13.0,
        "middle",
        r#" font-weight="bold""#,
        &format!("{}", if kind == Coin::Gold { 3 } else { 1 }),
    );
    text(
        out,
        cx + r + 4.0,
        cy + 4.5,
        12.0,
        "start",
        "",
        &format!("\u{d7}{count}"),
    );
    out.push_str("</g>");
}

fn deck_label(known: Option<Vec<u8>>, unseen: u64) -> String {
    let n = unseen.count_ones();
    match known {
        _ if n == 0 => "deck: empty".to_string(),
        Some(_) => format!("deck: {n} cards, order known"),
        None => format!("deck: {n} cards, order hidden"),
    }
}

fn status(state: &Century) -> String {
    let players = state.players as usize;
    let head = format!("Century: Golem Edition, {players} players");
    if state.game_over() {
        return format!("{head} - game over, seat {} wins", state.leader());
    }
    match state.pending() {
        Pending::None => format!("{head} - seat {} to move", state.to_move()),
        Pending::Merchant => format!(
            "{head} - a merchant card is dealt next, then seat {} moves",
            state.to_move()
        ),
        Pending::Golem => format!(
            "{head} - a golem is dealt next, then seat {} moves",
            state.to_move()
        ),
    }
}

/// Height of one seat's panel: enough lines for its cards.
fn panel_height(state: &Century, seat: usize) -> f64 {
    let s = state.seat(seat);
    let cards = (s.hand | s.played).count_ones() as usize;
    let lines = cards.div_ceil(HAND_PER_LINE).max(1);
    let golem_lines = (s.golems.count_ones() as usize)
        .div_ceil(GOLEMS_PER_LINE)
        .max(1);
    let body = lines.max(golem_lines).max(2) as f64 * (SMALL_H + SMALL_GAP);
    (34.0 + body + 8.0).max(122.0)
}

/// The picture of `state`.
pub fn state_svg(state: &Century) -> String {
    let players = state.players as usize;
    let rows_bottom = 372.0;
    let panels: Vec<f64> = (0..players).map(|s| panel_height(state, s)).collect();
    let height = rows_bottom + panels.iter().map(|h| h + 10.0).sum::<f64>() + MARGIN;
    let title = status(state);
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{height:.0}" viewBox="0 0 {WIDTH:.0} {height:.0}" font-family="sans-serif" role="img"><title>{}</title>"#,
        escape(&title)
    );
    out.push_str(r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    text(
        &mut out,
        MARGIN,
        30.0,
        18.0,
        "start",
        r#" font-weight="bold""#,
        &title,
    );
    if state.last_round() {
        let _ = write!(
            out,
            r##"<g class="last-round"><rect x="{x:.0}" y="12" width="150" height="26" rx="5" fill="{TO_MOVE}"/>"##,
            x = WIDTH - MARGIN - 150.0
        );
        text(
            &mut out,
            WIDTH - MARGIN - 75.0,
            30.0,
            15.0,
            "middle",
            r##" font-weight="bold" fill="#ffffff""##,
            "LAST ROUND",
        );
        out.push_str("</g>");
    }
    golem_row(&mut out, state, 48.0);
    merchant_row(&mut out, state, 228.0);
    let mut y = rows_bottom;
    for (seat, h) in panels.iter().enumerate() {
        seat_panel(&mut out, state, seat, y, *h);
        y += h + 10.0;
    }
    out.push_str("</svg>\n");
    out
}

/// A row's name above it, and its deck as a box at the right end of the row.
fn row_label(out: &mut String, y: f64, name: &str, deck: &str, card_top: f64, card_h: f64) {
    text(
        out,
        MARGIN,
        y,
        15.0,
        "start",
        r#" font-weight="bold""#,
        name,
    );
    let x = MARGIN + 6.0 * (BIG_W + BIG_GAP) + 10.0;
    let w = WIDTH - MARGIN - x;
    let _ = write!(
        out,
        r##"<g class="deck"><title>{name} {deck}</title><rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{card_h}" rx="8" fill="#d9d4c8" stroke="{INK}"/><rect x="{x:.1}" y="{card_top:.1}" width="{w:.1}" height="{card_h}" rx="8" fill="#ece8df" stroke="{INK}" stroke-dasharray="4 3"/>"##,
        x + 4.0,
        card_top + 4.0
    );
    let (count, order) = deck.split_once(", ").unwrap_or((deck, ""));
    let mid = card_top + card_h / 2.0;
    text(
        out,
        x + w / 2.0,
        mid - 2.0,
        15.0,
        "middle",
        r#" font-weight="bold""#,
        count,
    );
    text(
        out,
        x + w / 2.0,
        mid + 16.0,
        12.0,
        "middle",
        r##" fill="#555555""##,
        order,
    );
    out.push_str("</g>");
}

fn golem_row(out: &mut String, state: &Century, top: f64) {
    row_label(
        out,
        top + 14.0,
        "Golem row",
        &deck_label(state.golem_deck(), state.golem_unseen()),
        top + 58.0,
        110.0,
    );
    out.push_str(r#"<g id="golem-row">"#);
    for (slot, &golem) in state.golem_row().iter().enumerate() {
        let g = &GOLEMS[golem as usize];
        let x = MARGIN + slot as f64 * (BIG_W + BIG_GAP);
        let card_top = top + 58.0;
        if let Some(kind) = state.coin_above(slot) {
            let count = match kind {
                Coin::Gold => state.gold_left(),
                Coin::Silver => state.silver_left(),
            };
            coin(out, kind, count, x + BIG_W / 2.0 - 10.0, top + 38.0, 13.0);
        }
        let _ = write!(
            out,
            r#"<g class="golem-card" data-slot="{slot}" data-golem="{name}"><title>golem {name}: {points} points</title><rect x="{x:.1}" y="{card_top:.1}" width="{BIG_W}" height="110" rx="8" fill="{GOLEM_FILL}" stroke="{INK}" stroke-width="1.5"/>"#,
            name = escape(g.name),
            points = g.points,
        );
        text(
            out,
            x + BIG_W / 2.0,
            card_top + 40.0,
            30.0,
            "middle",
            r#" font-weight="bold""#,
            &g.points.to_string(),
        );
        text(
            out,
            x + BIG_W - 8.0,
            card_top + 18.0,
            11.0,
            "end",
            r##" fill="#555555""##,
            "points",
        );
        crystal_run(
            out,
            &colours(g.cost),
            x + BIG_W / 2.0,
            card_top + 70.0,
            8.0,
            BIG_W - 16.0,
        );
        text(
            out,
            x + BIG_W / 2.0,
            card_top + 100.0,
            12.0,
            "middle",
            r##" fill="#555555""##,
            &format!("cost {}", g.name),
        );
        out.push_str("</g>");
    }
    out.push_str("</g>");
}

fn merchant_row(out: &mut String, state: &Century, top: f64) {
    row_label(
        out,
        top + 14.0,
        "Merchant row",
        &deck_label(state.merchant_deck(), state.merchant_unseen()),
        top + 24.0,
        80.0,
    );
    out.push_str(r#"<g id="merchant-row">"#);
    let lying = state.row_crystals();
    for (slot, &card) in state.merchant_row().iter().enumerate() {
        let m = &MERCHANTS[card as usize];
        let x = MARGIN + slot as f64 * (BIG_W + BIG_GAP);
        let card_top = top + 24.0;
        let _ = write!(
            out,
            r#"<g class="merchant-card" data-slot="{slot}" data-card="{name}"><title>merchant {name}</title><rect x="{x:.1}" y="{card_top:.1}" width="{BIG_W}" height="80" rx="8" fill="{CARD_FILL}" stroke="{INK}" stroke-width="1.5"/>"#,
            name = escape(m.name),
        );
        effect(
            out,
            m.effect,
            x + BIG_W / 2.0,
            card_top + 30.0,
            BIG_W - 12.0,
            8.0,
        );
        text(
            out,
            x + BIG_W / 2.0,
            card_top + 66.0,
            12.0,
            "middle",
            r##" fill="#555555""##,
            m.name,
        );
        out.push_str("</g>");
        let on = colours(lying.get(slot).copied().unwrap_or(Crystals::EMPTY));
        if !on.is_empty() {
            let _ = write!(out, r#"<g class="row-crystals" data-slot="{slot}">"#);
            crystal_run(
                out,
                &on,
                x + BIG_W / 2.0,
                card_top + 96.0,
                6.0,
                BIG_W - 10.0,
            );
            out.push_str("</g>");
        }
    }
    out.push_str("</g>");
}

fn seat_panel(out: &mut String, state: &Century, seat: usize, y: f64, h: f64) {
    let s = state.seat(seat);
    let to_move = !state.game_over() && state.to_move() == seat;
    let winner = state.game_over() && state.leader() == seat;
    let (stroke, width, fill) = if to_move {
        (TO_MOVE, 3.0, "#fff4ec")
    } else {
        ("#888888", 1.0, "#fafafa")
    };
    let class = if to_move { "seat to-move" } else { "seat" };
    let w = WIDTH - 2.0 * MARGIN;
    let _ = write!(
        out,
        r#"<g class="{class}" data-seat="{seat}"><rect x="{MARGIN}" y="{y:.1}" width="{w}" height="{h:.1}" rx="8" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>"#
    );
    let mark = if winner {
        " (winner)"
    } else if to_move {
        " (to move)"
    } else {
        ""
    };
    let colour = if to_move {
        format!(r#" font-weight="bold" fill="{TO_MOVE}""#)
    } else {
        r#" font-weight="bold""#.to_string()
    };
    let x = MARGIN + 10.0;
    text(
        out,
        x,
        y + 22.0,
        16.0,
        "start",
        &colour,
        &format!("Seat {seat}{mark}"),
    );
    text(
        out,
        x,
        y + 44.0,
        14.0,
        "start",
        "",
        &format!("score {}", state.score_of(seat)),
    );
    // Caravan.
    let caravan = colours(s.crystals());
    text(
        out,
        x,
        y + 66.0,
        12.0,
        "start",
        r##" fill="#555555""##,
        &format!("caravan {}/10", caravan.len()),
    );
    out.push_str(r#"<g class="caravan">"#);
    crystal_lines(out, &caravan, x + 80.0, y + 62.0, 6.0, 7);
    out.push_str("</g>");
    // Coins.
    text(
        out,
        x,
        y + 102.0,
        12.0,
        "start",
        r##" fill="#555555""##,
        &format!("gold {}  silver {}", s.gold, s.silver),
    );
    // Hand, then played cards.
    let hx = MARGIN + PANEL_LEFT;
    text(
        out,
        hx,
        y + 18.0,
        12.0,
        "start",
        r##" fill="#555555""##,
        &format!(
            "hand {} / played {}",
            s.hand.count_ones(),
            s.played.count_ones()
        ),
    );
    let cards = BitIter(s.hand)
        .map(|c| (c, false))
        .chain(BitIter(s.played).map(|c| (c, true)));
    for (i, (card, played)) in cards.enumerate() {
        let cx = hx + (i % HAND_PER_LINE) as f64 * (SMALL_W + SMALL_GAP);
        let cy = y + 26.0 + (i / HAND_PER_LINE) as f64 * (SMALL_H + SMALL_GAP);
        let class = if played { "played-card" } else { "hand-card" };
        small_merchant(out, card, cx, cy, class, played);
    }
    // Golems.
    let gx = MARGIN + GOLEM_AREA_X;
    text(
        out,
        gx,
        y + 18.0,
        12.0,
        "start",
        r##" fill="#555555""##,
        &format!(
            "golems {} ({} points)",
            s.golems.count_ones(),
            s.golem_points()
        ),
    );
    for (i, golem) in BitIter(s.golems).enumerate() {
        let cx = gx + (i % GOLEMS_PER_LINE) as f64 * (SMALL_W - 10.0 + SMALL_GAP);
        let cy = y + 26.0 + (i / GOLEMS_PER_LINE) as f64 * (SMALL_H + SMALL_GAP);
        small_golem(out, golem, cx, cy);
    }
    out.push_str("</g>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    const EXAMPLES: [&str; 3] = [
        include_str!("../../../../../examples/century-start-3p.toml"),
        include_str!("../../../../../examples/century-midgame.toml"),
        include_str!("../../../../../examples/century-endgame.toml"),
    ];

    /// Every tag opened is closed in order (a tiny well-formedness check, no parser).
    fn balanced(svg: &str) -> bool {
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let end = match rest[start..].find('>') {
                Some(e) => start + e,
                None => return false,
            };
            if rest[..start].contains('>') {
                return false;
            }
            let tag = &rest[start + 1..end];
            rest = &rest[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                if stack.pop() != Some(name.trim()) {
                    return false;
                }
            } else if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().unwrap_or("");
                stack.push(name);
            }
        }
        stack.is_empty() && !rest.contains('>')
    }

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    #[test]
    fn examples_draw_every_card_and_seat() {
        for text in EXAMPLES {
            let state = Century::from_text(text).unwrap();
            let svg = state.to_svg().expect("century draws a picture");
            assert!(balanced(&svg), "unbalanced svg");
            assert!(svg.contains("<title>Century: Golem Edition"));
            assert_eq!(
                count(&svg, r#"class="merchant-card""#),
                state.merchant_row().len()
            );
            assert_eq!(
                count(&svg, r#"class="golem-card""#),
                state.golem_row().len()
            );
            let players = state.num_players();
            assert_eq!(
                count(&svg, r#"class="seat""#) + count(&svg, r#"class="seat to-move""#),
                players
            );
            let hands: u32 = (0..players).map(|s| state.seat(s).hand.count_ones()).sum();
            let played: u32 = (0..players)
                .map(|s| state.seat(s).played.count_ones())
                .sum();
            let golems: u32 = (0..players)
                .map(|s| state.seat(s).golems.count_ones())
                .sum();
            assert_eq!(count(&svg, r#"class="hand-card""#), hands as usize);
            assert_eq!(count(&svg, r#"class="played-card""#), played as usize);
            assert_eq!(count(&svg, r#"class="claimed-golem""#), golems as usize);
            assert_eq!(
                svg.contains(r#"class="last-round""#),
                state.last_round(),
                "last round shown exactly when on"
            );
            // Card names such as `p>bb` are escaped.
            assert!(!svg.contains("p>bb\""));
        }
    }

    /// Plays the endgame on (claiming whenever possible) to the last round and the end:
    /// "last round" shows while it is on, and the finished game names a winner and
    /// outlines no seat.
    #[test]
    fn last_round_and_game_over_are_shown() {
        let mut state = Century::from_text(EXAMPLES[2]).unwrap();
        let (mut saw_last_round, mut actions, mut chance) = (false, Vec::new(), Vec::new());
        for _ in 0..2000 {
            if state.is_terminal() {
                break;
            }
            if state.last_round() {
                saw_last_round = true;
                let svg = state.to_svg().unwrap();
                assert!(svg.contains(r#"class="last-round""#) && svg.contains("LAST ROUND"));
                assert!(balanced(&svg));
            }
            if state.turn() == crate::Turn::Chance {
                chance.clear();
                state.chance_outcomes(&mut chance);
                state.apply(chance[0].0);
                continue;
            }
            actions.clear();
            state.legal_actions(&mut actions);
            let claim = actions
                .iter()
                .find(|&&a| state.action_to_text(a).starts_with("claim"));
            state.apply(*claim.unwrap_or(&actions[0]));
        }
        assert!(saw_last_round && state.is_terminal());
        let svg = state.to_svg().unwrap();
        assert!(balanced(&svg));
        assert!(svg.contains("(winner)") && svg.contains("game over"));
        assert!(!svg.contains("to-move"));
    }

    #[test]
    fn the_balance_check_catches_a_broken_document() {
        assert!(balanced("<svg><g><rect/></g></svg>"));
        assert!(!balanced("<svg><g></svg>"));
        assert!(!balanced("<svg><g>a>b</g></svg>"));
    }
}
