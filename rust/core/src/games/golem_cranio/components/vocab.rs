//! The closed vocabularies of the components file: every word the engine understands.
//! A file using any other word is refused (spec §2.4, §12).

/// A closed vocabulary: the JSON names of an enum's variants, in the data file's order.
pub trait Vocab: Copy + Sized + 'static {
    /// What a word of this vocabulary is called in messages (`op`, `resource`).
    const KIND: &'static str;
    /// Every name, in variant order.
    const NAMES: &'static [&'static str];
    /// Every variant, in the order of `NAMES`.
    const ALL: &'static [Self];

    fn from_name(name: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .position(|n| *n == name)
            .and_then(|i| Self::ALL.get(i).copied())
    }

    fn name(self) -> &'static str;
}

macro_rules! vocab {
    ($(#[$doc:meta])* $ty:ident, $kind:literal, { $($variant:ident = $name:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum $ty {
            // The first word is the default, the placeholder of a value that failed to read.
            #[default]
            $($variant),+
        }

        impl Vocab for $ty {
            const KIND: &'static str = $kind;
            const NAMES: &'static [&'static str] = &[$($name),+];
            const ALL: &'static [Self] = &[$($ty::$variant),+];

            fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl $ty {
            /// The dense index of this word (its position in the vocabulary).
            pub const fn index(self) -> usize {
                self as usize
            }
        }
    };
}

vocab!(
    /// Something a player gains; `gold` is placed on cauldrons, `vp` is the score track.
    Resource, "resource", {
        Clay = "clay", Coin = "coin", Knowledge = "knowledge", Gold = "gold", Vp = "vp",
    }
);

vocab!(
    /// A district of the main board (the order of the engine's texts: r, y, b).
    District, "district", { Red = "red", Yellow = "yellow", Blue = "blue" }
);

vocab!(
    /// A marble colour (the order of the engine's texts: w k r b y).
    MarbleColour, "marble colour", {
        White = "white", Black = "black", Red = "red", Blue = "blue", Yellow = "yellow",
    }
);

vocab!(
    /// A Book colour.
    BookColour, "book colour", {
        Red = "red", Blue = "blue", Green = "green", Yellow = "yellow", Black = "black",
    }
);

vocab!(
    /// A marble line of the Synagogue, top to bottom.
    Line, "line", {
        Work = "work", Golem = "golem", Artifacts = "artifacts", Study = "study", Mirror = "mirror",
    }
);

vocab!(
    /// A quantity of the player read when a `gain_per` op resolves.
    Counter, "counter", {
        GolemLevel = "golem_level",
        CompletedArtifacts = "completed_artifacts",
        CemeteryGolems = "cemetery_golems",
        UpgradedDevelopments = "upgraded_developments",
        LeftmostStudent = "leftmost_student",
    }
);

vocab!(
    /// An event that activates the Artifact under an `artifact_trigger` Development.
    Trigger, "trigger", {
        MarbleRed = "marble_red",
        MarbleBlue = "marble_blue",
        FirstBookInColumn = "first_book_in_column",
        CreateGolem = "create_golem",
    }
);

vocab!(
    /// The condition of an Objective card (compared with its threshold).
    ObjectiveType, "objective type", {
        StudentRed = "student_red",
        StudentYellow = "student_yellow",
        StudentBlue = "student_blue",
        GolemsBuilt = "golems_built",
        Gold = "gold",
        Developments = "developments",
        Study = "study",
        Books = "books",
        GolemsKilled = "golems_killed",
    }
);

vocab!(
    /// The op names of effect lists (spec §2.4).
    OpName, "op", {
        Gain = "gain",
        GainPer = "gain_per",
        Study = "study",
        Student = "student",
        StudentAny = "student_any",
        GolemTrack = "golem_track",
        CreateGolem = "create_golem",
        KillGolem = "kill_golem",
        Activate = "activate",
        MoveGolems = "move_golems",
        Upgrade = "upgrade",
        BuyBook = "buy_book",
        BookActive = "book_active",
        ArtifactActivate = "artifact_activate",
        StudentIncome = "student_income",
        DrawObjectives = "draw_objectives",
        UseNeighborhood = "use_neighborhood",
        NoControlCost = "no_control_cost",
        Convert = "convert",
        Choice = "choice",
    }
);

vocab!(
    /// The ability names of Development tiles (spec §2.4).
    AbilityName, "ability", {
        ControlCap = "control_cap",
        CemeteryMultiplier = "cemetery_multiplier",
        WorkFreeActivations = "work_free_activations",
        MayIgnoreCharacterSteps = "may_ignore_character_steps",
        OnCreate = "on_create",
        OnBookHere = "on_book_here",
        DoubleImmediateHere = "double_immediate_here",
        ColumnLimitBonus = "column_limit_bonus",
        Income = "income",
        ArtifactTrigger = "artifact_trigger",
        ArtifactBoost = "artifact_boost",
    }
);

vocab!(
    /// The kinds of cost item (spec §2.4).
    CostItemName, "cost item", { Res = "res", StudentBack = "student_back", StudyDown = "study_down" }
);

vocab!(
    /// Direction of a `golem_track` op.
    TrackDir, "direction", { Up = "up", Down = "down", Either = "either" }
);

vocab!(
    /// Direction of a `move_golems` op.
    MoveDir, "direction", { Forward = "forward", Either = "either" }
);

vocab!(
    /// Which Golems a `move_golems` op may move.
    GolemsMoved, "golem choice", { One = "one", Any = "any" }
);

vocab!(
    /// The Development area an `upgrade` op allows.
    Area, "area", { Golem = "golem", Study = "study", Artifact = "artifact", Any = "any" }
);

vocab!(
    /// The Student a `student_back` cost moves: one district's, or one of the player's choice.
    StudentChoice, "student", { Red = "red", Yellow = "yellow", Blue = "blue", Any = "any" }
);

vocab!(
    /// The Character deck: rounds I-III or round IV.
    Deck, "deck", { Rounds1To3 = "1-3", Round4 = "4" }
);

vocab!(
    /// The kind of an Artifact Development tile.
    ArtifactDevKind, "artifact development kind", { Trigger = "trigger", Boost = "boost", Large = "large" }
);

impl District {
    /// The district's Student, as a `student_back` choice.
    pub fn student(self) -> StudentChoice {
        match self {
            District::Red => StudentChoice::Red,
            District::Yellow => StudentChoice::Yellow,
            District::Blue => StudentChoice::Blue,
        }
    }
}
