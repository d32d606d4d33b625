//! The board as an SVG picture: one copy of the map per player (each explores their own),
//! side by side, with the printed features and that player's pieces.
//!
//! Geometry follows the map format: flat-topped hexes in vertical columns, even columns
//! half a hex lower. Colours are chosen to be told apart in print and by most colour-blind
//! readers: terrain as fill, pieces as dark outlined shapes with the seat's colour.

use std::fmt::Write;

use super::cards;
use super::cellset::CellSet;
use super::map::{Map, RuinLabel, Terrain, SYMBOLS};
use super::state::{State, NO_CARD};
use crate::util::{wrap_words, BitIter};
use crate::Game;

/// What one player's copy of the map shows besides the printed map.
#[derive(Clone, Debug, Default)]
pub struct Panel {
    /// Printed above the map (`Seat 1 - 23 coins`).
    pub title: String,
    pub explorers: CellSet,
    pub villages: CellSet,
    /// Cities covered by this player's trading posts.
    pub trading_posts: CellSet,
    /// Ruins, towers and crystals this player covered.
    pub covered: CellSet,
    /// The investigate cards this player kept, by name (drawn below the map).
    pub kept: Vec<&'static str>,
}

/// The state as a picture: every player's copy of the map, with a heading that says the
/// era and the card being resolved.
pub fn state_svg(state: &State) -> String {
    let map = state.map();
    let card = state
        .current_card()
        .map(|c| format!(", resolving {}", cards::EXPLORE[c].name))
        .unwrap_or_default();
    let heading = format!("{} - era {}{card}", map.name, state.era());
    draw(map, &heading, &panels(state), &objectives_line(state))
}

/// `1 coin`, `23 coins`.
pub fn coins(n: i32) -> String {
    if n == 1 {
        "1 coin".to_string()
    } else {
        format!("{n} coins")
    }
}

/// What each seat's copy of the map shows, seat by seat.
pub fn panels(state: &State) -> Vec<Panel> {
    let map = state.map();
    (0..state.players as usize)
        .map(|seat| {
            let p = state.player(seat);
            let spaces_of = |mask: u64, list: &[u16]| {
                let mut set = CellSet::default();
                for i in BitIter(mask) {
                    if let Some(&space) = list.get(i) {
                        set.insert(space as usize);
                    }
                }
                set
            };
            let covered = spaces_of(u64::from(p.ruins), &map.ruins)
                .union(spaces_of(u64::from(p.towers), &map.towers))
                .union(spaces_of(u64::from(p.crystals), &map.crystals));
            Panel {
                title: format!("Seat {seat} - {}", coins(state.score(seat))),
                explorers: p.explorers,
                villages: p.villages,
                trading_posts: spaces_of(u64::from(p.posts), &map.cities),
                covered,
                kept: p
                    .kept
                    .iter()
                    .filter(|&&card| card != NO_CARD)
                    .map(|&card| cards::INVESTIGATE[card as usize].name)
                    .collect(),
            }
        })
        .collect()
}

/// Each objective dealt and where it stands: achieved (by which seats), open, or no
/// longer payable (solo decay took it away).
pub fn objectives_line(state: &State) -> String {
    let items: Vec<String> = state
        .objective_status()
        .map(|(id, achieved, out_of_play)| {
            let name = cards::OBJECTIVES[id].name;
            let seats: Vec<String> = achieved.iter().map(|s| s.to_string()).collect();
            if !seats.is_empty() {
                format!("{name}: achieved by seat {}", seats.join(", "))
            } else if out_of_play {
                format!("{name}: no longer payable")
            } else {
                format!("{name}: open")
            }
        })
        .collect();
    if items.is_empty() {
        return "Objectives: none".to_string();
    }
    format!("Objectives: {}", items.join(" · "))
}

/// Hex radius (centre to corner) in SVG units.
const R: f64 = 18.0;
const SQRT3: f64 = 1.732_050_807_568_877_2;
const MARGIN: f64 = 12.0;
const TITLE_HEIGHT: f64 = 26.0;
const GAP: f64 = 24.0;
/// The widest picture: the maps go into a grid that fits a 1400 px window.
const MAX_WIDTH: f64 = 1400.0;
/// A map may shrink this far so that two fit side by side; below it they stack.
const MIN_SCALE: f64 = 0.8;
/// Below each map: the kept investigate cards.
const KEPT_HEIGHT: f64 = 18.0;
/// Footer text (objectives, legend): size and line spacing.
const FOOTER_FONT: f64 = 11.0;
const FOOTER_LINE: f64 = 15.0;
/// One colour per seat (0..4), from a colour-blind-safe palette.
const SEAT_COLOURS: [&str; 4] = ["#d55e00", "#0072b2", "#cc79a7", "#009e73"];
const LEGEND: &str = "ringed space + cube: explorer · house: village · \
    diamond: trading post · dot: covered ruin/tower/crystal · gold: coins · \
    white box: city · triangle: ruin · purple: tower · teal: crystal · star: capital · \
    *: ice · c3r4: column 3, row 4, as moves name the space";

/// The centre of space (`col`, `row`) relative to the panel's map origin.
fn centre(col: u8, row: u8) -> (f64, f64) {
    let x = R + f64::from(col) * 1.5 * R;
    let lowered = if col.is_multiple_of(2) {
        SQRT3 * R / 2.0
    } else {
        0.0
    };
    let y = SQRT3 * R / 2.0 + f64::from(row) * SQRT3 * R + lowered;
    (x, y)
}

fn fill(map: &Map, space: usize) -> &'static str {
    let s = &map.spaces[space];
    match s.terrain {
        Terrain::Mountain => "#a89c8f",
        Terrain::Desert => "#f0d58c",
        Terrain::Grassland => "#9ccf7a",
        Terrain::Sea => "#8ec3e6",
        Terrain::Special if s.capital => "#f6f1e7",
        Terrain::Special if s.ice => "#e8f4fa",
        Terrain::Special if s.tower => "#c9b8e0",
        Terrain::Special => "#b9e6e0",
    }
}

/// Escapes text for SVG element content and attributes.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// How the panels sit: `columns` maps to a row, each drawn at `scale`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Layout {
    columns: usize,
    scale: f64,
}

/// The grid for `count` maps of width `map_w`: as many to a row as fit in `MAX_WIDTH`,
/// shrinking a map (to `MIN_SCALE` at most) when that lets two sit side by side.
fn layout(count: usize, map_w: f64) -> Layout {
    let room = MAX_WIDTH - 2.0 * MARGIN;
    let fits = |scale: f64| (((room + GAP) / (map_w * scale + GAP)).floor() as usize).max(1);
    let mut scale = 1.0;
    if count >= 2 && fits(1.0) < 2 {
        let two = (room - GAP) / (2.0 * map_w);
        if two >= MIN_SCALE {
            scale = two;
        }
    }
    Layout {
        columns: fits(scale).min(count.max(1)),
        scale,
    }
}

/// Lines of footer text that fit `width` px (sans-serif is about 0.56 em a character).
fn footer_lines(text: &str, width: f64) -> Vec<String> {
    let chars = (width / (0.56 * FOOTER_FONT)).floor().max(20.0) as usize;
    wrap_words(text, chars)
}

/// The whole picture: `heading` on top, then one panel per player in a grid, the
/// `objectives` and the legend below.
pub fn draw(map: &Map, heading: &str, panels: &[Panel], objectives: &str) -> String {
    let (map_w, map_h) = map_size(map);
    let count = panels.len().max(1);
    let Layout { columns, scale } = layout(count, map_w);
    let rows = count.div_ceil(columns);
    let (cell_w, cell_h) = (map_w * scale, TITLE_HEIGHT + map_h * scale + KEPT_HEIGHT);
    let width = 2.0 * MARGIN + columns as f64 * cell_w + (columns - 1) as f64 * GAP;
    let footer_width = width - 2.0 * MARGIN;
    let objective_lines = footer_lines(objectives, footer_width);
    let legend_lines = footer_lines(LEGEND, footer_width);
    let footer = (objective_lines.len() + legend_lines.len()) as f64 * FOOTER_LINE;
    let grid_top = MARGIN + 2.0 * TITLE_HEIGHT;
    let grid_h = rows as f64 * cell_h + (rows - 1) as f64 * GAP;
    // The last row's cell keeps room for a next row's title it does not have.
    let grid_bottom = grid_top + grid_h - TITLE_HEIGHT;
    let height = grid_bottom + 8.0 + footer + MARGIN;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" role="img"><title>{}</title>"#,
        escape(heading)
    );
    let _ = write!(
        out,
        r##"<rect width="100%" height="100%" fill="#ffffff"/><text x="{MARGIN}" y="{:.1}" font-size="16" font-weight="bold">{}</text>"##,
        MARGIN + 16.0,
        escape(heading)
    );
    for (seat, panel) in panels.iter().enumerate() {
        let x0 = MARGIN + (seat % columns) as f64 * (cell_w + GAP);
        let y0 = grid_top + (seat / columns) as f64 * (cell_h + GAP);
        let colour = SEAT_COLOURS[seat % SEAT_COLOURS.len()];
        let _ = write!(
            out,
            r#"<g class="seat" data-seat="{seat}" transform="translate({x0:.1},{y0:.1})"><text x="0" y="-8" font-size="14" fill="{colour}">{}</text><g transform="scale({scale:.3})">"#,
            escape(&panel.title)
        );
        draw_map(&mut out, map);
        draw_pieces(&mut out, map, panel, colour);
        let kept = if panel.kept.is_empty() {
            "kept: none".to_string()
        } else {
            format!("kept: {}", panel.kept.join(", "))
        };
        let _ = write!(
            out,
            r##"</g><text class="kept" x="0" y="{:.1}" font-size="11" fill="#333333">{}</text></g>"##,
            map_h * scale + 14.0,
            escape(&kept)
        );
    }
    let mut y = grid_bottom + 8.0;
    for line in &objective_lines {
        y += FOOTER_LINE;
        let _ = write!(
            out,
            r##"<text class="objectives" x="{MARGIN}" y="{y:.1}" font-size="{FOOTER_FONT}" fill="#222222">{}</text>"##,
            escape(line)
        );
    }
    for line in &legend_lines {
        y += FOOTER_LINE;
        let _ = write!(
            out,
            r##"<text class="legend" x="{MARGIN}" y="{y:.1}" font-size="{FOOTER_FONT}" fill="#555555">{}</text>"##,
            escape(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Width and height of one map.
fn map_size(map: &Map) -> (f64, f64) {
    let cols = f64::from(map.cols);
    let rows = f64::from(map.rows);
    (
        2.0 * R + (cols - 1.0).max(0.0) * 1.5 * R,
        SQRT3 * R * (rows + 0.5),
    )
}

fn hexagon(x: f64, y: f64, radius: f64) -> String {
    (0..6)
        .map(|k| {
            let angle = std::f64::consts::PI / 3.0 * k as f64;
            format!(
                "{:.1},{:.1}",
                x + radius * angle.cos(),
                y + radius * angle.sin()
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every space with its terrain, its printed feature and its name as moves write it
/// (`c3r4`), small along the top edge and whole in the hover tooltip.
fn draw_map(out: &mut String, map: &Map) {
    for (space, s) in map.spaces.iter().enumerate() {
        let (x, y) = centre(s.col, s.row);
        let cell = map.cell_name(space);
        let _ = write!(
            out,
            r##"<polygon class="space" data-cell="{cell}" points="{}" fill="{}" stroke="#5b5b5b" stroke-width="1"><title>{cell}</title></polygon>"##,
            hexagon(x, y, R - 0.5),
            fill(map, space)
        );
        draw_feature(out, map, space, x, y);
        let _ = write!(
            out,
            r##"<text class="cell" x="{x:.1}" y="{:.1}" font-size="7" fill="#111111" text-anchor="middle">{cell}</text>"##,
            y - 9.5
        );
    }
}

/// The printed feature of a space: coin, city, ruin, tower, crystal, capital, ice.
fn draw_feature(out: &mut String, map: &Map, space: usize, x: f64, y: f64) {
    let s = &map.spaces[space];
    if s.capital {
        let _ = write!(
            out,
            r##"<polygon class="capital" points="{}" fill="#c0392b" stroke="#5b1a12"/>"##,
            star(x, y, 9.0, 4.0)
        );
    }
    if s.coin > 0 {
        let _ = write!(
            out,
            r##"<circle class="coin" cx="{x:.1}" cy="{y:.1}" r="7.5" fill="#f5c542" stroke="#8a6d0b"/><text x="{x:.1}" y="{:.1}" font-size="9" text-anchor="middle">{}</text>"##,
            y + 3.2,
            s.coin
        );
    }
    if s.city > 0 {
        let _ = write!(
            out,
            r##"<rect class="city" x="{:.1}" y="{:.1}" width="15" height="15" fill="#ffffff" stroke="#333333"/><text x="{x:.1}" y="{:.1}" font-size="10" font-weight="bold" text-anchor="middle">{}</text>"##,
            x - 7.5,
            y - 7.5,
            y + 3.6,
            s.city
        );
    }
    if s.ruin {
        let label = match s.label {
            Some(RuinLabel::Letter(n)) => ((b'A' + n) as char).to_string(),
            Some(RuinLabel::Symbol(k)) => SYMBOLS[k as usize % 3]
                .chars()
                .next()
                .unwrap_or('?')
                .to_string(),
            None => String::new(),
        };
        let _ = write!(
            out,
            r##"<polygon class="ruin" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#8d5a3b" stroke="#3e2414"/><text x="{x:.1}" y="{:.1}" font-size="8" fill="#ffffff" text-anchor="middle">{}</text>"##,
            x,
            y - 9.0,
            x - 8.0,
            y + 6.0,
            x + 8.0,
            y + 6.0,
            y + 4.5,
            escape(&label)
        );
    }
    if s.tower {
        let _ = write!(
            out,
            r##"<rect class="tower" x="{:.1}" y="{:.1}" width="8" height="14" fill="#6c4f9c" stroke="#2e1f47"/>"##,
            x - 4.0,
            y - 7.0
        );
    }
    if s.crystal > 0 {
        let _ = write!(
            out,
            r##"<polygon class="crystal" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#3fb8af" stroke="#145a55"/><text x="{x:.1}" y="{:.1}" font-size="8" text-anchor="middle">{}</text>"##,
            x,
            y - 9.0,
            x + 7.0,
            y,
            x,
            y + 9.0,
            x - 7.0,
            y,
            y + 3.0,
            s.crystal
        );
    }
    if s.ice {
        let _ = write!(
            out,
            r##"<text class="ice" x="{:.1}" y="{:.1}" font-size="10" fill="#3a7ca5">*</text>"##,
            x + 5.0,
            y + 6.0
        );
    }
}

fn star(x: f64, y: f64, outer: f64, inner: f64) -> String {
    (0..10u32)
        .map(|k| {
            let radius = if k.is_multiple_of(2) { outer } else { inner };
            let angle = std::f64::consts::PI / 5.0 * k as f64 - std::f64::consts::FRAC_PI_2;
            format!(
                "{:.1},{:.1}",
                x + radius * angle.cos(),
                y + radius * angle.sin()
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn draw_pieces(out: &mut String, map: &Map, panel: &Panel, colour: &str) {
    for space in panel.covered.iter() {
        let (x, y) = centre(map.spaces[space].col, map.spaces[space].row);
        let _ = write!(
            out,
            r##"<circle class="token" data-cell="{}" cx="{:.1}" cy="{:.1}" r="5" fill="{colour}" stroke="#000000"/>"##,
            map.cell_name(space),
            x + 8.0,
            y + 8.0
        );
    }
    for space in panel.trading_posts.iter() {
        let (x, y) = centre(map.spaces[space].col, map.spaces[space].row);
        let _ = write!(
            out,
            r##"<rect class="trading-post" data-cell="{}" x="{:.1}" y="{:.1}" width="9" height="9" fill="{colour}" stroke="#000000" transform="rotate(45 {:.1} {:.1})"/>"##,
            map.cell_name(space),
            x + 4.0,
            y + 3.5,
            x + 8.5,
            y + 8.0
        );
    }
    for space in panel.villages.iter() {
        let (x, y) = centre(map.spaces[space].col, map.spaces[space].row);
        let _ = write!(
            out,
            r##"<polygon class="village" data-cell="{}" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{colour}" stroke="#000000" stroke-width="1.5"/>"##,
            map.cell_name(space),
            x,
            y - 10.0,
            x + 8.0,
            y - 3.0,
            x + 8.0,
            y + 8.0,
            x - 8.0,
            y + 8.0,
            x - 8.0,
            y - 3.0
        );
    }
    // An explorer rings its space in the seat's colour (so the printed feature stays
    // readable) and stands as a small cube at the space's left.
    for space in panel.explorers.iter() {
        let (x, y) = centre(map.spaces[space].col, map.spaces[space].row);
        let _ = write!(
            out,
            r##"<g class="explorer" data-cell="{}"><polygon points="{}" fill="none" stroke="{colour}" stroke-width="2.5"/><rect x="{:.1}" y="{:.1}" width="7" height="7" fill="{colour}" stroke="#000000"/></g>"##,
            map.cell_name(space),
            hexagon(x, y, R - 3.0),
            x - 13.5,
            y - 3.5
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::merchant_explorers::map;

    fn avenia() -> &'static Map {
        map::bundled("avenia").expect("bundled map")
    }

    #[test]
    fn draws_every_space_once_per_panel_with_its_cell_name() {
        let m = avenia();
        let panels = vec![Panel::default(), Panel::default()];
        let svg = draw(m, "Avenia", &panels, "Objectives: none");
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("class=\"space\"").count(), 2 * m.spaces.len());
        assert_eq!(svg.matches("class=\"seat\"").count(), 2);
        assert_eq!(svg.matches("class=\"tower\"").count(), 2 * m.towers.len());
        assert_eq!(svg.matches("class=\"ruin\"").count(), 2 * m.ruins.len());
        assert_eq!(svg.matches("class=\"capital\"").count(), 2);
        let cities = m.spaces.iter().filter(|s| s.city > 0).count();
        assert_eq!(svg.matches("class=\"city\"").count(), 2 * cities);
    }

    #[test]
    fn draws_each_players_pieces_on_their_own_copy() {
        let m = avenia();
        let mut first = Panel {
            title: "Seat 0 <&>".into(),
            ..Panel::default()
        };
        let spaces: Vec<usize> = (0..m.spaces.len())
            .filter(|&s| !map_is_capital(m, s))
            .collect();
        first.explorers.insert(spaces[0]);
        first.explorers.insert(spaces[1]);
        first.villages.insert(spaces[2]);
        let second = Panel::default();
        let svg = draw(m, "two seats", &[first, second], "Objectives: none");
        assert_eq!(svg.matches("class=\"explorer\"").count(), 2);
        assert_eq!(svg.matches("class=\"village\"").count(), 1);
        let cell = m.cell_name(spaces[2]);
        assert!(svg.contains(&format!("class=\"village\" data-cell=\"{cell}\"")));
        // Text is escaped, so the document stays well formed.
        assert!(svg.contains("Seat 0 &lt;&amp;&gt;"));
        assert!(!svg.contains("<&>"));
    }

    #[test]
    fn every_hex_is_labelled_with_its_cell_name_and_carries_it_as_a_tooltip() {
        let m = avenia();
        let svg = draw(m, "Avenia", &[Panel::default()], "Objectives: none");
        for space in 0..m.spaces.len() {
            let cell = m.cell_name(space);
            assert!(svg.contains(&format!("<title>{cell}</title>")), "{cell}");
            assert!(svg.contains(&format!(">{cell}</text>")), "{cell}");
        }
        assert_eq!(svg.matches("class=\"cell\"").count(), m.spaces.len());
    }

    fn picture_width(svg: &str) -> f64 {
        let start = svg.find("width=\"").unwrap() + 7;
        let end = start + svg[start..].find('"').unwrap();
        svg[start..end].parse().unwrap()
    }

    #[test]
    fn three_or_four_maps_go_into_a_grid_no_wider_than_the_window() {
        for id in ["avenia", "cnidaria", "kazan", "xawskil"] {
            let m = map::bundled(id).unwrap();
            for count in 1..=4 {
                let panels = vec![Panel::default(); count];
                let svg = draw(m, id, &panels, "Objectives: none");
                assert!(picture_width(&svg) <= MAX_WIDTH, "{id} {count}");
            }
        }
        // Kazan's maps fit two to a row at full size; Xawskil's only when shrunk a little.
        let (kazan_w, _) = map_size(map::bundled("kazan").unwrap());
        assert_eq!(
            layout(4, kazan_w),
            Layout {
                columns: 2,
                scale: 1.0
            }
        );
        let (xawskil_w, _) = map_size(map::bundled("xawskil").unwrap());
        let wide = layout(4, xawskil_w);
        assert_eq!(wide.columns, 2);
        assert!(wide.scale < 1.0 && wide.scale >= MIN_SCALE);
        assert_eq!(
            layout(1, xawskil_w),
            Layout {
                columns: 1,
                scale: 1.0
            }
        );
    }

    #[test]
    fn the_legend_and_objectives_wrap_to_the_picture() {
        let m = avenia();
        let long = format!(
            "Objectives: {}",
            ["avenia-1: achieved by seat 0"; 12].join(" · ")
        );
        let svg = draw(m, "Avenia", &[Panel::default()], &long);
        let width = picture_width(&svg);
        assert!(svg.matches("class=\"objectives\"").count() >= 2);
        assert!(svg.matches("class=\"legend\"").count() >= 2);
        let chars = (width / (0.56 * FOOTER_FONT)).floor() as usize;
        for line in footer_lines(LEGEND, width - 2.0 * MARGIN) {
            assert!(line.chars().count() <= chars, "{line}");
        }
    }

    #[test]
    fn kept_investigate_cards_are_named_below_the_map() {
        let m = avenia();
        let panel = Panel {
            kept: vec!["coinx3-grass-4", "line-land-unlimited"],
            ..Panel::default()
        };
        let svg = draw(m, "Avenia", &[panel, Panel::default()], "Objectives: none");
        assert!(svg.contains(">kept: coinx3-grass-4, line-land-unlimited</text>"));
        assert!(svg.contains(">kept: none</text>"));
    }

    fn map_is_capital(m: &Map, space: usize) -> bool {
        m.spaces[space].capital
    }

    #[test]
    fn even_columns_sit_half_a_hex_lower() {
        let (_, y_even) = centre(0, 0);
        let (_, y_odd) = centre(1, 0);
        assert!((y_even - y_odd - SQRT3 * R / 2.0).abs() < 1e-9);
        // Neighbours are one hex apart: N/S and the diagonals at the same distance.
        let d = |a: (f64, f64), b: (f64, f64)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
        let here = centre(2, 3);
        assert!((d(here, centre(2, 4)) - SQRT3 * R).abs() < 1e-9);
        assert!((d(here, centre(3, 4)) - SQRT3 * R).abs() < 1e-9); // SE of an even column
        assert!((d(here, centre(3, 3)) - SQRT3 * R).abs() < 1e-9); // NE of an even column
    }
}

#[cfg(test)]
mod state_tests {
    use super::*;
    use crate::games::merchant_explorers::setup_options::new_game_with;
    use rand::SeedableRng;

    #[test]
    fn a_played_state_draws_each_seats_explorers_and_coins() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let options = [("map".to_string(), "kazan".to_string())];
        let mut state = new_game_with(2, &mut rng, &options).expect("a new game");
        // Play until some explorer is on the map (chance by the first outcome, moves by
        // the first placement).
        let mut actions = Vec::new();
        let mut outcomes = Vec::new();
        for _ in 0..200 {
            if state.player(0).explorers.len() + state.player(1).explorers.len() >= 3 {
                break;
            }
            match state.turn() {
                crate::Turn::Chance => {
                    state.chance_outcomes(&mut outcomes);
                    state.apply(outcomes[0].0);
                }
                crate::Turn::Player(_) => {
                    state.legal_actions(&mut actions);
                    state.apply(actions[0]);
                }
                crate::Turn::Terminal => break,
            }
        }
        let explorers = state.player(0).explorers.len() + state.player(1).explorers.len();
        assert!(explorers >= 3, "the loop placed explorers");
        let svg = state.to_svg().expect("the game draws itself");
        assert!(svg.contains("Kazan - era 1"));
        assert_eq!(svg.matches("class=\"explorer\"").count(), explorers);
        for seat in 0..2 {
            assert!(svg.contains(&format!("Seat {seat} - {} coins", state.score(seat))));
        }
        for space in state.player(0).explorers.iter() {
            let cell = state.map().cell_name(space);
            assert!(svg.contains(&format!("class=\"explorer\" data-cell=\"{cell}\"")));
        }
    }

    #[test]
    fn the_picture_marks_each_objective_achieved_open_or_no_longer_payable() {
        use crate::games::merchant_explorers::{cards, Options};
        let map = crate::games::merchant_explorers::map::bundled("avenia").unwrap();
        let ids: Vec<usize> = ["avenia-1", "avenia-2", "avenia-3"]
            .iter()
            .map(|id| cards::objective_id(id).unwrap())
            .collect();
        let mut solo = State::start(map, 1, Options::defaults(map, 1), &ids);
        solo.player[0].objectives = 0b010;
        assert!(state_svg(&solo).contains(
            "Objectives: avenia-1: open · avenia-2: achieved by seat 0 · avenia-3: open"
        ));
        // From era III's reveal on, solo decay has taken o1 away.
        solo.era = 3;
        solo.current = cards::explore_id("era-III").unwrap() as u8;
        let svg = state_svg(&solo);
        assert!(svg.contains("avenia-1: no longer payable"), "{svg}");
        assert!(svg.contains("class=\"objectives\""));
    }

    #[test]
    fn setup_refuses_unknown_maps_and_options() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let bad_map = [("map".to_string(), "atlantis".to_string())];
        let error = new_game_with(2, &mut rng, &bad_map).unwrap_err();
        assert_eq!(error.to_string(), "map: unknown map \"atlantis\"");
        let bad_key = [("colour".to_string(), "red".to_string())];
        let error = new_game_with(2, &mut rng, &bad_key).unwrap_err();
        assert!(error.to_string().starts_with("colour: not a setup option"));
        assert!(new_game_with(5, &mut rng, &[]).is_err());
    }
}
