//! The evaluation's weights fitted to self-play results; written by
//! `scripts/fit_eval.py` (docs/strength.md, "Fitted evaluations"), not by hand.
//!
//! Fit: 400 self-play games (century-golem.h.csv), 28524 seat pairs,
//! pulled toward the hand weights at 0;
//! held-out log-loss 0.4965 with the hand weights, 0.4959 fitted.

/// Weights of `eval::TERMS`, in order.
pub(super) const WEIGHTS: [f64; 4] = [1.0, 1.14, -0.2257, 0.7134];
