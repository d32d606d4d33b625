//! Bot specs: `KIND[:KEY=VALUE,...]`, e.g. `random`, `greedy`,
//! `ismcts:iterations=1000,rollout=heuristic,cutoff=40`, `alphabeta:depth=3,objective=margin`.
//!
//! | kind | options (default) |
//! | --- | --- |
//! | `random` | none |
//! | game policies (Century: `greedy`) | none |
//! | `ismcts` | `iterations` (1000) or `movetime` ms per move, `rollout` = `random`, `heuristic` or `policy` (policy), `epsilon` (0.1, heuristic and policy rollouts), `cutoff` (8; 0: play out to the end), `exploration` (0.3), `reward` = `graded` or `win` (graded), `scale` (8, graded only), `margin` (0.2, graded only), `prior` (1.0), `widening` (2; 0: off), `widening_exponent` (0.5), `decisive` = `on` or `off` (on), `variant` = `so` or `mo` (so), `solo` = `score` or `win` (score; what a 1-player game is played for, as `--objective`; `win` only for games with a solo win), `threads` (1), `parallel` = `root` or `tree` (root: a tree per thread; tree: one shared tree), `eval` = `default`, `hand` or `fitted` (default: the evaluation's weight set at cut-offs) |
//! | `alphabeta` | `depth` (2; 128 with `movetime`), `objective` = `margin` or `win` (margin), `hash` MiB (2, at most `MAX_HASH_MB` and the memory available), `samples` (3 outcomes per chance node; 0: every one), `movetime` ms per move, `threads` (1; several share each iteration's root moves on one table), `eval` (as for ismcts, at the horizon) |
//!
//! A refusal names the offending key (or `bot` for the kind) and says what is wrong.

use std::str::FromStr;
use std::time::Duration;

use super::{AlphaBetaBot, Bot, IsmctsBot, Policies, RandomBot};
use crate::refusal::{refuse, Refusal};
use crate::search::alphabeta::MAX_DEPTH;
use crate::search::ismcts::IsmctsConfig;
use crate::search::ismcts::{Parallel, Reward, Rollout, SoloGoal, Variant, Widening};
use crate::search::objective::Objective;
use crate::search::options::THREADS;
use crate::search::tt::{TranspositionTable, MAX_HASH_MB};
use crate::{EvalWeights, Game};

/// A refused spec: `field` is the bad key, or `bot` when the kind itself is wrong.
pub type BotSpecError = Refusal;

const ISMCTS_KEYS: &[&str] = &[
    "iterations",
    "movetime",
    "rollout",
    "epsilon",
    "cutoff",
    "exploration",
    "reward",
    "scale",
    "margin",
    "prior",
    "widening",
    "widening_exponent",
    "decisive",
    "variant",
    "solo",
    "threads",
    "parallel",
    "eval",
];
const ALPHABETA_KEYS: &[&str] = &[
    "depth",
    "objective",
    "hash",
    "samples",
    "movetime",
    "threads",
    "eval",
];

/// Builds the bot a spec describes.
pub fn parse<G: Policies>(text: &str) -> Result<Box<dyn Bot<G>>, BotSpecError> {
    let text = text.trim();
    let (kind, rest) = match text.split_once(':') {
        Some((kind, rest)) => (kind.trim(), Some(rest)),
        None => (text, None),
    };
    let options = rest.map(options).transpose()?.unwrap_or_default();
    match kind {
        "random" => {
            no_options(kind, &options)?;
            Ok(Box::new(RandomBot))
        }
        "ismcts" => Ok(Box::new(ismcts::<G>(&options)?)),
        "alphabeta" => Ok(Box::new(alphabeta::<G>(&options)?)),
        _ => match G::policy(kind) {
            Some(bot) => {
                no_options(kind, &options)?;
                Ok(bot)
            }
            None => {
                let mut kinds = vec!["random"];
                kinds.extend_from_slice(G::POLICIES);
                kinds.extend_from_slice(&["ismcts", "alphabeta"]);
                let what = if kind.is_empty() {
                    "no bot named".to_string()
                } else {
                    format!("'{kind}' is not a bot")
                };
                refuse(
                    "bot",
                    format!("{what} (expected one of: {})", kinds.join(", ")),
                )
            }
        },
    }
}

/// `KEY=VALUE` pairs in order, each key once.
fn options(text: &str) -> Result<Vec<(&str, &str)>, BotSpecError> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for item in text.split(',') {
        let Some((key, value)) = item.split_once('=') else {
            let field = if item.trim().is_empty() {
                "bot"
            } else {
                item.trim()
            };
            return refuse(field, "expected KEY=VALUE");
        };
        let (key, value) = (key.trim(), value.trim());
        if key.is_empty() {
            return refuse("bot", format!("'{item}' has no key (expected KEY=VALUE)"));
        }
        if pairs.iter().any(|&(k, _)| k == key) {
            return refuse(key, "given twice");
        }
        pairs.push((key, value));
    }
    Ok(pairs)
}

fn no_options(kind: &str, options: &[(&str, &str)]) -> Result<(), BotSpecError> {
    match options.first() {
        Some(&(key, _)) => refuse(key, format!("{kind} takes no options")),
        None => Ok(()),
    }
}

fn check_keys(kind: &str, options: &[(&str, &str)], allowed: &[&str]) -> Result<(), BotSpecError> {
    match options.iter().find(|(k, _)| !allowed.contains(k)) {
        Some(&(key, _)) => refuse(
            key,
            format!(
                "unknown option for {kind} (expected one of: {})",
                allowed.join(", ")
            ),
        ),
        None => Ok(()),
    }
}

fn value<'a>(options: &[(&str, &'a str)], key: &str) -> Option<&'a str> {
    options.iter().find(|(k, _)| *k == key).map(|&(_, v)| v)
}

/// A number in `low..=high`, or the default when the key is absent.
fn number<T>(
    options: &[(&str, &str)],
    key: &str,
    low: T,
    high: T,
) -> Result<Option<T>, BotSpecError>
where
    T: FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let Some(text) = value(options, key) else {
        return Ok(None);
    };
    match text.parse::<T>() {
        Ok(n) if n >= low && n <= high => Ok(Some(n)),
        Ok(_) => refuse(key, format!("{text} is outside {low}..={high}")),
        Err(_) => refuse(key, format!("'{text}' is not a number")),
    }
}

/// One of `choices` (by name), or `None` when the key is absent.
fn choice<T: Copy>(
    options: &[(&str, &str)],
    key: &str,
    choices: &[(&str, T)],
) -> Result<Option<T>, BotSpecError> {
    let Some(text) = value(options, key) else {
        return Ok(None);
    };
    match choices.iter().find(|(name, _)| *name == text) {
        Some(&(_, c)) => Ok(Some(c)),
        None => {
            let names: Vec<&str> = choices.iter().map(|&(n, _)| n).collect();
            refuse(key, format!("'{text}' is not one of: {}", names.join(", ")))
        }
    }
}

fn ismcts<G: Game>(options: &[(&str, &str)]) -> Result<IsmctsBot, BotSpecError> {
    check_keys("ismcts", options, ISMCTS_KEYS)?;
    let mut bot = IsmctsBot::default();
    let config = &mut bot.config;
    let iterations = number(options, "iterations", 1, 100_000_000)?;
    let movetime = number(options, "movetime", 1, 3_600_000)?;
    if iterations.is_some() && movetime.is_some() {
        return refuse("movetime", "give either iterations or movetime");
    }
    bot.iterations = iterations.unwrap_or(bot.iterations);
    bot.movetime = movetime.map(Duration::from_millis);
    config.variant = choice(
        options,
        "variant",
        &[("so", Variant::So), ("mo", Variant::Mo)],
    )?
    .unwrap_or(config.variant);
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Random,
        Heuristic,
        Policy,
    }
    let kind = choice(
        options,
        "rollout",
        &[
            ("random", Kind::Random),
            ("heuristic", Kind::Heuristic),
            ("policy", Kind::Policy),
        ],
    )?;
    let kind = kind.unwrap_or(match config.rollout {
        Rollout::Random => Kind::Random,
        Rollout::Heuristic { .. } => Kind::Heuristic,
        Rollout::Policy { .. } => Kind::Policy,
    });
    let epsilon = number(options, "epsilon", 0.0, 1.0)?;
    config.rollout = match (kind, epsilon) {
        (Kind::Random, Some(_)) => {
            return refuse("epsilon", "only used with rollout=heuristic or policy")
        }
        (Kind::Random, None) => Rollout::Random,
        (Kind::Heuristic, e) => Rollout::Heuristic {
            epsilon: e.unwrap_or(IsmctsBot::DEFAULT_EPSILON),
        },
        (Kind::Policy, e) => Rollout::Policy {
            epsilon: e.unwrap_or(IsmctsBot::DEFAULT_EPSILON),
        },
    };
    if let Some(cutoff) = number(options, "cutoff", 0, 100_000)? {
        config.rollout_cutoff = (cutoff > 0).then_some(cutoff);
    }
    config.exploration = number(options, "exploration", 0.0, 100.0)?.unwrap_or(config.exploration);
    let graded = choice(options, "reward", &[("graded", true), ("win", false)])?;
    let scale = number(options, "scale", 0.001, 1000.0)?;
    let margin = number(options, "margin", 0.0, 1.0)?;
    let (default_scale, default_margin) = match IsmctsConfig::default().reward {
        Reward::Graded {
            scale,
            margin_weight,
        } => (scale, margin_weight),
        Reward::WinLoss => (8.0, 0.2),
    };
    config.reward = match (graded, scale.or(margin)) {
        (Some(false), Some(_)) => {
            let key = if scale.is_some() { "scale" } else { "margin" };
            return refuse(key, "only used with reward=graded");
        }
        (Some(false), None) => Reward::WinLoss,
        _ => Reward::Graded {
            scale: scale.unwrap_or(default_scale),
            margin_weight: margin.unwrap_or(default_margin),
        },
    };
    config.prior_weight = number(options, "prior", 0.0, 100.0)?.unwrap_or(config.prior_weight);
    let exponent = number(options, "widening_exponent", 0.0, 1.0)?;
    if let Some(base) = number(options, "widening", 0.0, 1000.0)? {
        config.widening = (base > 0.0).then_some(Widening {
            base,
            exponent: exponent
                .or(config.widening.map(|w| w.exponent))
                .unwrap_or(0.5),
        });
    } else if let Some(exponent) = exponent {
        match config.widening.as_mut() {
            Some(w) => w.exponent = exponent,
            None => return refuse("widening_exponent", "widening is off"),
        }
    }
    config.decisive =
        choice(options, "decisive", &[("on", true), ("off", false)])?.unwrap_or(config.decisive);
    let goal = choice(
        options,
        "solo",
        &[("score", SoloGoal::Score), ("win", SoloGoal::Win)],
    )?;
    if goal == Some(SoloGoal::Win) && !G::INFO.solo_win {
        return refuse(
            "solo",
            format!(
                "a 1-player {} game has no win; it is played for its score",
                G::INFO.title
            ),
        );
    }
    config.solo_goal = goal.unwrap_or(config.solo_goal);
    config.threads =
        number(options, "threads", *THREADS.start(), *THREADS.end())?.unwrap_or(config.threads);
    config.parallel = choice(
        options,
        "parallel",
        &[("root", Parallel::Root), ("tree", Parallel::Tree)],
    )?
    .unwrap_or(config.parallel);
    config.eval = eval_weights(options)?.unwrap_or(config.eval);
    Ok(bot)
}

fn alphabeta<G: Game>(options: &[(&str, &str)]) -> Result<AlphaBetaBot, BotSpecError> {
    check_keys("alphabeta", options, ALPHABETA_KEYS)?;
    let mut bot = AlphaBetaBot::default();
    bot.depth = number(options, "depth", 1, MAX_DEPTH)?.unwrap_or(bot.depth);
    bot.objective = choice(
        options,
        "objective",
        &[("margin", Objective::Margin), ("win", Objective::Win)],
    )?
    .unwrap_or(bot.objective);
    bot.hash_mb = number(options, "hash", 1, MAX_HASH_MB)?.unwrap_or(bot.hash_mb);
    if let Err(e) = TranspositionTable::<G::Action>::check(bot.hash_mb) {
        return refuse("hash", e.to_string());
    }
    if let Some(samples) = number(options, "samples", 0, 1_000)? {
        bot.chance_samples = (samples > 0).then_some(samples);
    }
    if let Some(ms) = number(options, "movetime", 1, 3_600_000)? {
        bot.movetime = Some(Duration::from_millis(ms));
        if value(options, "depth").is_none() {
            bot.depth = MAX_DEPTH;
        }
    }
    bot.threads = number(options, "threads", *THREADS.start(), *THREADS.end())?.unwrap_or(1);
    bot.eval = eval_weights(options)?.unwrap_or(bot.eval);
    Ok(bot)
}

/// The `eval` key: which of the game's weight sets the evaluation uses.
fn eval_weights(options: &[(&str, &str)]) -> Result<Option<EvalWeights>, BotSpecError> {
    choice(
        options,
        "eval",
        &[
            ("default", EvalWeights::Default),
            ("hand", EvalWeights::Hand),
            ("fitted", EvalWeights::Fitted),
        ],
    )
}
