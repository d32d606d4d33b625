//! Search budgets and the stop flag shared with whoever may interrupt a search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Budgets of one search; any combination, the first one reached stops it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Plies (alpha-beta): the deepest iteration.
    pub depth: Option<u32>,
    /// Nodes visited (alpha-beta) or game states stepped through (ISMCTS).
    pub nodes: Option<u64>,
    /// Wall-clock time.
    pub movetime: Option<Duration>,
    /// ISMCTS iterations.
    pub iterations: Option<u64>,
}

impl Limits {
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.iterations.is_none()
    }
}

/// Set from another thread (Ctrl-C, a GUI) to stop a running search; the search then
/// reports the best result found so far.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Tracks one search's budget: time is read only every few thousand nodes, so checking is
/// cheap on the hot path.
#[derive(Clone, Debug)]
pub struct Budget {
    limits: Limits,
    stop: StopFlag,
    start: Instant,
    exhausted: bool,
}

impl Budget {
    pub fn new(limits: Limits, stop: StopFlag) -> Self {
        Budget {
            limits,
            stop,
            start: Instant::now(),
            exhausted: false,
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True once a limit other than depth/iterations is reached (sticky). Call with the
    /// running node count; the clock and stop flag are polled every 1024 nodes.
    #[inline]
    pub fn exhausted(&mut self, nodes: u64) -> bool {
        if self.exhausted {
            return true;
        }
        if self.limits.nodes.is_some_and(|limit| nodes >= limit) {
            self.exhausted = true;
        } else if nodes.is_multiple_of(1024) {
            let late = self
                .limits
                .movetime
                .is_some_and(|t| self.start.elapsed() >= t);
            self.exhausted = late || self.stop.is_stopped();
        }
        self.exhausted
    }

    /// Like [`Budget::exhausted`], but reads the clock and the stop flag on every call: for
    /// searches that check once per batch of nodes (an ISMCTS iteration), not per node.
    pub fn exhausted_now(&mut self, nodes: u64) -> bool {
        if !self.exhausted {
            let late = self
                .limits
                .movetime
                .is_some_and(|t| self.start.elapsed() >= t);
            self.exhausted = late
                || self.stop.is_stopped()
                || self.limits.nodes.is_some_and(|limit| nodes >= limit);
        }
        self.exhausted
    }

    /// Whether the search was cut short by the node, time or stop budget.
    pub fn was_exhausted(&self) -> bool {
        self.exhausted
    }
}
