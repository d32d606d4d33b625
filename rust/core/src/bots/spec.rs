//! Bot specs: `KIND[:KEY=VALUE,...]`, e.g. `random`, `greedy`,
//! `ismcts:iterations=1000,rollout=heuristic,cutoff=40`, `alphabeta:depth=3,objective=margin`.
//!
//! | kind | options |
//! | --- | --- |
//! | `random` | none |
//! | game policies (Century: `greedy`) | none |
//! | `ismcts` | every option of `search::options::SEARCH_OPTIONS` that ISMCTS takes: the budget (`iterations`, default 1000, or `movetime` ms per move) and the search's own (`rollout`, `epsilon`, `cutoff`, `exploration`, `reward`, `scale`, `margin`, `prior`, `widening`, `widening_exponent`, `decisive`, `variant`, `solo`, `threads`, `parallel`, `chance`, `eval`) |
//! | `alphabeta` | those alpha-beta takes: `depth` (2; 128 with `movetime`), `objective`, `hash` MiB (at most the memory available), `samples`, `movetime` ms per move, `threads`, `eval` |
//!
//! Names, ranges, defaults and help are declared once there (docs/search.md lists them).
//!
//! A refusal names the offending key (or `bot` for the kind) and says what is wrong.

use std::time::Duration;

use super::{AlphaBetaBot, Bot, IsmctsBot, Policies, RandomBot};
use crate::refusal::{refuse, Refusal};
use crate::search::alphabeta::AlphaBetaConfig;
use crate::search::alphabeta::MAX_DEPTH;
use crate::search::options::{apply_alphabeta_options, apply_ismcts_options, GivenOptions};
use crate::search::tt::TranspositionTable;
use crate::Game;

/// A refused spec: `field` is the bad key, or `bot` when the kind itself is wrong.
pub type BotSpecError = Refusal;

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

fn ismcts<G: Game>(options: &[(&str, &str)]) -> Result<IsmctsBot, BotSpecError> {
    let given = GivenOptions::new(options);
    given.check_names("ismcts")?;
    let mut bot = IsmctsBot::default();
    let iterations = given.count("iterations")?;
    let movetime = given.count("movetime")?;
    if iterations.is_some() && movetime.is_some() {
        return refuse("movetime", "give either iterations or movetime");
    }
    bot.iterations = iterations.unwrap_or(bot.iterations);
    bot.movetime = movetime.map(Duration::from_millis);
    apply_ismcts_options(&mut bot.config, &given, &G::INFO)?;
    Ok(bot)
}

fn alphabeta<G: Game>(options: &[(&str, &str)]) -> Result<AlphaBetaBot, BotSpecError> {
    let given = GivenOptions::new(options);
    given.check_names("alphabeta")?;
    let mut bot = AlphaBetaBot::default();
    bot.depth = given.count("depth")?.map_or(bot.depth, |d| d as u32);
    let mut config = AlphaBetaConfig {
        objective: bot.objective,
        hash_mb: bot.hash_mb,
        chance_samples: bot.chance_samples,
        threads: bot.threads,
        eval: bot.eval,
        ..AlphaBetaConfig::default()
    };
    apply_alphabeta_options(&mut config, &given)?;
    if let Err(e) = TranspositionTable::<G::Action>::check(config.hash_mb) {
        return refuse("hash", e.to_string());
    }
    if let Some(ms) = given.count("movetime")? {
        bot.movetime = Some(Duration::from_millis(ms));
        if given.text("depth").is_none() {
            bot.depth = MAX_DEPTH;
        }
    }
    bot.objective = config.objective;
    bot.hash_mb = config.hash_mb;
    bot.chance_samples = config.chance_samples;
    bot.threads = config.threads;
    bot.eval = config.eval;
    Ok(bot)
}
