//! The typed components: every number of the game, resolved from the file's facts to plain
//! values. Tables whose size the spec fixes are arrays indexed by dense ids; the engine's
//! `Copy` state holds indices into them.

use super::ops::{Ability, Effect};
use super::vocab::{
    ArtifactDevKind, BookColour, Deck, District, Line, MarbleColour, ObjectiveType, Resource,
};

/// Player counts 1-4; tables by player count are indexed `players - 1`.
pub const PLAYER_COUNTS: usize = 4;
pub const DISTRICTS: usize = 3;
pub const SECTIONS: usize = 10;
/// Sections holding a Neighborhood tile, and sections with a printed neighborhood.
pub const TILE_SECTIONS: usize = 7;
pub const PRINTED_SECTIONS: usize = SECTIONS - TILE_SECTIONS;
pub const LINES: usize = 5;
pub const MARBLE_COLOURS: usize = 5;
pub const LIBRARY_SLOTS: usize = 5;
pub const CAULDRONS: usize = 4;
pub const CHARACTERS: usize = 12;
pub const CHARACTERS_ROUNDS_1_3: usize = 7;
pub const ACTION_TILES: usize = 12;
/// Action spaces on the board: one per player of the largest game, plus one.
pub const ACTION_SPACES: usize = PLAYER_COUNTS + 1;
pub const BOOKS: usize = 38;
pub const OBJECTIVES: usize = 27;
pub const STARTING_TILES: usize = 18;
pub const NEIGHBORHOOD_TILES_PER_DISTRICT: usize = 10;
pub const NEIGHBORHOOD_TILES: usize = DISTRICTS * NEIGHBORHOOD_TILES_PER_DISTRICT;
pub const ARTIFACT_TILES: usize = 4;
pub const ARTIFACT_SIDES: usize = 2;
/// Artifacts per Artifact-tile side, one per cauldron.
pub const ARTIFACTS: usize = CAULDRONS;
pub const DEVELOPMENTS_PER_AREA: usize = 6;
/// Books of each colour, in `BookColour` order (red, blue, green, yellow, black).
pub const BOOKS_PER_COLOUR: [usize; 5] = [8, 8, 8, 8, 6];
/// Marbles in the box, by `MarbleColour` (5 white, 1 black, 3 each red, blue, yellow).
pub const MARBLES_IN_BOX: [u8; MARBLE_COLOURS] = [5, 1, 3, 3, 3];
pub const MAX_CEMETERY_SPACES: usize = 8;
pub const MAX_STUDY_SPACES: usize = 21;
pub const MAX_GOLEM_TRACK_SPACES: usize = 20;
/// A column never holds more Books than this, whatever the Study track says.
pub const MAX_COLUMN_LIMIT: u8 = 5;

/// Fixed numbers of the rules (`rules` in the file).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    pub players_min: u8,
    pub players_max: u8,
    pub rounds: u8,
    pub phases_per_round: u8,
    pub marble_eyes: u8,
    pub marble_actions_per_round: u8,
    pub rabbi_actions_per_round: u8,
    pub action_spaces_extra: u8,
    pub library_slots: u8,
    pub neighborhood_tiles_used_per_district: u8,
    pub starting_tiles_dealt: u8,
    pub starting_tiles_kept: u8,
    pub objectives_dealt: u8,
    pub objectives_kept: u8,
    pub start_vp: u8,
    pub start_study_space: u8,
    pub start_golem_track_space: u8,
    pub start_student_section: u8,
    pub golems_per_player: u8,
    pub golems_start_on_main_board: u8,
    pub create_cost_clay: u8,
    pub create_extra_per_own_golem_in_district: u8,
    /// Golem-track spaces up for the k-th Golem created (k = 0, 1, ...).
    pub create_track_up: Vec<u8>,
    pub kill_track_down: u8,
    pub work_max_golems: u8,
    /// Knowledge for activating 1..=`work_max_golems` Golems (index n − 1).
    pub work_cost_knowledge: Vec<u8>,
    pub gold_price_coins: u8,
    pub mirror_price_coins: u8,
    pub mirror_study_price_coins: u8,
    pub mirror_study_steps: u8,
    pub influence_decline_coins: u8,
    pub control_cost_per_section: u8,
    pub uncontrolled_golem_penalty_vp: u8,
    pub overflow_penalty_vp_per_step: u8,
    pub overflow_penalty_cap_per_golem: u8,
    pub book_columns: u8,
    pub column_max_books: u8,
    pub resources_per_final_vp: u8,
    /// Set bonus by number of different Objective types completed (index 0..=9).
    pub objective_set_bonus: [u8; 10],
    pub menorah_token_section: u8,
    pub pass_tiles: u8,
    /// Gold each cauldron holds, cauldron 1 first.
    pub cauldron_capacity: [u8; CAULDRONS],
}

impl Rules {
    /// Golems a player starts with in reserve (6 − 2).
    pub fn reserve_golems(&self) -> u8 {
        self.golems_per_player
            .saturating_sub(self.golems_start_on_main_board)
    }
}

/// Marbles of each colour (indexed by `MarbleColour`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarbleSet(pub [u8; MARBLE_COLOURS]);

impl MarbleSet {
    pub fn count(&self, colour: MarbleColour) -> u8 {
        self.0[colour.index()]
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }
}

/// Which Students a marble moves when taken.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum StudentMove {
    /// These Students, one step each (none for white).
    Districts(Vec<District>),
    /// Two Students of different districts, chosen by the player (black).
    #[default]
    TwoDifferentDistricts,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marbles {
    /// The marble set for N players at index N − 1.
    pub by_players: [MarbleSet; PLAYER_COUNTS],
    pub lines_top_to_bottom: [Line; LINES],
    /// Indexed by `MarbleColour`.
    pub student_moves: [StudentMove; MARBLE_COLOURS],
    /// Drop model: each marble falls into line l with probability w_l / Σw (lines top to
    /// bottom).
    pub drop_weights: [u32; LINES],
}

/// The printed neighborhood of a section without a tile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrintedNeighborhood {
    pub section: u8,
    pub effect: Effect,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pub sections: u8,
    /// Sections holding the 7 tiles, ascending.
    pub neighborhood_sections: [u8; TILE_SECTIONS],
    /// Per district, the other sections' printed neighborhoods, ascending by section.
    pub printed_neighborhoods: [[PrintedNeighborhood; PRINTED_SECTIONS]; DISTRICTS],
    /// Resources an entry cost may be paid in (wholly in one of them).
    pub block_entry_currencies: Vec<Resource>,
    /// Cost of a forward step onto each section (index section − 1; 0 = free).
    pub block_entry_cost: [u8; SECTIONS],
    /// Street income per district and section (index section − 1).
    pub street_income: [[Effect; SECTIONS]; DISTRICTS],
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CemeterySpace {
    /// The space's number in texts (`kill r3 @6`).
    pub id: u8,
    pub min_players: u8,
    /// The last space takes any number of Golems; every other space takes one.
    pub unlimited: bool,
    pub bonus: Effect,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActionTile {
    pub id: String,
    pub text: String,
    pub number: u8,
    pub effect: Effect,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Synagogue {
    /// The printed lowest Rabbi action.
    pub bottom_action: Effect,
    pub action_tiles: [ActionTile; ACTION_TILES],
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Character {
    pub id: String,
    pub text: String,
    pub number: u8,
    pub deck: Deck,
    pub cost_coins: u8,
    pub effect: Effect,
    /// The two marble colours a player must match (white matches any).
    pub marbles: [MarbleColour; 2],
    pub golem_steps: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NeighborhoodTile {
    pub id: String,
    pub district: District,
    pub text: String,
    /// The printed number, 1-10 within the district.
    pub number: u8,
    pub effect: Effect,
}

/// What a Book's card costs (spec §2.4: the two forms).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BookCost {
    /// Coloured Books: this much Knowledge.
    Knowledge(u8),
    /// Black Books: one Student of the player's choice 1 section back.
    #[default]
    StudentBackAny,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    pub id: String,
    pub colour: BookColour,
    pub cost: BookCost,
    pub immediate: Effect,
    pub active: Effect,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Objective {
    pub id: String,
    pub objective_type: ObjectiveType,
    pub threshold: u8,
    pub vp: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartingTile {
    pub id: String,
    pub effect: Effect,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArtifactSide {
    /// The benefit of each Artifact, 1 to 4 (one per cauldron).
    pub artifacts: [Effect; ARTIFACTS],
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArtifactTile {
    pub id: String,
    /// Side 1 at index 0.
    pub sides: [ArtifactSide; ARTIFACT_SIDES],
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StudySpace {
    pub space: u8,
    pub column_limit: u8,
    pub income: Effect,
    pub final_vp: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GolemTrackSpace {
    pub space: u8,
    pub level: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GolemLevel {
    pub level: u8,
    /// Golem-movement steps per round at this level.
    pub steps: u8,
    pub income: Effect,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GolemTrack {
    /// Consecutively numbered spaces, lowest first.
    pub spaces: Vec<GolemTrackSpace>,
    /// Levels 1, 2, ..., in order (`levels[l - 1]`).
    pub levels: Vec<GolemLevel>,
}

impl GolemTrack {
    /// The level of track space `space`, if it is on the track.
    pub fn level_of(&self, space: u8) -> Option<&GolemLevel> {
        let entry = self.spaces.iter().find(|s| s.space == space)?;
        self.levels.get(usize::from(entry.level).checked_sub(1)?)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GolemDevelopment {
    pub id: String,
    pub cost_clay: u8,
    pub menorahs: u8,
    pub text: String,
    pub abilities: Vec<Ability>,
    /// Resolved once, when upgraded.
    pub immediate: Effect,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StudyDevelopment {
    pub id: String,
    /// The Book column (1-based) under this tile; `None` for the Study-track tile.
    pub column: Option<u8>,
    pub cost_knowledge: u8,
    pub menorahs: u8,
    pub text: String,
    pub abilities: Vec<Ability>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArtifactDevelopment {
    pub id: String,
    pub kind: ArtifactDevKind,
    pub menorahs: u8,
    /// Abilities of side 1 and side 2 (empty for the large tile, which has one side).
    pub sides: [Vec<Ability>; ARTIFACT_SIDES],
    /// Cost of the large tile; the others cost their space's Coins.
    pub cost_coins: u8,
}

/// A space of the Artifact tile on which an Artifact Development is placed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArtifactDevelopmentSpace {
    /// `4.1`: Artifact 4, first space.
    pub id: String,
    pub artifact: u8,
    /// The `k` of the id (read once: the move notation names spaces by it).
    pub k: u8,
    pub cost_coins: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerBoard {
    pub study_track: Vec<StudySpace>,
    pub golem_track: GolemTrack,
    pub golem_developments: [GolemDevelopment; DEVELOPMENTS_PER_AREA],
    pub study_developments: [StudyDevelopment; DEVELOPMENTS_PER_AREA],
    pub artifact_developments: [ArtifactDevelopment; DEVELOPMENTS_PER_AREA],
    pub artifact_development_spaces: Vec<ArtifactDevelopmentSpace>,
}

impl PlayerBoard {
    /// The Study-track space numbered `space`, if on the track.
    pub fn study_space(&self, space: u8) -> Option<&StudySpace> {
        self.study_track.iter().find(|s| s.space == space)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    pub palace_from_deck_1_3: u8,
    pub palace_from_deck_4: u8,
    /// Introductory Palace, left to right, as Character indices.
    pub intro_characters: Vec<u8>,
    /// Introductory Neighborhood tiles per district, as dense tile indices (sections I
    /// to VII in order).
    pub intro_neighborhoods: [[u8; TILE_SECTIONS]; DISTRICTS],
    pub intro_starting_tiles_dealt: u8,
}
