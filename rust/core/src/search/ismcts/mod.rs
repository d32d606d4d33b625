//! Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), generic
//! over [`Game`].
//!
//! Each iteration draws a determinization of the root (`resample_hidden` for the root
//! player), walks the tree choosing only among actions legal in that determinization
//! (UCB1 with availability counts plus a prior term, progressive widening by the game's
//! `action_priors`), expands one untried action, plays out (to the end or a cut-off) and
//! backpropagates each player's reward: 0/1 (`returns`) or graded by the score or
//! evaluation margin ([`Reward`]). docs/search.md gives the formulas and the defaults.
//!
//! - [`Variant::So`]: one tree for the searching player. UCB1 uses availability counts:
//!   a child's "parent visits" is how often its action was legal when its parent was
//!   reached, not the parent's visit count. Each node stores the total reward of the player
//!   who chose the action leading to it, so every seat maximises its own reward.
//! - [`Variant::Mo`]: one tree per player. The player to move selects in their own tree;
//!   every tree then follows the action as its owner observes it (`observe`). All games
//!   so far have public moves, so an observation is the action itself: the trees keep the
//!   same shape and the statistics used for decisions equal SO's exactly (same seed, same
//!   result), at the cost of one tree per player. It exists for games with hidden moves,
//!   where `observe` would map an action to what each player sees.
//!
//! **Chance.** Hidden information is fixed by the determinization. If a determinized state
//! still reaches a chance node (chance the game does not determinize in advance), the
//! outcome is drawn by its probability and no tree edge is made: the tree node after it
//! merges all outcomes, and actions that depend on the outcome are handled by availability
//! counts, exactly as SO-ISMCTS treats hidden information the searcher learns later.
//! [`Chance::Branch`] instead gives each outcome a child of its own (closed loop), for
//! games without hidden information; the root is then not determinized.
//!
//! **Terminals.** A player's turn without legal actions is scored as a terminal state
//! (`returns` as it stands).
//!
//! **Budgets.** `Limits::iterations`, `nodes` (every state stepped through: each
//! determinized root, tree step, chance outcome and rollout step), `movetime` and the
//! [`StopFlag`], checked between iterations, so a node limit is overrun by at most one
//! iteration per thread. `depth` is ignored. The first iteration always runs, so there is
//! always a move. Without any limit the search runs until the stop flag is set.
//!
//! **Threads**, seeded `seed + index`. [`Parallel::Root`]: `threads` independent trees
//! whose root statistics are summed by action at the end. [`Parallel::Tree`] (the
//! default): the threads share one tree behind a read-write lock. Choosing a
//! child and backpropagating take the read lock, so threads do them at once, updating the
//! nodes' statistics with atomic adds; only a change of shape (a new child, a node's
//! ranked priors, computed before locking) takes the write lock, about once an iteration.
//! Moves are generated and applied, determinizations drawn and playouts run outside any
//! lock. A thread walking the tree counts its visit at once and its reward only at the end
//! (a virtual loss), which steers the other threads to other lines meanwhile; a progress
//! report may then count an iteration in flight. Either way the iteration
//! limit is shared (the total is exact), as are the node and time budgets. One thread is
//! the same search in both modes, and with a fixed seed it is reproducible: same result,
//! iteration and node counts.

mod rollout;
mod tree;

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::thread;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::limits::{Budget, Limits, StopFlag};
use crate::playout::{apply_random_outcome, random_outcome};
use crate::{EvalWeights, Game, Turn};
use rollout::Scratch;
use tree::{Access, Choice, Concurrent, Exclusive, RootStat, Selection, SoloTally, Tree, ROOT};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Variant {
    /// Single-observer ISMCTS: one tree, for the searching player.
    #[default]
    So,
    /// Multiple-observer ISMCTS: one tree per player.
    Mo,
}

/// Playout policy.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Rollout {
    /// Uniform over the legal actions.
    #[default]
    Random,
    /// With probability `1 - epsilon` the action with the highest `ordering_hint` (ties at
    /// random), else uniform.
    Heuristic { epsilon: f64 },
    /// Epsilon-greedy over the game's policy: with probability `1 - epsilon` the action
    /// with the highest `action_priors` weight (ties at random), else uniform.
    Policy { epsilon: f64 },
}

/// What a playout is worth to each player (see docs/search.md).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reward {
    /// The game's `returns` (1 for the winner, 0 otherwise); a cut-off playout gives 1 to
    /// the player with the highest `heuristic_score`.
    WinLoss,
    /// At the end: `(1 - margin_weight) * returns + margin_weight * logistic(margin / scale)`,
    /// the margin being the player's score minus the best other score; at a cut-off:
    /// `logistic(margin / scale)` of the `heuristic_score` margin. `scale` is in points.
    Graded { scale: f64, margin_weight: f64 },
}

/// What a solo player (a 1-player game) plays for. With two or more players the search
/// always plays to win (as `reward` says).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SoloGoal {
    /// The expected final score: the reward is `logistic(margin / scale)` alone, the
    /// margin measured from the root's estimate.
    #[default]
    Score,
    /// The chance to win ([`GameInfo::solo_win`](crate::GameInfo)): `reward` as
    /// configured, so a rollout that reaches the end is rewarded mostly by whether it was
    /// won, and one cut off before it by the score margin (coins stand in for the chance
    /// while the end is out of reach). With `rollout_cutoff: None` every rollout reaches
    /// the end: `solo_win` is then measured on every iteration, at the cost of far fewer
    /// of them.
    Win,
}

/// How the tree treats chance: the cards a deal turns up, the dice, the draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Chance {
    /// No edge for an outcome: the node after a chance event merges all its outcomes, and
    /// the decisions below it are chosen without knowing which came (open loop). The
    /// root is determinized (`resample_hidden`), which for a game whose only secret is
    /// the order of its decks fixes every deal of the iteration in advance.
    #[default]
    Merge,
    /// A child per outcome: the decisions below a deal are made knowing what it dealt, as
    /// the player will (closed loop; chance as the "environment player" of Cowling et al.).
    /// Only for games without hidden information (their chance is public): the root is
    /// not determinized, so the decks' orders stay unknown and every deal is a chance
    /// event the tree branches on.
    Branch,
}

/// How several threads share a search (one thread: no difference).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Parallel {
    /// Independent trees, one per thread, merged at the root at the end. More iterations
    /// on 2 cores (1.7-1.9 times one thread's, the shared tree's 0.8-1.7 times) and no
    /// shared tree to contend for, but weaker at equal time where measured
    /// (docs/strength.md, "Every core").
    Root,
    /// One shared tree with virtual loss: the threads' iterations build one deeper tree.
    /// The default: the stronger at equal time wherever a second thread buys anything.
    #[default]
    Tree,
}

/// Progressive widening: a node visited n times may have `ceil(base * (n + 1)^exponent)`
/// children (legal in the current determinization), unpruned best prior first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    pub base: f64,
    pub exponent: f64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsConfig {
    pub variant: Variant,
    /// UCB1 exploration constant `c` (rewards are in 0..=1).
    pub exploration: f64,
    pub rollout: Rollout,
    /// Player moves after which a playout stops and is scored by `heuristic_score`
    /// (as `reward` says); `None` plays to the end.
    pub rollout_cutoff: Option<u32>,
    pub reward: Reward,
    /// Weight `w` of the prior term `w * prior * sqrt(available) / (1 + visits)` added to
    /// UCB1 (0: plain UCB1; priors then only order expansions).
    pub prior_weight: f64,
    /// `None`: every legal action is expanded (best prior first) before UCB chooses.
    pub widening: Option<Widening>,
    /// Decisive moves at the root: if a move wins at once only such moves are searched;
    /// moves after which the next player can win at once are dropped unless all are.
    pub decisive: bool,
    /// Threads (0 counts as 1), sharing the search as `parallel` says.
    pub threads: usize,
    pub parallel: Parallel,
    /// Thread `i` uses seed `seed + i`.
    pub seed: u64,
    /// Call `report` every this many iterations (all threads together); 0 = never.
    pub report_every: u64,
    /// What a 1-player game is searched for.
    pub solo_goal: SoloGoal,
    /// The evaluation's weights at rollout cut-offs (`Default`: the game's
    /// [`Game::ROLLOUT_EVAL`]).
    pub eval: EvalWeights,
    /// Chance outcomes in the tree: merged or a branch each.
    pub chance: Chance,
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        // Tuned on Century against the greedy bot, except the exploration constant, which
        // self-play between budgets chose (docs/strength.md, "The exploration constant").
        IsmctsConfig {
            variant: Variant::So,
            exploration: 0.1,
            rollout: Rollout::Policy { epsilon: 0.1 },
            rollout_cutoff: Some(8),
            reward: Reward::Graded {
                scale: 8.0,
                margin_weight: 0.2,
            },
            prior_weight: 1.0,
            widening: Some(Widening {
                base: 2.0,
                exponent: 0.5,
            }),
            decisive: true,
            threads: 1,
            parallel: Parallel::Tree,
            seed: 0,
            report_every: 0,
            solo_goal: SoloGoal::Score,
            eval: EvalWeights::Default,
            chance: Chance::Merge,
        }
    }
}

/// Statistics of one root action, summed over threads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStat<A> {
    pub action: A,
    pub visits: u64,
    /// Mean reward for the root player.
    pub value: f64,
    /// Iterations in which the action was legal in the determinization.
    pub available: u64,
    /// The game's prior of the action at the root (normalised).
    pub prior: f32,
    /// Solo games: the mean final score of the iterations through the action (the
    /// evaluation's where a rollout was cut off); `None` with several players.
    pub expected_score: Option<f64>,
    /// Solo games the game can win: the share of the rollouts through the action that
    /// reached the end and were won; `None` if none reached the end.
    pub solo_win: Option<f64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsResult<A> {
    /// The most visited root action.
    pub best: A,
    /// Mean reward of `best` for the root player (an estimated win probability).
    pub value: f64,
    /// [`MoveStat::expected_score`] of `best`.
    pub expected_score: Option<f64>,
    /// [`MoveStat::solo_win`] of `best`.
    pub solo_win: Option<f64>,
    pub iterations: u64,
    pub nodes: u64,
    pub seconds: f64,
    /// Root actions tried, most visited first; ties to the higher mean value, then the
    /// higher prior, then in a random order drawn from the seed (never by action order).
    pub moves: Vec<MoveStat<A>>,
    /// `best`, then the most visited child repeatedly, in thread 0's tree of the root player.
    pub pv: Vec<A>,
    /// Nodes in all trees of all threads.
    pub tree_size: u64,
}

/// Searches `root`, where a player must be to move, and returns the most visited action.
/// `report` is called on the calling thread every `config.report_every` iterations with
/// the statistics so far.
///
/// # Panics
/// If `root` is not a player's turn or that player has no legal action.
pub fn search<G: Game>(
    root: &G,
    limits: Limits,
    config: &IsmctsConfig,
    stop: &StopFlag,
    report: &mut dyn FnMut(&IsmctsResult<G::Action>),
) -> IsmctsResult<G::Action> {
    search_among(root, None, limits, config, stop, report)
}

/// [`search`] with the root player's first move restricted to `only` (when given; the
/// decisive-move check is then skipped): the search below those moves is the full one, so
/// the result values exactly those moves with the whole budget. Used to value a move the
/// unrestricted search hardly tried (game annotation).
///
/// # Panics
/// As [`search`], and if `only` holds no legal action.
pub fn search_among<G: Game>(
    root: &G,
    only: Option<&[G::Action]>,
    limits: Limits,
    config: &IsmctsConfig,
    stop: &StopFlag,
    report: &mut dyn FnMut(&IsmctsResult<G::Action>),
) -> IsmctsResult<G::Action> {
    let Turn::Player(root_player) = root.turn() else {
        panic!("ISMCTS needs a position with a player to move");
    };
    let mut legal = Vec::new();
    root.legal_actions(&mut legal);
    if let Some(only) = only {
        legal.retain(|a| only.contains(a));
    }
    let placeholder = *legal
        .first()
        .expect("ISMCTS needs a position with a legal action");
    let banned = match only {
        Some(only) => {
            let mut banned = Vec::new();
            root.legal_actions(&mut banned);
            banned.retain(|a| !only.contains(a));
            banned.sort_unstable();
            banned
        }
        None if config.decisive => decisive_filter(root, root_player, &legal, config.seed),
        None => Vec::new(),
    };
    let threads = config.threads.max(1);
    let budget = Budget::new(limits, stop.clone());
    let mut shared = Shared::new(&limits, threads - 1);
    let new_worker = |index: usize| {
        let mut worker = Worker::new(root, root_player, placeholder, config, index);
        worker.banned.clone_from(&banned);
        worker
    };

    let mut main = new_worker(0);
    if threads > 1 && config.parallel == Parallel::Tree {
        shared.tree = Some(RwLock::new(std::mem::take(&mut main.trees)));
    }
    // Thread 0 holds the first ticket before any helper starts, and runs it whatever the
    // budget: there is always a move.
    shared.claimed.fetch_add(1, Relaxed);

    let mut next_report = config.report_every;
    let helpers: Vec<Worker<G>> = thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|index| {
                let (shared, budget, new_worker) = (&shared, budget.clone(), &new_worker);
                // Publish often enough that thread 0's reports are roughly current.
                let publish_every = (config.report_every / threads as u64).max(1);
                scope.spawn(move || {
                    let mut worker = new_worker(index);
                    if shared.tree.is_some() {
                        worker.trees.clear();
                    }
                    worker.run(root, budget, shared, false, |w| {
                        if config.report_every > 0 && w.iterations.is_multiple_of(publish_every) {
                            w.publish(&shared.snapshots[index - 1]);
                        }
                    });
                    worker
                })
            })
            .collect();
        main.run(root, budget.clone(), &shared, true, |w| {
            let done = shared.done.load(Relaxed);
            if next_report > 0 && done >= next_report {
                next_report = (done / config.report_every + 1) * config.report_every;
                let seconds = budget.elapsed().as_secs_f64();
                // Built under the shared tree's lock, reported after it: the helpers go on
                // while the caller looks at the report.
                let progress = with_root_stats(&shared, w, |tree, mut stats, mut tree_size| {
                    for slot in &shared.snapshots {
                        let snapshot = slot.lock().expect("ISMCTS snapshot lock");
                        stats.extend_from_slice(&snapshot.stats);
                        tree_size += snapshot.tree_size;
                    }
                    result(&shared, stats, tree, tree_size, seconds, config.seed)
                });
                report(&progress);
            }
        });
        handles
            .into_iter()
            .map(|h| h.join().expect("an ISMCTS thread panicked"))
            .collect()
    });

    let seconds = budget.elapsed().as_secs_f64();
    with_root_stats(&shared, &main, |tree, mut stats, mut tree_size| {
        for helper in &helpers {
            helper.root_stats(&mut stats);
            tree_size += helper.tree_size();
        }
        result(&shared, stats, tree, tree_size, seconds, config.seed)
    })
}

/// Calls `f` with the tree the principal variation is read from, the root statistics so
/// far and the tree size: the shared tree's (locked while `f` runs) or `main`'s own, and
/// `main`'s solo tallies; `f` adds the other threads'.
fn with_root_stats<G: Game, R>(
    shared: &Shared<G::Action>,
    main: &Worker<G>,
    f: impl FnOnce(&Tree<G::Action>, Vec<RootStat<G::Action>>, u64) -> R,
) -> R {
    let mut stats = Vec::new();
    let shared_trees = shared.tree.as_ref().map(read_trees);
    let (tree, tree_size) = match &shared_trees {
        Some(trees) => {
            let tree = &trees[main.tree_of(main.root_player)];
            tree.root_stats(&mut stats);
            (tree, trees.iter().map(|t| t.len() as u64).sum())
        }
        None => (main.root_tree(), main.tree_size()),
    };
    main.root_stats(&mut stats);
    f(tree, stats, tree_size)
}

/// The shared trees for reading and updating statistics (many threads at once).
fn read_trees<A>(trees: &RwLock<Vec<Tree<A>>>) -> RwLockReadGuard<'_, Vec<Tree<A>>> {
    trees.read().expect("ISMCTS tree lock")
}

/// The shared trees for a change of shape: a new child, a node's priors (one thread).
fn write_trees<A>(trees: &RwLock<Vec<Tree<A>>>) -> RwLockWriteGuard<'_, Vec<Tree<A>>> {
    trees.write().expect("ISMCTS tree lock")
}

/// The trees an iteration walks: the thread's own, or the ones all threads share.
enum Trees<'t, A> {
    Own(&'t mut Vec<Tree<A>>),
    Shared(&'t RwLock<Vec<Tree<A>>>),
}

/// Which trees' nodes at their cursors have no ranked priors yet, one bit per tree (a
/// tree per player at most): the next player's step ranks them, outside the lock, before
/// it chooses in its own tree.
fn lacking_priors<A: Copy + Ord>(trees: &[Tree<A>], cursors: &[u32]) -> u32 {
    trees
        .iter()
        .zip(cursors)
        .enumerate()
        .fold(0, |lacking, (q, (tree, &node))| {
            lacking | (u32::from(tree.lacks_priors(node)) << q)
        })
}

/// Steps every shared tree's cursor to its child along one edge (`edge(q)` in tree `q`)
/// and counts that child's visit at once, a virtual loss until backpropagation. The read
/// lock `held` suffices when every tree has the child already; otherwise it is given up
/// for the write lock, under which `insert` adds what is missing. `expanded_in` is the
/// tree whose selection has just expanded this edge (no lookup first: the child is new
/// there), where the new child counts as available on the iteration that created it.
/// Returns [`lacking_priors`] at the new cursors.
#[allow(clippy::too_many_arguments)]
fn step_shared<A: Copy + Ord>(
    lock: &RwLock<Vec<Tree<A>>>,
    held: RwLockReadGuard<'_, Vec<Tree<A>>>,
    edge: impl Fn(usize) -> A,
    insert: impl Fn(&mut Tree<A>, u32, A) -> u32,
    expanded_in: Option<usize>,
    seat: u8,
    cursors: &mut [u32],
    next_cursors: &mut Vec<u32>,
    paths: &mut [Vec<(u32, u8)>],
) -> u32 {
    next_cursors.clear();
    if expanded_in.is_none() {
        next_cursors.extend(
            held.iter()
                .enumerate()
                .map_while(|(q, tree)| tree.child(cursors[q], edge(q))),
        );
    }
    if next_cursors.len() == held.len() {
        for (q, tree) in held.iter().enumerate() {
            cursors[q] = next_cursors[q];
            tree.nodes[cursors[q] as usize].add_visit::<Concurrent>();
            paths[q].push((cursors[q], seat));
        }
        return lacking_priors(&held, cursors);
    }
    drop(held);
    let mut trees = write_trees(lock);
    for (q, tree) in trees.iter_mut().enumerate() {
        let child = insert(tree, cursors[q], edge(q));
        let node = &tree.nodes[child as usize];
        if expanded_in == Some(q) {
            // The write lock makes this thread the only one in the tree.
            node.add_available::<Exclusive>();
        }
        node.add_visit::<Exclusive>();
        cursors[q] = child;
        paths[q].push((child, seat));
    }
    lacking_priors(&trees, cursors)
}

/// Plays `state` through chance nodes with outcomes drawn from `rng`.
fn settle<G: Game>(state: &mut G, outcomes: &mut Vec<(G::Action, f64)>, rng: &mut ChaCha8Rng) {
    while state.turn() == Turn::Chance {
        if !apply_random_outcome(state, outcomes, rng) {
            break;
        }
    }
}

/// Root actions the search leaves out (sorted), judged in one determinization: if some
/// action wins at once, every other one; else the actions after which the next player can
/// win at once, unless that is all of them. Skipped when the game says its end is not near.
fn decisive_filter<G: Game>(
    root: &G,
    root_player: usize,
    legal: &[G::Action],
    seed: u64,
) -> Vec<G::Action> {
    if legal.len() < 2 || !root.end_is_near() {
        return Vec::new();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xdec1_51fe_0000_0001);
    let deal = root.resample_hidden(root_player, &mut rng);
    let mut outcomes = Vec::new();
    let mut replies = Vec::new();
    let (mut wins, mut losing) = (Vec::new(), Vec::new());
    for &action in legal {
        let mut next = deal;
        next.apply(action);
        settle(&mut next, &mut outcomes, &mut rng);
        match next.turn() {
            Turn::Terminal if next.returns(root_player) > 0.5 => wins.push(action),
            Turn::Player(opponent) if opponent != root_player && next.end_is_near() => {
                next.legal_actions(&mut replies);
                let hands_a_win = replies.iter().any(|&reply| {
                    let mut after = next;
                    after.apply(reply);
                    settle(&mut after, &mut outcomes, &mut rng);
                    after.is_terminal() && after.returns(opponent) > 0.5
                });
                if hands_a_win {
                    losing.push(action);
                }
            }
            _ => {}
        }
    }
    let mut banned: Vec<G::Action> = if !wins.is_empty() {
        legal
            .iter()
            .filter(|a| !wins.contains(a))
            .copied()
            .collect()
    } else if losing.len() < legal.len() {
        losing
    } else {
        Vec::new()
    };
    banned.sort_unstable();
    banned
}

/// Budget counters shared by the threads of one search.
struct Shared<A> {
    iteration_limit: u64,
    /// Iterations started (tickets: one iteration runs per ticket below the limit).
    claimed: AtomicU64,
    /// Iterations finished.
    done: AtomicU64,
    nodes: AtomicU64,
    /// Latest root statistics of each helper thread, for progress reports.
    snapshots: Vec<Mutex<Snapshot<A>>>,
    /// Tree parallelism: the trees every thread searches (the workers' own are empty).
    tree: Option<RwLock<Vec<Tree<A>>>>,
}

struct Snapshot<A> {
    stats: Vec<RootStat<A>>,
    tree_size: u64,
}

impl<A> Shared<A> {
    fn new(limits: &Limits, helpers: usize) -> Self {
        Shared {
            iteration_limit: limits.iterations.map_or(u64::MAX, |n| n.max(1)),
            claimed: AtomicU64::new(0),
            done: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
            snapshots: (0..helpers)
                .map(|_| {
                    Mutex::new(Snapshot {
                        stats: Vec::new(),
                        tree_size: 0,
                    })
                })
                .collect(),
            tree: None,
        }
    }
}

/// Sums root statistics by action and builds a result (principal variation from `tree`).
/// An action's first entry must come from a tree (it gives the prior); entries after it
/// may be solo tallies alone.
fn result<A: Copy + Ord>(
    shared: &Shared<A>,
    mut stats: Vec<RootStat<A>>,
    tree: &Tree<A>,
    tree_size: u64,
    seconds: f64,
    tie_seed: u64,
) -> IsmctsResult<A> {
    stats.sort_by_key(|s| s.action);
    let mut moves: Vec<MoveStat<A>> = Vec::with_capacity(stats.len());
    let mut totals: Vec<(f64, SoloTally)> = Vec::with_capacity(stats.len());
    for s in stats {
        match moves.last_mut() {
            Some(m) if m.action == s.action => {
                m.visits += s.visits;
                m.available += s.available;
                let (reward, solo) = totals.last_mut().expect("one total per move");
                *reward += s.reward;
                solo.add(&s.solo);
            }
            _ => {
                moves.push(MoveStat {
                    action: s.action,
                    visits: s.visits,
                    value: 0.0,
                    available: s.available,
                    prior: s.prior,
                    expected_score: None,
                    solo_win: None,
                });
                totals.push((s.reward, s.solo));
            }
        }
    }
    for (m, (total, solo)) in moves.iter_mut().zip(totals) {
        m.value = if m.visits > 0 {
            total / m.visits as f64
        } else {
            0.0
        };
        if solo.samples > 0 {
            m.expected_score = Some(solo.score_sum / solo.samples as f64);
        }
        if solo.finished > 0 {
            m.solo_win = Some(solo.won as f64 / solo.finished as f64);
        }
    }
    // Most visits, then mean value, then prior; what is still tied goes in a random order
    // drawn from the seed (the same seed gives the same order).
    let mut tie_rng = ChaCha8Rng::seed_from_u64(tie_seed ^ 0x7135_b4ea_c000_0002);
    let mut keyed: Vec<(u32, MoveStat<A>)> =
        moves.into_iter().map(|m| (tie_rng.next_u32(), m)).collect();
    keyed.sort_by(|(ka, a), (kb, b)| {
        b.visits
            .cmp(&a.visits)
            .then(b.value.total_cmp(&a.value))
            .then(b.prior.total_cmp(&a.prior))
            .then(ka.cmp(kb))
    });
    let moves: Vec<MoveStat<A>> = keyed.into_iter().map(|(_, m)| m).collect();
    let (best, value, expected_score, solo_win) = moves
        .first()
        // No root action was ever tried only if every determinized root was stuck.
        .map_or((tree.nodes[ROOT as usize].action, 0.0, None, None), |m| {
            (m.action, m.value, m.expected_score, m.solo_win)
        });
    let mut pv = vec![best];
    let mut node = tree.child(ROOT, best);
    // The line stops at a chance event: what it deals is not the search's to choose.
    while let Some(next) = node
        .and_then(|n| tree.most_visited_child(n))
        .filter(|&c| !tree.nodes[c as usize].outcome)
    {
        pv.push(tree.nodes[next as usize].action);
        node = Some(next);
    }
    IsmctsResult {
        best,
        value,
        expected_score,
        solo_win,
        iterations: shared.done.load(Relaxed),
        nodes: shared.nodes.load(Relaxed),
        seconds,
        moves,
        pv,
        tree_size,
    }
}

/// What an action looks like to `observer` when `mover` plays it. Every game so far has
/// public moves, so this is the identity; a game with hidden moves would supply its own
/// projection here (and MO trees would then differ from SO's).
#[inline]
fn observe<A>(_observer: usize, _mover: usize, action: A) -> A {
    action
}

/// One thread's search: its trees, random stream and scratch buffers.
struct Worker<G: Game> {
    trees: Vec<Tree<G::Action>>,
    variant: Variant,
    selection: Selection,
    rollout: Rollout,
    rollout_cutoff: Option<u32>,
    reward: Reward,
    eval: EvalWeights,
    /// Chance outcomes are tree edges (and the root is not determinized).
    branch_chance: bool,
    /// What a solo player's margin is measured from: the root's estimate (see
    /// `rollout::margin`).
    solo_baseline: f64,
    /// Root actions left out by the decisive-move check (sorted).
    banned: Vec<G::Action>,
    /// A solo search: per root action tried, what its iterations ended with.
    solo: Option<Vec<(G::Action, SoloTally)>>,
    rng: ChaCha8Rng,
    root_player: usize,
    scratch: Scratch<G>,
    /// The node each tree is at during the current iteration.
    cursors: Vec<u32>,
    /// A shared tree: each tree's child for the action chosen, while they are looked up.
    next_cursors: Vec<u32>,
    /// Per tree: the nodes stepped through this iteration, each with the seat that chose
    /// its action (whose reward it accumulates).
    paths: Vec<Vec<(u32, u8)>>,
    rewards: Vec<f64>,
    /// The root action of the current iteration (for the solo tally).
    root_action: Option<G::Action>,
    iterations: u64,
}

impl<G: Game> Worker<G> {
    fn new(
        root: &G,
        root_player: usize,
        placeholder: G::Action,
        config: &IsmctsConfig,
        index: usize,
    ) -> Self {
        let players = root.num_players();
        let solo_win = players == 1 && config.solo_goal == SoloGoal::Win;
        let reward = match config.reward {
            // Alone, a score search is rewarded by the score margin only (`returns` says
            // whether the game was won, which a score search does not ask).
            Reward::Graded { scale, .. } if players == 1 && !solo_win => Reward::Graded {
                scale,
                margin_weight: 1.0,
            },
            reward => reward,
        };
        let eval = match config.eval {
            EvalWeights::Default => G::ROLLOUT_EVAL,
            chosen => chosen,
        };
        let trees = match config.variant {
            Variant::So => 1,
            Variant::Mo => players,
        };
        Worker {
            trees: (0..trees).map(|_| Tree::new(placeholder)).collect(),
            variant: config.variant,
            selection: Selection {
                exploration: config.exploration,
                prior_weight: config.prior_weight,
                widening: config.widening.map(|w| (w.base, w.exponent)),
            },
            rollout: config.rollout,
            rollout_cutoff: config.rollout_cutoff,
            reward,
            eval,
            // A game with hidden information keeps its merged nodes: a branch on another
            // player's private draw would let the tree see it (options refuse the pair).
            branch_chance: config.chance == Chance::Branch && !G::INFO.hidden_information,
            solo_baseline: if players == 1 {
                root.heuristic_score_with(root_player, eval)
            } else {
                0.0
            },
            banned: Vec::new(),
            solo: (players == 1).then(Vec::new),
            rng: ChaCha8Rng::seed_from_u64(config.seed.wrapping_add(index as u64)),
            root_player,
            scratch: Scratch::new(),
            cursors: vec![ROOT; trees],
            next_cursors: Vec::with_capacity(trees),
            paths: (0..trees).map(|_| Vec::with_capacity(64)).collect(),
            rewards: vec![0.0; players],
            root_action: None,
            iterations: 0,
        }
    }

    fn scoring(&self) -> rollout::Scoring {
        rollout::Scoring {
            reward: self.reward,
            eval: self.eval,
            solo_baseline: self.solo_baseline,
        }
    }

    fn tree_of(&self, player: usize) -> usize {
        match self.variant {
            Variant::So => 0,
            Variant::Mo => player,
        }
    }

    fn root_tree(&self) -> &Tree<G::Action> {
        &self.trees[self.tree_of(self.root_player)]
    }

    /// The statistics of this thread's own root tree (none with a shared tree), then its
    /// solo tallies as entries of their own (no visits: `result` adds them up by action).
    fn root_stats(&self, out: &mut Vec<RootStat<G::Action>>) {
        if let Some(tree) = self.trees.get(self.tree_of(self.root_player)) {
            tree.root_stats(out);
        }
        if let Some(solo) = &self.solo {
            out.extend(solo.iter().map(|&(action, solo)| RootStat {
                action,
                visits: 0,
                reward: 0.0,
                available: 0,
                prior: 0.0,
                solo,
            }));
        }
    }

    /// Adds this iteration's end (`state`: finished, or where the rollout stopped) to the
    /// tally of the root action it went through.
    fn tally_solo(&mut self, state: &G) {
        let (Some(solo), Some(action)) = (&mut self.solo, self.root_action) else {
            return;
        };
        let index = match solo.iter().position(|(a, _)| *a == action) {
            Some(i) => i,
            None => {
                solo.push((action, SoloTally::default()));
                solo.len() - 1
            }
        };
        let tally = &mut solo[index].1;
        tally.samples += 1;
        if state.turn() == Turn::Terminal {
            tally.score_sum += state.score(self.root_player) as f64;
            tally.finished += 1;
            tally.won += (state.returns(self.root_player) > 0.5) as u64;
        } else {
            tally.score_sum += state.heuristic_score_with(self.root_player, self.eval);
        }
    }

    fn tree_size(&self) -> u64 {
        self.trees.iter().map(|t| t.len() as u64).sum()
    }

    /// Iterates until the budget or the shared iteration limit says stop, calling `after`
    /// after each iteration. With `holds_ticket` the first iteration runs unchecked.
    fn run(
        &mut self,
        root: &G,
        mut budget: Budget,
        shared: &Shared<G::Action>,
        mut holds_ticket: bool,
        mut after: impl FnMut(&Self),
    ) {
        while std::mem::take(&mut holds_ticket)
            || !budget.exhausted_now(shared.nodes.load(Relaxed))
                && shared.claimed.fetch_add(1, Relaxed) < shared.iteration_limit
        {
            self.step(root, shared);
            after(self);
        }
    }

    fn step(&mut self, root: &G, shared: &Shared<G::Action>) {
        let nodes = self.iterate(root, shared);
        self.iterations += 1;
        shared.nodes.fetch_add(nodes, Relaxed);
        shared.done.fetch_add(1, Relaxed);
    }

    fn publish(&self, slot: &Mutex<Snapshot<G::Action>>) {
        let mut snapshot = slot.lock().expect("ISMCTS snapshot lock");
        snapshot.stats.clear();
        self.root_stats(&mut snapshot.stats);
        snapshot.tree_size = self.tree_size();
    }

    /// One iteration; returns the number of states stepped through.
    fn iterate(&mut self, root: &G, shared: &Shared<G::Action>) -> u64 {
        let mut state = if self.branch_chance {
            // Nothing is hidden but the decks' orders, which the chance events draw.
            *root
        } else {
            root.resample_hidden(self.root_player, &mut self.rng)
        };
        match &shared.tree {
            None => {
                let mut trees = std::mem::take(&mut self.trees);
                let mut steps = self.descend(Trees::Own(&mut trees), &mut state);
                steps += self.play_out(&mut state);
                self.backpropagate::<Exclusive>(&trees, false);
                self.trees = trees;
                steps
            }
            Some(trees) => {
                let mut steps = self.descend(Trees::Shared(trees), &mut state);
                steps += self.play_out(&mut state);
                self.backpropagate::<Concurrent>(&read_trees(trees), true);
                steps
            }
        }
    }

    /// Selection down the tree from the determinized root `state`, ending with one
    /// expansion (or at a terminal); returns the states stepped through. Moves are
    /// generated and applied outside any lock. A shared tree is read-locked for each
    /// step's choice and write-locked only to add a child or a node's priors (the priors
    /// computed before the lock); each node's visit is counted as it is passed, its reward
    /// at backpropagation (a virtual loss), so the threads spread out meanwhile.
    fn descend(&mut self, mut trees: Trees<'_, G::Action>, state: &mut G) -> u64 {
        let variant = self.variant;
        let tree_of = |player: usize| match variant {
            Variant::So => 0,
            Variant::Mo => player,
        };
        let Worker {
            selection,
            branch_chance,
            banned,
            rng,
            root_player,
            scratch,
            cursors,
            next_cursors,
            paths,
            root_action,
            ..
        } = self;
        let mut steps = 1;
        cursors.fill(ROOT);
        paths.iter_mut().for_each(Vec::clear);
        *root_action = None;
        // A shared tree: which trees' nodes at the cursors still lack their priors (read
        // under the lock of the step before), so that the next mover's are computed
        // before locking.
        let mut lacking = 0;
        if let Trees::Shared(lock) = &trees {
            let trees = read_trees(lock);
            trees
                .iter()
                .for_each(|tree| tree.nodes[ROOT as usize].add_visit::<Concurrent>());
            lacking = lacking_priors(&trees, cursors);
        }
        loop {
            let mover = match state.turn() {
                Turn::Terminal => break,
                Turn::Chance if !*branch_chance => {
                    // No edge: the outcome stays part of this iteration's determinization.
                    if !apply_random_outcome(state, &mut scratch.outcomes, rng) {
                        break;
                    }
                    steps += 1;
                    continue;
                }
                Turn::Chance => {
                    let Some(outcome) = random_outcome(state, &mut scratch.outcomes, rng) else {
                        break;
                    };
                    state.apply(outcome);
                    steps += 1;
                    // Every tree steps into the outcome's child: the root player among
                    // them is the seat its (unused) reward is kept for.
                    let seat = *root_player as u8;
                    match &mut trees {
                        Trees::Own(trees) => {
                            for (q, tree) in trees.iter_mut().enumerate() {
                                cursors[q] = tree.outcome_child_or_insert(cursors[q], outcome);
                                paths[q].push((cursors[q], seat));
                            }
                        }
                        Trees::Shared(lock) => {
                            lacking = step_shared(
                                lock,
                                read_trees(lock),
                                |_| outcome,
                                |tree, parent, outcome| {
                                    tree.outcome_child_or_insert(parent, outcome)
                                },
                                None,
                                seat,
                                cursors,
                                next_cursors,
                                paths,
                            );
                        }
                    }
                    continue;
                }
                Turn::Player(p) => p,
            };
            let t = tree_of(mover);
            let legal = &mut scratch.legal;
            state.legal_actions(legal);
            if cursors[t] == ROOT && mover == *root_player && !banned.is_empty() {
                legal.retain(|a| banned.binary_search(a).is_err());
            }
            if legal.is_empty() {
                break;
            }
            legal.sort_unstable();
            let legal = &*legal;
            let chooser = &*state;
            let mut priors =
                |actions: &[G::Action], out: &mut Vec<f32>| chooser.action_priors(actions, out);
            let (action, expanded) = match &mut trees {
                Trees::Own(trees) => {
                    let tree = &mut trees[t];
                    let (weights, keys) = (&mut scratch.weights, &mut scratch.keys);
                    tree.ensure_priors(cursors[t], legal, &mut priors, weights, keys, rng);
                    let Choice {
                        action,
                        expanded,
                        prior,
                    } = tree.select::<Exclusive, _>(
                        cursors[t],
                        legal,
                        selection,
                        &mut priors,
                        &mut scratch.untried,
                        weights,
                        rng,
                    );
                    for (q, tree) in trees.iter_mut().enumerate() {
                        let child =
                            tree.child_or_insert(cursors[q], observe(q, mover, action), prior);
                        if expanded && q == t {
                            // A new child was available on the iteration that created it.
                            tree.nodes[child as usize].add_available::<Exclusive>();
                        }
                        cursors[q] = child;
                        paths[q].push((child, mover as u8));
                    }
                    (action, expanded)
                }
                Trees::Shared(lock) => {
                    if lacking & (1 << t) != 0 {
                        let early = &mut scratch.early_priors;
                        chooser.action_priors(legal, early);
                        let mut given = |_: &[G::Action], out: &mut Vec<f32>| {
                            out.clear();
                            out.extend_from_slice(early);
                        };
                        let (weights, keys) = (&mut scratch.weights, &mut scratch.keys);
                        write_trees(lock)[t]
                            .ensure_priors(cursors[t], legal, &mut given, weights, keys, rng);
                    }
                    let trees = read_trees(lock);
                    let Choice {
                        action,
                        expanded,
                        prior,
                    } = trees[t].select::<Concurrent, _>(
                        cursors[t],
                        legal,
                        selection,
                        &mut priors,
                        &mut scratch.untried,
                        &mut scratch.weights,
                        rng,
                    );
                    lacking = step_shared(
                        lock,
                        trees,
                        |q| observe(q, mover, action),
                        |tree, parent, edge| tree.child_or_insert(parent, edge, prior),
                        expanded.then_some(t),
                        mover as u8,
                        cursors,
                        next_cursors,
                        paths,
                    );
                    (action, expanded)
                }
            };
            root_action.get_or_insert(action);
            state.apply(action);
            steps += 1;
            if expanded {
                break;
            }
        }
        steps
    }

    /// From where the descent stopped: the rewards of the iteration (played out unless
    /// the game is over) and the solo tally; returns the states stepped through.
    fn play_out(&mut self, state: &mut G) -> u64 {
        let mut steps = 0;
        if state.turn() == Turn::Terminal {
            // Reached in the tree: no playout, the game's own result.
            rollout::final_rewards(state, self.scoring(), &mut self.rewards);
        } else {
            steps += rollout::playout(
                state,
                self.rollout,
                self.rollout_cutoff,
                self.scoring(),
                &mut self.scratch,
                &mut self.rewards,
                &mut self.rng,
            );
        }

        if self.solo.is_some() {
            self.tally_solo(state);
        }
        steps
    }

    /// Adds the iteration's rewards along its path (and its visits, unless the descent
    /// counted them already as virtual losses).
    fn backpropagate<M: Access>(&self, trees: &[Tree<G::Action>], virtual_loss: bool) {
        for (tree, path) in trees.iter().zip(&self.paths) {
            if !virtual_loss {
                tree.nodes[ROOT as usize].add_visit::<M>();
            }
            for &(node, mover) in path {
                let node = &tree.nodes[node as usize];
                if !virtual_loss {
                    node.add_visit::<M>();
                }
                node.add_reward::<M>(self.rewards[mover as usize]);
            }
        }
    }
}
