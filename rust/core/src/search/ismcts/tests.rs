//! ISMCTS tests on the toy games of `crate::testing::toys` (Nim; a gamble with a hidden
//! card and a coin flip) and on hand-built Century positions.

use std::time::Duration;

use super::rollout::heuristic_rewards;
use super::tree::ROOT;
use super::*;
use crate::games::century::position::read_position;
use crate::games::century::Century;
use crate::testing::toys::{call, gamble, nim, Bet, Shout};

// ---- helpers --------------------------------------------------------------------------

fn iterations(n: u64) -> Limits {
    Limits {
        iterations: Some(n),
        ..Limits::default()
    }
}

fn run<G: Game>(root: &G, limits: Limits, config: &IsmctsConfig) -> IsmctsResult<G::Action> {
    search(root, limits, config, &StopFlag::new(), &mut |_| {})
}

fn stat<A: Copy + PartialEq>(result: &IsmctsResult<A>, action: A) -> MoveStat<A> {
    *result.moves.iter().find(|m| m.action == action).unwrap()
}

/// Everything but the wall-clock time.
fn same<A: Clone + PartialEq + std::fmt::Debug>(a: &IsmctsResult<A>, b: &IsmctsResult<A>) {
    let (mut a, mut b) = (a.clone(), b.clone());
    (a.seconds, b.seconds) = (0.0, 0.0);
    assert_eq!(a, b);
}

/// The plain configuration these mechanics tests were written for: 0/1 rewards, UCB1
/// without priors or widening, uniform rollouts to the end, no decisive-move check.
fn plain() -> IsmctsConfig {
    IsmctsConfig {
        exploration: 0.7,
        rollout: Rollout::Random,
        rollout_cutoff: None,
        reward: Reward::WinLoss,
        prior_weight: 0.0,
        widening: None,
        decisive: false,
        ..IsmctsConfig::default()
    }
}

/// The shared trees after one worker's `iterations` through them (the path threads take
/// when they share one tree), from the root player 0's seat.
fn shared_trees_after<G: Game>(
    root: &G,
    config: &IsmctsConfig,
    iterations: u32,
) -> Shared<G::Action> {
    let mut legal = Vec::new();
    root.legal_actions(&mut legal);
    let mut worker = Worker::new(root, 0, legal[0], config, 0);
    let mut shared = Shared::new(&Limits::default(), 0);
    shared.tree = Some(RwLock::new(std::mem::take(&mut worker.trees)));
    for _ in 0..iterations {
        worker.iterate(root, &shared);
    }
    shared
}

fn mo() -> IsmctsConfig {
    IsmctsConfig {
        variant: Variant::Mo,
        ..plain()
    }
}

// ---- toy-game tests -------------------------------------------------------------------

#[test]
fn nim_finds_the_winning_move() {
    for (heap, take) in [(5, 1), (6, 2), (7, 3), (9, 1)] {
        let result = run(&nim(heap, 2), iterations(3000), &plain());
        assert_eq!(result.best, take, "heap {heap}");
        assert!(result.value > 0.8, "heap {heap}: {result:?}");
        assert_eq!(result.pv[0], take);
    }
}

#[test]
fn a_restricted_search_values_only_the_moves_given() {
    // Heap 5 (take 1 wins): taking 2 leaves heap 3, which the opponent wins by taking 3.
    let root = nim(5, 2);
    let result = search_among(
        &root,
        Some(&[2]),
        iterations(2000),
        &IsmctsConfig::default(),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert_eq!(result.best, 2);
    assert_eq!(result.moves.len(), 1);
    assert_eq!(result.moves[0].visits, 2000);
    assert!(result.value < 0.35, "{result:?}");
    let full = run(&root, iterations(2000), &IsmctsConfig::default());
    assert_eq!(full.best, 1);
    assert!(full.value > result.value + 0.3, "{full:?}");
}

#[test]
fn nim_lost_position_has_a_low_value() {
    let result = run(&nim(8, 2), iterations(3000), &plain());
    assert!(result.moves.iter().all(|m| m.value < 0.35), "{result:?}");
}

#[test]
fn every_seat_plays_for_itself_with_three_players() {
    // Heap 3: take everything. Heap 4: whatever seat 0 leaves, seat 1 takes it all, which
    // it only does if nodes count seat 1's own reward.
    let result = run(&nim(3, 3), iterations(2000), &plain());
    assert_eq!(result.best, 3);
    let result = run(&nim(4, 3), iterations(3000), &plain());
    assert!(result.moves.iter().all(|m| m.value < 0.15), "{result:?}");
}

#[test]
fn chance_outcomes_are_sampled_by_weight_without_tree_edges() {
    for determinize in [true, false] {
        let root = gamble(determinize);
        let result = run(&root, iterations(4000), &plain());
        assert_eq!(result.best, Bet::Coin);
        assert!((result.value - 0.75).abs() < 0.05, "{result:?}");
        let card = stat(&result, Bet::Card);
        assert!(card.value < 0.5, "{result:?}");
        // The flip leaves no edge: Coin is a leaf of the tree, so the PV ends there.
        assert_eq!(result.pv, vec![Bet::Coin]);
        // Both root actions are legal in every determinization; availability is counted
        // from the iteration that creates a child (the first or the second one here).
        let n = result.iterations;
        assert!(result
            .moves
            .iter()
            .all(|m| (n - 1..=n).contains(&m.available)));
    }
}

#[test]
fn a_tree_that_branches_on_chance_calls_the_coin_it_has_seen() {
    // Merged, the node after the toss is one for both faces: a call made there is right
    // half the time, so the toss is worth 1/2 and `Safe` (3/4) is chosen.
    let merged = run(&call(), iterations(4000), &plain());
    assert_eq!(merged.best, Shout::Safe, "{merged:?}");
    assert!(
        (stat(&merged, Shout::Toss).value - 0.5).abs() < 0.1,
        "{merged:?}"
    );
    // Branched, each face has its node and its own call: the toss always wins.
    let branch = |config: IsmctsConfig| IsmctsConfig {
        chance: Chance::Branch,
        ..config
    };
    let shared = IsmctsConfig {
        threads: 2,
        ..plain()
    };
    for config in [plain(), mo(), shared].map(branch) {
        let result = run(&call(), iterations(4000), &config);
        assert_eq!(result.best, Shout::Toss, "{config:?}");
        assert!(result.value > 0.9, "{result:?}");
        // The line stops at the toss: its outcome is not the search's to choose.
        assert_eq!(result.pv, vec![Shout::Toss], "{config:?}");
    }
}

#[test]
fn a_branching_tree_keeps_a_node_per_outcome_and_counts_visits_once() {
    let root = century(include_str!(
        "../../../../../tests/perft/century/midgame-2p-hidden.toml"
    ));
    assert!(!root.decks_known());
    let config = IsmctsConfig {
        chance: Chance::Branch,
        seed: 5,
        ..IsmctsConfig::default()
    };
    let shared = shared_trees_after(&root, &config, 3000);
    let trees = read_trees(shared.tree.as_ref().unwrap());
    let tree = &trees[0];
    assert_eq!(tree.nodes[ROOT as usize].visits(), 3000);
    let mut outcomes = 0;
    for node in 0..tree.len() as u32 {
        let n = &tree.nodes[node as usize];
        let below: u64 = tree
            .children(node)
            .map(|c| tree.nodes[c as usize].visits())
            .sum();
        assert!(
            below <= n.visits(),
            "node {node}: {below} below {}",
            n.visits()
        );
        // A node's children are all outcomes or all choices.
        let kinds: Vec<bool> = tree
            .children(node)
            .map(|c| tree.nodes[c as usize].outcome)
            .collect();
        assert!(kinds.iter().all(|&k| k == kinds[0]) || kinds.is_empty());
        outcomes += kinds.iter().filter(|&&k| k).count();
    }
    // Takes and claims deal cards, so the tree has outcome nodes; none is at the root.
    assert!(outcomes > 10, "{outcomes} outcome nodes");
    assert!(tree.children(ROOT).all(|c| !tree.nodes[c as usize].outcome));
}

#[test]
fn a_branching_search_is_reproducible_and_its_line_has_no_deals() {
    let root = century(include_str!(
        "../../../../../tests/perft/century/midgame-2p-hidden.toml"
    ));
    let config = IsmctsConfig {
        chance: Chance::Branch,
        seed: 9,
        ..IsmctsConfig::default()
    };
    let a = run(&root, iterations(2000), &config);
    same(&a, &run(&root, iterations(2000), &config));
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), 2000);
    let mut state = root;
    for &action in &a.pv {
        assert!(matches!(state.turn(), Turn::Player(_)), "{:?}", a.pv);
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert!(legal.contains(&action), "{:?}", a.pv);
        state.apply(action);
        settle(
            &mut state,
            &mut Vec::new(),
            &mut ChaCha8Rng::seed_from_u64(1),
        );
    }
}

#[test]
fn availability_counts_actions_legal_in_some_determinizations_only() {
    // With the card dealt by the determinization, and with it dealt as a chance node in
    // the tree: Snap is legal for c = 0 only.
    for determinize in [true, false] {
        let root = gamble(determinize);
        let config = IsmctsConfig {
            exploration: 5.0, // visit Card often
            ..plain()
        };
        let mut worker = Worker::new(&root, 0, Bet::Coin, &config, 0);
        let shared = Shared::new(&Limits::default(), 0);
        for _ in 0..3000 {
            worker.iterate(&root, &shared);
        }
        let tree = &worker.trees[0];
        let card = tree.child(ROOT, Bet::Card).unwrap();
        let node = |action| &tree.nodes[tree.child(card, action).unwrap() as usize];
        let (pass, snap) = (node(Bet::Pass), node(Bet::Snap));
        let visits = tree.nodes[card as usize].visits();
        // The iteration that created the Card node stopped there; every later one stepped
        // through it and found Pass legal, counted from Pass's creation (the first or
        // second step through Card, depending on which of Pass and Snap came first).
        assert!((visits - 2..visits).contains(&pass.available()));
        assert!(snap.available() < pass.available());
        let share = snap.available() as f64 / pass.available() as f64;
        assert!((share - 1.0 / 3.0).abs() < 0.07, "share {share}");
        // Seat 1 snaps whenever it can: Snap's mean is its win rate, 1.
        assert_eq!(snap.reward(), snap.visits() as f64);
        assert!(snap.visits() + 5 >= snap.available());
        assert_eq!(tree.children(card).count(), 2);
    }
}

#[test]
fn heuristic_rollouts_and_cutoff() {
    // Perfect hints: greedy playouts are exact, so the value of a won position is ~1.
    let greedy = IsmctsConfig {
        rollout: Rollout::Heuristic { epsilon: 0.0 },
        ..plain()
    };
    let result = run(&nim(13, 2), iterations(2000), &greedy);
    assert_eq!(result.best, 1);
    assert!(result.value > 0.85, "{result:?}");
    // An oracle at the cut-off: no playout at all, and still the right move.
    let cut = IsmctsConfig {
        rollout_cutoff: Some(0),
        ..plain()
    };
    let result = run(&nim(22, 2), iterations(2000), &cut);
    assert_eq!(result.best, 2);
    let mut noisy = greedy;
    noisy.rollout = Rollout::Heuristic { epsilon: 0.3 };
    noisy.rollout_cutoff = Some(4);
    assert_eq!(run(&nim(10, 2), iterations(2000), &noisy).best, 2);
}

#[test]
fn cutoff_ties_go_to_the_later_seat() {
    let mut rewards = [0.0; 2];
    // Heap 4, seat 0 to move: the oracle says seat 1 wins.
    heuristic_rewards(&nim(4, 2), win_loss(), &mut rewards);
    assert_eq!(rewards, [0.0, 1.0]);
    heuristic_rewards(&nim(5, 2), win_loss(), &mut rewards);
    assert_eq!(rewards, [1.0, 0.0]);
    // Equal estimates (a fresh Gamble: both scores 0).
    heuristic_rewards(&gamble(true), win_loss(), &mut rewards);
    assert_eq!(rewards, [0.0, 1.0]);
}

#[test]
fn one_thread_with_a_seed_is_reproducible() {
    let config = IsmctsConfig {
        seed: 42,
        ..plain()
    };
    let a = run(&nim(15, 2), iterations(1500), &config);
    let b = run(&nim(15, 2), iterations(1500), &config);
    same(&a, &b);
    let other = run(
        &nim(15, 2),
        iterations(1500),
        &IsmctsConfig { seed: 43, ..config },
    );
    assert_ne!(a.moves, other.moves, "the seed should matter");
}

#[test]
fn mo_plays_exactly_like_so_when_moves_are_public() {
    for seed in 0..3 {
        let so = IsmctsConfig { seed, ..plain() };
        let mo = IsmctsConfig { seed, ..mo() };
        let (a, b) = (
            run(&gamble(false), iterations(800), &so),
            run(&gamble(false), iterations(800), &mo),
        );
        assert_eq!((&a.moves, a.nodes, &a.pv), (&b.moves, b.nodes, &b.pv));
        assert_eq!(b.tree_size, 2 * a.tree_size);
        let (a, b) = (
            run(&nim(11, 3), iterations(800), &so),
            run(&nim(11, 3), iterations(800), &mo),
        );
        assert_eq!((&a.moves, a.nodes, &a.pv), (&b.moves, b.nodes, &b.pv));
        assert_eq!(b.tree_size, 3 * a.tree_size);
    }
}

#[test]
fn threads_merge_root_visits() {
    for parallel in [Parallel::Tree, Parallel::Root] {
        for variant in [Variant::So, Variant::Mo] {
            let config = IsmctsConfig {
                threads: 2,
                variant,
                parallel,
                ..plain()
            };
            let result = run(&nim(9, 2), iterations(3000), &config);
            assert_eq!(result.iterations, 3000);
            // Every iteration is one visit: a virtual loss becomes the real visit.
            assert_eq!(result.moves.iter().map(|m| m.visits).sum::<u64>(), 3000);
            assert!(result.moves.iter().all(|m| (0.0..=1.0).contains(&m.value)));
            assert_eq!(result.best, 1, "{parallel:?} {variant:?}");
        }
    }
}

#[test]
fn a_shared_tree_counts_each_visit_once() {
    // Iterations through a shared tree (virtual loss on the way down, rewards on the way
    // up) leave the same accounting as ordinary ones: one visit per iteration at the
    // root, no node visited more often than its parent, no reward above its visits.
    let root = nim(21, 2);
    let shared = shared_trees_after(&root, &plain(), 2000);
    let trees = read_trees(shared.tree.as_ref().unwrap());
    let tree = &trees[0];
    assert_eq!(tree.nodes[ROOT as usize].visits(), 2000);
    for node in 0..tree.len() as u32 {
        let visits = tree.nodes[node as usize].visits();
        let below: u64 = tree
            .children(node)
            .map(|c| tree.nodes[c as usize].visits())
            .sum();
        assert!(below <= visits, "node {node}: {below} below {visits}");
        let n = &tree.nodes[node as usize];
        assert!(
            (0.0..=n.visits() as f64).contains(&n.reward()),
            "node {node}"
        );
    }
    assert_eq!(
        tree.children(ROOT)
            .map(|c| tree.nodes[c as usize].visits())
            .sum::<u64>(),
        2000
    );
}

#[test]
fn shared_mo_trees_rank_priors_where_their_player_chose() {
    // One tree per player, shared: a tree ranks its priors at each node where its own
    // player chose (before the first choice there) and at no other. Nim alternates, so
    // player 0 chooses at even depths and player 1 at odd ones.
    let root = nim(13, 2);
    let shared = shared_trees_after(&root, &mo(), 2000);
    let trees = read_trees(shared.tree.as_ref().unwrap());
    assert_eq!(trees.len(), 2);
    for (q, tree) in trees.iter().enumerate() {
        let mut chosen_at = 0;
        let mut stack = vec![(ROOT, 0usize)];
        while let Some((node, depth)) = stack.pop() {
            if tree.children(node).next().is_some() {
                let own = depth % 2 == q;
                assert_eq!(!tree.lacks_priors(node), own, "tree {q}, depth {depth}");
                chosen_at += usize::from(own);
            }
            stack.extend(tree.children(node).map(|child| (child, depth + 1)));
        }
        assert!(chosen_at > 10, "tree {q}: {chosen_at} nodes chosen at");
    }
}

#[test]
fn one_thread_is_the_same_search_in_both_modes() {
    let root = century(ENDGAME);
    let tuned = IsmctsConfig {
        seed: 3,
        ..IsmctsConfig::default()
    };
    let root_parallel = IsmctsConfig {
        parallel: Parallel::Root,
        ..tuned
    };
    same(
        &run(&root, iterations(500), &tuned),
        &run(&root, iterations(500), &root_parallel),
    );
}

#[test]
fn a_shared_tree_tallies_every_threads_solo_iterations() {
    use crate::games::merchant_explorers::State;
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut root = State::new_game(1, &mut rng);
    settle(&mut root, &mut Vec::new(), &mut rng);
    for parallel in [Parallel::Tree, Parallel::Root] {
        let config = IsmctsConfig {
            threads: 2,
            parallel,
            ..IsmctsConfig::default()
        };
        let result = run(&root, iterations(600), &config);
        assert_eq!(result.iterations, 600);
        for m in result.moves.iter().filter(|m| m.visits > 0) {
            let score = m.expected_score.expect("a solo tally for every move tried");
            assert!(score > 0.0, "{parallel:?}: {m:?}");
        }
    }
}

#[test]
fn budgets_stop_the_search() {
    let config = plain();
    // Nodes: one iteration of Nim from 21 steps through at most 22 states.
    let limits = Limits {
        nodes: Some(5000),
        ..Limits::default()
    };
    let result = run(&nim(21, 2), limits, &config);
    assert!(
        (5000..5000 + 22).contains(&result.nodes),
        "{}",
        result.nodes
    );
    assert_eq!(
        result.moves.iter().map(|m| m.visits).sum::<u64>(),
        result.iterations
    );

    // Time, with nothing else to stop it.
    let limits = Limits {
        movetime: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let result = run(&nim(21, 2), limits, &config);
    assert!(
        result.seconds >= 0.05 && result.seconds < 5.0,
        "{}",
        result.seconds
    );

    // A raised stop flag (and a zero iteration limit) still leave one iteration: a move.
    let stop = StopFlag::new();
    stop.stop();
    let threads = IsmctsConfig {
        threads: 2,
        ..config
    };
    let result = search(&nim(21, 2), Limits::default(), &threads, &stop, &mut |_| {});
    assert_eq!(result.iterations, 1);
    assert_eq!(result.pv.len(), 1);
    let result = run(&nim(21, 2), iterations(0), &threads);
    assert_eq!(result.iterations, 1);

    // Stopped from the report callback.
    let stop = StopFlag::new();
    let config = IsmctsConfig {
        report_every: 100,
        ..plain()
    };
    let result = search(&nim(21, 2), Limits::default(), &config, &stop, &mut |r| {
        if r.iterations >= 300 {
            stop.stop();
        }
    });
    assert_eq!(result.iterations, 300);
}

#[test]
fn reports_come_every_so_many_iterations() {
    let config = IsmctsConfig {
        report_every: 250,
        ..plain()
    };
    let mut seen = Vec::new();
    let result = search(
        &nim(17, 2),
        iterations(1000),
        &config,
        &StopFlag::new(),
        &mut |r| seen.push(r.clone()),
    );
    let counts: Vec<u64> = seen.iter().map(|r| r.iterations).collect();
    assert_eq!(counts, [250, 500, 750, 1000]);
    same(seen.last().unwrap(), &result);

    // With helpers, reports still arrive (from thread 0) and never exceed the total.
    let config = IsmctsConfig {
        threads: 2,
        ..config
    };
    let mut reports = 0;
    search(
        &nim(17, 2),
        iterations(2000),
        &config,
        &StopFlag::new(),
        &mut |r| {
            reports += 1;
            assert!(r.iterations <= 2000);
            // A shared tree also counts the helper's iteration in flight (a virtual loss).
            assert!(r.moves.iter().map(|m| m.visits).sum::<u64>() <= r.iterations + 1);
        },
    );
    assert!(reports >= 1);
}

// ---- Century ----------------------------------------------------------------------------

/// Two seats with five golems and 62 points each; decks hidden. Seat 0 wins only by
/// claiming yyygg now (77 against seat 1's best final turn, claim yygg: 76); after claim
/// yygg (76), seat 1 claims yyygg (77), and after anything else seat 1 claims and ends
/// the game at once.
const ENDGAME: &str = r#"
game = "century-golem"
players = 2
to_move = 0

[merchants]
row = ["yyy>p", "U3", "+yg", "bb>ggp", "p>bb", "+gg"]

[golems]
row = ["yygg", "yyygg", "gggg", "pppp", "ppppp"]
gold = 0
silver = 0

[[player]]
crystals = "yyygg"
hand = ["+yy", "U2"]
played = []
golems = ["bbbb", "ggpp", "ygbp", "yyppp", "gggbb"]
gold = 2
silver = 2

[[player]]
crystals = "yyygg"
hand = ["+yy", "U2"]
played = []
golems = ["ggbp", "ybbp", "bbbbb", "yyggbb", "ggbb"]
gold = 2
silver = 2
"#;

fn century(text: &str) -> Century {
    read_position(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn century_endgame_claims_the_winning_golem() {
    let root = century(ENDGAME);
    assert!(!root.decks_known());
    for config in [
        plain(),
        mo(),
        IsmctsConfig {
            threads: 2,
            rollout: Rollout::Heuristic { epsilon: 0.2 },
            ..plain()
        },
    ] {
        let result = run(&root, iterations(3000), &config);
        assert_eq!(
            root.action_to_text(result.best),
            "claim yyygg",
            "{config:?}"
        );
        assert!(result.value > 0.9, "{result:?}");
        let yygg = root.action_from_text("claim yygg").unwrap();
        assert!(stat(&result, yygg).value < result.value, "{result:?}");
    }
}

#[test]
fn century_midgame_with_hidden_decks() {
    let root = century(include_str!(
        "../../../../../tests/perft/century/midgame-2p-hidden.toml"
    ));
    let mut legal = Vec::new();
    root.legal_actions(&mut legal);
    let config = IsmctsConfig {
        seed: 7,
        rollout: Rollout::Heuristic { epsilon: 0.3 },
        rollout_cutoff: Some(30),
        ..plain()
    };
    let a = run(&root, iterations(300), &config);
    assert!(legal.contains(&a.best));
    assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), 300);
    assert_eq!(a.pv[0], a.best);
    same(&a, &run(&root, iterations(300), &config));
}

// ---- the tuned configuration (IsmctsConfig::default()) --------------------------------

use crate::games::century::position::{sketch, SeatSketch as S};

const ROW: [&str; 6] = ["yyy>p", "ggg>bbb", "bb>pp", "p>bb", "pp>gggbb", "bbb>ppp"];

/// Seat 0 to move with `caravan` and `golems` claimed; seat 1 with `their_golems`. Far
/// from the end (two golems each at most), decks hidden.
fn seat0(caravan: &str, golems: &[&str], their_golems: &[&str]) -> Century {
    let seats = [
        S(caravan, &["+yy", "U2"], &[], golems, 0, 0),
        S("yyyg", &["+yy", "U2"], &[], their_golems, 0, 0),
    ];
    let row = ["yygg", "bbbb", "ppppp", "ggpp", "ybbp"];
    sketch(0, &ROW, &[], &row, &seats).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn ahead_with_a_twenty_point_claim_available_claims_it() {
    // Seat 0 leads (two golems to none) and can pay ppppp (20 points). Before graded
    // rewards every move looked like a win and a take was played instead.
    let root = seat0("pppppg", &["ggbp", "yyggbb"], &[]);
    for seed in 0..3 {
        let config = IsmctsConfig {
            seed,
            ..IsmctsConfig::default()
        };
        let result = run(&root, iterations(1000), &config);
        assert_eq!(
            root.action_to_text(result.best),
            "claim ppppp",
            "seed {seed}"
        );
    }
}

#[test]
fn behind_the_root_values_are_graded() {
    // Seat 0 trails by two golems: with 0/1 rewards every move was worth 0.
    let root = seat0("yyy", &[], &["bbbbb", "ggbb"]);
    let result = run(&root, iterations(1000), &IsmctsConfig::default());
    let values: Vec<f64> = result.moves.iter().map(|m| m.value).collect();
    assert!(values.iter().all(|&v| v > 0.0 && v < 1.0), "{values:?}");
    let (low, high) = values
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(l, h), &v| (l.min(v), h.max(v)));
    assert!(high - low > 0.01, "{values:?}");
}

#[test]
fn widening_expands_by_prior() {
    let root = century(include_str!(
        "../../../../../tests/perft/century/midgame-2p-hidden.toml"
    ));
    let mut legal = Vec::new();
    root.legal_actions(&mut legal);
    let mut priors = Vec::new();
    root.action_priors(&legal, &mut priors);
    let prior_of =
        |a: &crate::games::century::Action| priors[legal.iter().position(|l| l == a).unwrap()];
    let config = IsmctsConfig::default();
    let widening = config.widening.unwrap();
    let mut worker = Worker::new(&root, 0, legal[0], &config, 0);
    let shared = Shared::new(&Limits::default(), 0);
    for _ in 0..20 {
        worker.iterate(&root, &shared);
    }
    let tree = &worker.trees[0];
    let children: Vec<crate::games::century::Action> = tree
        .children(ROOT)
        .map(|c| tree.nodes[c as usize].action)
        .collect();
    // After n visits the root may have ceil(base * n^exponent) children, far fewer than
    // the legal moves, and they are the best by prior.
    let bound = (widening.base * 20f64.powf(widening.exponent)).ceil() as usize;
    assert!(
        !children.is_empty() && children.len() <= bound,
        "{children:?}"
    );
    assert!(legal.len() > bound);
    let weakest_child = children.iter().map(&prior_of).fold(f32::INFINITY, f32::min);
    let best_other = legal
        .iter()
        .filter(|a| !children.contains(a))
        .map(&prior_of)
        .fold(0.0f32, f32::max);
    assert!(
        weakest_child >= best_other,
        "{weakest_child} < {best_other}"
    );
}

#[test]
fn ties_are_not_decided_by_action_order() {
    use super::tree::{Exclusive, Selection, Tree};
    use rand::SeedableRng;
    let selection = Selection {
        exploration: 0.7,
        prior_weight: 1.0,
        widening: None,
    };
    let legal = [1u8, 2, 3, 4];
    let (mut untried, mut weights, mut keys) = (Vec::new(), Vec::new(), Vec::new());
    let mut uniform = |actions: &[u8], out: &mut Vec<f32>| {
        out.clear();
        out.resize(actions.len(), 1.0);
    };
    let (mut expanded, mut selected) = (Vec::new(), Vec::new());
    for seed in 0..32 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut tree = Tree::new(0u8);
        // Equal priors: the first expansion is drawn at random.
        tree.ensure_priors(
            ROOT,
            &legal,
            &mut uniform,
            &mut weights,
            &mut keys,
            &mut rng,
        );
        let choice = tree.select::<Exclusive, _>(
            ROOT,
            &legal,
            &selection,
            &mut uniform,
            &mut untried,
            &mut weights,
            &mut rng,
        );
        expanded.push(choice.action);
        // Every child with equal statistics and priors: the choice is drawn at random.
        for &a in &legal {
            let c = tree.child_or_insert(ROOT, a, 0.25);
            tree.nodes[c as usize].set_stats(3, 1.5);
        }
        tree.nodes[ROOT as usize].set_stats(12, 0.0);
        let choice = tree.select::<Exclusive, _>(
            ROOT,
            &legal,
            &selection,
            &mut uniform,
            &mut untried,
            &mut weights,
            &mut rng,
        );
        assert!(!choice.expanded);
        selected.push(choice.action);
    }
    for picks in [expanded, selected] {
        for a in legal {
            assert!(picks.contains(&a), "{a} never picked: {picks:?}");
        }
    }
}

#[test]
fn decisive_moves_at_the_root() {
    // The ENDGAME position: seat 0 wins at once by claiming yyygg; with the check on, only
    // winning moves are searched.
    let root = century(ENDGAME);
    let result = run(&root, iterations(50), &IsmctsConfig::default());
    assert_eq!(root.action_to_text(result.best), "claim yyygg");
    assert!(result
        .moves
        .iter()
        .all(|m| root.action_to_text(m.action).starts_with("claim")));
}

#[test]
fn tuned_search_is_reproducible() {
    let root = century(include_str!(
        "../../../../../tests/perft/century/midgame-2p-hidden.toml"
    ));
    let config = IsmctsConfig {
        seed: 7,
        ..IsmctsConfig::default()
    };
    let a = run(&root, iterations(300), &config);
    let b = run(&root, iterations(300), &config);
    same(&a, &b);
}

#[test]
fn a_solo_player_is_rewarded_by_score_above_the_root_estimate() {
    // Nim with one player: taking the last stone scores 1, nothing else scores 0.
    let reward = Reward::Graded {
        scale: 1.0,
        margin_weight: 1.0,
    };
    let mut done = nim(1, 1);
    done.apply(1);
    let mut rewards = [0.0];
    let from = |solo_baseline| rollout::Scoring {
        reward,
        eval: EvalWeights::Default,
        solo_baseline,
    };
    rollout::final_rewards(&done, from(0.0), &mut rewards);
    assert!(
        rewards[0] > 0.7,
        "a score above the baseline pays more than half"
    );
    rollout::final_rewards(&done, from(1.0), &mut rewards);
    assert!(
        (rewards[0] - 0.5).abs() < 1e-12,
        "the baseline itself pays a half"
    );
    rollout::final_rewards(&done, from(3.0), &mut rewards);
    assert!(rewards[0] < 0.2, "below the baseline pays less");
}

fn win_loss() -> rollout::Scoring {
    rollout::Scoring {
        reward: Reward::WinLoss,
        eval: EvalWeights::Default,
        solo_baseline: 0.0,
    }
}
