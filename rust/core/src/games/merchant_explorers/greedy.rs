//! Merchant Explorers' `greedy` bot: a one-ply heuristic, the baseline the search bots
//! are measured against. Each legal action gets a score and the highest wins (exact ties
//! uniformly at random with the bot's RNG):
//!
//! - **place / free** a space: the coins it pays at once (coins with the card's
//!   multiplier, a tower's next ladder value, a crystal, 3 for a ruin's treasure),
//!   plus the era's village coins if it completes a region of the player's, plus 1 (an
//!   explored space is worth something: it is where the next card starts), plus 0.5 per
//!   uncovered city, ruin or tower next to it (what the following placements can reach);
//! - **stop** / **free none**: 0, so the bot places while a placement is worth anything;
//! - **route**: the product of the two cities (all routes are mandatory; the choice is
//!   only which pair and which city gets the post);
//! - **village**: the blank space with the most unexplored neighbours (room to grow from);
//! - **keep** / **repeat**: the card allowing the most placements (unlimited counts 8).
//!
//! Search's priors are these scores made graded (`action_priors`).

use rand::{Rng, RngCore};

use super::action::Action;
use super::cards::{self, UNLIMITED};
use super::cellset::CellSet;
use super::state::{State, NO_CARD};
use crate::bots::{Bot, Policies};
use crate::{Game, Turn};

/// The `greedy` bot (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Greedy;

impl Policies for State {
    const POLICIES: &'static [&'static str] = &["greedy"];

    fn policy(name: &str) -> Option<Box<dyn Bot<Self>>> {
        (name == "greedy").then(|| Box::new(Greedy) as Box<dyn Bot<Self>>)
    }
}

/// Placements a card allows in all (an unlimited step counts 8).
fn allowance(steps: &[cards::Step]) -> f32 {
    steps
        .iter()
        .map(|s| {
            if s.max == UNLIMITED {
                8.0
            } else {
                f32::from(s.max)
            }
        })
        .sum()
}

impl State {
    /// The greedy score of one legal action of the seat to move (module documentation).
    /// `explored` is the mover's explored set (`seat_explored`), computed once by the
    /// caller for all its actions.
    pub(super) fn greedy_value(&self, action: Action, explored: CellSet) -> f32 {
        let seat = self.to_move as usize;
        let map = self.map;
        match action {
            Action::Place(s) | Action::Free(s) => self.place_value(s as usize, explored),
            Action::Stop | Action::FreeNone => 0.0,
            Action::Route { .. } => self.immediate_coins(action) as f32,
            Action::Village(s) => map.adjacent[s as usize].minus(explored).len() as f32,
            Action::Keep(card) => allowance(cards::INVESTIGATE[card as usize].steps),
            Action::Repeat(slot) => match self.player[seat].kept[slot as usize] {
                NO_CARD => 0.0,
                card => allowance(cards::INVESTIGATE[card as usize].steps),
            },
            Action::Reveal(_) | Action::Offer(..) | Action::Draw(_) => 0.0,
        }
    }

    /// Placing an explorer on space `s` for the seat to move: coins now, a completed
    /// region's village, and what the space opens up (module documentation).
    fn place_value(&self, s: usize, explored: CellSet) -> f32 {
        let seat = self.to_move as usize;
        let map = self.map;
        let mut value = 1.0 + self.immediate_coins(Action::Place(s as u16)) as f32;
        let region = map.region_of[s] as usize;
        if let Some(r) = map.regions.get(region) {
            let missing = r.spaces.minus(explored);
            let has_village = r.spaces.intersects(&self.player[seat].villages);
            if missing.len() == 1 && !has_village && !r.blanks.is_empty() {
                value += f32::from(self.era);
            }
        }
        let targets = map.city_set.union(map.ruin_set).union(map.tower_set);
        let near = map.adjacent[s].intersection(targets).minus(explored);
        value + 0.5 * near.len() as f32
    }
}

impl Bot<State> for Greedy {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&self, state: &State, rng: &mut dyn RngCore) -> Option<Action> {
        let Turn::Player(_) = state.turn() else {
            return None;
        };
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let explored = state.seat_explored(state.to_move as usize);
        let mut best: Option<(f32, Action)> = None;
        let mut ties = 0u32;
        for &action in &legal {
            let value = state.greedy_value(action, explored);
            match best {
                Some((top, _)) if value < top => {}
                Some((top, _)) if value == top => {
                    ties += 1;
                    if rng.random_range(0..=ties) == 0 {
                        best = Some((value, action));
                    }
                }
                _ => {
                    best = Some((value, action));
                    ties = 0;
                }
            }
        }
        best.map(|(_, action)| action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{self, ArenaConfig};
    use crate::bots::RandomBot;
    use crate::search::StopFlag;

    fn versus_random(players: usize, games: u32) -> (u32, f64, f64) {
        let bots: Vec<Box<dyn Bot<State>>> = vec![Box::new(Greedy), Box::new(RandomBot)];
        let config = ArenaConfig {
            games,
            players,
            seed: 7,
            setup: vec![("map".into(), "kazan".into())],
            ..ArenaConfig::default()
        };
        let report = arena::run(&bots, &config, &StopFlag::new(), &mut |_, _| {}).unwrap();
        let (greedy, random) = (&report.bots[0], &report.bots[1]);
        (greedy.wins, greedy.mean_score(), random.mean_score())
    }

    #[test]
    fn greedy_outscores_random_play() {
        // Fixed seeds, so this is one fixed set of 10 games: greedy must win nearly all.
        let (wins, greedy, random) = versus_random(2, 10);
        assert!(wins >= 9, "greedy won {wins} of 10");
        assert!(greedy > 2.0 * random, "mean scores {greedy} : {random}");
    }

    #[test]
    fn greedy_prefers_coins_and_keeps_placing() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut state = State::new_game(1, &mut rng);
        let mut outcomes = Vec::new();
        let mut legal = Vec::new();
        // Reveal cards until the solo seat has a placement to make.
        while state.turn() == Turn::Chance {
            state.chance_outcomes(&mut outcomes);
            state.apply(outcomes[0].0);
        }
        state.legal_actions(&mut legal);
        assert!(legal.iter().any(|a| matches!(a, Action::Place(_))));
        let explored = state.seat_explored(0);
        {
            let pick = Greedy.choose(&state, &mut rng).unwrap();
            assert!(matches!(pick, Action::Place(_)), "greedy stopped at once");
            let best = legal
                .iter()
                .map(|&a| state.greedy_value(a, explored))
                .fold(f32::NEG_INFINITY, f32::max);
            assert_eq!(state.greedy_value(pick, explored), best);
            assert!(state.greedy_value(Action::Stop, explored) < best);
        }
    }
    use rand::SeedableRng;

    #[test]
    fn greedy_takes_the_richest_move_and_finishes_games() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
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
