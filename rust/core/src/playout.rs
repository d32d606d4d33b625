//! Uniformly random playouts: the cheapest way to reach the end of a game, for speed
//! measurements and as a baseline bot.

use rand::Rng;

pub use crate::game::draw_outcome;
use crate::{Game, Turn};

/// Plays `state` to the end: every player picks uniformly among the legal actions, chance
/// draws by the outcome probabilities. Returns the player moves made. The buffers are the
/// caller's, so repeated playouts allocate nothing.
pub fn random_playout<G: Game, R: Rng>(
    state: &mut G,
    rng: &mut R,
    actions: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Action, f64)>,
) -> u64 {
    let mut plies = 0;
    // Whether `actions` already holds the legal actions (`Game::apply_and_list`).
    let mut listed = false;
    loop {
        match state.turn() {
            Turn::Terminal => return plies,
            Turn::Chance => match random_outcome(state, outcomes, rng) {
                Some(outcome) => listed = state.apply_and_list(outcome, actions),
                None => return plies,
            },
            Turn::Player(_) => {
                if !listed {
                    state.legal_actions(actions);
                }
                if actions.is_empty() {
                    // A live position with no move (no cards, empty row): nothing to do.
                    return plies;
                }
                let action = actions[rng.random_range(0..actions.len())];
                listed = state.apply_and_list(action, actions);
                plies += 1;
            }
        }
    }
}

/// Applies a chance outcome drawn according to its probability. Returns false (and leaves
/// the state alone) if the game offers no outcome, which callers treat as the end.
pub fn apply_random_outcome<G: Game, R: Rng>(
    state: &mut G,
    outcomes: &mut Vec<(G::Action, f64)>,
    rng: &mut R,
) -> bool {
    match random_outcome(state, outcomes, rng) {
        Some(pick) => {
            state.apply(pick);
            true
        }
        None => false,
    }
}

/// A chance outcome drawn according to its probability (one uniform draw from `rng`), or
/// `None` if the state offers none. A node the game cannot list
/// ([`Game::chance_listable`]), or any node of a game that samples directly
/// ([`Game::DIRECT_CHANCE_SAMPLING`]), is drawn by [`Game::sample_chance`].
pub fn random_outcome<G: Game, R: Rng>(
    state: &G,
    outcomes: &mut Vec<(G::Action, f64)>,
    rng: &mut R,
) -> Option<G::Action> {
    if G::DIRECT_CHANCE_SAMPLING || !state.chance_listable() {
        return state.sample_chance(rng);
    }
    state.chance_outcomes(outcomes);
    draw_outcome(outcomes, rng)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::century::Century;

    #[test]
    fn playouts_end_the_game_and_repeat_with_the_seed() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let start = Century::new_game(3, &mut rng);
        let run = |seed| {
            let mut state = start;
            state.hide_decks();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let plies = random_playout(&mut state, &mut rng, &mut Vec::new(), &mut Vec::new());
            (state, plies)
        };
        let (end, plies) = run(1);
        assert!(end.is_terminal());
        assert!(plies > 0);
        assert_eq!(run(1).1, plies);
    }
}
