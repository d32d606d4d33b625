//! Names and ranges of search options, once for every front end (bot specs, the bindings,
//! the command line): each check refuses with the option's name and what is wrong.

use std::ops::RangeInclusive;

use super::alphabeta::AlphaBetaConfig;
use super::ismcts::{Chance, IsmctsConfig, Parallel, Reward, Rollout, SoloGoal, Variant, Widening};
use super::objective::Objective;
use crate::game::{EvalWeights, GameInfo};
use crate::refusal::{refuse, Refusal};

/// A refused option value.
pub type OptionError = Refusal;

/// Transposition table sizes, in MiB (a size the machine cannot give is refused when the
/// table is made: `tt::TableError`).
pub const HASH_MB: RangeInclusive<usize> = 1..=super::tt::MAX_HASH_MB;
/// Search threads (ISMCTS, alpha-beta), or arena games played at once.
pub const THREADS: RangeInclusive<usize> = 1..=256;

/// A whole number within `range`, named `field` when refused.
pub fn check_range<T>(field: &str, value: T, range: RangeInclusive<T>) -> Result<T, OptionError>
where
    T: PartialOrd + std::fmt::Display + Copy,
{
    if range.contains(&value) {
        Ok(value)
    } else {
        refuse(
            field,
            crate::refusal::outside(value, range.start(), range.end()),
        )
    }
}

impl Objective {
    pub const NAMES: [&'static str; 2] = ["win", "margin"];

    pub fn name(self) -> &'static str {
        match self {
            Objective::Win => "win",
            Objective::Margin => "margin",
        }
    }

    pub fn from_name(name: &str) -> Result<Self, OptionError> {
        match name {
            "win" => Ok(Objective::Win),
            "margin" => Ok(Objective::Margin),
            other => refuse(
                "objective",
                format!("'{other}' is not an objective (win or margin)"),
            ),
        }
    }
}

impl Variant {
    pub fn name(self) -> &'static str {
        match self {
            Variant::So => "so",
            Variant::Mo => "mo",
        }
    }
}

impl Rollout {
    pub fn name(self) -> &'static str {
        match self {
            Rollout::Random => "random",
            Rollout::Heuristic { .. } => "heuristic",
            Rollout::Policy { .. } => "policy",
        }
    }
}

// ---- the declared options of the searches --------------------------------------------

/// The values a search option takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Values {
    /// A whole number in `low..=high`.
    Count { low: u64, high: u64 },
    /// A real number in `low..=high`.
    Real { low: f64, high: f64 },
    /// One of these words.
    Choice(&'static [&'static str]),
}

/// A search option, declared once: bot specs (`ismcts:rollout=random`), the bindings'
/// keyword arguments (`analyse(state, rollout="random")`), the Python checks and the
/// command line's options and their help all read [`SEARCH_OPTIONS`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchOption {
    pub name: &'static str,
    pub values: Values,
    /// The default, as a user would write it.
    pub default: &'static str,
    pub help: &'static str,
    /// Which searches take it.
    pub ismcts: bool,
    pub alphabeta: bool,
}

/// Which searches take an option: (ISMCTS, alpha-beta).
type Searches = (bool, bool);
const ISMCTS: Searches = (true, false);
const ALPHABETA: Searches = (false, true);
const BOTH: Searches = (true, true);

const fn declare(
    name: &'static str,
    values: Values,
    default: &'static str,
    help: &'static str,
    (ismcts, alphabeta): Searches,
) -> SearchOption {
    SearchOption {
        name,
        values,
        default,
        help,
        ismcts,
        alphabeta,
    }
}

/// Iterations of one ISMCTS search (a bot's per move).
pub const ITERATIONS: RangeInclusive<u64> = 1..=1_000_000_000;
/// Milliseconds of one search (a bot's per move).
pub const MOVETIME_MS: RangeInclusive<u64> = 1..=u32::MAX as u64;
/// Rollout plies before the evaluation; 0 plays every rollout out.
pub const CUTOFF: RangeInclusive<u64> = 0..=100_000;

const fn count(range: (u64, u64)) -> Values {
    Values::Count {
        low: range.0,
        high: range.1,
    }
}

const fn real(low: f64, high: f64) -> Values {
    Values::Real { low, high }
}

/// Every search option of the bots and the searches' entry points.
pub const SEARCH_OPTIONS: &[SearchOption] = &[
    declare(
        "iterations",
        count((*ITERATIONS.start(), *ITERATIONS.end())),
        "1000",
        "ISMCTS iterations (a bot's per move)",
        ISMCTS,
    ),
    declare(
        "movetime",
        count((*MOVETIME_MS.start(), *MOVETIME_MS.end())),
        "",
        "milliseconds to search (a bot's per move); replaces the iterations",
        BOTH,
    ),
    declare(
        "rollout",
        Values::Choice(&["random", "heuristic", "policy"]),
        "policy",
        "rollout moves: the game's priors (policy), its evaluation (heuristic) or random",
        ISMCTS,
    ),
    declare(
        "epsilon",
        real(0.0, 1.0),
        "0.1",
        "chance of a random move in policy and heuristic rollouts",
        ISMCTS,
    ),
    declare(
        "cutoff",
        count((*CUTOFF.start(), *CUTOFF.end())),
        "8",
        "rollout plies before the evaluation scores them; 0 plays every rollout out",
        ISMCTS,
    ),
    declare(
        "exploration",
        real(0.0, 100.0),
        "0.1",
        "UCB exploration constant",
        ISMCTS,
    ),
    declare(
        "reward",
        Values::Choice(&["graded", "win"]),
        "graded",
        "what a rollout is worth: win/loss graded by the score margin, or win/loss alone",
        ISMCTS,
    ),
    declare(
        "scale",
        real(0.001, 1000.0),
        "8",
        "graded reward: the score margin that counts as decisive",
        ISMCTS,
    ),
    declare(
        "margin",
        real(0.0, 1.0),
        "0.2",
        "graded reward: the weight of the margin beside the win",
        ISMCTS,
    ),
    declare(
        "prior",
        real(0.0, 100.0),
        "1",
        "weight of the game's move priors in the tree (0: none)",
        ISMCTS,
    ),
    declare(
        "widening",
        real(0.0, 1000.0),
        "2",
        "progressive widening: children tried at a node = widening x visits^exponent \
         (0: every child)",
        ISMCTS,
    ),
    declare(
        "widening_exponent",
        real(0.0, 1.0),
        "0.5",
        "progressive widening's exponent",
        ISMCTS,
    ),
    declare(
        "decisive",
        Values::Choice(&["on", "off"]),
        "on",
        "take a winning move and avoid a losing one without searching them",
        ISMCTS,
    ),
    declare(
        "variant",
        Values::Choice(&["so", "mo"]),
        "so",
        "single-observer (so) or multiple-observer (mo) ISMCTS",
        ISMCTS,
    ),
    declare(
        "solo",
        Values::Choice(&["score", "win"]),
        "score",
        "what a 1-player game is played for (win: only where a solo game can be won)",
        ISMCTS,
    ),
    declare(
        "threads",
        count((*THREADS.start() as u64, *THREADS.end() as u64)),
        "1",
        "threads searching together",
        BOTH,
    ),
    declare(
        "parallel",
        Values::Choice(&["root", "tree"]),
        "tree",
        "with threads: a tree each, merged at the root, or one shared tree",
        ISMCTS,
    ),
    declare(
        "chance",
        Values::Choice(&["merge", "branch"]),
        "merge",
        "chance outcomes in the tree: one node for all (merge) or a node each (branch)",
        ISMCTS,
    ),
    declare(
        "eval",
        Values::Choice(&["default", "hand", "fitted"]),
        "default",
        "the evaluation's weight set (default: the game's choice for the search)",
        BOTH,
    ),
    declare(
        "depth",
        count((1, super::alphabeta::MAX_DEPTH as u64)),
        "2",
        "alpha-beta depth in plies (128 with a movetime)",
        ALPHABETA,
    ),
    declare(
        "objective",
        Values::Choice(&["margin", "win"]),
        "margin",
        "the score margin, or the proven win",
        ALPHABETA,
    ),
    declare(
        "hash",
        count((*HASH_MB.start() as u64, *HASH_MB.end() as u64)),
        "2",
        "transposition table MiB",
        ALPHABETA,
    ),
    declare(
        "samples",
        count((0, 1_000)),
        "3",
        "outcomes searched at a chance node (0: every one)",
        ALPHABETA,
    ),
];

/// The declaration of `name`, if it is a search option.
pub fn search_option(name: &str) -> Option<&'static SearchOption> {
    SEARCH_OPTIONS.iter().find(|o| o.name == name)
}

/// Options given as `(name, text)` pairs (a bot spec's, or keyword arguments as text).
pub struct GivenOptions<'a> {
    pairs: &'a [(&'a str, &'a str)],
}

impl<'a> GivenOptions<'a> {
    pub fn new(pairs: &'a [(&'a str, &'a str)]) -> Self {
        GivenOptions { pairs }
    }

    /// Refuses a name that `search` does not take (`ismcts` or `alphabeta`).
    pub fn check_names(&self, search: &str) -> Result<(), Refusal> {
        let takes = |o: &SearchOption| {
            if search == "ismcts" {
                o.ismcts
            } else {
                o.alphabeta
            }
        };
        for &(name, _) in self.pairs {
            if search_option(name).is_some_and(takes) {
                continue;
            }
            let names: Vec<&str> = SEARCH_OPTIONS
                .iter()
                .filter(|o| takes(o))
                .map(|o| o.name)
                .collect();
            return refuse(
                name,
                format!(
                    "unknown option for {search} (expected one of: {})",
                    names.join(", ")
                ),
            );
        }
        Ok(())
    }

    pub fn text(&self, name: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| *k == name).map(|&(_, v)| v)
    }

    /// A whole number within its declared range, or `None` when not given.
    pub fn count(&self, name: &str) -> Result<Option<u64>, Refusal> {
        let Some(text) = self.text(name) else {
            return Ok(None);
        };
        let Some(Values::Count { low, high }) = search_option(name).map(|o| o.values) else {
            unreachable!("{name} is not a declared count");
        };
        // Any whole number, however large or negative, is reported as outside the range.
        match text.parse::<i128>() {
            Ok(n) if n >= low as i128 && n <= high as i128 => Ok(Some(n as u64)),
            Ok(_) => refuse(name, crate::refusal::outside(text, low, high)),
            Err(_) => refuse(name, format!("'{text}' is not a whole number")),
        }
    }

    /// A real number within its declared range, or `None` when not given.
    pub fn real(&self, name: &str) -> Result<Option<f64>, Refusal> {
        let Some(text) = self.text(name) else {
            return Ok(None);
        };
        let Some(Values::Real { low, high }) = search_option(name).map(|o| o.values) else {
            unreachable!("{name} is not a declared real");
        };
        match text.parse::<f64>() {
            Ok(x) if (low..=high).contains(&x) => Ok(Some(x)),
            Ok(x) => refuse(name, crate::refusal::outside(x, low, high)),
            Err(_) => refuse(name, format!("'{text}' is not a number")),
        }
    }

    /// One of the declared words, as the value `choices` gives it (in declared order).
    pub fn choice<T: Copy>(&self, name: &str, choices: &[T]) -> Result<Option<T>, Refusal> {
        let Some(text) = self.text(name) else {
            return Ok(None);
        };
        let Some(Values::Choice(words)) = search_option(name).map(|o| o.values) else {
            unreachable!("{name} is not a declared choice");
        };
        debug_assert_eq!(words.len(), choices.len(), "{name}: a value per word");
        match words.iter().position(|w| *w == text) {
            Some(i) => Ok(Some(choices[i])),
            None => refuse(
                name,
                format!("'{text}' is not one of: {}", words.join(", ")),
            ),
        }
    }
}

/// Sets the ISMCTS options given (all but the budget: `iterations`, `movetime`) on
/// `config`; what is not given keeps its value. `info` is the game's, for `solo`.
pub fn apply_ismcts_options(
    config: &mut IsmctsConfig,
    given: &GivenOptions<'_>,
    info: &GameInfo,
) -> Result<(), Refusal> {
    config.variant = given
        .choice("variant", &[Variant::So, Variant::Mo])?
        .unwrap_or(config.variant);
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Policy,
        Heuristic,
        Random,
    }
    let kind = given
        .choice("rollout", &[Kind::Random, Kind::Heuristic, Kind::Policy])?
        .unwrap_or(match config.rollout {
            Rollout::Random => Kind::Random,
            Rollout::Heuristic { .. } => Kind::Heuristic,
            Rollout::Policy { .. } => Kind::Policy,
        });
    let epsilon = given.real("epsilon")?;
    let old_epsilon = match config.rollout {
        Rollout::Heuristic { epsilon } | Rollout::Policy { epsilon } => epsilon,
        Rollout::Random => DEFAULT_EPSILON,
    };
    config.rollout = match (kind, epsilon) {
        (Kind::Random, Some(_)) => {
            return refuse("epsilon", "only used with rollout=heuristic or policy")
        }
        (Kind::Random, None) => Rollout::Random,
        (Kind::Heuristic, e) => Rollout::Heuristic {
            epsilon: e.unwrap_or(old_epsilon),
        },
        (Kind::Policy, e) => Rollout::Policy {
            epsilon: e.unwrap_or(old_epsilon),
        },
    };
    if let Some(cutoff) = given.count("cutoff")? {
        config.rollout_cutoff = (cutoff > 0).then_some(cutoff as u32);
    }
    config.exploration = given.real("exploration")?.unwrap_or(config.exploration);
    let graded = given.choice("reward", &[true, false])?;
    let scale = given.real("scale")?;
    let margin = given.real("margin")?;
    let (old_scale, old_margin) = match config.reward {
        Reward::Graded {
            scale,
            margin_weight,
        } => (scale, margin_weight),
        Reward::WinLoss => (8.0, 0.2),
    };
    let graded = graded.unwrap_or(matches!(config.reward, Reward::Graded { .. }));
    config.reward = match (graded, scale.or(margin)) {
        (false, Some(_)) => {
            let key = if scale.is_some() { "scale" } else { "margin" };
            return refuse(key, "only used with reward=graded");
        }
        (false, None) => Reward::WinLoss,
        (true, _) => Reward::Graded {
            scale: scale.unwrap_or(old_scale),
            margin_weight: margin.unwrap_or(old_margin),
        },
    };
    config.prior_weight = given.real("prior")?.unwrap_or(config.prior_weight);
    let exponent = given.real("widening_exponent")?;
    if let Some(base) = given.real("widening")? {
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
    config.decisive = given
        .choice("decisive", &[true, false])?
        .unwrap_or(config.decisive);
    let goal = given.choice("solo", &[SoloGoal::Score, SoloGoal::Win])?;
    if goal == Some(SoloGoal::Win) && !info.solo_win {
        return refuse(
            "solo",
            format!(
                "a 1-player {} game has no win; it is played for its score",
                info.title
            ),
        );
    }
    config.solo_goal = goal.unwrap_or(config.solo_goal);
    if let Some(threads) = given.count("threads")? {
        config.threads = threads as usize;
    }
    config.parallel = given
        .choice("parallel", &[Parallel::Root, Parallel::Tree])?
        .unwrap_or(config.parallel);
    let chance = given.choice("chance", &[Chance::Merge, Chance::Branch])?;
    if chance == Some(Chance::Branch) && info.hidden_information {
        return refuse(
            "chance",
            format!(
                "{} has hidden information: a branch on a draw another player sees alone \
                 would show it to the tree",
                info.title
            ),
        );
    }
    config.chance = chance.unwrap_or(config.chance);
    config.eval = eval_weights(given)?.unwrap_or(config.eval);
    Ok(())
}

/// The alpha-beta options of `given` ([`SEARCH_OPTIONS`]) set on `config`, the one reader
/// of them for bot specs and `solve(**options)`: `objective`, `hash`, `samples` (0:
/// every outcome), `threads` and `eval`. The budget (`depth`, `movetime`) is the
/// caller's: it is a limit, not a setting.
pub fn apply_alphabeta_options(
    config: &mut AlphaBetaConfig,
    given: &GivenOptions<'_>,
) -> Result<(), Refusal> {
    config.objective = given
        .choice("objective", &[Objective::Margin, Objective::Win])?
        .unwrap_or(config.objective);
    if let Some(mb) = given.count("hash")? {
        config.hash_mb = mb as usize;
    }
    if let Some(samples) = given.count("samples")? {
        config.chance_samples = (samples > 0).then_some(samples as u32);
    }
    if let Some(threads) = given.count("threads")? {
        config.threads = threads as usize;
    }
    config.eval = eval_weights(given)?.unwrap_or(config.eval);
    Ok(())
}

/// The `eval` option: which of the game's weight sets the evaluation uses.
pub fn eval_weights(given: &GivenOptions<'_>) -> Result<Option<EvalWeights>, Refusal> {
    given.choice(
        "eval",
        &[EvalWeights::Default, EvalWeights::Hand, EvalWeights::Fitted],
    )
}

/// The chance of a random rollout move when none was set.
pub const DEFAULT_EPSILON: f64 = 0.1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabeta_options_set_the_config_and_refuse_by_name() {
        let mut config = AlphaBetaConfig::default();
        let pairs = [("samples", "2"), ("eval", "hand"), ("objective", "margin")];
        apply_alphabeta_options(&mut config, &GivenOptions::new(&pairs)).unwrap();
        assert_eq!(config.chance_samples, Some(2));
        assert_eq!(config.eval, EvalWeights::Hand);
        assert_eq!(config.objective, Objective::Margin);
        assert_eq!(config.hash_mb, AlphaBetaConfig::default().hash_mb);
        let every = [("samples", "0")];
        apply_alphabeta_options(&mut config, &GivenOptions::new(&every)).unwrap();
        assert_eq!(config.chance_samples, None, "0: every outcome");
        let bad = [("hash", "0")];
        let refused = apply_alphabeta_options(&mut config, &GivenOptions::new(&bad));
        assert_eq!(refused.unwrap_err().field, "hash");
    }

    #[test]
    fn names_read_back_and_bad_values_name_their_option() {
        for name in Objective::NAMES {
            assert_eq!(Objective::from_name(name).unwrap().name(), name);
        }
        assert_eq!(Objective::from_name("draw").unwrap_err().field, "objective");
        for (name, text) in [
            ("epsilon", "NaN"),
            ("epsilon", "1.5"),
            ("exploration", "inf"),
        ] {
            let pairs = [(name, text)];
            assert_eq!(
                GivenOptions::new(&pairs).real(name).unwrap_err().field,
                name
            );
        }
        let error = check_range("hash", 0, HASH_MB).unwrap_err();
        assert_eq!(error.to_string(), "hash: 0 is outside 1–65,536");
        assert_eq!(check_range("threads", 2, THREADS), Ok(2));
    }

    #[test]
    fn every_declared_option_is_unique_and_taken_by_some_search() {
        for (i, option) in SEARCH_OPTIONS.iter().enumerate() {
            assert!(option.ismcts || option.alphabeta, "{}", option.name);
            assert!(
                SEARCH_OPTIONS[..i].iter().all(|o| o.name != option.name),
                "{} twice",
                option.name
            );
            assert!(!option.help.is_empty(), "{}", option.name);
        }
    }

    #[test]
    fn chance_branches_only_where_nothing_is_hidden() {
        use crate::Game;
        let century = crate::games::century::Century::INFO;
        let golem = crate::games::golem_cranio::State::INFO;
        let pairs = [("chance", "branch")];
        let mut config = IsmctsConfig::default();
        apply_ismcts_options(&mut config, &GivenOptions::new(&pairs), &century).unwrap();
        assert_eq!(config.chance, Chance::Branch);
        let refused =
            apply_ismcts_options(&mut config, &GivenOptions::new(&pairs), &golem).unwrap_err();
        assert_eq!(refused.field, "chance");
        assert!(
            refused.to_string().contains("hidden information"),
            "{refused}"
        );
    }

    #[test]
    fn the_declared_defaults_are_the_configs_defaults() {
        // Every ISMCTS option set to its declared default leaves the tuned config as is.
        use crate::Game;
        let info = crate::games::century::Century::INFO;
        let pairs: Vec<(&str, &str)> = SEARCH_OPTIONS
            .iter()
            .filter(|o| o.ismcts && !o.default.is_empty())
            .filter(|o| !matches!(o.name, "iterations" | "movetime"))
            .map(|o| (o.name, o.default))
            .collect();
        let mut config = IsmctsConfig::default();
        apply_ismcts_options(&mut config, &GivenOptions::new(&pairs), &info).unwrap();
        assert_eq!(config, IsmctsConfig::default());
    }

    #[test]
    fn declared_ranges_and_words_are_the_ones_enforced() {
        for option in SEARCH_OPTIONS {
            let name = option.name;
            match option.values {
                Values::Count { low, high } => {
                    let (lo, hi) = (low.to_string(), high.to_string());
                    let pairs = [(name, lo.as_str())];
                    assert_eq!(GivenOptions::new(&pairs).count(name), Ok(Some(low)));
                    let pairs = [(name, hi.as_str())];
                    assert_eq!(GivenOptions::new(&pairs).count(name), Ok(Some(high)));
                    let above = (high as u128 + 1).to_string();
                    let pairs = [(name, above.as_str())];
                    let refused = GivenOptions::new(&pairs).count(name).unwrap_err();
                    assert_eq!(refused.message, crate::refusal::outside(&above, low, high));
                }
                Values::Real { low, high } => {
                    let above = (high + 1.0).to_string();
                    let pairs = [(name, above.as_str())];
                    assert!(GivenOptions::new(&pairs).real(name).is_err(), "{name}");
                    let lo = low.to_string();
                    let pairs = [(name, lo.as_str())];
                    assert_eq!(GivenOptions::new(&pairs).real(name), Ok(Some(low)));
                }
                Values::Choice(words) => {
                    let indices: Vec<usize> = (0..words.len()).collect();
                    for (i, word) in words.iter().enumerate() {
                        let pairs = [(name, *word)];
                        let given = GivenOptions::new(&pairs);
                        assert_eq!(given.choice(name, &indices), Ok(Some(i)));
                    }
                    let pairs = [(name, "nonsense")];
                    assert!(GivenOptions::new(&pairs).choice(name, &indices).is_err());
                }
            }
        }
    }

    #[test]
    fn a_negative_or_huge_count_is_outside_its_range() {
        let pairs = [("cutoff", "-1")];
        let refused = GivenOptions::new(&pairs).count("cutoff").unwrap_err();
        assert_eq!(refused.to_string(), "cutoff: -1 is outside 0–100,000");
        let pairs = [("cutoff", "1.5")];
        let refused = GivenOptions::new(&pairs).count("cutoff").unwrap_err();
        assert_eq!(refused.message, "'1.5' is not a whole number");
    }
}
