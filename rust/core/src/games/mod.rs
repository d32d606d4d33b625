//! One module per game, each behind [`crate::Game`], and the registry that names them.
//!
//! Adding a game is one folder here and one line in the [`registry!`] call below: the
//! line gives the game's variant of [`GameId`] and its state type. Everything generic (the
//! bindings, the command line, bench, arena) reaches the games through [`GameId`] and
//! [`with_game!`](crate::with_game), never by name.

pub mod century;
pub mod golem_cranio;
pub mod merchant_explorers;

pub use any::{new_game, Registered};

use crate::followed::Followed;
use crate::game::{GameInfo, PositionError};
use crate::util::toml_fields::game_key;
use crate::Game;

/// Declares the games: the [`GameId`] and [`AnyState`] enums, and the `with_game!`,
/// `with_state!` and `for_each_game!` macros.
/// `$d` is a `$` token passed in, so the generated macro can use `$crate` and its own
/// metavariables.
macro_rules! registry {
    ($d:tt $($variant:ident => $module:ident :: $state:ident),* $(,)?) => {
        /// A registered game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($variant),*
        }

        impl GameId {
            /// Every registered game, in registry order.
            pub const ALL: &'static [GameId] = &[$(GameId::$variant),*];

            /// Name, player range and nature of the game.
            pub fn info(self) -> GameInfo {
                match self {
                    $(GameId::$variant => <$module::$state as Game>::INFO),*
                }
            }
        }

        /// A state of any registered game, followed through play ([`Followed`]): what
        /// generic code (the bindings' one state class, search entry points) holds.
        // The games' states differ in size (one Merchant Explorers map is large); each
        // object holds one by value, as the typed states are held everywhere else.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyState {
            $($variant(Followed<$module::$state>)),*
        }

        impl AnyState {
            /// The game this is a state of.
            pub fn id(&self) -> GameId {
                match self {
                    $(AnyState::$variant(_) => GameId::$variant),*
                }
            }
        }

        $(
            impl Registered for $module::$state {
                fn into_any(followed: Followed<Self>) -> AnyState {
                    AnyState::$variant(followed)
                }

                fn from_any(any: &AnyState) -> Option<&Followed<Self>> {
                    match any {
                        AnyState::$variant(followed) => Some(followed),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
            }
        )*

        /// Runs generic code on an [`AnyState`]: `with_state!(any, f, G => body)`
        /// evaluates `body` with `f` bound to the [`Followed`] state inside (by reference
        /// when `any` is one) and the type `G` standing for its game's state type.
        #[macro_export]
        macro_rules! with_state {
            ($d any:expr, $d f:ident, $d G:ident => $d body:expr) => {
                match $d any {
                    $($d crate::games::AnyState::$variant($d f) => {
                        #[allow(dead_code)]
                        type $d G = $d crate::games::$module::$state;
                        $d body
                    })*
                }
            };
        }

        /// Calls `callback! { Variant => path::to::State, ... }` with every registered game,
        /// so other crates (the bindings) can generate code per game from this one list.
        #[macro_export]
        macro_rules! for_each_game {
            ($d callback:ident) => {
                $d callback! { $($variant => $d crate::games::$module::$state),* }
            };
        }

        /// Runs generic code for the game `id` names: `with_game!(id, G => body)` evaluates
        /// `body` with the type `G` standing for that game's state type.
        #[macro_export]
        macro_rules! with_game {
            ($d id:expr, $d G:ident => $d body:expr) => {
                match $d id {
                    $($d crate::games::GameId::$variant => {
                        type $d G = $d crate::games::$module::$state;
                        $d body
                    })*
                }
            };
        }
    };
}

registry! {
    $
    Century => century::Century,
    MerchantExplorers => merchant_explorers::State,
    GolemCranio => golem_cranio::State,
}

// After the registry: `any` uses the macros it defines.
mod any;

impl GameId {
    /// The game a front end plays when none is named: the first registered.
    pub const DEFAULT: GameId = GameId::ALL[0];

    /// The game's short name (`century-golem`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The names of every game, for error messages.
    pub fn names() -> Vec<&'static str> {
        GameId::ALL.iter().map(|g| g.name()).collect()
    }

    /// The game called `name`; the error says which names there are.
    pub fn from_name(name: &str) -> Result<GameId, PositionError> {
        GameId::ALL
            .iter()
            .copied()
            .find(|g| g.name() == name)
            .ok_or_else(|| {
                PositionError::new(
                    "game",
                    format!(
                        "'{name}' is not a game (expected one of: {})",
                        GameId::names().join(", ")
                    ),
                )
            })
    }

    /// The game of a position file, from its `game = "..."` key.
    pub fn detect(text: &str) -> Result<GameId, PositionError> {
        GameId::from_name(&game_key(text)?)
    }
}
