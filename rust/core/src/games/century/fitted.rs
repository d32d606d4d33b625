//! The evaluation's weights fitted to self-play results; written by
//! `scripts/fit_eval.py` (docs/strength.md, "Fitted evaluations"), not by hand.
//!
//! Fit: 400 self-play games (century-golem.h.csv), 28524 seat pairs,
//! pulled toward the hand weights at 10, caravan=best_golem tied;
//! held-out log-loss 0.4965 with the hand weights, 0.4953 fitted.

/// Weights of `eval::TERMS`, in order.
pub(super) const WEIGHTS: [f64; 4] = [1.0, 0.5513, 0.5513, 0.5051];
