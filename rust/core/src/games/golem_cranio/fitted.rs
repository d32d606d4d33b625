//! The evaluation's weights fitted to self-play results; written by
//! `scripts/fit_eval.py` (docs/strength.md, "Fitted evaluations"), not by hand.
//!
//! Fit: 120 self-play games (golem-cranio.h.csv), 9936 seat pairs,
//! pulled toward the hand weights at 0.1;
//! held-out log-loss 0.5042 with the hand weights, 0.4796 fitted.

/// Weights of `eval::TERMS`, in order.
pub(super) const WEIGHTS: [f64; 11] = [
    1.0, 0.9716, 0.1131, 0.4268, 1.443, 0.2473, 1.802, 0.1615, 1.0, 2.681, 0.8554,
];
