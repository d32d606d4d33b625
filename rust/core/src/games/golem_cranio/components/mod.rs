//! The components of Golem (Cranio): every number, card and tile, read from a JSON data file
//! and validated field by field (spec §2, §12, §13).
//!
//! The default file is compiled in ([`Components::builtin`]); a user may supply another
//! ([`Components::from_file`]), which is refused with every problem listed at once, each as
//! `components.<json path>: <message>`, until it is valid.

mod board;
mod cards;
mod error;
mod facts;
mod header;
pub mod ids;
mod marbles;
pub mod model;
pub mod ops;
mod player_board;
mod reader;
mod rules;
mod setup;
mod validate;
pub mod vocab;

#[cfg(test)]
mod tests;

use std::path::Path;
use std::sync::OnceLock;

use serde_json::Value;
use sha2::{Digest, Sha256};

pub use error::{ComponentsError, ComponentsErrors};
pub use facts::FactCounts;
pub use model::*;
pub use ops::{Ability, CostItem, Effect, Op};

use reader::Reader;

/// The default components file, compiled into the binary.
pub const BUILTIN_JSON: &str =
    include_str!("../../../../data/golem_cranio/golem-cranio-components.json");

/// The `schema` and `version` this engine reads.
pub const SCHEMA: &str = "golem-cranio-components";
pub const VERSION: u64 = 1;

const TOP_LEVEL_FIELDS: &[&str] = &[
    "schema",
    "version",
    "game",
    "title",
    "fact_format",
    "meta",
    "sources",
    "vocabulary",
    "inventory",
    "rules",
    "marbles",
    "board",
    "cemetery",
    "library",
    "synagogue",
    "characters",
    "neighborhood_tiles",
    "books",
    "objectives",
    "starting_tiles",
    "artifact_tiles",
    "player_board",
    "setup",
];

/// Where the loaded components came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComponentsSource {
    /// The compiled-in default file.
    Builtin,
    /// A file the user named (as given).
    Path(String),
    /// Text handed to [`Components::from_json`] by a caller (tests, bindings).
    Inline,
}

impl ComponentsSource {
    /// `builtin`, the path, or `inline`, as printed and written to JSON.
    pub fn label(&self) -> &str {
        match self {
            ComponentsSource::Builtin => "builtin",
            ComponentsSource::Path(path) => path,
            ComponentsSource::Inline => "inline",
        }
    }
}

/// Which components file is in use: what every result reports (spec §13).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentsInfo {
    pub source: ComponentsSource,
    /// Lower-case hex SHA-256 of the file's bytes.
    pub sha256: String,
    /// Facts in the file, confirmed and placeholders.
    pub facts: u32,
    pub placeholders: u32,
}

impl ComponentsInfo {
    /// `ruleset: golem-cranio components builtin (sha256 1f3a2b4c5d6e…) — 333 of 580 values
    /// are placeholders`. The hash is cut to 12 digits: enough to tell files apart by eye.
    pub fn ruleset_line(&self) -> String {
        let short: String = self.sha256.chars().take(12).collect();
        format!(
            "ruleset: golem-cranio components {} (sha256 {short}…) — {} of {} values are placeholders",
            self.source.label(),
            self.placeholders,
            self.facts
        )
    }

    /// `{"source": "builtin" | "<path>", "sha256": "…", "facts": 580, "placeholders": 333}`,
    /// the `components` object of `--json` outputs.
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "source": self.source.label(),
            "sha256": self.sha256,
            "facts": self.facts,
            "placeholders": self.placeholders,
        })
    }
}

/// Every number, card and tile of the game, typed and validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Components {
    pub info: ComponentsInfo,
    pub rules: Rules,
    pub marbles: Marbles,
    pub board: Board,
    /// Cemetery spaces in data order; the last is the unlimited one.
    pub cemetery: Vec<CemeterySpace>,
    /// Knowledge cost of each Library slot, slot 1 (leftmost) first.
    pub library_slot_costs: [u8; LIBRARY_SLOTS],
    pub synagogue: Synagogue,
    /// Indexed by id: `CH05` at index 4.
    pub characters: [Character; CHARACTERS],
    /// Indexed red `NR01..NR10`, yellow `NY01..`, blue `NB01..` (see [`ids`]).
    pub neighborhood_tiles: [NeighborhoodTile; NEIGHBORHOOD_TILES],
    pub books: [Book; BOOKS],
    pub objectives: [Objective; OBJECTIVES],
    pub starting_tiles: [StartingTile; STARTING_TILES],
    /// Tiles `A` to `D`.
    pub artifact_tiles: [ArtifactTile; ARTIFACT_TILES],
    pub player_board: PlayerBoard,
    pub setup: Setup,
}

impl Components {
    /// The compiled-in default components, parsed once.
    pub fn builtin() -> &'static Components {
        static BUILTIN: OnceLock<Components> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            // The file is part of the source tree and the tests load it, so a failure here
            // is a build that was never tested, not a user's mistake.
            Components::parse(BUILTIN_JSON, ComponentsSource::Builtin).unwrap_or_else(|errors| {
                panic!("the builtin components file is invalid:\n{errors}")
            })
        })
    }

    /// Components from JSON text (source `inline`): every problem at once, or the
    /// components.
    pub fn from_json(text: &str) -> Result<Components, ComponentsErrors> {
        Components::parse(text, ComponentsSource::Inline)
    }

    /// Components from a user's file (source: the path as given).
    pub fn from_file(path: impl AsRef<Path>) -> Result<Components, ComponentsErrors> {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let text = crate::util::files::read_text(path, crate::util::files::MAX_COMPONENTS_BYTES)
            .map_err(|e| {
                ComponentsErrors(vec![ComponentsError::new(
                    "",
                    format!("cannot read {shown}: {e}"),
                )])
            })?;
        Components::parse(&text, ComponentsSource::Path(shown))
    }

    pub(crate) fn parse(
        text: &str,
        source: ComponentsSource,
    ) -> Result<Components, ComponentsErrors> {
        let root: Value = serde_json::from_str(text).map_err(|e| {
            ComponentsErrors(vec![ComponentsError::new("", format!("invalid JSON: {e}"))])
        })?;
        let mut r = Reader::default();
        let Some(map) = r.object(&root, "") else {
            return Err(ComponentsErrors(r.errors));
        };
        r.only_fields(map, "", TOP_LEVEL_FIELDS, "field");
        header::expect_string(&mut r, map, "schema", SCHEMA);
        r.with_field(map, "", "version", |r, v, p| {
            if v.as_u64() != Some(VERSION) {
                r.error(
                    p,
                    format!("expected {VERSION}, got {}", reader::describe(v)),
                );
            }
        });
        header::expect_string(&mut r, map, "game", "golem-cranio");
        r.with_field(map, "", "vocabulary", header::check_vocabulary);
        r.with_field(map, "", "inventory", header::check_inventory);
        let counts = facts::count_facts(&mut r, &root);

        let mut components = Components {
            info: ComponentsInfo {
                source,
                sha256: sha256_hex(text.as_bytes()),
                facts: counts.total(),
                placeholders: counts.placeholders,
            },
            rules: r.with_field(map, "", "rules", rules::read_rules),
            marbles: r.with_field(map, "", "marbles", marbles::read_marbles),
            board: r.with_field(map, "", "board", board::read_board),
            cemetery: r.with_field(map, "", "cemetery", board::read_cemetery),
            library_slot_costs: r.with_field(map, "", "library", board::read_library),
            synagogue: r.with_field(map, "", "synagogue", board::read_synagogue),
            characters: cards::to_array(r.with_field(
                map,
                "",
                "characters",
                cards::read_characters,
            )),
            neighborhood_tiles: cards::to_array(r.with_field(
                map,
                "",
                "neighborhood_tiles",
                cards::read_neighborhood_tiles,
            )),
            books: cards::to_array(r.with_field(map, "", "books", cards::read_books)),
            objectives: cards::to_array(r.with_field(
                map,
                "",
                "objectives",
                cards::read_objectives,
            )),
            starting_tiles: cards::to_array(r.with_field(
                map,
                "",
                "starting_tiles",
                cards::read_starting_tiles,
            )),
            artifact_tiles: cards::to_array(r.with_field(
                map,
                "",
                "artifact_tiles",
                cards::read_artifact_tiles,
            )),
            player_board: r.with_field(map, "", "player_board", player_board::read_player_board),
            setup: Setup::default(),
        };
        let numbers = r.with_field(map, "", "setup", setup::read_setup);
        components.setup = validate::cross_check(&mut r, &components, &numbers);
        if r.errors.is_empty() {
            Ok(components)
        } else {
            Err(ComponentsErrors(r.errors))
        }
    }

    /// The dense index of a Character id (`CH05` → 4).
    pub fn character_index(id: &str) -> Option<usize> {
        ids::CHARACTER_IDS.index(id)
    }
}

/// Lower-case hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
