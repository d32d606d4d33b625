//! A state as a front end holds it: the state, and how it was reached while that is
//! needed to write it again (inside a compound action of a game written at rest).

use crate::game::{Game, PositionError, Traced, Tracked};

/// A state followed through play. Most states are written by themselves (`State`); only
/// inside a compound action (Golem's turn, between its steps) does writing the state need
/// its last state at rest and the moves since (`Trail`), and only then is one kept, so
/// following a game costs no allocation.
#[derive(Clone, Debug)]
pub enum Followed<G: Game> {
    /// A state at rest, or one whose rest point is unknown (a view, a search's child).
    State(G),
    /// Inside a compound action: the state with its rest point and the moves since.
    Trail(Box<Tracked<G>>),
}

/// Two followed states are equal when their states are: the trail is how we got there.
impl<G: Game + PartialEq> PartialEq for Followed<G> {
    fn eq(&self, other: &Self) -> bool {
        self.state() == other.state()
    }
}

impl<G: Game> Followed<G> {
    /// `state` with nothing known of how it was reached.
    pub fn new(state: G) -> Self {
        Followed::State(state)
    }

    /// A read position, with the moves it was written with.
    pub fn from_traced(traced: Traced<G>) -> Self {
        let tracked = traced.tracked;
        if tracked.since.is_empty() && tracked.state.at_rest() {
            Followed::State(tracked.state)
        } else {
            Followed::Trail(Box::new(tracked))
        }
    }

    /// The state itself.
    pub fn state(&self) -> &G {
        match self {
            Followed::State(state) => state,
            Followed::Trail(tracked) => &tracked.state,
        }
    }

    /// Plays a legal action, keeping a trail while the state is inside a compound action
    /// that began at a known rest point.
    pub fn apply(&mut self, action: G::Action) {
        match self {
            Followed::State(state) => {
                let before = *state;
                state.apply(action);
                if before.at_rest() && !state.at_rest() {
                    let mut tracked = Tracked::new(before);
                    tracked.apply(action);
                    *self = Followed::Trail(Box::new(tracked));
                }
            }
            Followed::Trail(tracked) => {
                tracked.apply(action);
                if tracked.since.is_empty() && tracked.state.at_rest() {
                    *self = Followed::State(tracked.state);
                }
            }
        }
    }

    /// The position's text: the state's own at rest, else its rest point and the moves
    /// since; refused inside a compound action whose rest point is unknown.
    pub fn to_text(&self) -> Result<String, PositionError> {
        match self {
            Followed::State(state) => state.to_text(),
            Followed::Trail(tracked) => tracked.to_text(),
        }
    }

    /// Forgets every deck order, in the state and in the rest point it would be written
    /// from ([`Game::hide_decks`]).
    pub fn hide_decks(&mut self) {
        match self {
            Followed::State(state) => state.hide_decks(),
            Followed::Trail(tracked) => {
                tracked.state.hide_decks();
                tracked.rest.hide_decks();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::golem_cranio::State as Golem;
    use crate::{ReadContext, Registered};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Plays a Golem game into its first compound action: the followed state keeps a
    /// trail there, writes the same text as the core's own tracker, and drops the trail
    /// once at rest again.
    #[test]
    fn keeps_a_trail_only_inside_a_compound_action() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let start = Golem::new_game(2, &mut rng);
        let mut followed = Followed::new(start);
        let mut tracked = Tracked::new(start);
        let mut actions = Vec::new();
        let mut saw_trail = false;
        for _ in 0..400 {
            let state = *followed.state();
            if state.is_terminal() {
                break;
            }
            actions.clear();
            if state.turn() == crate::Turn::Chance {
                let action = crate::playout::random_outcome(&state, &mut Vec::new(), &mut rng)
                    .expect("an outcome");
                actions.push(action);
            } else {
                state.legal_actions(&mut actions);
            }
            let action = actions[0];
            followed.apply(action);
            tracked.apply(action);
            assert_eq!(followed.state(), &tracked.state);
            match &followed {
                Followed::Trail(trail) => {
                    saw_trail = true;
                    // What a search starts from: the same state, no trail to copy.
                    let any = Golem::into_any(followed.clone());
                    let bare = any.without_trail();
                    assert_eq!(bare, any);
                    assert!(matches!(Golem::from_any(&bare), Some(Followed::State(_))));
                    assert!(!trail.since.is_empty() || !trail.state.at_rest());
                    assert_eq!(followed.to_text(), tracked.to_text());
                }
                Followed::State(state) => assert!(state.at_rest()),
            }
        }
        assert!(saw_trail, "the game never entered a compound action");
        let text = followed.to_text().expect("writable");
        let read = Golem::read_traced(&text, &ReadContext::default()).expect("readable");
        assert_eq!(Followed::from_traced(read).state(), followed.state());
    }
}
