//! The evaluation's weights fitted to self-play results; written by
//! `scripts/fit_eval.py` (docs/strength.md, "Fitted evaluations"), not by hand.
//!
//! Fit: 200 self-play games (merchant-explorers.h.csv), 26018 seat pairs,
//! pulled toward the hand weights at 10000;
//! held-out log-loss 0.5745 with the hand weights, 0.5745 fitted.

/// Weights of `eval::TERMS`, in order.
pub(super) const WEIGHTS: [f64; 4] = [1.0, 1.5, 0.5, 7.154e-05];
