//! The search tree: an arena of nodes whose children form a sibling list sorted by action,
//! so matching a determinization's (sorted) legal actions against them is one merge walk.
//!
//! Each node also keeps, from the first time a player chose there, the game's priors of
//! the actions legal then, best first (a slice of a side arena): progressive widening
//! unprunes children in that order, and the prior biases selection among the children.
//!
//! A node's statistics are atomics so that threads sharing one tree (behind a read-write
//! lock) update them under the read lock; only a change of shape (a new child, a node's
//! priors) takes the write lock. [`Exclusive`] access (a tree of one thread) updates them
//! with a plain load and store, which costs what the plain integers did; [`Concurrent`]
//! access with atomic read-modify-writes.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rand::Rng;

/// "No node" in the sibling links.
pub(super) const NONE: u32 = u32::MAX;
/// The root is always the first node of the arena.
pub(super) const ROOT: u32 = 0;
/// Below the root a node keeps at most this many priors (the best); actions beyond them
/// are ranked afresh if widening ever reaches them.
const PRIORS_KEPT: usize = 64;

/// How a tree's statistics are updated: by the one thread that owns it, or by several
/// threads at once (through a shared reference).
pub(super) trait Access {
    /// Adds one to `counter`.
    fn bump(counter: &AtomicU64);
    /// Adds `amount` to the `f64` whose bits `sum` holds.
    fn add(sum: &AtomicU64, amount: f64);
}

/// The tree has one thread: no other sees the update half done.
pub(super) struct Exclusive;

/// Threads share the tree: each update is one atomic read-modify-write.
pub(super) struct Concurrent;

impl Access for Exclusive {
    #[inline]
    fn bump(counter: &AtomicU64) {
        counter.store(counter.load(Relaxed) + 1, Relaxed);
    }
    #[inline]
    fn add(sum: &AtomicU64, amount: f64) {
        sum.store(
            (f64::from_bits(sum.load(Relaxed)) + amount).to_bits(),
            Relaxed,
        );
    }
}

impl Access for Concurrent {
    #[inline]
    fn bump(counter: &AtomicU64) {
        counter.fetch_add(1, Relaxed);
    }
    #[inline]
    fn add(sum: &AtomicU64, amount: f64) {
        // Infallible: the closure always returns a value.
        let _ = sum.fetch_update(Relaxed, Relaxed, |bits| {
            Some((f64::from_bits(bits) + amount).to_bits())
        });
    }
}

#[derive(Debug)]
pub(super) struct Node<A> {
    /// The action leading here (a placeholder at the root).
    pub action: A,
    pub first_child: u32,
    pub next_sibling: u32,
    visits: AtomicU64,
    /// How often this node's action was legal when its parent was stepped through: UCB1's
    /// "parent visits" for this child, since an action missing from a determinization
    /// could not have been chosen there.
    available: AtomicU64,
    /// Total reward of the player who chose `action` (the bits of an `f64`).
    reward: AtomicU64,
    /// The game's prior of `action` at the parent (normalised over the legal actions).
    pub prior: f32,
    /// `action` is a chance outcome (a tree that branches on chance, [`super::Chance`]),
    /// not a player's choice.
    pub outcome: bool,
    /// This node's ranked priors: `priors[priors_start..priors_start + priors_len]`;
    /// `priors_len == 0` until a player first chooses here.
    pub priors_start: u32,
    pub priors_len: u32,
}

impl<A> Node<A> {
    pub fn visits(&self) -> u64 {
        self.visits.load(Relaxed)
    }
    pub fn available(&self) -> u64 {
        self.available.load(Relaxed)
    }
    pub fn reward(&self) -> f64 {
        f64::from_bits(self.reward.load(Relaxed))
    }
    pub fn add_visit<M: Access>(&self) {
        M::bump(&self.visits);
    }
    pub fn add_available<M: Access>(&self) {
        M::bump(&self.available);
    }
    pub fn add_reward<M: Access>(&self, amount: f64) {
        M::add(&self.reward, amount);
    }
    #[cfg(test)]
    pub fn set_stats(&mut self, visits: u64, reward: f64) {
        *self.visits.get_mut() = visits;
        *self.reward.get_mut() = reward.to_bits();
    }
}

/// Root statistics of one tree, the unit merged across threads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct RootStat<A> {
    pub action: A,
    pub visits: u64,
    pub reward: f64,
    pub available: u64,
    pub prior: f32,
    /// Solo games only (else zero): what the iterations through the action ended with.
    pub solo: SoloTally,
}

/// A solo player's results of the iterations through one root action: the sum of the
/// final scores (the evaluation's where a playout was cut off), and of the playouts that
/// reached the end, how many were won.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct SoloTally {
    pub samples: u64,
    pub score_sum: f64,
    pub finished: u64,
    pub won: u64,
}

impl SoloTally {
    pub fn add(&mut self, other: &SoloTally) {
        self.samples += other.samples;
        self.score_sum += other.score_sum;
        self.finished += other.finished;
        self.won += other.won;
    }
}

/// How a node chooses among its children (see [`Tree::select`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Selection {
    /// UCB1 constant.
    pub exploration: f64,
    /// Weight of the prior term `prior * sqrt(available) / (1 + visits)` (PUCT-style).
    pub prior_weight: f64,
    /// Progressive widening: a node visited n times may have `ceil(base * (n + 1)^exponent)`
    /// children; `None` lets every legal action be a child.
    pub widening: Option<(f64, f64)>,
}

/// What [`Tree::select`] chose.
#[derive(Clone, Copy, Debug)]
pub(super) struct Choice<A> {
    pub action: A,
    /// The action had no child yet: this is the iteration's expansion.
    pub expanded: bool,
    pub prior: f32,
}

pub(super) struct Tree<A> {
    pub nodes: Vec<Node<A>>,
    priors: Vec<(A, f32)>,
}

fn new_node<A>(action: A, next_sibling: u32, prior: f32) -> Node<A> {
    Node {
        action,
        first_child: NONE,
        next_sibling,
        visits: AtomicU64::new(0),
        available: AtomicU64::new(0),
        reward: AtomicU64::new(0.0f64.to_bits()),
        prior,
        outcome: false,
        priors_start: 0,
        priors_len: 0,
    }
}

/// Normalises `weights` in place (uniform if they sum to nothing).
pub(super) fn normalise(weights: &mut [f32]) {
    let sum: f32 = weights.iter().map(|w| w.max(0.0)).sum();
    if sum > 0.0 && sum.is_finite() {
        weights.iter_mut().for_each(|w| *w = w.max(0.0) / sum);
    } else {
        let uniform = 1.0 / weights.len().max(1) as f32;
        weights.iter_mut().for_each(|w| *w = uniform);
    }
}

impl<A: Copy + Ord> Tree<A> {
    pub fn new(placeholder: A) -> Self {
        Tree {
            nodes: vec![new_node(placeholder, NONE, 1.0)],
            priors: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let first = self.nodes[node as usize].first_child;
        std::iter::successors((first != NONE).then_some(first), |&c| {
            let next = self.nodes[c as usize].next_sibling;
            (next != NONE).then_some(next)
        })
    }

    pub fn child(&self, node: u32, action: A) -> Option<u32> {
        self.children(node)
            .find(|&c| self.nodes[c as usize].action == action)
    }

    /// The child of `parent` for `action`, created (in sorted position, with `prior`) if
    /// missing.
    pub fn child_or_insert(&mut self, parent: u32, action: A, prior: f32) -> u32 {
        let mut prev = NONE;
        let mut next = self.nodes[parent as usize].first_child;
        while next != NONE {
            let node = &self.nodes[next as usize];
            if node.action == action {
                return next;
            }
            if node.action > action {
                break;
            }
            prev = next;
            next = node.next_sibling;
        }
        let index = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&i| i != NONE)
            .expect("ISMCTS tree outgrew u32 indices");
        self.nodes.push(new_node(action, next, prior));
        if prev == NONE {
            self.nodes[parent as usize].first_child = index;
        } else {
            self.nodes[prev as usize].next_sibling = index;
        }
        index
    }

    /// The child of `parent` for the chance outcome `outcome`, created if missing.
    pub fn outcome_child_or_insert(&mut self, parent: u32, outcome: A) -> u32 {
        let child = self.child_or_insert(parent, outcome, 0.0);
        self.nodes[child as usize].outcome = true;
        child
    }

    /// Most visited child; ties to the higher mean reward, then the higher prior, then the
    /// first in the sibling list.
    pub fn most_visited_child(&self, node: u32) -> Option<u32> {
        let key = |c: u32| {
            let n = &self.nodes[c as usize];
            let visits = n.visits();
            let mean = if visits > 0 {
                n.reward() / visits as f64
            } else {
                0.0
            };
            (visits, mean, n.prior)
        };
        self.children(node)
            .fold(None, |best: Option<u32>, c| match best {
                Some(b) if key(b).partial_cmp(&key(c)) != Some(std::cmp::Ordering::Less) => best,
                _ => Some(c),
            })
    }

    /// Appends the statistics of the root's children to `out`, in action order.
    pub fn root_stats(&self, out: &mut Vec<RootStat<A>>) {
        out.extend(self.children(ROOT).map(|c| {
            let n = &self.nodes[c as usize];
            RootStat {
                action: n.action,
                visits: n.visits(),
                reward: n.reward(),
                available: n.available(),
                prior: n.prior,
                solo: SoloTally::default(),
            }
        }));
    }

    /// Ranks and keeps the priors of `legal` at `node` (first choice made there).
    fn rank_priors<R: Rng>(
        &mut self,
        node: u32,
        legal: &[A],
        weights: &[f32],
        keys: &mut Vec<(f32, u32, A)>,
        rng: &mut R,
    ) {
        keys.clear();
        // Best prior first; equal priors in a random order from the seeded stream.
        keys.extend(
            legal
                .iter()
                .zip(weights)
                .map(|(&a, &w)| (w, rng.random::<u32>(), a)),
        );
        keys.sort_unstable_by(|x, y| y.0.total_cmp(&x.0).then(y.1.cmp(&x.1)));
        let kept = if node == ROOT {
            keys.len()
        } else {
            keys.len().min(PRIORS_KEPT)
        };
        let start = u32::try_from(self.priors.len()).expect("ISMCTS prior arena overflow");
        self.priors
            .extend(keys[..kept].iter().map(|&(w, _, a)| (a, w)));
        let n = &mut self.nodes[node as usize];
        n.priors_start = start;
        n.priors_len = kept as u32;
    }

    /// Whether `node` still lacks its ranked priors (no player has chosen there yet).
    pub fn lacks_priors(&self, node: u32) -> bool {
        self.nodes[node as usize].priors_len == 0
    }

    /// Ranks and keeps the priors of `legal` at `node` unless it has them already: the
    /// change of shape a [`select`](Self::select) there needs first. `priors` fills the
    /// game's prior weights of a list of actions.
    pub fn ensure_priors<R: Rng>(
        &mut self,
        node: u32,
        legal: &[A],
        priors: &mut dyn FnMut(&[A], &mut Vec<f32>),
        weights: &mut Vec<f32>,
        keys: &mut Vec<(f32, u32, A)>,
        rng: &mut R,
    ) {
        if self.lacks_priors(node) {
            priors(legal, weights);
            normalise(weights);
            self.rank_priors(node, legal, weights, keys, rng);
        }
    }

    /// One tree step at `node`, whose priors are ranked ([`ensure_priors`](Self::ensure_priors)),
    /// for a determinization whose legal actions are `legal` (sorted, distinct); `priors`
    /// fills the game's prior weights of a list of actions (needed only past the kept ones).
    ///
    /// Every child legal here gains one availability. With widening, a node visited n
    /// times may have `ceil(base * (n + 1)^exponent)` children legal here; while it has
    /// fewer and some legal action is untried, the untried action with the best prior is
    /// expanded (returned with `expanded`). Otherwise the child with the best score
    /// `mean + c * sqrt(ln(available) / visits) + w * prior * sqrt(available) / (1 + visits)`
    /// is chosen; ties go to the higher prior, then at random.
    #[allow(clippy::too_many_arguments)]
    pub fn select<M: Access, R: Rng>(
        &self,
        node: u32,
        legal: &[A],
        selection: &Selection,
        priors: &mut dyn FnMut(&[A], &mut Vec<f32>),
        untried: &mut Vec<A>,
        weights: &mut Vec<f32>,
        rng: &mut R,
    ) -> Choice<A> {
        untried.clear();
        let mut best: Option<(f64, f32, A)> = None;
        let mut ties = 0u32;
        let mut legal_children = 0usize;
        let mut child = self.nodes[node as usize].first_child;
        for &action in legal {
            // Children whose action is not legal in this determinization are passed over.
            while child != NONE && self.nodes[child as usize].action < action {
                child = self.nodes[child as usize].next_sibling;
            }
            if child != NONE && self.nodes[child as usize].action == action {
                let c = &self.nodes[child as usize];
                c.add_available::<M>();
                legal_children += 1;
                // Every child has been visited: it is created on the iteration that visits it.
                // `available` can only trail `visits` if a node is reached with different
                // movers in different determinizations; keep the logarithm finite then.
                let visits = c.visits().max(1) as f64;
                let available = c.available().max(1) as f64;
                let score = c.reward() / visits
                    + selection.exploration * (available.ln() / visits).sqrt()
                    + selection.prior_weight * c.prior as f64 * available.sqrt() / (1.0 + visits);
                let prior = c.prior;
                match best {
                    Some((top, top_prior, _))
                        if score < top || score == top && prior < top_prior => {}
                    Some((top, top_prior, _)) if score == top && prior == top_prior => {
                        ties += 1;
                        if rng.random_range(0..ties) == 0 {
                            best = Some((score, prior, action));
                        }
                    }
                    _ => {
                        best = Some((score, prior, action));
                        ties = 1;
                    }
                }
                child = c.next_sibling;
            } else {
                untried.push(action);
            }
        }
        let allowed = match selection.widening {
            None => usize::MAX,
            Some((base, exponent)) => {
                let visits = self.nodes[node as usize].visits() as f64;
                ((base * (visits + 1.0).powf(exponent)).ceil() as usize).max(1)
            }
        };
        if !untried.is_empty() && (legal_children < allowed || best.is_none()) {
            // Unprune the best-ranked untried action (`untried` is sorted).
            let n = &self.nodes[node as usize];
            let ranked =
                &self.priors[n.priors_start as usize..(n.priors_start + n.priors_len) as usize];
            if let Some(&(action, prior)) = ranked
                .iter()
                .find(|(a, _)| untried.binary_search(a).is_ok())
            {
                return Choice {
                    action,
                    expanded: true,
                    prior,
                };
            }
            // None kept (a long tail, or actions this determinization brought): rank the
            // untried afresh, normalised over everything legal here.
            priors(legal, weights);
            normalise(weights);
            let mut pick: Option<(f32, A)> = None;
            let mut ties = 0u32;
            for (&action, &w) in legal.iter().zip(weights.iter()) {
                if untried.binary_search(&action).is_err() {
                    continue;
                }
                match pick {
                    Some((top, _)) if w < top => {}
                    Some((top, _)) if w == top => {
                        ties += 1;
                        if rng.random_range(0..ties) == 0 {
                            pick = Some((w, action));
                        }
                    }
                    _ => {
                        pick = Some((w, action));
                        ties = 1;
                    }
                }
            }
            let (prior, action) = pick.expect("an untried action");
            return Choice {
                action,
                expanded: true,
                prior,
            };
        }
        let (_, prior, action) = best.expect("a legal child when nothing is untried");
        Choice {
            action,
            expanded: false,
            prior,
        }
    }
}
