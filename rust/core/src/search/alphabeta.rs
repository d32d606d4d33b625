//! Iterative-deepening alpha-beta over any [`Game`].
//!
//! - Two players: plain minimax with alpha-beta, equivalent to negamax. Three or more:
//!   *paranoid* search — the root player maximises, every other player is assumed to
//!   minimise the root player's value together.
//! - Chance nodes: every outcome is searched with a full window and the values combined as
//!   the [`Objective`] says (expectimax for margins, "every outcome" for proofs). A node
//!   the game cannot list ([`Game::chance_listable`]) is sampled instead and is never
//!   settled or proven ([`UNLISTABLE_SAMPLES`]).
//! - Principal variation search: the first move of a PV node gets the full window, later
//!   moves a null window and a re-search when they land inside it, so PVs come back whole.
//! - Transposition table keyed by Zobrist hash; move ordering: table move, killers,
//!   history, then the game's own ordering hint.
//! - Every root move is searched with a full window, so the per-move table holds exact
//!   values, not bounds.
//! - Threads: the root moves of each iteration are shared out. Every root move is searched
//!   with a full window, so they are independent: each thread takes the next move not yet
//!   taken and searches it on one shared table ([`SharedTable`]), and the iteration ends
//!   when every move is valued. One thread is reproducible. With several, settled values
//!   and proofs are those of one thread; an estimate can differ where one thread meets a
//!   position another has stored from a deeper search, and node counts vary.

use std::cmp::Reverse;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use super::limits::{Budget, Limits, StopFlag};
use super::objective::{ChanceValue, Objective, PROVEN};
use super::tt::{Bound, Entry, SharedTable, TableError, TranspositionTable};
use crate::{EvalWeights, Game, Turn};

/// Deepest iteration ever started (also bounds the per-level buffers).
pub const MAX_DEPTH: u32 = 128;
/// Width of a null window; values are integers or probability-weighted sums of them.
const NULL_WINDOW: f64 = 1e-9;
const HISTORY_SIZE: usize = 1 << 12;
/// Outcomes drawn at a chance node the game cannot list (a full marble drop) when
/// [`AlphaBetaConfig::chance_samples`] does not say how many.
pub const UNLISTABLE_SAMPLES: u32 = 8;

#[derive(Clone, Copy, Debug)]
pub struct AlphaBetaConfig {
    pub objective: Objective,
    /// Transposition table size in MiB; `use_tt = false` switches it off (for tests).
    pub hash_mb: usize,
    pub use_tt: bool,
    /// For play, not proofs: a chance node with more outcomes than this searches only this
    /// many (drawn by a stream seeded from the state's hash, so the search stays
    /// reproducible) and weighs them by their renormalised probabilities. `None` (the
    /// default, and what `solve`, proofs and puzzles use) searches every outcome. Also
    /// the number of draws at a node the game cannot list ([`UNLISTABLE_SAMPLES`] when
    /// `None`).
    pub chance_samples: Option<u32>,
    /// Threads sharing each iteration's root moves (0 counts as 1).
    pub threads: usize,
    /// The evaluation's weights at the horizon.
    pub eval: EvalWeights,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            objective: Objective::Win,
            hash_mb: 16,
            use_tt: true,
            chance_samples: None,
            threads: 1,
            eval: EvalWeights::Default,
        }
    }
}

/// A root move with its value from the last completed iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct RootMove<A> {
    pub action: A,
    pub value: f64,
    /// No horizon leaf below: the value is the game's own, not an estimate.
    pub settled: bool,
    /// The line this move starts (up to the first chance event).
    pub pv: Vec<A>,
}

/// The result of a search, also passed to the progress callback after every iteration.
#[derive(Clone, Debug)]
pub struct AlphaBetaResult<A> {
    /// `None` only when the root is terminal or has no legal move.
    pub best: Option<A>,
    pub value: f64,
    pub settled: bool,
    /// Deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub seconds: f64,
    pub hashfull: u32,
    pub pv: Vec<A>,
    /// Root moves, best first.
    pub moves: Vec<RootMove<A>>,
    /// A node, time or stop budget ended the search before its depth limit.
    pub stopped: bool,
    /// `Some(k)` when the search met a chance node the game cannot list and drew `k`
    /// outcomes there (the value is then an estimate, never settled or proven).
    pub chance_sampled: Option<u32>,
}

/// Searches `root` (a decision node) within `limits`, calling `report` after each iteration.
///
/// # Panics
/// When the transposition table cannot be allocated (see [`try_search`], which says so
/// instead).
pub fn search<G: Game>(
    root: &G,
    limits: Limits,
    config: &AlphaBetaConfig,
    stop: &StopFlag,
    report: &mut dyn FnMut(&AlphaBetaResult<G::Action>),
) -> AlphaBetaResult<G::Action> {
    try_search(root, limits, config, stop, report)
        .unwrap_or_else(|e| panic!("transposition table: {e}"))
}

/// [`search`], or an error before searching when the transposition table of
/// `config.hash_mb` MiB cannot be allocated ([`TranspositionTable::try_new`]).
pub fn try_search<G: Game>(
    root: &G,
    limits: Limits,
    config: &AlphaBetaConfig,
    stop: &StopFlag,
    report: &mut dyn FnMut(&AlphaBetaResult<G::Action>),
) -> Result<AlphaBetaResult<G::Action>, TableError> {
    let threads = config.threads.max(1);
    if threads == 1 {
        let tt = config
            .use_tt
            .then(|| TranspositionTable::try_new(config.hash_mb))
            .transpose()?
            .map(Table::Own);
        let mut searcher = Searcher::new(root, limits, config, stop.clone(), tt);
        return Ok(searcher.iterate(root, report));
    }
    let table = config
        .use_tt
        .then(|| SharedTable::try_new(config.hash_mb))
        .transpose()?;
    // A node budget is shared out evenly; time and the stop flag hold for every thread.
    let per_thread = Limits {
        nodes: limits.nodes.map(|n| (n / threads as u64).max(1)),
        ..limits
    };
    let searcher = || {
        let table = table.as_ref().map(Table::Shared);
        Searcher::new(root, per_thread, config, stop.clone(), table)
    };
    let mut main = searcher();
    main.helpers = (1..threads).map(|_| searcher()).collect();
    Ok(main.iterate(root, report))
}

/// The table a searcher uses: its own, or one shared with other threads.
enum Table<'a, A> {
    Own(TranspositionTable<A>),
    Shared(&'a SharedTable<A>),
}

impl<A: Copy> Table<'_, A> {
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry<A>> {
        match self {
            Table::Own(tt) => tt.probe(key).copied(),
            Table::Shared(tt) => tt.probe(key),
        }
    }

    #[inline]
    fn store(&mut self, entry: Entry<A>) {
        match self {
            Table::Own(tt) => tt.store(entry),
            Table::Shared(tt) => tt.store(entry),
        }
    }

    fn hashfull(&self) -> u32 {
        match self {
            Table::Own(tt) => tt.hashfull(),
            Table::Shared(tt) => tt.hashfull(),
        }
    }
}

/// The running state of one decision node's move loop.
struct Window<A> {
    alpha: f64,
    beta: f64,
    maximizing: bool,
    mover: usize,
    pv_node: bool,
    best: f64,
    best_move: Option<A>,
    settled: bool,
}

struct Searcher<'a, G: Game> {
    objective: Objective,
    eval: EvalWeights,
    chance_samples: Option<u32>,
    /// Draws made at unlistable chance nodes, once one was met.
    chance_sampled: Option<u32>,
    root_player: usize,
    tt: Option<Table<'a, G::Action>>,
    /// The other threads' searchers, which take root moves beside this one's (none: one
    /// thread).
    helpers: Vec<Searcher<'a, G>>,
    budget: Budget,
    /// The first iteration always completes, so there is always a move to report.
    enforce_budget: bool,
    aborted: bool,
    nodes: u64,
    history: Vec<i32>,
    killers: Vec<[Option<G::Action>; 2]>,
    moves: Vec<Vec<(G::Action, i64)>>,
    outcomes: Vec<Vec<(G::Action, f64)>>,
    pv: Vec<Vec<G::Action>>,
    actions: Vec<G::Action>,
    weights: Vec<f32>,
    /// Heuristic scores of the node one ply above the horizon whose moves are being
    /// searched (every player but its mover), computed when a first child needs them.
    leaf_parent: Vec<f64>,
    leaf_parent_ready: bool,
    /// Set just before searching a leaf whose move changed only this player's heuristic
    /// score: its horizon value then evaluates only them.
    leaf_mover: Option<usize>,
}

impl<'a, G: Game> Searcher<'a, G> {
    fn new(
        root: &G,
        limits: Limits,
        config: &AlphaBetaConfig,
        stop: StopFlag,
        tt: Option<Table<'a, G::Action>>,
    ) -> Self {
        let levels = 2 * MAX_DEPTH as usize + 2;
        Searcher {
            objective: config.objective,
            eval: config.eval,
            chance_samples: config.chance_samples,
            chance_sampled: None,
            root_player: match root.turn() {
                Turn::Player(p) => p,
                _ => 0,
            },
            tt,
            helpers: Vec::new(),
            budget: Budget::new(limits, stop),
            enforce_budget: false,
            aborted: false,
            nodes: 0,
            history: vec![0; HISTORY_SIZE],
            killers: vec![[None; 2]; levels],
            moves: vec![Vec::new(); levels],
            outcomes: vec![Vec::new(); levels],
            pv: vec![Vec::new(); levels],
            actions: Vec::new(),
            weights: Vec::new(),
            leaf_parent: vec![0.0; root.num_players()],
            leaf_parent_ready: false,
            leaf_mover: None,
        }
    }

    fn iterate(
        &mut self,
        root: &G,
        report: &mut dyn FnMut(&AlphaBetaResult<G::Action>),
    ) -> AlphaBetaResult<G::Action> {
        let mut result = AlphaBetaResult {
            best: None,
            value: 0.0,
            settled: false,
            depth: 0,
            nodes: 0,
            seconds: 0.0,
            hashfull: 0,
            pv: Vec::new(),
            moves: Vec::new(),
            stopped: false,
            chance_sampled: None,
        };
        if !matches!(root.turn(), Turn::Player(_)) {
            result.value = match root.turn() {
                Turn::Terminal => self.objective.terminal(root, self.root_player, 0),
                _ => 0.0,
            };
            result.settled = root.is_terminal();
            return result;
        }
        let mut order: Vec<G::Action> = Vec::new();
        root.legal_actions(&mut order);
        // The game's prior first, its ordering hint among equal priors (stable sort).
        order.sort_by_key(|&a| Reverse(root.ordering_hint(a)));
        root.action_priors(&order, &mut self.weights);
        let mut ranked: Vec<(f32, G::Action)> = self
            .weights
            .iter()
            .copied()
            .zip(order.iter().copied())
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        order = ranked.into_iter().map(|(_, a)| a).collect();
        if order.is_empty() {
            result.value = self.objective.horizon(root, self.root_player, self.eval);
            return result;
        }
        let max_depth = self
            .budget
            .limits()
            .depth
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            self.enforce_budget = depth > 1;
            let Some(mut scored) = self.search_root_moves(root, &order, depth) else {
                result.stopped = true;
                break;
            };
            // Best first; equal values keep the previous order, so results are stable.
            scored.sort_by(|a, b| b.value.total_cmp(&a.value));
            order = scored.iter().map(|m| m.action).collect();
            let best = &scored[0];
            result.best = Some(best.action);
            result.value = best.value;
            result.pv = best.pv.clone();
            result.settled = scored.iter().all(|m| m.settled);
            result.depth = depth;
            result.moves = scored;
            self.fill_stats(&mut result);
            report(&result);
            let proven = self.objective == Objective::Win && result.value.abs() > PROVEN;
            if proven || result.settled {
                break;
            }
        }
        self.fill_stats(&mut result);
        result
    }

    /// Every root move in `order` searched to `depth` with a full window, in that order;
    /// `None` if a budget ran out first. With helpers, each thread takes the next move not
    /// yet taken.
    fn search_root_moves(
        &mut self,
        root: &G,
        order: &[G::Action],
        depth: u32,
    ) -> Option<Vec<RootMove<G::Action>>> {
        if self.helpers.is_empty() {
            let mut scored = Vec::with_capacity(order.len());
            for &action in order {
                scored.push(self.search_root_move(root, action, depth)?);
            }
            return Some(scored);
        }
        let next = AtomicUsize::new(0);
        let slots: Vec<Mutex<Option<RootMove<G::Action>>>> =
            order.iter().map(|_| Mutex::new(None)).collect();
        let work = |searcher: &mut Searcher<'a, G>| {
            searcher.enforce_budget = depth > 1;
            loop {
                let index = next.fetch_add(1, Relaxed);
                let Some(&action) = order.get(index) else {
                    break;
                };
                let Some(scored) = searcher.search_root_move(root, action, depth) else {
                    break;
                };
                *slots[index].lock().expect("root move slot") = Some(scored);
            }
        };
        let mut helpers = std::mem::take(&mut self.helpers);
        std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                scope.spawn(|| work(helper));
            }
            work(self);
        });
        self.helpers = helpers;
        // A thread that ran out of budget left its move unvalued: the iteration is lost.
        slots
            .into_iter()
            .map(|slot| slot.into_inner().expect("root move slot"))
            .collect()
    }

    /// One root move searched to `depth` with a full window; `None` if aborted.
    fn search_root_move(
        &mut self,
        root: &G,
        action: G::Action,
        depth: u32,
    ) -> Option<RootMove<G::Action>> {
        let mut child = *root;
        child.apply(action);
        let (value, settled) = self.node(&child, depth - 1, 1, 1, f64::NEG_INFINITY, f64::INFINITY);
        if self.aborted {
            return None;
        }
        let mut line = vec![action];
        line.extend_from_slice(&self.pv[1]);
        Some(RootMove {
            action,
            value,
            settled,
            pv: line,
        })
    }

    fn fill_stats(&self, result: &mut AlphaBetaResult<G::Action>) {
        result.nodes = self.nodes + self.helpers.iter().map(|h| h.nodes).sum::<u64>();
        result.seconds = self.budget.elapsed().as_secs_f64();
        result.hashfull = self.tt.as_ref().map_or(0, |tt| tt.hashfull());
        result.chance_sampled = self
            .chance_sampled
            .or_else(|| self.helpers.iter().find_map(|h| h.chance_sampled));
    }

    /// Value of `state` for the root player, and whether it is settled (no horizon leaf).
    /// `level` counts recursion (for buffers), `plies` counts player moves from the root.
    fn node(
        &mut self,
        state: &G,
        depth: u32,
        level: usize,
        plies: u32,
        alpha: f64,
        beta: f64,
    ) -> (f64, bool) {
        self.pv[level].clear();
        self.nodes += 1;
        let leaf_mover = self.leaf_mover.take();
        if self.enforce_budget && self.budget.exhausted(self.nodes) {
            self.aborted = true;
            return (0.0, false);
        }
        let mover = match state.turn() {
            Turn::Terminal => {
                return (
                    self.objective.terminal(state, self.root_player, plies),
                    true,
                )
            }
            Turn::Chance if depth > 0 || !G::CHANCE_CHAINS => {
                return self.chance_node(state, depth, level, plies)
            }
            Turn::Player(_) | Turn::Chance if depth == 0 => {
                let value = match leaf_mover {
                    Some(mover) => self.objective.horizon_after(
                        state,
                        self.root_player,
                        mover,
                        &self.leaf_parent,
                        self.eval,
                    ),
                    None => self.objective.horizon(state, self.root_player, self.eval),
                };
                return (value, false);
            }
            Turn::Player(mover) => mover,
            Turn::Chance => unreachable!("chance nodes are searched above"),
        };
        let maximizing = mover == self.root_player;
        let pv_node = beta - alpha > 2.0 * NULL_WINDOW;
        let (alpha0, beta0) = (alpha, beta);
        let key = state.hash();

        let mut table_move = None;
        if let Some(entry) = self.tt.as_ref().and_then(|tt| tt.probe(key)) {
            table_move = entry.best;
            if entry.depth as u32 >= depth {
                let value = from_table(entry.value, plies);
                let cut = match entry.bound {
                    Bound::Exact => !pv_node,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if cut {
                    return (value, entry.settled);
                }
            }
        }

        // The children are leaves: their parent scores are this node's, not yet computed.
        self.leaf_parent_ready = false;
        let mut window = Window {
            alpha,
            beta,
            maximizing,
            mover,
            pv_node,
            best: if maximizing {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            },
            best_move: None,
            settled: true,
        };
        // Stage 1, where the game can check legality cheaply: the table move and the
        // killers, which cut most nodes off, before paying for every move's generation.
        let mut tried: [Option<G::Action>; 3] = [None; 3];
        let mut searched = 0;
        let killers = self.killers[level];
        for candidate in [table_move, killers[0], killers[1]].into_iter().flatten() {
            if tried.contains(&Some(candidate)) || state.check_legal(candidate) != Some(true) {
                continue;
            }
            tried[searched] = Some(candidate);
            let cut = self.search_child(
                state,
                candidate,
                searched == 0,
                depth,
                level,
                plies,
                &mut window,
            );
            searched += 1;
            if self.aborted {
                return (0.0, false);
            }
            if cut {
                break;
            }
        }
        // Stage 2: every other move, ordered.
        if window.alpha < window.beta {
            self.order_moves(state, level, table_move, depth >= 2, &tried[..searched]);
            if searched == 0 && self.moves[level].is_empty() {
                // A turn without a legal action ends the game as it stands (as in ISMCTS).
                return (
                    self.objective.terminal(state, self.root_player, plies),
                    true,
                );
            }
            for index in 0..self.moves[level].len() {
                let action = self.next_move(level, index);
                let cut = self.search_child(
                    state,
                    action,
                    searched + index == 0,
                    depth,
                    level,
                    plies,
                    &mut window,
                );
                if self.aborted {
                    return (0.0, false);
                }
                if cut {
                    break;
                }
            }
        }
        let Window {
            best,
            best_move,
            settled,
            ..
        } = window;

        if let Some(tt) = self.tt.as_mut() {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            tt.store(Entry {
                key,
                value: to_table(best, plies),
                depth: depth as u16,
                bound,
                settled,
                best: best_move,
            });
        }
        (best, settled)
    }

    /// Searches `action`'s child of a decision node (the first move with the full window,
    /// later ones with a null window first, as PVS does), folds its value into `window`
    /// and says whether it cut the node off.
    #[allow(clippy::too_many_arguments)]
    fn search_child(
        &mut self,
        state: &G,
        action: G::Action,
        first: bool,
        depth: u32,
        level: usize,
        plies: u32,
        window: &mut Window<G::Action>,
    ) -> bool {
        let (alpha, beta) = (window.alpha, window.beta);
        // One ply above the horizon, a move that changes only the mover's heuristic score
        // lets the leaf reuse this node's scores of the others: half the evaluations.
        let leaf_mover = (depth == 1
            && self.objective == Objective::Margin
            && state.heuristic_changes_only_mover(action))
        .then_some(window.mover);
        if leaf_mover.is_some() && !self.leaf_parent_ready {
            for player in (0..state.num_players()).filter(|&p| p != window.mover) {
                self.leaf_parent[player] = state.heuristic_score_with(player, self.eval);
            }
            self.leaf_parent_ready = true;
        }
        let mut child = *state;
        child.apply(action);
        self.leaf_mover = leaf_mover;
        let (value, child_settled) = if first || !window.pv_node {
            self.node(&child, depth - 1, level + 1, plies + 1, alpha, beta)
        } else {
            // Null window on the side this node improves; re-search inside the window.
            let (low, high) = if window.maximizing {
                (alpha, alpha + NULL_WINDOW)
            } else {
                (beta - NULL_WINDOW, beta)
            };
            let probe = self.node(&child, depth - 1, level + 1, plies + 1, low, high);
            if !self.aborted && probe.0 > alpha && probe.0 < beta {
                self.leaf_mover = leaf_mover;
                self.node(&child, depth - 1, level + 1, plies + 1, alpha, beta)
            } else {
                probe
            }
        };
        if self.aborted {
            return true;
        }
        window.settled &= child_settled;
        let improves = if window.maximizing {
            value > window.best
        } else {
            value < window.best
        };
        if improves {
            window.best = value;
            window.best_move = Some(action);
            let (head, tail) = self.pv.split_at_mut(level + 1);
            head[level].clear();
            head[level].push(action);
            head[level].extend_from_slice(&tail[0]);
        }
        if window.maximizing {
            window.alpha = window.alpha.max(value);
        } else {
            window.beta = window.beta.min(value);
        }
        if window.alpha >= window.beta {
            self.reward_cutoff(level, action, depth);
            return true;
        }
        false
    }

    fn chance_node(&mut self, state: &G, depth: u32, level: usize, plies: u32) -> (f64, bool) {
        if !state.chance_listable() || (G::CHANCE_CHAINS && self.chance_samples.is_some()) {
            return self.sampled_chance(state, depth, level, plies);
        }
        let mut outcomes = std::mem::take(&mut self.outcomes[level]);
        state.chance_outcomes(&mut outcomes);
        if let Some(k) = self.chance_samples.map(|k| k.max(1) as usize) {
            if outcomes.len() > k {
                sample_outcomes(&mut outcomes, k, state.hash());
            }
        }
        let mut combined = ChanceValue::new(self.objective);
        let mut settled = true;
        for &(outcome, probability) in &outcomes {
            let mut child = *state;
            child.apply(outcome);
            let (value, child_settled) = self.node(
                &child,
                depth,
                level + 1,
                plies,
                f64::NEG_INFINITY,
                f64::INFINITY,
            );
            if self.aborted {
                break;
            }
            combined.add(probability, value);
            settled &= child_settled;
            if combined.is_mixed() {
                settled = false;
                break;
            }
        }
        self.outcomes[level] = outcomes;
        // A line through a chance node depends on the deal: the PV stops here.
        self.pv[level].clear();
        (combined.value(), settled)
    }

    /// What every sampled chance node shares: the sample count `k` (recorded in the
    /// result) and a stream seeded by the state's hash, so the search is reproducible;
    /// `None` for the `win` objective, whose proofs need every outcome (the node is then
    /// unproven without searching).
    fn start_sampling(
        &mut self,
        state: &G,
        level: usize,
    ) -> Option<(u32, rand_chacha::ChaCha8Rng)> {
        use rand::SeedableRng;
        let k = self.chance_samples.unwrap_or(UNLISTABLE_SAMPLES).max(1);
        self.chance_sampled = Some(k);
        self.pv[level].clear();
        if self.objective == Objective::Win {
            return None;
        }
        let rng = rand_chacha::ChaCha8Rng::seed_from_u64(state.hash() ^ UNLISTABLE_SALT);
        Some((k, rng))
    }

    /// A sampled chance node: `k` draws with [`Game::sample_chance`] from a stream seeded
    /// by the state's hash (reproducible), each weighing 1/k and searched at the first
    /// player decision after it. With [`Game::CHANCE_CHAINS`] a draw runs through the
    /// whole chain of chance events; otherwise it is one outcome. Used where the node
    /// cannot be listed, and for chains whenever sampling is on. An estimate: never
    /// settled, and for `win` (a proof needs every outcome) unproven without searching.
    fn sampled_chance(&mut self, state: &G, depth: u32, level: usize, plies: u32) -> (f64, bool) {
        let Some((k, mut rng)) = self.start_sampling(state, level) else {
            return (0.0, false);
        };
        let mut combined = ChanceValue::new(self.objective);
        for _ in 0..k {
            let mut child = *state;
            while let Some(outcome) = child.sample_chance(&mut rng) {
                child.apply(outcome);
                if !G::CHANCE_CHAINS || child.turn() != Turn::Chance {
                    break;
                }
            }
            let (value, _) = self.node(
                &child,
                depth,
                level + 1,
                plies,
                f64::NEG_INFINITY,
                f64::INFINITY,
            );
            if self.aborted {
                break;
            }
            combined.add(1.0 / k as f64, value);
        }
        self.pv[level].clear();
        (combined.value(), false)
    }

    /// Fills `moves[level]` with the legal actions and their ordering scores. With
    /// `use_priors` (nodes with two plies or more left, where ordering pays for itself) the
    /// game's priors count too, ahead of the ordering hint.
    fn order_moves(
        &mut self,
        state: &G,
        level: usize,
        table_move: Option<G::Action>,
        use_priors: bool,
        already_searched: &[Option<G::Action>],
    ) {
        state.legal_actions(&mut self.actions);
        if !already_searched.is_empty() {
            self.actions
                .retain(|a| !already_searched.contains(&Some(*a)));
        }
        let killers = self.killers[level];
        let history = &self.history;
        let score = |action: G::Action, prior: i64| {
            if Some(action) == table_move {
                i64::MAX
            } else if killers.contains(&Some(action)) {
                i64::MAX / 2
            } else {
                history[history_index::<G>(action)] as i64 * 1024
                    + prior
                    + state.ordering_hint(action) as i64
            }
        };
        let moves = &mut self.moves[level];
        moves.clear();
        if use_priors {
            state.rollout_priors(&self.actions, &mut self.weights);
            let sum: f32 = self.weights.iter().sum();
            let scale = if sum > 0.0 { PRIOR_SCALE / sum } else { 0.0 };
            moves.extend(
                self.actions
                    .iter()
                    .zip(&self.weights)
                    .map(|(&action, &prior)| (action, score(action, (prior * scale) as i64))),
            );
        } else {
            // No priors: no weights to fill and convert (this is most nodes that order).
            moves.extend(
                self.actions
                    .iter()
                    .map(|&action| (action, score(action, 0))),
            );
        }
    }

    /// Moves the best-scored of `moves[level][from..]` to `from` and returns it. Picking
    /// lazily beats sorting: most nodes cut off after one or two moves.
    fn next_move(&mut self, level: usize, from: usize) -> G::Action {
        let moves = &mut self.moves[level];
        // The first of the highest scores, as before; the best score stays in a register
        // (indexing both sides reloaded the vector and checked bounds at every step, which
        // was an eighth of the instructions at depth 6: nodes one ply above the horizon
        // try most of their moves).
        let mut best = from;
        let mut best_score = moves[from].1;
        for (candidate, &(_, score)) in moves.iter().enumerate().skip(from + 1) {
            if score > best_score {
                best = candidate;
                best_score = score;
            }
        }
        moves.swap(from, best);
        moves[from].0
    }

    fn reward_cutoff(&mut self, level: usize, action: G::Action, depth: u32) {
        let killers = &mut self.killers[level];
        if killers[0] != Some(action) {
            killers[1] = killers[0];
            killers[0] = Some(action);
        }
        let slot = &mut self.history[history_index::<G>(action)];
        *slot = slot.saturating_add((depth * depth) as i32);
    }
}

/// Mixed into the state's hash to seed the draws of an unlistable chance node (a stream
/// apart from [`sample_outcomes`]'s).
const UNLISTABLE_SALT: u64 = 0x5a3b_1e00_0000_0011;

/// A normalised prior of 1 is worth this much in the ordering score (an ordering hint is
/// worth up to about a thousand, a history entry 1024 per point).
const PRIOR_SCALE: f32 = 1_000_000.0;

/// Keeps `k` of `outcomes`, drawn without replacement by their probabilities from a stream
/// seeded by `hash` (so a search is reproducible); each kept outcome then weighs 1/k.
fn sample_outcomes<A: Copy>(outcomes: &mut Vec<(A, f64)>, k: usize, hash: u64) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(hash ^ 0x5a3b_1e00_0000_0003);
    for i in 0..k {
        let total: f64 = outcomes[i..].iter().map(|o| o.1).sum();
        let mut draw = rng.random::<f64>() * total;
        let mut pick = outcomes.len() - 1;
        for (j, o) in outcomes.iter().enumerate().skip(i) {
            if draw < o.1 {
                pick = j;
                break;
            }
            draw -= o.1;
        }
        outcomes.swap(i, pick);
    }
    outcomes.truncate(k);
    // Drawn by probability, so each kept outcome stands for an equal share.
    outcomes.iter_mut().for_each(|o| o.1 = 1.0 / k as f64);
}

fn history_index<G: Game>(action: G::Action) -> usize {
    (G::action_id(action).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 52) as usize & (HISTORY_SIZE - 1)
}

/// Proven values are stored relative to the node (distance to the end from here), so an
/// entry reached at another ply still reads as the right "win in n".
fn to_table(value: f64, plies: u32) -> f64 {
    if value > PROVEN {
        value + plies as f64
    } else if value < -PROVEN {
        value - plies as f64
    } else {
        value
    }
}

fn from_table(value: f64, plies: u32) -> f64 {
    if value > PROVEN {
        value - plies as f64
    } else if value < -PROVEN {
        value + plies as f64
    } else {
        value
    }
}
