//! Golem (Cranio) behind the `Game` trait: the conformance kit, action ids, the views of
//! hidden information, results at the end, and sampled marble drops (in playouts, the
//! arena's way of drawing, and alpha-beta).

use std::collections::HashMap;

use golem_core::games::golem_cranio::action::Action;
use golem_core::games::golem_cranio::components::Components;
use golem_core::games::golem_cranio::setup::{new_game_seeded, NewGame};
use golem_core::games::golem_cranio::state::{Chance, Marbles, Phase, LINES};
use golem_core::games::golem_cranio::State;
use golem_core::games::GameId;
use golem_core::playout::{random_outcome, random_playout};
use golem_core::search::alphabeta::{self, AlphaBetaConfig, UNLISTABLE_SAMPLES};
use golem_core::search::objective::Objective;
use golem_core::search::{Limits, StopFlag};
use golem_core::testing::{check_random_games, check_state, random_step};
use golem_core::{Game, ReadContext, RulesText, Turn};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn comp() -> &'static Components {
    Components::builtin()
}

fn new(players: usize, seed: u64, intro: bool, hide_decks: bool) -> State {
    new_game_seeded(comp(), players, seed, NewGame { intro, hide_decks })
}

/// Plays uniformly random moves (and sampled chance) until `stop` holds or the game ends.
fn play_until(mut s: State, rng: &mut ChaCha8Rng, stop: impl Fn(&State) -> bool) -> State {
    let mut legal = Vec::new();
    while !stop(&s) && !s.is_terminal() {
        assert!(
            random_step(&mut s, rng, &mut legal),
            "a live state has a step"
        );
    }
    s
}

#[test]
fn golem_is_registered() {
    assert_eq!(GameId::from_name("golem-cranio"), Ok(GameId::GolemCranio));
    let text = new(2, 1, false, false).to_text().unwrap();
    assert_eq!(GameId::detect(&text), Ok(GameId::GolemCranio));
    let info = State::INFO;
    assert_eq!((info.name, info.title), ("golem-cranio", "Golem"));
    assert_eq!((info.min_players, info.max_players), (1, 4));
    assert!(info.chance && info.hidden_information && !info.simultaneous);
    // The sizes docs/golem-cranio.md gives.
    assert_eq!(State::POLICY_ACTIONS, 1817);
    assert_eq!(State::OBSERVATION_SIZE, 1765);
    assert_eq!(info.max_chance_outcomes, 4096);
}

#[test]
fn conformance_for_every_player_count() {
    // Known and hidden decks, normal and introductory setups, and the same starts as seat
    // 0 sees them; every game to its end (a game is 40-250 plies).
    let mut starts = Vec::new();
    for players in 1..=4 {
        starts.push(new(players, players as u64, false, false));
        starts.push(new(players, 10 + players as u64, true, true));
    }
    starts.extend(starts.clone().iter().map(|s| s.public_view(0)));
    let checked = check_random_games(&starts, 2, 100_000, 5);
    eprintln!("{checked:?}");
    assert_eq!(checked.finished, 2 * starts.len(), "{checked:?}");
}

#[test]
fn conformance_to_the_end() {
    let starts: Vec<State> = (1..=4)
        .map(|p| new(p, 40 + p as u64, p % 2 == 0, p > 2))
        .collect();
    let checked = check_random_games(&starts, 1, 100_000, 11);
    eprintln!("{checked:?}");
    assert_eq!(checked.finished, starts.len(), "{checked:?}");
}

#[test]
fn every_action_met_in_random_games_reads_back_from_its_id() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut seen: HashMap<u64, Action> = HashMap::new();
    let mut kinds = std::collections::BTreeSet::new();
    let mut legal = Vec::new();
    for game in 0..120u64 {
        let players = 1 + (game % 4) as usize;
        let mut s = new(players, 100 + game, game % 3 == 0, game % 2 == 0);
        while !s.is_terminal() {
            let actions: Vec<Action> = if Game::turn(&s) == Turn::Chance {
                if s.chance_listable() {
                    let mut outcomes = Vec::new();
                    Game::chance_outcomes(&s, &mut outcomes);
                    outcomes.into_iter().map(|(a, _)| a).collect()
                } else {
                    (0..4)
                        .map(|_| Game::sample_chance(&s, &mut rng).unwrap())
                        .collect()
                }
            } else {
                s.legal_actions(&mut legal);
                legal.clone()
            };
            for &a in &actions {
                let id = State::action_id(a);
                assert_eq!(State::action_from_id(id), Some(a), "{}", a.to_text());
                assert_eq!(State::action_index(a), id);
                if let Some(other) = seen.insert(id, a) {
                    assert_eq!(other, a, "two actions share id {id}");
                }
                kinds.insert(a.to_text().split(' ').next().unwrap().to_string());
                if Game::turn(&s) != Turn::Chance {
                    assert!(s.policy_index(a) < State::POLICY_ACTIONS);
                }
            }
            let a = *actions.choose(&mut rng).unwrap();
            if Game::turn(&s) == Turn::Chance && s.chance_listable() {
                let outcome = random_outcome(&s, &mut Vec::new(), &mut rng).unwrap();
                Game::apply(&mut s, outcome);
            } else {
                Game::apply(&mut s, a);
            }
        }
    }
    for kind in [
        "pick", "discard", "start", "place", "move", "marble", "drop", "put",
    ] {
        assert!(kinds.contains(kind), "no '{kind}' met: {kinds:?}");
    }
    assert!(seen.len() > 2000, "{} distinct actions", seen.len());
}

#[test]
fn the_public_view_hides_hands_packs_deck_orders_and_drops() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    // In the draft: packs are private.
    let s = new(3, 5, false, false);
    assert_eq!(s.phase, Phase::Draft);
    let v = s.public_view(0);
    assert_eq!(
        v.players[0].pack, s.players[0].pack,
        "one's own pack is seen"
    );
    for seat in 1..3 {
        assert_eq!(
            v.players[seat].pack.count_ones(),
            s.players[seat].pack.count_ones()
        );
    }
    assert!(!v.board.book_deck.is_known() && !v.board.objective_deck.is_known());
    assert!(!v.board.tile_pile.is_known());
    assert_eq!(v.board.book_deck.cards(), s.board.book_deck.cards());
    // Where the unseen cards really are does not show: swap seats 1 and 2's packs.
    let mut swapped = s;
    swapped.players[1].pack = s.players[2].pack;
    swapped.players[2].pack = s.players[1].pack;
    assert_ne!(swapped, s);
    assert_eq!(swapped.public_view(0), v);
    assert_ne!(
        swapped.public_view(1),
        s.public_view(1),
        "seat 1 sees its pack"
    );

    // Later: hands are private, listed drops unknown to all, a resample keeps what the
    // observer knows and deals the rest.
    let mut s = play_until(new(4, 9, false, false), &mut rng, |s| s.round == 2);
    s.board.drop_count = 1;
    s.board.drops[0] = 0;
    let v = s.public_view(2);
    assert_eq!(v.board.drop_count, 0);
    assert_eq!(v.players[2].objectives, s.players[2].objectives);
    let hidden = |st: &State| {
        (0..4)
            .filter(|&p| p != 2)
            .fold(st.board.objective_deck.cards() as u32, |m, p| {
                m | st.players[p].objectives
            })
    };
    assert_eq!(hidden(&v), hidden(&s), "the same cards, dealt anew");
    let mut different = false;
    for _ in 0..20 {
        let r = s.resample_hidden(2, &mut rng);
        assert_eq!(r.players[2], s.players[2]);
        assert!(r.board.book_deck.is_known() && r.board.objective_deck.is_known());
        for p in 0..4 {
            assert_eq!(
                r.players[p].objectives.count_ones(),
                s.players[p].objectives.count_ones()
            );
        }
        assert_eq!(r.public_view(2), v);
        different |= r.players[0].objectives != s.players[0].objectives;
    }
    assert!(different, "resamples redeal the other hands");
    // The observation shows nothing the view hides, and another seat's hand not at all.
    let mut a = vec![0.0; State::OBSERVATION_SIZE];
    let mut b = vec![0.0; State::OBSERVATION_SIZE];
    s.observation(2, &mut a);
    v.observation(2, &mut b);
    assert_eq!(a, b);
    let mut other = s;
    other.players[0].objectives = s.players[1].objectives;
    other.players[1].objectives = s.players[0].objectives;
    if other.players[0].objectives.count_ones() == s.players[0].objectives.count_ones() {
        other.observation(2, &mut b);
        assert_eq!(a, b);
    }
    other.observation(0, &mut b);
    s.observation(0, &mut a);
    assert_ne!(a, b, "seat 0 sees its own hand");
}

#[test]
fn returns_go_to_the_one_winner_of_the_final_scores() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for players in 1..=4 {
        let s = play_until(
            new(players, 60 + players as u64, false, false),
            &mut rng,
            |_| false,
        );
        assert!(s.is_terminal());
        let returns: Vec<f64> = (0..players).map(|p| s.returns(p)).collect();
        assert_eq!(returns.iter().sum::<f64>(), 1.0, "{returns:?}");
        let winner = returns.iter().position(|&r| r == 1.0).unwrap();
        assert_eq!(winner, s.winner());
        for p in 0..players {
            assert_eq!(s.score(p), s.final_score(p));
            assert!(s.score(winner) >= s.score(p));
        }
    }
    assert_eq!(
        new(2, 1, false, false).returns(0),
        0.0,
        "nothing before the end"
    );
}

/// A state at a marble drop of `marbles` no position lists.
fn at_drop(rng: &mut ChaCha8Rng, players: usize) -> State {
    let s = play_until(new(players, 3, false, false), rng, |s| {
        Game::turn(s) == Turn::Chance && !s.chance_listable()
    });
    assert_eq!(Game::turn(&s), Turn::Chance);
    s
}

#[test]
fn large_drops_are_sampled_not_listed() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for players in [1, 4] {
        let s = at_drop(&mut rng, players);
        assert!(s.chance_outcome_count() > 4096);
        let marbles = s.drop_marbles();
        for _ in 0..50 {
            let outcome = Game::sample_chance(&s, &mut rng).unwrap();
            let Action::Drop(lines) = outcome else {
                panic!("{outcome:?} is not a drop")
            };
            let total: u8 = lines.iter().map(|l| l.total()).sum();
            assert_eq!(total, marbles.total());
            // Its text and id read back without listing the outcomes.
            let text = s.action_to_text(outcome);
            assert_eq!(s.action_from_text(&text), Ok(outcome));
            assert_eq!(
                State::action_from_id(State::action_id(outcome)),
                Some(outcome)
            );
        }
        let mut short = [Marbles::EMPTY; LINES];
        short[0] = Marbles::from_counts([1, 0, 0, 0, 0]);
        let text = Action::Drop(short).to_text();
        assert!(s.action_from_text(&text).is_err(), "{text} drops too few");
        check_state(&s, &mut rng);
    }
}

#[test]
fn the_drop_sampler_follows_the_law_of_the_listed_outcomes() {
    // A small drop, listable: the sampler that draws large ones must give its law.
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut s = at_drop(&mut rng, 2);
    // Leave 3 marbles of two colours in the lines to drop again (a Passing re-drop).
    s.phase = Phase::Actions;
    let mut lines = [Marbles::EMPTY; LINES];
    lines[0] = Marbles::from_counts([2, 0, 1, 0, 0]);
    for (l, m) in lines.iter().enumerate() {
        s.set_line(l, *m);
    }
    assert!(s.chance_listable());
    let mut outcomes = Vec::new();
    Game::chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 15 * 5);
    let draws = 30_000;
    let mut counts: HashMap<Action, u32> = HashMap::new();
    for _ in 0..draws {
        *counts.entry(s.sample_chance(&mut rng)).or_default() += 1;
    }
    let mut chi2 = 0.0;
    for &(a, p) in &outcomes {
        let expected = p * draws as f64;
        let got = *counts.get(&a).unwrap_or(&0) as f64;
        chi2 += (got - expected).powi(2) / expected;
    }
    assert_eq!(
        counts.len(),
        outcomes.len(),
        "every outcome drawn, no other"
    );
    // 74 degrees of freedom: the 99.9th percentile is about 118.
    assert!(chi2 < 118.0, "chi-square {chi2}");
}

/// Draws `draws` outcomes with `sample_chance` and checks them against the listed law by
/// chi-square (the bound: about the 99.9th percentile for the degrees of freedom).
fn assert_sampler_follows_the_listing(s: &State, rng: &mut ChaCha8Rng, draws: u32) {
    let mut outcomes = Vec::new();
    Game::chance_outcomes(s, &mut outcomes);
    assert!(outcomes.len() > 1, "a chance node with a choice");
    let mut counts: HashMap<Action, u32> = HashMap::new();
    for _ in 0..draws {
        *counts.entry(s.sample_chance(rng)).or_default() += 1;
    }
    assert_eq!(
        counts.len(),
        outcomes.len(),
        "every outcome drawn, no other"
    );
    let chi2: f64 = outcomes
        .iter()
        .map(|&(a, p)| {
            let expected = p * draws as f64;
            (*counts.get(&a).unwrap_or(&0) as f64 - expected).powi(2) / expected
        })
        .sum();
    let freedom = (outcomes.len() - 1) as f64;
    let bound = freedom + 3.1 * (2.0 * freedom).sqrt() + 10.0;
    assert!(chi2 < bound, "chi-square {chi2} over {freedom} degrees");
}

#[test]
fn deals_from_hidden_decks_are_sampled_uniformly_without_listing() {
    // Playouts draw every chance node with `sample_chance` (Game::DIRECT_CHANCE_SAMPLING):
    // a Library deal and an Action-tile deal pick a uniform card of the hidden pile.
    const { assert!(<State as Game>::DIRECT_CHANCE_SAMPLING) };
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for (what, wanted) in [("library", 0u8), ("tile", 1)] {
        let s = play_until(new(2, 5, false, true), &mut rng, |s| {
            let pile = match (wanted, s.chance) {
                (0, Chance::Library) => s.board.book_deck.candidates(),
                (1, Chance::Tile(_)) => s.board.tile_pile.candidates(),
                _ => return false,
            };
            pile.count_ones() > 1
        });
        assert!(!s.is_terminal(), "no {what} deal reached");
        assert_sampler_follows_the_listing(&s, &mut rng, 20_000);
    }
}

#[test]
fn playouts_and_alphabeta_sample_large_drops() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let s = at_drop(&mut rng, 2);
    let mut end = s;
    random_playout(&mut end, &mut rng, &mut Vec::new(), &mut Vec::new());
    assert!(end.is_terminal());

    // The decision before the drop: alpha-beta's search below meets it.
    let root = play_until(
        new(2, 3, false, false),
        &mut ChaCha8Rng::seed_from_u64(7),
        |s| {
            let mut next = *s;
            if Game::turn(s) == Turn::Chance {
                return false;
            }
            let mut legal = Vec::new();
            s.legal_actions(&mut legal);
            legal.len() > 1 && {
                Game::apply(&mut next, legal[0]);
                Game::turn(&next) == Turn::Chance && !next.chance_listable()
            }
        },
    );
    let search = |objective, samples| {
        let config = AlphaBetaConfig {
            objective,
            chance_samples: samples,
            ..AlphaBetaConfig::default()
        };
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        alphabeta::search(&root, limits, &config, &StopFlag::new(), &mut |_| {})
    };
    let result = search(Objective::Margin, None);
    assert_eq!(result.chance_sampled, Some(UNLISTABLE_SAMPLES));
    assert!(!result.settled);
    let again = search(Objective::Margin, None);
    assert_eq!(
        (again.nodes, again.best),
        (result.nodes, result.best),
        "reproducible"
    );
    assert_eq!(search(Objective::Margin, Some(3)).chance_sampled, Some(3));
    let proof = search(Objective::Win, None);
    assert_eq!(proof.chance_sampled, Some(UNLISTABLE_SAMPLES));
    assert!(!proof.settled);
}

#[test]
fn setup_options_and_reading_context() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let options = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    let intro = State::new_game_with(2, &mut rng, &options(&[("intro", "true")])).unwrap();
    assert!(intro.players[..2]
        .iter()
        .all(|p| p.starting.count_ones() == 2));
    let error = State::new_game_with(2, &mut rng, &options(&[("intro", "yes")])).unwrap_err();
    assert_eq!(error.field, "intro");
    let error = State::new_game_with(2, &mut rng, &options(&[("map", "x")])).unwrap_err();
    assert_eq!(error.field, "map");
    let error = State::new_game_with(5, &mut rng, &[]).unwrap_err();
    assert_eq!(error.field, "players");
    let error = State::new_game_with(
        2,
        &mut rng,
        &options(&[("components", "/nonexistent.json")]),
    )
    .unwrap_err();
    assert_eq!(error.field, "components");
    // Every loader problem, the first naming the field.
    let dir = std::env::temp_dir().join(format!("golem-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    let json = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data/golem_cranio/golem-cranio-components.json"),
    )
    .unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["rules"]["value"]["start_vp"]["value"] = serde_json::json!(-3);
    value["schema"] = serde_json::json!("other");
    std::fs::write(&bad, value.to_string()).unwrap();
    let bad_path = bad.to_string_lossy().to_string();
    let error =
        State::new_game_with(2, &mut rng, &options(&[("components", &bad_path)])).unwrap_err();
    assert!(error.field.starts_with("components"), "{error}");
    assert!(error.message.contains('\n'), "all the problems: {error}");

    // The ruleset line of §13, and a rules file given when reading.
    let s = new(2, 1, false, false);
    let ruleset = s.ruleset().unwrap();
    assert_eq!(ruleset.line(), comp().info.ruleset_line());
    assert_eq!(ruleset.source, "builtin");
    let text = s.to_text().unwrap();
    let (back, warnings) = State::from_text_in(&text, &ReadContext::default()).unwrap();
    assert_eq!(back.hash(), s.hash());
    assert!(warnings.is_empty(), "{warnings:?}");
    let copy = dir.join("copy.json");
    let mut edited: serde_json::Value = serde_json::from_str(&json).unwrap();
    edited["meta"]["note"] = serde_json::json!("a copy");
    std::fs::write(&copy, edited.to_string()).unwrap();
    let ctx = ReadContext {
        rules_file: Some(copy.clone()),
        ..ReadContext::default()
    };
    let (back, warnings) = State::from_text_in(&text, &ctx).unwrap();
    assert_ne!(back.ruleset().unwrap().sha256, ruleset.sha256);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].starts_with("components_sha256:"),
        "{warnings:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A components file handed over as text (uploaded to the analysis board) is read by
/// the file reader with the same errors; the positions written with it name the file
/// by its name and sha256, and read again with the file beside them.
#[test]
fn components_given_as_text_play_and_are_named_by_the_positions_written() {
    let builtin = golem_core::games::golem_cranio::components::BUILTIN_JSON;
    let mut value: serde_json::Value = serde_json::from_str(builtin).unwrap();
    value["meta"]["note"] = serde_json::json!("an uploaded copy");
    let json = value.to_string();
    let sha = golem_core::games::golem_cranio::components::sha256_hex(json.as_bytes());
    let rules = |name: &str, text: &str| RulesText {
        name: name.into(),
        text: text.into(),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let s = State::new_game_in(2, &mut rng, &[], Some(&rules("mine.json", &json))).unwrap();
    let ruleset = s.ruleset().unwrap();
    assert_eq!(
        (ruleset.source.as_str(), ruleset.sha256.as_str()),
        ("mine.json", sha.as_str())
    );
    let text = s.to_text().unwrap();
    assert!(text.contains("components = \"mine.json\""), "{text}");
    assert!(
        text.contains(&format!("components_sha256 = \"{sha}\"")),
        "{text}"
    );
    // Read again with the file beside the position, or with the text: no warning.
    let dir = std::env::temp_dir().join(format!("golem-upload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("mine.json"), &json).unwrap();
    let beside = ReadContext {
        base_dir: Some(dir.clone()),
        ..ReadContext::default()
    };
    let (back, warnings) = State::from_text_in(&text, &beside).unwrap();
    assert_eq!((back.hash(), warnings.len()), (s.hash(), 0), "{warnings:?}");
    let given = ReadContext {
        rules_text: Some(rules("mine.json", &json)),
        ..ReadContext::default()
    };
    let (back, warnings) = State::from_text_in(&text, &given).unwrap();
    assert_eq!((back.hash(), warnings.len()), (s.hash(), 0), "{warnings:?}");
    std::fs::remove_dir_all(&dir).ok();
    // The file reader's errors: bad JSON, a bad field (all problems in one message).
    let error = State::new_game_in(2, &mut rng, &[], Some(&rules("a.json", "{"))).unwrap_err();
    assert_eq!(error.field, "components");
    assert!(error.message.starts_with("invalid JSON"), "{error}");
    value["rules"]["value"]["start_vp"]["value"] = serde_json::json!(-3);
    value["schema"] = serde_json::json!("other");
    let bad = value.to_string();
    let error = State::new_game_in(2, &mut rng, &[], Some(&rules("b.json", &bad))).unwrap_err();
    assert!(error.field.starts_with("components."), "{error}");
    assert!(error.message.contains('\n'), "all the problems: {error}");
    // A name is a file's name, never a path or a reserved word.
    for name in [
        "../x.json",
        "dir/x.json",
        "c:\\x.json",
        "builtin",
        "",
        "a\nb",
    ] {
        let error = State::new_game_in(2, &mut rng, &[], Some(&rules(name, &json))).unwrap_err();
        assert_eq!(error.field, "components", "{name:?}");
        assert!(
            error.message.starts_with("the file name"),
            "{name:?}: {error}"
        );
    }
    // Given twice (as text and as the option) is refused; a game without components
    // refuses the text.
    let both = [("components".to_string(), "builtin".to_string())];
    let error = State::new_game_in(2, &mut rng, &both, Some(&rules("m.json", &json))).unwrap_err();
    assert!(error.message.contains("given twice"), "{error}");
    let error = golem_core::games::century::Century::new_game_in(
        2,
        &mut rng,
        &[],
        Some(&rules("m.json", &json)),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "rules_file: century-golem reads no rules file: its rules are all built in"
    );
}

#[test]
fn random_playouts_finish_for_every_player_count() {
    let mut rng = ChaCha8Rng::seed_from_u64(30);
    for players in 1..=4 {
        let mut s = State::new_game(players, &mut rng);
        let plies = random_playout(&mut s, &mut rng, &mut Vec::new(), &mut Vec::new());
        assert!(s.is_terminal(), "{players} players");
        assert!(plies > 20, "{players} players: {plies} plies");
        let r: f64 = (0..players).map(|p| s.returns(p)).sum();
        assert_eq!(r, 1.0);
    }
    let _ = rng.random::<u64>();
}

#[test]
fn views_and_resamples_agree_inside_compound_actions() {
    // The kit compares views by their text, which a state inside a compound action has
    // not: compare the states themselves at every state of random games.
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut legal = Vec::new();
    let mut inside = 0;
    for game in 0..40u64 {
        let players = 1 + (game % 4) as usize;
        let mut s = new(players, 200 + game, game % 3 == 0, game % 2 == 1);
        while !s.is_terminal() {
            if !s.stack.is_empty() {
                inside += 1;
            }
            for observer in 0..players {
                let view = s.public_view(observer);
                assert_eq!(view.public_view(observer), view);
                if Game::turn(&s) != Turn::Chance {
                    let sample = view.resample_hidden(observer, &mut rng);
                    assert_eq!(sample.public_view(observer), view);
                    assert_eq!(Game::turn(&sample), Game::turn(&s));
                }
            }
            assert!(random_step(&mut s, &mut rng, &mut legal));
        }
    }
    assert!(inside > 1000, "{inside} states inside compound actions");
}

#[test]
fn end_is_near_only_says_no_when_two_moves_cannot_end_the_game() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut legal = Vec::new();
    let mut far = 0;
    for game in 0..40u64 {
        let players = 1 + (game % 4) as usize;
        let mut s = new(players, 300 + game, game % 2 == 0, false);
        // Player moves made, and whether the end was said to be near before each.
        let mut near = Vec::new();
        while !s.is_terminal() {
            if Game::turn(&s) == Turn::Chance {
                let outcome = random_outcome(&s, &mut Vec::new(), &mut rng).unwrap();
                Game::apply(&mut s, outcome);
                continue;
            }
            near.push(s.end_is_near());
            s.legal_actions(&mut legal);
            Game::apply(&mut s, *legal.choose(&mut rng).unwrap());
        }
        assert!(s.end_is_near());
        let total = near.len();
        for (ply, &n) in near.iter().enumerate() {
            assert!(n || ply + 2 < total, "game {game}: ply {ply} of {total}");
            far += usize::from(!n);
        }
    }
    assert!(far > 1000, "{far} plies far from the end");
}

#[test]
fn ismcts_cut_offs_use_the_fitted_weights_and_alpha_beta_the_hand_set_ones() {
    use golem_core::search::ismcts::{self, IsmctsConfig};
    use golem_core::EvalWeights;
    assert_eq!(State::ROLLOUT_EVAL, EvalWeights::Fitted);
    let root = State::from_text(State::BENCH_POSITIONS[0].text).expect("a bench position");
    let visits = |eval| {
        let limits = Limits {
            iterations: Some(400),
            ..Limits::default()
        };
        let config = IsmctsConfig {
            seed: 3,
            eval,
            ..IsmctsConfig::default()
        };
        let result = ismcts::search(&root, limits, &config, &StopFlag::new(), &mut |_| {});
        result.moves.iter().map(|m| m.visits).collect::<Vec<_>>()
    };
    let default = visits(EvalWeights::Default);
    assert_eq!(default, visits(EvalWeights::Fitted));
    assert_ne!(default, visits(EvalWeights::Hand));
    // Alpha-beta's default is the hand-set evaluation, `heuristic_score`.
    let value = |eval| {
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let config = AlphaBetaConfig {
            objective: Objective::Margin,
            chance_samples: Some(2),
            eval,
            ..AlphaBetaConfig::default()
        };
        alphabeta::search(&root, limits, &config, &StopFlag::new(), &mut |_| {}).value
    };
    let default = value(EvalWeights::Default);
    assert_eq!(default.to_bits(), value(EvalWeights::Hand).to_bits());
    assert_ne!(default.to_bits(), value(EvalWeights::Fitted).to_bits());
}
