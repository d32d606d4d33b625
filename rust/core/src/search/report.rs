//! The two searches as a front end asks for them: from any state (forced chance events
//! played first), with their answer as plain data (serde) whose moves are texts and whose
//! values are in the objective's terms. The bindings hand these to Python as dicts, the
//! command line prints them, `--json` writes them.

use serde::{Serialize, Serializer};

use super::alphabeta::{self, AlphaBetaConfig, AlphaBetaResult};
use super::ismcts::{self, IsmctsConfig, IsmctsResult, Reward, SoloGoal};
use super::limits::Budget;
use super::objective::{verdict, Objective, Verdict};
use super::options::{apply_ismcts_options, GivenOptions};
use super::root::{decision_root, line_texts};
use super::solo::{solo_root, solo_value, SoloOrder, SoloRoot};
use super::{Limits, StopFlag};
use crate::refusal::{refuse, Refusal};
use crate::Game;

/// A line as texts: `pv` up to the first chance event, and the first step that is not
/// legal, if the search gave one (a bug, reported rather than hidden).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineReport {
    pub pv: Vec<String>,
    pub pv_illegal: Option<IllegalStep>,
}

/// An illegal step of a line: its ply (from 1) and its action id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct IllegalStep {
    pub ply: usize,
    pub action: u64,
}

fn line_report<G: Game>(root: &G, line: &[G::Action]) -> LineReport {
    let texts = line_texts(root, line);
    LineReport {
        pv: texts.texts,
        pv_illegal: texts
            .illegal
            .map(|(ply, action)| IllegalStep { ply, action }),
    }
}

/// A number as a reader expects it: whole values (score differences) as integers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Number(pub f64);

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Expectations sum probabilities: round off the float noise (-9.999999999999998).
        let rounded = (self.0 * 1e9).round() / 1e9;
        let value = if rounded.is_finite() { rounded } else { self.0 };
        if value.fract() == 0.0 && value.abs() < 1e15 {
            serializer.serialize_i64(value as i64)
        } else {
            serializer.serialize_f64(value)
        }
    }
}

/// An alpha-beta value in its objective's terms.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Valuation {
    /// `win`: `win`, `loss` (each in `plies`) or `unproven`.
    Proof {
        result: &'static str,
        plies: Option<u32>,
    },
    /// `margin`: the score difference, `exact` when no horizon estimate is below it.
    Margin { value: Number, exact: bool },
}

impl Valuation {
    fn new(objective: Objective, value: f64, settled: bool) -> Self {
        match objective {
            Objective::Win => {
                let (result, plies) = match verdict(value) {
                    Verdict::Win { plies } => ("win", Some(plies)),
                    Verdict::Loss { plies } => ("loss", Some(plies)),
                    Verdict::Unproven => ("unproven", None),
                };
                Valuation::Proof { result, plies }
            }
            Objective::Margin => Valuation::Margin {
                value: Number(value),
                exact: settled,
            },
        }
    }
}

/// What both searches report first: what ran, the answer and its cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cost {
    pub algorithm: &'static str,
    pub best: Option<String>,
    pub nodes: u64,
    pub seconds: f64,
    pub nps: u64,
}

fn cost(algorithm: &'static str, best: Option<String>, nodes: u64, seconds: f64) -> Cost {
    Cost {
        algorithm,
        best,
        nodes,
        seconds,
        nps: (nodes as f64 / seconds.max(1e-9)) as u64,
    }
}

/// One root move of an alpha-beta search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveMove {
    #[serde(rename = "move")]
    pub text: String,
    #[serde(flatten)]
    pub valuation: Valuation,
    #[serde(flatten)]
    pub line: LineReport,
    /// Solo games: the move's expected final score (null where the value is an
    /// estimate at the horizon, not the final score); absent with several players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_score: Option<Option<f64>>,
    /// Solo games: the move's exact chance to win under the play searched for (null where
    /// it is not known); absent with several players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo_win: Option<Option<f64>>,
}

/// An alpha-beta search's answer (`solve`), also sent after every iteration.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveReport {
    #[serde(flatten)]
    pub cost: Cost,
    #[serde(flatten)]
    pub line: LineReport,
    pub objective: &'static str,
    #[serde(flatten)]
    pub valuation: Valuation,
    pub depth: u32,
    pub hashfull: u32,
    pub stopped: bool,
    /// Draws per chance node too large to list (Golem's drops), if the search met one.
    pub chance_sampled: Option<u32>,
    pub moves: Vec<SolveMove>,
    /// Chance events with one outcome played before the decision searched.
    pub forced: Vec<String>,
    /// Solo games: the best move's [`SolveMove::expected_score`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_score: Option<Option<f64>>,
    /// Solo games: the best move's [`SolveMove::solo_win`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo_win: Option<Option<f64>>,
}

fn solve_report<G: Game>(
    root: &G,
    objective: Objective,
    result: &AlphaBetaResult<G::Action>,
    forced: &[String],
) -> SolveReport {
    let best = result.best.map(|a| root.action_to_text(a));
    SolveReport {
        cost: cost("alphabeta", best, result.nodes, result.seconds),
        line: line_report(root, &result.pv),
        // Alone, a margin is the score itself, and the objective reads so.
        objective: match objective {
            Objective::Margin if root.num_players() == 1 => "score",
            _ => objective.name(),
        },
        valuation: Valuation::new(objective, result.value, result.settled),
        depth: result.depth,
        hashfull: result.hashfull,
        stopped: result.stopped,
        chance_sampled: result.chance_sampled,
        moves: result
            .moves
            .iter()
            .map(|m| SolveMove {
                text: root.action_to_text(m.action),
                valuation: Valuation::new(objective, m.value, m.settled),
                line: line_report(root, &m.pv),
                expected_score: None,
                solo_win: None,
            })
            .collect(),
        forced: forced.to_vec(),
        expected_score: None,
        solo_win: None,
    }
}

/// States an exact solo valuation may visit (per root move for the chance to win beside
/// an exact score; in all for the best chance to win) before it gives up.
const SOLO_VALUE_NODES: u64 = 1_000_000;

/// A solo answer to `score`: per root move, its expected final score where the value is
/// exact (not a horizon estimate) and its exact chance to win under best play for score
/// (None where the rest of the game is too large to value); the best move's at the top.
fn add_solo_values<G: Game>(root: &G, report: &mut SolveReport) {
    let best = report.cost.best.clone();
    for entry in &mut report.moves {
        let exact = match &entry.valuation {
            Valuation::Margin { value, exact: true } => Some(value.0),
            _ => None,
        };
        let value = match root.action_from_text(&entry.text) {
            Ok(action) if exact.is_some() => {
                let mut child = *root;
                child.apply(action);
                solo_value(&child, SOLO_VALUE_NODES)
            }
            _ => None,
        };
        entry.expected_score = Some(exact);
        // A game that cannot be won alone (Golem) has no chance to report.
        entry.solo_win = G::INFO.solo_win.then_some(value.map(|v| v.win_chance));
        if best.as_deref() == Some(entry.text.as_str()) {
            report.expected_score = entry.expected_score;
            report.solo_win = entry.solo_win;
        }
    }
    if report.cost.best.is_none() {
        report.expected_score = Some(None);
        report.solo_win = G::INFO.solo_win.then_some(None);
    }
}

/// A solo answer to `win` that alpha-beta's proof could give: a move proven to win has
/// chance 1, one proven to lose chance 0, the others unknown; no expected score.
fn add_solo_proofs(report: &mut SolveReport) {
    let chance = |valuation: &Valuation| match valuation {
        Valuation::Proof { result: "win", .. } => Some(1.0),
        Valuation::Proof { result: "loss", .. } => Some(0.0),
        _ => None,
    };
    for entry in &mut report.moves {
        entry.expected_score = Some(None);
        entry.solo_win = Some(chance(&entry.valuation));
    }
    report.expected_score = Some(None);
    report.solo_win = Some(chance(&report.valuation));
}

/// The answer to `win` alone when the whole rest of the game could be valued: every move
/// with its exact chance to win under play for that chance, and its expected score.
fn solo_win_report<G: Game>(
    root: &G,
    exact: &SoloRoot<G::Action>,
    seconds: f64,
    forced: &[String],
) -> SolveReport {
    let chance = |v: &super::solo::SoloValue| Valuation::Margin {
        value: Number(v.win_chance),
        exact: true,
    };
    let moves: Vec<SolveMove> = exact
        .moves
        .iter()
        .enumerate()
        .map(|(i, (action, value))| SolveMove {
            text: root.action_to_text(*action),
            valuation: chance(value),
            line: line_report(
                root,
                if i == 0 {
                    &exact.pv
                } else {
                    std::slice::from_ref(action)
                },
            ),
            expected_score: Some(Some(value.expected_score)),
            solo_win: Some(Some(value.win_chance)),
        })
        .collect();
    let top = exact.moves.first().map(|(_, v)| *v);
    SolveReport {
        cost: cost(
            "alphabeta",
            moves.first().map(|m| m.text.clone()),
            exact.nodes,
            seconds,
        ),
        line: line_report(root, &exact.pv),
        objective: "win",
        valuation: top.map(|v| chance(&v)).unwrap_or(Valuation::Margin {
            value: Number(0.0),
            exact: true,
        }),
        depth: exact.depth,
        hashfull: 0,
        stopped: false,
        chance_sampled: None,
        moves,
        forced: forced.to_vec(),
        expected_score: Some(top.map(|v| v.expected_score)),
        solo_win: Some(top.map(|v| v.win_chance)),
    }
}

/// Alpha-beta from `state` (see [`decision_root`]), `report` called after every
/// iteration. Alone, the answer carries each move's expected score and chance to win
/// where they are known, and `win` (the best chance to win, which a proof cannot rank)
/// is an exact expectimax of that chance whenever the rest of the game is small enough.
pub fn solve<G: Game>(
    state: &G,
    limits: Limits,
    config: &AlphaBetaConfig,
    stop: &StopFlag,
    report: &mut dyn FnMut(&SolveReport),
) -> Result<SolveReport, Refusal> {
    let (root, forced) = decision_root(state)?;
    let objective = config.objective;
    let solo = root.num_players() == 1;
    let mut limits = limits;
    if solo && objective == Objective::Win {
        // The exact walk gets half the time; a proof search the rest if it gives up.
        let walk_limits = Limits {
            movetime: limits.movetime.map(|t| t / 2),
            ..limits
        };
        let budget = Budget::new(walk_limits, stop.clone());
        if let Some(exact) = solo_root(&root, SoloOrder::Win, SOLO_VALUE_NODES, budget.clone()) {
            let answer = solo_win_report(&root, &exact, budget.elapsed().as_secs_f64(), &forced);
            report(&answer);
            return Ok(answer);
        }
        limits.movetime = limits.movetime.map(|t| t.saturating_sub(budget.elapsed()));
    }
    let result = alphabeta::try_search(&root, limits, config, stop, &mut |progress| {
        report(&solve_report(&root, objective, progress, &forced))
    })
    .map_err(|e| Refusal::new("hash", e.to_string()))?;
    let mut answer = solve_report(&root, objective, &result, &forced);
    if solo {
        match objective {
            Objective::Margin => add_solo_values(&root, &mut answer),
            Objective::Win => add_solo_proofs(&mut answer),
        }
    }
    Ok(answer)
}

/// One root move of an ISMCTS search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisMove {
    #[serde(rename = "move")]
    pub text: String,
    pub visits: u64,
    pub value: f64,
    pub available: u64,
    /// Solo games: the mean final score through the move; absent with several players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_score: Option<Option<f64>>,
    /// Solo games: the share of finished rollouts through the move that were won.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo_win: Option<Option<f64>>,
}

/// An ISMCTS search's answer (`analyse`), also sent every `report_every` iterations.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisReport {
    #[serde(flatten)]
    pub cost: Cost,
    #[serde(flatten)]
    pub line: LineReport,
    /// `win` or `score`.
    pub objective: &'static str,
    pub value: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_score: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo_win: Option<Option<f64>>,
    pub iterations: u64,
    pub tree_size: u64,
    pub moves: Vec<AnalysisMove>,
    pub forced: Vec<String>,
}

fn analysis_report<G: Game>(
    root: &G,
    objective: &'static str,
    result: &IsmctsResult<G::Action>,
    forced: &[String],
) -> AnalysisReport {
    let solo = root.num_players() == 1;
    let only_solo = |value: Option<f64>| solo.then_some(value);
    // A game that cannot be won alone (Golem) reports no chance to win: its sole seat
    // "wins" every game by the returns, which says nothing.
    let winnable = |value: Option<f64>| (solo && G::INFO.solo_win).then_some(value);
    let best = Some(root.action_to_text(result.best));
    AnalysisReport {
        cost: cost("ismcts", best, result.nodes, result.seconds),
        line: line_report(root, &result.pv),
        objective,
        value: result.value,
        expected_score: only_solo(result.expected_score),
        solo_win: winnable(result.solo_win),
        iterations: result.iterations,
        tree_size: result.tree_size,
        moves: result
            .moves
            .iter()
            .map(|m| AnalysisMove {
                text: root.action_to_text(m.action),
                visits: m.visits,
                value: m.value,
                available: m.available,
                expected_score: only_solo(m.expected_score),
                solo_win: winnable(m.solo_win),
            })
            .collect(),
        forced: forced.to_vec(),
    }
}

/// What an analysis plays for: `win` (the default with several players) or `score` (the
/// default alone, and the only goal of a solo game that cannot be won); sets the config's
/// goal to match.
fn analysis_objective<G: Game>(
    root: &G,
    asked: Option<&str>,
    config: &mut IsmctsConfig,
) -> Result<&'static str, Refusal> {
    let solo = root.num_players() == 1;
    let objective = match asked {
        None if solo => "score",
        None => "win",
        Some("score") => "score",
        Some("win") => "win",
        Some(other) => return refuse("objective", format!("'{other}' is not one of score, win")),
    };
    if solo {
        if objective == "win" && !G::INFO.solo_win {
            return refuse(
                "objective",
                format!(
                    "a 1-player {} game has no win; it is played for its score",
                    G::INFO.title
                ),
            );
        }
        config.solo_goal = if objective == "win" {
            SoloGoal::Win
        } else {
            SoloGoal::Score
        };
    } else if objective == "score" {
        // Several players, for score: the margin alone, not the win.
        if let Reward::Graded { scale, .. } = config.reward {
            config.reward = Reward::Graded {
                scale,
                margin_weight: 1.0,
            };
        }
    }
    Ok(objective)
}

/// The root moves named by `texts` (`only[i]` names a refused one).
fn root_moves<G: Game>(root: &G, texts: &[String]) -> Result<Vec<G::Action>, Refusal> {
    if texts.is_empty() {
        return refuse("only", "give at least one move");
    }
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            root.action_from_text(text)
                .map_err(|e| Refusal::new(format!("only[{i}]"), format!("'{text}': {e}")))
        })
        .collect()
}

/// What an analysis is asked beyond its budget: the root moves to restrict it to (texts;
/// `None`: every legal move), its objective (`None`: the default) and the search options
/// given by name ([`GivenOptions`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct AnalysisAsk<'a> {
    pub only: Option<&'a [String]>,
    pub objective: Option<&'a str>,
    pub options: &'a [(&'a str, &'a str)],
}

/// ISMCTS from `state` (see [`decision_root`]) with `config` as given and the options of
/// `ask` applied to it; `report` gets every progress report.
pub fn analyse<G: Game>(
    state: &G,
    ask: AnalysisAsk<'_>,
    limits: Limits,
    config: &IsmctsConfig,
    stop: &StopFlag,
    report: &mut dyn FnMut(&AnalysisReport),
) -> Result<AnalysisReport, Refusal> {
    let (root, forced) = decision_root(state)?;
    let mut legal = Vec::new();
    root.legal_actions(&mut legal);
    if legal.is_empty() {
        return refuse("position", "the player to move has no legal move");
    }
    let only = ask.only.map(|texts| root_moves(&root, texts)).transpose()?;
    let mut config = *config;
    apply_ismcts_options(&mut config, &GivenOptions::new(ask.options), &G::INFO)?;
    let objective = analysis_objective(&root, ask.objective, &mut config)?;
    let result = ismcts::search_among(
        &root,
        only.as_deref(),
        limits,
        &config,
        stop,
        &mut |progress| report(&analysis_report(&root, objective, progress, &forced)),
    );
    Ok(analysis_report(&root, objective, &result, &forced))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::century::Century;

    fn opening() -> Century {
        Century::from_text(include_str!("../../data/bench/century/2p-opening.toml")).unwrap()
    }

    #[test]
    fn a_solve_reports_its_moves_as_texts_in_its_objectives_terms() {
        let state = opening();
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let mut iterations = 0;
        let config = AlphaBetaConfig {
            objective: Objective::Margin,
            ..AlphaBetaConfig::default()
        };
        let report = solve(&state, limits, &config, &StopFlag::default(), &mut |_| {
            iterations += 1
        })
        .unwrap();
        assert_eq!(iterations, 2);
        assert_eq!(report.cost.algorithm, "alphabeta");
        assert_eq!(report.depth, 2);
        let best = report.cost.best.clone().unwrap();
        assert_eq!(report.moves[0].text, best);
        assert!(state.action_from_text(&best).is_ok());
        assert!(matches!(report.valuation, Valuation::Margin { .. }));
        assert_eq!(report.solo_win, None, "two players: no solo chances");
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["best"], best.as_str());
        assert_eq!(json["moves"][0]["move"], best.as_str());
        assert!(json.get("solo_win").is_none());
        assert!(json["value"].is_number() && json["exact"].is_boolean());
    }

    #[test]
    fn alone_win_is_the_best_chance_and_score_the_best_expected_score() {
        use crate::testing::toys::Venture;
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let solve_for = |objective| {
            let config = AlphaBetaConfig {
                objective,
                ..AlphaBetaConfig::default()
            };
            let report = solve(
                &Venture::Start,
                limits,
                &config,
                &StopFlag::new(),
                &mut |_| {},
            );
            serde_json::to_value(report.unwrap()).unwrap()
        };
        // A proof could only say "unproven" here: the risk wins half the time.
        let win = solve_for(Objective::Win);
        assert_eq!(
            (win["objective"].as_str(), win["best"].as_str()),
            (Some("win"), Some("risk"))
        );
        assert_eq!(
            (win["solo_win"].as_f64(), win["expected_score"].as_f64()),
            (Some(0.5), Some(1.0))
        );
        assert_eq!(
            (win["value"].as_f64(), win["exact"].as_bool()),
            (Some(0.5), Some(true))
        );
        let moves = win["moves"].as_array().unwrap();
        assert_eq!(moves[1]["move"], "bank");
        assert_eq!(
            (
                moves[1]["solo_win"].as_f64(),
                moves[1]["expected_score"].as_f64()
            ),
            (Some(0.0), Some(10.0))
        );
        let score = solve_for(Objective::Margin);
        assert_eq!(
            (score["objective"].as_str(), score["best"].as_str()),
            (Some("score"), Some("bank"))
        );
        assert_eq!(
            (score["expected_score"].as_f64(), score["solo_win"].as_f64()),
            (Some(10.0), Some(0.0))
        );
    }

    #[test]
    fn a_solo_estimate_at_the_horizon_is_no_expected_final_score() {
        use crate::games::merchant_explorers::State;
        let text = include_str!("../../data/bench/merchant_explorers/1p-avenia-era2-hidden.toml");
        let start = State::from_text(text).unwrap();
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let config = AlphaBetaConfig {
            objective: Objective::Margin,
            ..AlphaBetaConfig::default()
        };
        let report = solve(&start, limits, &config, &StopFlag::new(), &mut |_| {}).unwrap();
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["exact"], false);
        assert!(json["expected_score"].is_null() && json["value"].is_number());
        assert!(json["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["expected_score"].is_null()));
    }

    #[test]
    fn whole_values_are_written_as_integers_and_float_noise_is_rounded_off() {
        let text = |v: f64| serde_json::to_string(&Number(v)).unwrap();
        assert_eq!(text(3.0), "3");
        assert_eq!(text(-9.999999999999998), "-10");
        assert_eq!(text(0.5), "0.5");
    }

    #[test]
    fn an_analysis_refuses_what_it_cannot_do_and_names_the_field() {
        let state = opening();
        let limits = Limits {
            iterations: Some(50),
            ..Limits::default()
        };
        let config = IsmctsConfig::default();
        let stop = StopFlag::default();
        let only = ["no such move".to_string()];
        let ask = AnalysisAsk {
            only: Some(&only),
            ..AnalysisAsk::default()
        };
        let refused = analyse(&state, ask, limits, &config, &stop, &mut |_| {}).unwrap_err();
        assert_eq!(refused.field, "only[0]");
        let ask = AnalysisAsk {
            objective: Some("glory"),
            ..AnalysisAsk::default()
        };
        let refused = analyse(&state, ask, limits, &config, &stop, &mut |_| {}).unwrap_err();
        assert_eq!(refused.field, "objective");
        let report = analyse(
            &state,
            AnalysisAsk::default(),
            limits,
            &config,
            &stop,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!((report.objective, report.iterations), ("win", 50));
        assert_eq!(report.moves.iter().map(|m| m.visits).sum::<u64>(), 50);
    }
}
