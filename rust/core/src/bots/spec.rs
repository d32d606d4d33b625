//! Bot specs: `KIND[:KEY=VALUE,...]`, e.g. `random`, `greedy`,
//! `ismcts:iterations=1000,rollout=heuristic,cutoff=40`, `alphabeta:depth=3,objective=margin`.
//!
//! | kind | options (default) |
//! | --- | --- |
//! | `random` | none |
//! | game policies (Century: `greedy`) | none |
//! | `ismcts` | `iterations` (1000), `rollout` = `random` or `heuristic` (random), `epsilon` (0.1, heuristic rollouts only), `cutoff` (none: play out to the end), `exploration` (0.7), `variant` = `so` or `mo` (so) |
//! | `alphabeta` | `depth` (2), `objective` = `margin` or `win` (margin), `hash` MiB (2, at most `MAX_HASH_MB` and the memory available) |
//!
//! A refusal names the offending key (or `bot` for the kind) and says what is wrong.

use std::str::FromStr;

use super::{AlphaBetaBot, Bot, IsmctsBot, Policies, RandomBot};
use crate::search::alphabeta::MAX_DEPTH;
use crate::search::ismcts::{Rollout, Variant};
use crate::search::objective::Objective;
use crate::search::tt::{TranspositionTable, MAX_HASH_MB};
use crate::Game;

/// A refused spec: `field` is the bad key, or `bot` when the kind itself is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct BotSpecError {
    pub field: String,
    pub message: String,
}

fn refuse<T>(field: &str, message: impl Into<String>) -> Result<T, BotSpecError> {
    Err(BotSpecError {
        field: field.to_string(),
        message: message.into(),
    })
}

const ISMCTS_KEYS: &[&str] = &[
    "iterations",
    "rollout",
    "epsilon",
    "cutoff",
    "exploration",
    "variant",
];
const ALPHABETA_KEYS: &[&str] = &["depth", "objective", "hash"];

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
        "ismcts" => Ok(Box::new(ismcts(&options)?)),
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

fn ismcts(options: &[(&str, &str)]) -> Result<IsmctsBot, BotSpecError> {
    check_keys("ismcts", options, ISMCTS_KEYS)?;
    let mut bot = IsmctsBot::default();
    bot.iterations = number(options, "iterations", 1, 100_000_000)?.unwrap_or(bot.iterations);
    bot.variant = choice(
        options,
        "variant",
        &[("so", Variant::So), ("mo", Variant::Mo)],
    )?
    .unwrap_or(bot.variant);
    let heuristic = choice(
        options,
        "rollout",
        &[("random", false), ("heuristic", true)],
    )?;
    let epsilon = number(options, "epsilon", 0.0, 1.0)?;
    bot.rollout = match (heuristic, epsilon) {
        (Some(true), epsilon) => Rollout::Heuristic {
            epsilon: epsilon.unwrap_or(IsmctsBot::DEFAULT_EPSILON),
        },
        (_, Some(_)) => return refuse("epsilon", "only used with rollout=heuristic"),
        _ => Rollout::Random,
    };
    bot.cutoff = number(options, "cutoff", 1, 100_000)?;
    bot.exploration = number(options, "exploration", 0.0, 100.0)?.unwrap_or(bot.exploration);
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
    Ok(bot)
}
