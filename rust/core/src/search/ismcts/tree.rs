//! The search tree: an arena of nodes whose children form a sibling list sorted by action,
//! so matching a determinization's (sorted) legal actions against them is one merge walk.

use rand::Rng;

/// "No node" in the sibling links.
pub(super) const NONE: u32 = u32::MAX;
/// The root is always the first node of the arena.
pub(super) const ROOT: u32 = 0;

#[derive(Clone, Copy, Debug)]
pub(super) struct Node<A> {
    /// The action leading here (a placeholder at the root).
    pub action: A,
    pub first_child: u32,
    pub next_sibling: u32,
    pub visits: u64,
    /// How often this node's action was legal when its parent was stepped through: UCB1's
    /// "parent visits" for this child, since an action missing from a determinization
    /// could not have been chosen there.
    pub available: u64,
    /// Total reward of the player who chose `action`.
    pub reward: f64,
}

/// Root statistics of one tree, the unit merged across threads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct RootStat<A> {
    pub action: A,
    pub visits: u64,
    pub reward: f64,
    pub available: u64,
}

pub(super) struct Tree<A> {
    pub nodes: Vec<Node<A>>,
}

impl<A: Copy + Ord> Tree<A> {
    pub fn new(placeholder: A) -> Self {
        Tree {
            nodes: vec![Node {
                action: placeholder,
                first_child: NONE,
                next_sibling: NONE,
                visits: 0,
                available: 0,
                reward: 0.0,
            }],
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

    /// The child of `parent` for `action`, created (in sorted position) if missing.
    pub fn child_or_insert(&mut self, parent: u32, action: A) -> u32 {
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
        self.nodes.push(Node {
            action,
            first_child: NONE,
            next_sibling: next,
            visits: 0,
            available: 0,
            reward: 0.0,
        });
        if prev == NONE {
            self.nodes[parent as usize].first_child = index;
        } else {
            self.nodes[prev as usize].next_sibling = index;
        }
        index
    }

    /// Most visited child; ties go to the smaller action (the first in the sibling list).
    pub fn most_visited_child(&self, node: u32) -> Option<u32> {
        self.children(node)
            .fold(None, |best: Option<u32>, c| match best {
                Some(b) if self.nodes[b as usize].visits >= self.nodes[c as usize].visits => best,
                _ => Some(c),
            })
    }

    /// Appends the statistics of the root's children to `out`, in action order.
    pub fn root_stats(&self, out: &mut Vec<RootStat<A>>) {
        out.extend(self.children(ROOT).map(|c| {
            let n = &self.nodes[c as usize];
            RootStat {
                action: n.action,
                visits: n.visits,
                reward: n.reward,
                available: n.available,
            }
        }));
    }

    /// One tree step at `node` for a determinization whose legal actions are `legal`
    /// (sorted, distinct). Every child legal here gains one availability; then, if some legal
    /// action has no child yet, one of them is returned at random (an expansion: `true`),
    /// else the child with the best UCB1 score `mean + c * sqrt(ln(available) / visits)`
    /// (ties to the smaller action).
    pub fn select<R: Rng>(
        &mut self,
        node: u32,
        legal: &[A],
        exploration: f64,
        untried: &mut Vec<A>,
        rng: &mut R,
    ) -> (A, bool) {
        untried.clear();
        let mut best: Option<(f64, A)> = None;
        let mut child = self.nodes[node as usize].first_child;
        for &action in legal {
            // Children whose action is not legal in this determinization are passed over.
            while child != NONE && self.nodes[child as usize].action < action {
                child = self.nodes[child as usize].next_sibling;
            }
            if child != NONE && self.nodes[child as usize].action == action {
                let c = &mut self.nodes[child as usize];
                c.available += 1;
                // Every child has been visited: it is created on the iteration that visits it.
                // `available` can only trail `visits` if a node is reached with different
                // movers in different determinizations; keep the logarithm finite then.
                let visits = c.visits as f64;
                let available = c.available.max(1) as f64;
                let score = c.reward / visits + exploration * (available.ln() / visits).sqrt();
                if best.is_none_or(|(top, _)| score > top) {
                    best = Some((score, action));
                }
                child = c.next_sibling;
            } else {
                untried.push(action);
            }
        }
        match best {
            Some((_, action)) if untried.is_empty() => (action, false),
            _ => (untried[rng.random_range(0..untried.len())], true),
        }
    }
}
