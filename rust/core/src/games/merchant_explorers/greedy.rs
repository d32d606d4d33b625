//! The `greedy` bot: the legal action that earns the most coins at once (coin spaces with
//! the card's multiplier, the next tower, crystals, a fixed 3 for a ruin, route products),
//! placing rather than stopping; exact ties broken uniformly at random. A baseline only.

use rand::{Rng, RngCore};

use super::{Action, State};
use crate::bots::{Bot, Policies};
use crate::{Game, Turn};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Greedy;

impl Policies for State {
    const POLICIES: &'static [&'static str] = &["greedy"];

    fn policy(name: &str) -> Option<Box<dyn Bot<Self>>> {
        (name == "greedy").then(|| Box::new(Greedy) as Box<dyn Bot<Self>>)
    }
}

impl Bot<State> for Greedy {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&self, state: &State, rng: &mut dyn RngCore) -> Option<Action> {
        if !matches!(state.turn(), Turn::Player(_)) {
            return None;
        }
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let best = legal.iter().map(|&a| state.ordering_hint(a)).max()?;
        let top: Vec<Action> = legal
            .into_iter()
            .filter(|&a| state.ordering_hint(a) == best)
            .collect();
        Some(top[rng.random_range(0..top.len())])
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn greedy_takes_the_richest_move_and_finishes_games() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let map = super::super::map::bundled("avenia").unwrap();
        let mut state = State::start(map, 1, super::super::Options::defaults(map, 1), &[]);
        state.apply(Action::Reveal(
            super::super::cards::explore_id("mountain-1").unwrap() as u8,
        ));
        // c7r6 is M$1, c9r6 a plain mountain.
        let choice = Greedy.choose(&state, &mut rng).unwrap();
        assert_eq!(state.action_to_text(choice), "place c7r6");
        let mut outcomes = Vec::new();
        let mut game = State::new_game(2, &mut rng);
        while game.turn() != Turn::Terminal {
            match game.turn() {
                Turn::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    game.apply(outcomes[0].0);
                }
                _ => {
                    let action = Greedy.choose(&game, &mut rng).unwrap();
                    game.apply(action);
                }
            }
        }
        assert!(game.score(0) > 0 && game.score(1) > 0);
    }
}
