//! The map in a terminal: each seat's copy as staggered text, for `show` without `--svg`.
//!
//! Flat-topped hexes in columns, even columns half a hex lower (as the map format and the
//! picture have it): each map row takes two text lines, odd columns on the first, even
//! columns on the second. Every space is two characters: what stands on it (a piece, or
//! its terrain when empty), then its printed feature (or its terrain again).

use super::map::{Map, RuinLabel, Terrain, SYMBOLS};
use super::svg::Panel;

/// Characters per column: a space's two and a gap.
const COLUMN: usize = 3;
/// Room for the row labels (`r12`) at the left.
const LABEL: usize = 4;

/// What the characters mean, printed below the maps.
pub const KEY: &[&str] = &[
    "first character: # explorer, V village, P trading post, o covered ruin/tower/crystal, else the terrain",
    "second character: 1-9 coins, C city, a-j lettered ruin, r ruin, T tower, + crystal, @ capital, * ice, else the terrain",
    "terrain: ^ mountain, : desert, \" grassland, ~ sea, . other; odd columns on a row's first line, even columns on its second",
];

fn terrain_char(map: &Map, space: usize) -> char {
    match map.spaces[space].terrain {
        Terrain::Mountain => '^',
        Terrain::Desert => ':',
        Terrain::Grassland => '"',
        Terrain::Sea => '~',
        Terrain::Special => '.',
    }
}

fn feature_char(map: &Map, space: usize) -> Option<char> {
    let s = &map.spaces[space];
    if s.capital {
        return Some('@');
    }
    if s.city > 0 {
        return Some('C');
    }
    if s.ruin {
        return Some(match s.label {
            Some(RuinLabel::Letter(n)) => (b'a' + n) as char,
            Some(RuinLabel::Symbol(k)) => SYMBOLS[k as usize % 3].chars().next().unwrap_or('r'),
            None => 'r',
        });
    }
    if s.tower {
        return Some('T');
    }
    if s.crystal > 0 {
        return Some('+');
    }
    if s.coin > 0 {
        return char::from_digit(u32::from(s.coin.min(9)), 10);
    }
    if s.ice {
        return Some('*');
    }
    None
}

fn piece_char(panel: &Panel, space: usize) -> Option<char> {
    if panel.villages.contains(space) {
        Some('V')
    } else if panel.trading_posts.contains(space) {
        Some('P')
    } else if panel.covered.contains(space) {
        Some('o')
    } else if panel.explorers.contains(space) {
        Some('#')
    } else {
        None
    }
}

/// One seat's copy of the map: a header of column numbers, then two lines per row.
pub fn map_text(map: &Map, panel: &Panel) -> String {
    let cols = map.cols as usize;
    let width = LABEL + cols * COLUMN;
    let mut out = String::new();
    let mut header = " ".repeat(LABEL);
    for col in 0..cols {
        header.push_str(&format!("{col:<COLUMN$}"));
    }
    out.push_str(header.trim_end());
    out.push('\n');
    for row in 0..map.rows as usize {
        for lowered in [false, true] {
            let mut line: Vec<char> = vec![' '; width];
            if !lowered {
                for (i, c) in format!("r{row}").chars().enumerate() {
                    line[i] = c;
                }
            }
            for col in (0..cols).filter(|c| c.is_multiple_of(2) == lowered) {
                let Some(space) = map.space_index(col, row) else {
                    continue;
                };
                let terrain = terrain_char(map, space);
                let at = LABEL + col * COLUMN;
                line[at] = piece_char(panel, space).unwrap_or(terrain);
                line[at + 1] = feature_char(map, space).unwrap_or(terrain);
            }
            let text: String = line.into_iter().collect();
            out.push_str(text.trim_end());
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::merchant_explorers::map;

    /// The two characters the text shows at (`col`, `row`).
    fn at(text: &str, col: usize, row: usize) -> String {
        let line = text
            .lines()
            .nth(1 + 2 * row + usize::from(col.is_multiple_of(2)))
            .unwrap();
        line.chars().skip(LABEL + col * COLUMN).take(2).collect()
    }

    #[test]
    fn every_space_shows_its_terrain_and_feature_where_its_cell_name_says() {
        let m = map::bundled("kazan").unwrap();
        let text = map_text(m, &Panel::default());
        assert_eq!(text.lines().count(), 1 + 2 * m.rows as usize);
        for (space, s) in m.spaces.iter().enumerate() {
            let shown = at(&text, s.col as usize, s.row as usize);
            let terrain = terrain_char(m, space);
            let expected: String = [terrain, feature_char(m, space).unwrap_or(terrain)]
                .into_iter()
                .collect();
            assert_eq!(shown, expected, "{}", m.cell_name(space));
        }
        // Kazan's lettered ruins read as their letters: ruin A sits at c0r6.
        assert_eq!(at(&text, 0, 6), "~a");
    }

    #[test]
    fn pieces_stand_in_front_of_the_feature() {
        let m = map::bundled("kazan").unwrap();
        let mut panel = Panel::default();
        let coin = m.parse_cell("c4r0").unwrap();
        let grass = m.parse_cell("c8r1").unwrap();
        panel.explorers.insert(coin);
        panel.explorers.insert(grass);
        panel.villages.insert(grass);
        let text = map_text(m, &panel);
        assert_eq!(at(&text, 4, 0), "#1");
        assert_eq!(at(&text, 8, 1), "V\"");
        assert!(text.starts_with("    0  1  2"));
        assert!(text.lines().nth(1).unwrap().starts_with("r0"));
    }
}
