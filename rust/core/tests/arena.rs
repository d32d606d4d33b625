//! The arena and the bots: reproducibility, seat rotation, what bots may see, legality,
//! and the bot spec parser.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use golem_core::arena::{
    play_games, report, run, run_streaming, seat_bot, starting_position, ArenaConfig, ArenaError,
    ArenaReport, GameRecord,
};
use golem_core::bots::{self, Bot};
use golem_core::games::century::Century;
use golem_core::search::StopFlag;
use golem_core::Game;
use rand::RngCore;

fn lineup(specs: &[&str]) -> Vec<Box<dyn Bot<Century>>> {
    specs
        .iter()
        .map(|s| bots::parse::<Century>(s).unwrap_or_else(|e| panic!("{s}: {e}")))
        .collect()
}

fn arena(bots: &[Box<dyn Bot<Century>>], config: ArenaConfig) -> Result<ArenaReport, ArenaError> {
    run(bots, &config, &StopFlag::new(), &mut |_, _| {})
}

fn config(games: u32, players: usize, seed: u64, threads: usize) -> ArenaConfig {
    ArenaConfig {
        games,
        players,
        seed,
        threads,
        ..ArenaConfig::default()
    }
}

#[test]
fn a_seed_gives_the_same_report_whatever_the_threads() {
    let bots = lineup(&[
        "greedy",
        "random",
        "ismcts:iterations=20,rollout=heuristic,cutoff=8",
    ]);
    let one = arena(&bots, config(6, 3, 11, 1)).unwrap();
    let three = arena(&bots, config(6, 3, 11, 3)).unwrap();
    assert_eq!(one.records, three.records);
    assert_eq!(one.bots, three.bots);
    assert_eq!(one, arena(&bots, config(6, 3, 11, 1)).unwrap());
    // And the seed matters.
    let other = arena(&bots, config(6, 3, 12, 2)).unwrap();
    assert_ne!(one.records, other.records);
}

#[test]
fn ranges_played_apart_and_merged_give_the_same_report() {
    // What a distributed backend does: chunks of the games played separately, on any
    // threads, their records merged in game order, the report made from them.
    let bots = lineup(&["greedy", "random", "ismcts:iterations=20"]);
    let config = ArenaConfig {
        record: true,
        ..config(7, 3, 21, 1)
    };
    let whole = arena(&bots, config.clone()).unwrap();
    let mut merged = Vec::new();
    for (range, threads) in [(0..3, 2), (3..4, 1), (4..7, 3)] {
        let chunk = ArenaConfig {
            threads,
            ..config.clone()
        };
        let played = play_games(&bots, &chunk, range, &StopFlag::new(), &mut |_, _| {}).unwrap();
        assert!(!played.stopped);
        merged.extend(played.records);
    }
    let names = bots.iter().map(|b| b.name()).collect();
    assert_eq!(report(names, &config, merged, false), whole);
    // A range outside the arena is refused, not played; an empty one checks the config.
    let refused = play_games(&bots, &config, 5..9, &StopFlag::new(), &mut |_, _| {});
    assert!(matches!(refused, Err(ArenaError::Config(r)) if r.field == "games"));
    let empty = play_games(&bots, &config, 3..3, &StopFlag::new(), &mut |_, _| {}).unwrap();
    assert!(empty.records.is_empty() && !empty.stopped);
    let bad = ArenaConfig {
        players: 9,
        ..config.clone()
    };
    let refused = play_games(&bots, &bad, 0..0, &StopFlag::new(), &mut |_, _| {});
    assert!(matches!(refused, Err(ArenaError::Config(r)) if r.field == "players"));
}

#[test]
fn every_bot_holds_every_seat_equally_often() {
    // Two bots, three seats: the lineup is A B A, rotated one seat per game.
    let bots = lineup(&["greedy", "random"]);
    let report = arena(&bots, config(6, 3, 5, 2)).unwrap();
    assert_eq!(report.bots[0].seats, vec![4, 4, 4]);
    assert_eq!(report.bots[1].seats, vec![2, 2, 2]);
    for record in &report.records {
        let held: Vec<usize> = (0..3).map(|s| seat_bot(record.game, s, 3, 2)).collect();
        assert_eq!(record.seats, held);
        assert_eq!(record.seats.iter().filter(|&&b| b == 0).count(), 2);
    }
    let report = arena(&bots, config(10, 2, 5, 2)).unwrap();
    assert_eq!(report.bots[0].seats, vec![5, 5]);
    assert_eq!(report.bots[1].seats, vec![5, 5]);
}

#[test]
fn rotated_games_share_their_deal() {
    // Three seats: games 0-2 play one deal in three rotations, games 3-5 the next deal.
    let c = config(6, 3, 9, 1);
    let start = |game| starting_position::<Century>(&c, game);
    assert_eq!(start(0), start(1));
    assert_eq!(start(0), start(2));
    assert_eq!(start(3), start(5));
    assert_ne!(start(0), start(3));
    let other_seed = config(6, 3, 10, 1);
    assert_ne!(start(0), starting_position::<Century>(&other_seed, 0));
}

#[test]
fn wins_and_scores_add_up() {
    let bots = lineup(&["greedy", "random"]);
    let report = arena(&bots, config(8, 2, 3, 2)).unwrap();
    assert_eq!(report.unfinished(), 0);
    let wins: u32 = report.bots.iter().map(|b| b.wins).sum();
    assert_eq!(wins, 8, "one winner per finished game");
    for record in &report.records {
        let winner = record.winner.expect("finished games have a winner");
        let best = *record.scores.iter().max().unwrap();
        assert_eq!(record.scores[winner], best);
        assert!(record.plies > 0);
    }
    let greedy = &report.bots[0];
    let expected: i64 = report
        .records
        .iter()
        .flat_map(|r| {
            (0..2)
                .filter(|&s| r.seats[s] == 0)
                .map(|s| r.scores[s] as i64)
        })
        .sum();
    assert_eq!(greedy.score_sum, expected);
    assert_eq!(greedy.games, 8);
    assert!(greedy.wins > 4, "greedy should beat random: {greedy:?}");
}

#[test]
fn random_and_greedy_only_play_legal_moves() {
    // The referee refuses illegal moves (see below), so finishing games is the check.
    for players in 2..=5 {
        let bots = lineup(&["random", "greedy"]);
        let report = arena(&bots, config(players as u32, players, 21, 2)).unwrap();
        assert_eq!(report.records.len(), players);
    }
}

/// Plays a fixed action whatever the state.
struct Stubborn;

impl Bot<Century> for Stubborn {
    fn name(&self) -> String {
        "stubborn".to_string()
    }

    fn choose(
        &self,
        _state: &Century,
        _rng: &mut dyn RngCore,
    ) -> Option<<Century as Game>::Action> {
        <Century as Game>::Action::from_bits(3 << 40 | 7 << 32)
    }
}

#[test]
fn an_illegal_move_is_reported_not_played() {
    let bots: Vec<Box<dyn Bot<Century>>> = vec![Box::new(Stubborn), lineup(&["random"]).remove(0)];
    // Several games fail (and stop the rest); the earliest is the one reported.
    match arena(&bots, config(8, 2, 0, 2)) {
        Err(ArenaError::IllegalMove {
            game: 0,
            seat: 0,
            bot,
            ..
        }) => assert_eq!(bot, "stubborn"),
        other => panic!("{other:?}"),
    }
}

/// Counts the states it is shown in which some deck order is known.
struct Peeker {
    known: AtomicU32,
}

impl Bot<Century> for Peeker {
    fn name(&self) -> String {
        "peeker".to_string()
    }

    fn choose(&self, state: &Century, rng: &mut dyn RngCore) -> Option<<Century as Game>::Action> {
        if state.merchant_deck().is_some() || state.golem_deck().is_some() {
            self.known.fetch_add(1, Relaxed);
        }
        bots::RandomBot.choose(state, rng)
    }
}

#[test]
fn bots_never_see_the_deck_order() {
    let peeker = Box::leak(Box::new(Peeker {
        known: AtomicU32::new(0),
    }));
    struct Shared(&'static Peeker);
    impl Bot<Century> for Shared {
        fn name(&self) -> String {
            self.0.name()
        }
        fn choose(
            &self,
            state: &Century,
            rng: &mut dyn RngCore,
        ) -> Option<<Century as Game>::Action> {
            self.0.choose(state, rng)
        }
    }
    let bots: Vec<Box<dyn Bot<Century>>> = vec![Box::new(Shared(peeker)), Box::new(Shared(peeker))];
    let report = arena(&bots, config(2, 2, 4, 1)).unwrap();
    assert!(report.records.iter().all(|r| r.plies > 10));
    assert_eq!(peeker.known.load(Relaxed), 0);
}

#[test]
fn games_past_the_ply_cap_are_unfinished_and_count_for_no_one() {
    let bots = lineup(&["greedy", "random"]);
    let config = ArenaConfig {
        max_plies: 6,
        ..config(4, 2, 1, 1)
    };
    let report = arena(&bots, config).unwrap();
    assert_eq!(report.unfinished(), 4);
    for bot in &report.bots {
        assert_eq!((bot.games, bot.wins, bot.unfinished), (0, 0, 4));
    }
    assert!(report
        .records
        .iter()
        .all(|r| r.plies == 6 && r.winner.is_none()));
}

#[test]
fn bad_configurations_are_refused() {
    let refused = |bots: &[Box<dyn Bot<Century>>], c: ArenaConfig| match arena(bots, c) {
        Err(ArenaError::Config(refusal)) => refusal.field,
        other => panic!("{other:?}"),
    };
    let two = lineup(&["random", "greedy"]);
    let three = lineup(&["random", "greedy", "random"]);
    assert_eq!(refused(&two, config(4, 1, 0, 1)), "players");
    assert_eq!(refused(&two, config(4, 6, 0, 1)), "players");
    assert_eq!(refused(&three, config(4, 2, 0, 1)), "bot");
    assert_eq!(refused(&[], config(4, 2, 0, 1)), "bot");
    assert_eq!(refused(&two, config(0, 2, 0, 1)), "games");
}

#[test]
fn a_stop_ends_the_arena_with_the_games_finished() {
    let bots = lineup(&["greedy", "random"]);
    let stop = StopFlag::new();
    let mut calls = 0;
    let result = run(&bots, &config(50, 2, 0, 2), &stop, &mut |done, total| {
        calls += 1;
        assert!(done <= total);
        if done >= 2 {
            stop.stop();
        }
    });
    let report = result.expect("a stopped arena still reports");
    assert!(report.stopped);
    assert!(calls >= 2);
    let finished = report.records.len();
    assert!((2..50).contains(&finished), "{finished} games");
    assert!(report.records.windows(2).all(|w| w[0].game < w[1].game));
    // The statistics cover exactly the games reported.
    let seats: u32 = report.bots.iter().flat_map(|b| b.seats.iter()).sum();
    let counted = report.records.iter().filter(|r| r.finished).count() as u32;
    assert_eq!(seats, 2 * counted);
}

#[test]
fn a_stop_does_not_wait_for_a_long_search() {
    // Each of these bots takes minutes per move; the stop must reach the search itself.
    for spec in ["ismcts:iterations=100000000", "alphabeta:depth=30"] {
        let bots = lineup(&[spec, "random"]);
        let stop = StopFlag::new();
        let stopper = stop.clone();
        let timer = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            stopper.stop();
        });
        let start = std::time::Instant::now();
        let report = run(&bots, &config(2, 2, 0, 2), &stop, &mut |_, _| {}).unwrap();
        let took = start.elapsed();
        timer.join().unwrap();
        assert!(report.stopped, "{spec}");
        assert!(
            report.records.is_empty(),
            "{spec}: a stopped move is not played on"
        );
        assert!(
            took < std::time::Duration::from_secs(1),
            "{spec}: took {took:?}"
        );
    }
}

#[test]
fn streamed_records_come_in_game_order_and_give_the_same_report() {
    let bots = lineup(&["greedy", "random", "ismcts:iterations=10"]);
    let config = config(12, 3, 5, 3);
    let kept = arena(&bots, config.clone()).unwrap();
    let mut streamed = Vec::new();
    let stop = StopFlag::new();
    let report = run_streaming(&bots, &config, &stop, &mut |_, _| {}, &mut |r| {
        streamed.push(r)
    })
    .unwrap();
    assert_eq!(streamed, kept.records);
    assert!(report.records.is_empty(), "streamed records are not kept");
    assert_eq!((&report.bots, report.played), (&kept.bots, 12));
    assert_eq!(report.unfinished(), kept.unfinished());
}

#[test]
fn an_arena_not_stopped_says_so() {
    let bots = lineup(&["greedy", "random"]);
    let report = run(&bots, &config(4, 2, 0, 1), &StopFlag::new(), &mut |_, _| {}).unwrap();
    assert!(!report.stopped);
    assert_eq!(report.records.len(), 4);
}

// ---- bot specs ------------------------------------------------------------------------

fn spec_error(text: &str) -> (String, String) {
    match bots::parse::<Century>(text) {
        Err(e) => (e.field, e.message),
        Ok(bot) => panic!("{text} was accepted as {}", bot.name()),
    }
}

#[test]
fn specs_read_back_as_their_canonical_names() {
    let cases = [
        ("random", "random"),
        ("greedy", "greedy"),
        (" greedy ", "greedy"),
        ("ismcts", "ismcts:iterations=1000"),
        ("ismcts:iterations=50", "ismcts:iterations=50"),
        (
            "ismcts:cutoff=40, rollout=heuristic ,iterations=200",
            "ismcts:iterations=200,rollout=heuristic,cutoff=40",
        ),
        (
            "ismcts:iterations=9,rollout=heuristic,epsilon=0.25,variant=mo,exploration=1.5",
            "ismcts:iterations=9,variant=mo,rollout=heuristic,epsilon=0.25,exploration=1.5",
        ),
        ("ismcts:movetime=100", "ismcts:movetime=100"),
        ("ismcts:solo=score", "ismcts:iterations=1000"),
        // The shared tree is the default; with one thread there is nothing to share.
        ("ismcts:parallel=tree,threads=2", "ismcts:iterations=1000,threads=2"),
        (
            "ismcts:parallel=root,threads=2",
            "ismcts:iterations=1000,threads=2,parallel=root",
        ),
        ("ismcts:threads=1,parallel=root", "ismcts:iterations=1000"),
        ("ismcts:threads=1,parallel=tree", "ismcts:iterations=1000"),
        ("ismcts:eval=hand", "ismcts:iterations=1000,eval=hand"),
        ("ismcts:eval=default", "ismcts:iterations=1000"),
        // Two bots that differ only in how the tree treats chance must have two names.
        (
            "ismcts:chance=branch,eval=hand",
            "ismcts:iterations=1000,chance=branch,eval=hand",
        ),
        ("ismcts:chance=merge", "ismcts:iterations=1000"),
        (
            "alphabeta:eval=fitted",
            "alphabeta:depth=2,objective=margin,eval=fitted",
        ),
        (
            "alphabeta:threads=2",
            "alphabeta:depth=2,objective=margin,threads=2",
        ),
        (
            "ismcts:rollout=random,cutoff=0,reward=win,prior=0,widening=0,decisive=off,exploration=0.7",
            "ismcts:iterations=1000,rollout=random,cutoff=0,exploration=0.7,reward=win,prior=0,widening=0,decisive=off",
        ),
        (
            "ismcts:epsilon=0.2,scale=5,widening=3",
            "ismcts:iterations=1000,epsilon=0.2,reward=graded,scale=5,margin=0.2,widening=3",
        ),
        ("alphabeta", "alphabeta:depth=2,objective=margin"),
        (
            "alphabeta:samples=0,movetime=50",
            "alphabeta:depth=128,objective=margin,samples=0,movetime=50",
        ),
        (
            "alphabeta:depth=3,objective=win,hash=8",
            "alphabeta:depth=3,objective=win,hash=8",
        ),
    ];
    for (text, name) in cases {
        let bot = bots::parse::<Century>(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(bot.name(), name);
        assert_eq!(bots::parse::<Century>(name).unwrap().name(), name);
    }
}

#[test]
fn every_choice_other_than_the_default_shows_in_the_name() {
    // Two bots a ladder tells apart by name must differ in name wherever they differ in
    // search: a word left out of `name` makes their games count for no pair.
    use golem_core::search::options::{Values, SEARCH_OPTIONS};
    for option in SEARCH_OPTIONS.iter().filter(|o| o.ismcts) {
        let Values::Choice(words) = option.values else {
            continue;
        };
        for word in words.iter().filter(|&&w| w != option.default) {
            // `parallel` only shows with threads to share; `solo=win` needs a solo win.
            let text = match option.name {
                "parallel" => format!("ismcts:threads=2,{}={word}", option.name),
                "solo" => continue,
                _ => format!("ismcts:{}={word}", option.name),
            };
            let bot = bots::parse::<Century>(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(
                bot.name().contains(&format!("{}={word}", option.name)),
                "{text} is named {}",
                bot.name()
            );
        }
    }
}

#[test]
fn a_solo_win_search_is_a_spec_where_the_game_has_a_solo_win() {
    use golem_core::games::merchant_explorers::State as MerchantExplorers;
    let text = "ismcts:iterations=50,solo=win";
    let bot = bots::parse::<MerchantExplorers>(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(bot.name(), text);
    // The goal changes what the search is rewarded for: over a solo game the two bots'
    // choices part somewhere (the same seeds, the same deals).
    let play = |spec: &str| {
        let bots: Vec<Box<dyn Bot<MerchantExplorers>>> = vec![bots::parse(spec).unwrap()];
        let config = ArenaConfig {
            record: true,
            ..config(2, 1, 5, 1)
        };
        run(&bots, &config, &StopFlag::new(), &mut |_, _| {})
            .unwrap()
            .records
            .into_iter()
            .map(|r| r.moves)
            .collect::<Vec<_>>()
    };
    assert_ne!(play("ismcts:iterations=50"), play(text));
}

#[test]
fn bad_specs_name_the_bad_key() {
    let cases = [
        ("", "bot", "no bot named"),
        (
            "minimax",
            "bot",
            "'minimax' is not a bot (expected one of: random, greedy, ismcts, alphabeta)",
        ),
        (
            "ismcts:iteratons=5",
            "iteratons",
            "unknown option for ismcts (expected one of: iterations,",
        ),
        (
            "ismcts:iterations=lots",
            "iterations",
            "'lots' is not a whole number",
        ),
        (
            "ismcts:iterations=0",
            "iterations",
            "0 is outside 1–1,000,000,000",
        ),
        (
            "ismcts:iterations=5,iterations=6",
            "iterations",
            "given twice",
        ),
        (
            "ismcts:rollout=smart",
            "rollout",
            "'smart' is not one of: random, heuristic, policy",
        ),
        (
            "ismcts:rollout=random,epsilon=0.2",
            "epsilon",
            "only used with rollout=heuristic or policy",
        ),
        (
            "ismcts:iterations=5,movetime=100",
            "movetime",
            "give either iterations or movetime",
        ),
        (
            "ismcts:reward=win,scale=4",
            "scale",
            "only used with reward=graded",
        ),
        (
            "ismcts:solo=win",
            "solo",
            "a 1-player Century: Golem Edition game has no win; it is played for its score",
        ),
        (
            "ismcts:solo=coins",
            "solo",
            "'coins' is not one of: score, win",
        ),
        ("ismcts:threads=0", "threads", "0 is outside 1–256"),
        (
            "ismcts:parallel=leaf",
            "parallel",
            "'leaf' is not one of: root, tree",
        ),
        ("alphabeta:threads=300", "threads", "300 is outside 1–256"),
        (
            "ismcts:eval=learned",
            "eval",
            "'learned' is not one of: default, hand, fitted",
        ),
        (
            "ismcts:rollout=heuristic,epsilon=2",
            "epsilon",
            "2 is outside 0–1",
        ),
        ("ismcts:cutoff", "cutoff", "expected KEY=VALUE"),
        ("ismcts:", "bot", "expected KEY=VALUE"),
        ("ismcts:variant=xo", "variant", "'xo' is not one of: so, mo"),
        ("alphabeta:depth=0", "depth", "0 is outside 1–128"),
        (
            "alphabeta:objective=score",
            "objective",
            "'score' is not one of: margin, win",
        ),
        (
            "alphabeta:iterations=5",
            "iterations",
            "unknown option for alphabeta",
        ),
        ("random:seed=1", "seed", "random takes no options"),
        ("greedy:depth=1", "depth", "greedy takes no options"),
    ];
    for (text, field, message) in cases {
        let (f, m) = spec_error(text);
        assert_eq!(f, field, "{text}: {m}");
        assert!(m.starts_with(message), "{text}: {m}");
    }
}

/// Replays a recorded game: `from_text`, then `action_from_text` and `apply` for each move.
fn replay<G: Game>(start: &str, moves: &[String]) -> G {
    let mut state = G::from_text(start).expect("the recorded start reads back");
    for (ply, text) in moves.iter().enumerate() {
        let action = state
            .action_from_text(text)
            .unwrap_or_else(|e| panic!("ply {ply} '{text}': {e}"));
        state.apply(action);
    }
    state
}

fn records_replay_exactly<G: Game + bots::Policies>() {
    // The game's own policy against random (random twice for a game without one).
    let own = G::POLICIES.first().copied().unwrap_or("random");
    let bots: Vec<Box<dyn Bot<G>>> = [own, "random"]
        .iter()
        .map(|s| bots::parse::<G>(s).unwrap_or_else(|e| panic!("{s}: {e}")))
        .collect();
    let plain = ArenaConfig {
        max_plies: 400,
        ..config(4, 2, 3, 2)
    };
    // On one thread rather than two: records do not depend on the threads either.
    let recorded = ArenaConfig {
        record: true,
        threads: 1,
        ..plain.clone()
    };
    let run_with = |config: &ArenaConfig| run(&bots, config, &StopFlag::new(), &mut |_, _| {});
    let without = run_with(&plain).unwrap();
    let with = run_with(&recorded).unwrap();
    // Recording changes nothing but the records' start and moves.
    assert_eq!(without.bots, with.bots);
    let two = run_with(&ArenaConfig {
        threads: 2,
        ..recorded.clone()
    })
    .unwrap();
    assert_eq!((&with.records, &with.bots), (&two.records, &two.bots));
    for (a, b) in without.records.iter().zip(&with.records) {
        assert_eq!((a.start.as_ref(), a.moves.len()), (None, 0));
        let b_stripped = GameRecord {
            start: None,
            moves: Vec::new(),
            ..b.clone()
        };
        assert_eq!(*a, b_stripped);
        let start = b.start.as_deref().expect("a recorded start");
        let state: G = replay(start, &b.moves);
        let scores: Vec<i32> = (0..2).map(|p| state.score(p)).collect();
        assert_eq!(scores, b.scores, "{}: game {}", G::INFO.name, b.game);
        assert_eq!(state.is_terminal(), b.finished);
        assert!(
            b.moves.len() as u32 >= b.plies,
            "every player move is in the record"
        );
    }
}

#[test]
fn recorded_games_replay_to_the_same_scores_in_every_game() {
    for &id in golem_core::games::GameId::ALL {
        golem_core::with_game!(id, G => records_replay_exactly::<G>());
    }
}
