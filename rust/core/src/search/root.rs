//! Where a search starts and how its line reads: generic over the game, shared by every
//! front end (the bindings, the board, the command line).

use crate::refusal::{refuse, Refusal};
use crate::{Game, Turn};

/// A line as texts, played from its root.
pub struct LineTexts {
    /// Up to the first chance event (the line beyond depends on the deal) or the first
    /// step that is not legal.
    pub texts: Vec<String>,
    /// The first step that is not legal: (ply counted from 1, action id). A bug in the
    /// search, reported rather than hidden.
    pub illegal: Option<(usize, u64)>,
}

pub fn line_texts<G: Game>(root: &G, line: &[G::Action]) -> LineTexts {
    let mut state = *root;
    let mut legal = Vec::new();
    let mut texts = Vec::new();
    for (ply, &action) in line.iter().enumerate() {
        if !matches!(state.turn(), Turn::Player(_)) {
            break;
        }
        state.legal_actions(&mut legal);
        if !legal.contains(&action) {
            return LineTexts {
                texts,
                illegal: Some((ply + 1, G::action_id(action))),
            };
        }
        texts.push(state.action_to_text(action));
        state.apply(action);
    }
    LineTexts {
        texts,
        illegal: None,
    }
}

/// The decision to search from `state`: chance events with a single outcome (a known
/// deck order) are played first, since nothing is decided there, and their texts kept to
/// report as `forced`. A chance event with several outcomes, or a finished game, is
/// refused: there is no decision to advise on yet.
pub fn decision_root<G: Game>(state: &G) -> Result<(G, Vec<String>), Refusal> {
    let mut root = *state;
    let mut forced = Vec::new();
    let mut outcomes = Vec::new();
    loop {
        match root.turn() {
            Turn::Player(_) => return Ok((root, forced)),
            Turn::Terminal => {
                return refuse("position", "the game is over; there is nothing to search")
            }
            Turn::Chance if !root.chance_listable() => {
                return refuse(
                    "position",
                    format!(
                        "a chance event comes first (more than {} outcomes); apply one of \
                         them first (sample_chance)",
                        G::INFO.max_chance_outcomes
                    ),
                );
            }
            Turn::Chance => {
                root.chance_outcomes(&mut outcomes);
                if outcomes.len() != 1 {
                    let example = outcomes
                        .first()
                        .map(|&(a, _)| root.action_to_text(a))
                        .unwrap_or_default();
                    return refuse(
                        "position",
                        format!(
                            "a chance event comes first ({} outcomes, e.g. '{example}'); \
                             apply one of them first",
                            outcomes.len()
                        ),
                    );
                }
                forced.push(root.action_to_text(outcomes[0].0));
                root.apply(outcomes[0].0);
                if forced.len() > 10_000 {
                    return refuse("position", "no decision within 10,000 events");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::century::Century;

    #[test]
    fn a_decision_starts_the_search_and_a_finished_game_is_refused() {
        let text = include_str!("../../data/bench/century/2p-opening.toml");
        let state = Century::from_text(text).unwrap();
        let (root, forced) = decision_root(&state).unwrap();
        assert_eq!((root, forced.len()), (state, 0));
        let mut legal = Vec::new();
        root.legal_actions(&mut legal);
        let line = line_texts(&root, &legal[..1]);
        assert_eq!(line.texts, vec![root.action_to_text(legal[0])]);
        assert_eq!(line.illegal, None);
        let mut over = state;
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        crate::playout::random_playout(&mut over, &mut rng, &mut legal, &mut Vec::new());
        assert!(over.is_terminal());
        assert_eq!(decision_root(&over).unwrap_err().field, "position");
    }
}
