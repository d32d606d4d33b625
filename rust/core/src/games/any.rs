//! What generic code does with a state of any registered game ([`AnyState`]): make one,
//! read one, and reach the typed state inside.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{AnyState, GameId};
use crate::followed::Followed;
use crate::game::{Game, PositionError, ReadContext, RulesText};
use crate::refusal::{refuse, Refusal};

/// A registered game's state type: its variant of [`AnyState`]. The registry implements
/// it for every game.
pub trait Registered: Game {
    fn into_any(followed: Followed<Self>) -> AnyState;

    /// The followed state inside `any`, if it is of this game.
    fn from_any(any: &AnyState) -> Option<&Followed<Self>>;
}

/// `players` checked against the range of `G` (the count a front end was given).
fn players_for<G: Game>(players: i64) -> Result<usize, Refusal> {
    let (low, high) = (G::INFO.min_players, G::INFO.max_players);
    if (low as i64..=high as i64).contains(&players) {
        Ok(players as usize)
    } else {
        refuse(
            "players",
            format!("{players} players; the game is for {low}-{high}"),
        )
    }
}

/// A fresh game of `G` for `players` seats, every shuffle drawn from `seed`, with the
/// game's setup options and, for a game with a rules file, the rules read from `rules`.
pub fn new_game<G: Game>(
    players: i64,
    seed: u64,
    options: &[(String, String)],
    rules: Option<&RulesText>,
) -> Result<G, Refusal> {
    let players = players_for::<G>(players)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    G::new_game_in(players, &mut rng, options, rules)
}

impl AnyState {
    /// `state` of a registered game, with nothing known of how it was reached.
    pub fn of<G: Registered>(state: G) -> AnyState {
        G::into_any(Followed::new(state))
    }

    /// A fresh game of `game` (see [`new_game`]).
    pub fn new_game(
        game: GameId,
        players: i64,
        seed: u64,
        options: &[(String, String)],
        rules: Option<&RulesText>,
    ) -> Result<AnyState, Refusal> {
        with_game!(game, G => new_game::<G>(players, seed, options, rules).map(AnyState::of))
    }

    /// A position of `G` from its text, with the warnings reading gave; a position
    /// written inside a compound action keeps its trail.
    pub fn read_as<G: Registered>(
        text: &str,
        ctx: &ReadContext,
    ) -> Result<(AnyState, Vec<String>), PositionError> {
        let traced = G::read_traced(text, ctx)?;
        let warnings = traced.warnings.clone();
        Ok((G::into_any(Followed::from_traced(traced)), warnings))
    }

    /// A position of the game its text names (its `game` key).
    pub fn read(text: &str, ctx: &ReadContext) -> Result<(AnyState, Vec<String>), PositionError> {
        with_game!(GameId::detect(text)?, G => AnyState::read_as::<G>(text, ctx))
    }

    /// The state alone, without the trail that writes it inside a compound action: what a
    /// search or a bot starts from (no allocation, unlike a clone mid-turn).
    pub fn without_trail(&self) -> AnyState {
        with_state!(self, followed, G => AnyState::of(*followed.state()))
    }

    /// The position's text (see [`Followed::to_text`]).
    pub fn to_text(&self) -> Result<String, PositionError> {
        with_state!(self, followed, G => followed.to_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::century::Century;

    #[test]
    fn a_state_crosses_into_any_and_back_as_the_same_game() {
        for &game in GameId::ALL {
            let min = game.info().min_players as i64;
            let any = AnyState::new_game(game, min, 7, &[], None).expect("a new game");
            assert_eq!(any.id(), game);
            let text = any.to_text().expect("writable");
            let (again, warnings) = AnyState::read(&text, &ReadContext::default()).expect("read");
            assert!(warnings.is_empty());
            assert_eq!(again, any);
        }
        let any = AnyState::new_game(GameId::Century, 2, 1, &[], None).expect("new");
        assert!(Century::from_any(&any).is_some());
        assert!(crate::games::golem_cranio::State::from_any(&any).is_none());
        let refused = AnyState::new_game(GameId::Century, 9, 1, &[], None).unwrap_err();
        assert_eq!(refused.field, "players");
        assert_eq!(refused.message, "9 players; the game is for 2-5");
    }
}
