//! The evaluation's weights fitted to self-play results; written by
//! `scripts/fit_eval.py` (docs/strength.md, "Fitted evaluations"), not by hand.
//!
//! Fit: 300 self-play games (merchant-explorers.csv), 39562 seat pairs,
//! pulled toward the hand weights at 10;
//! held-out log-loss 0.5614 with the hand weights, 0.5598 fitted.

/// Weights of `eval::TERMS`, in order.
pub(super) const WEIGHTS: [f64; 6] = [1.0, 1.507, 0.5187, -0.01318, 0.1728, 0.2839];
