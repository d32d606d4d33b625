//! The setup choices of a new game (`golem-solve new --map`, the arena's `--map`): the
//! map, as a bundled id or a map file's path. Rule options keep their defaults (spec §1);
//! a position file sets them in `[rules]`.

use rand::RngCore;

use super::map;
use super::position::load_map;
use super::state::{Options, State, MAX_PLAYERS, MIN_PLAYERS};
use crate::game::{PositionError, SetupKind, SetupOption};

pub const SETUP_OPTIONS: &[SetupOption] = &[SetupOption {
    name: "map",
    kind: SetupKind::Text,
    help: "a bundled map (avenia, aghon, kazan, cnidaria, north-proylia, xawskil) or a map \
           file's path; avenia by default",
    choices: &map::BUNDLED_IDS,
}];

/// A new game on the map `options` name (Avenia by default), decks shuffled by `rng`.
pub fn new_game_with(
    players: usize,
    rng: &mut dyn RngCore,
    options: &[(String, String)],
) -> Result<State, PositionError> {
    let mut map_name = "avenia";
    for (name, value) in options {
        match name.as_str() {
            "map" => map_name = value,
            other => {
                return Err(PositionError::new(
                    other,
                    "not a setup option of merchant-explorers (options: map)",
                ))
            }
        }
    }
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(PositionError::new(
            "players",
            format!("must be {MIN_PLAYERS}..{MAX_PLAYERS}"),
        ));
    }
    let map = load_map(map_name)?;
    Ok(State::new_with(
        map,
        players,
        rng,
        Options::defaults(map, players),
    ))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn every_map_choice_is_named_in_the_help_and_starts_a_game_on_that_map() {
        let [option] = SETUP_OPTIONS else {
            panic!("merchant-explorers has one setup option, the map")
        };
        assert_eq!(option.choices, map::BUNDLED_IDS);
        for &id in option.choices {
            assert!(option.help.contains(id), "{id} is missing from the help");
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let state = new_game_with(1, &mut rng, &[("map".into(), id.into())]).unwrap();
            assert_eq!(state.map().id, id);
        }
    }
}
