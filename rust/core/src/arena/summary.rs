//! An arena's report and its game records as plain data (serde), the way front ends show
//! them: bots by name, rates with their 95% intervals, setup as pairs.

use serde::Serialize;

use super::{ArenaReport, GameRecord};

/// One game's record with the bots named: `index`, `seats` (the lineup index holding each
/// seat), `bots` (their names by seat), `scores`, `winner`, `plies`, `finished`, `start`
/// and `moves`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordSummary<'a> {
    pub index: u32,
    pub seats: &'a [usize],
    pub bots: Vec<&'a str>,
    pub scores: &'a [i32],
    pub winner: Option<usize>,
    pub plies: u32,
    pub finished: bool,
    pub start: Option<&'a str>,
    pub moves: &'a [String],
}

impl<'a> RecordSummary<'a> {
    /// `record` with its seats named from `names` (the lineup's, by bot index).
    pub fn new(names: &[&'a str], record: &'a GameRecord) -> Self {
        RecordSummary {
            index: record.game,
            seats: &record.seats,
            bots: record.seats.iter().map(|&b| names[b]).collect(),
            scores: &record.scores,
            winner: record.winner,
            plies: record.plies,
            finished: record.finished,
            start: record.start.as_deref(),
            moves: &record.moves,
        }
    }
}

/// One bot's results over the finished games it played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotSummary<'a> {
    pub bot: &'a str,
    pub games: u32,
    pub wins: u32,
    pub win_rate: f64,
    pub ci95: (f64, f64),
    pub mean_score: f64,
    pub score_ci95: (f64, f64),
    pub mean_plies: f64,
    pub unfinished: u32,
    pub seats: &'a [u32],
}

/// An arena's report: what was played, and each bot's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaSummary<'a> {
    pub game: &'a str,
    pub games: u32,
    pub players: usize,
    pub seed: u64,
    pub max_plies: u32,
    pub setup: &'a [(String, String)],
    pub unfinished: u32,
    /// After a stop: the statistics cover the games finished by then.
    pub stopped: bool,
    pub played: u32,
    pub bots: Vec<BotSummary<'a>>,
    /// The kept records (absent when none were kept, or they were handed on as the games
    /// finished).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub records: Option<Vec<RecordSummary<'a>>>,
}

impl<'a> ArenaSummary<'a> {
    pub fn new(game: &'a str, report: &'a ArenaReport) -> Self {
        let config = &report.config;
        let names: Vec<&str> = report.bots.iter().map(|b| b.name.as_str()).collect();
        let kept = config.record && report.records.len() == report.played as usize;
        ArenaSummary {
            game,
            games: config.games,
            players: config.players,
            seed: config.seed,
            max_plies: config.max_plies,
            setup: &config.setup,
            unfinished: report.unfinished(),
            stopped: report.stopped,
            played: report.played,
            bots: report
                .bots
                .iter()
                .map(|stats| BotSummary {
                    bot: &stats.name,
                    games: stats.games,
                    wins: stats.wins,
                    win_rate: stats.win_rate(),
                    ci95: stats.interval(),
                    mean_score: stats.mean_score(),
                    score_ci95: stats.score_interval(),
                    mean_plies: stats.mean_plies(),
                    unfinished: stats.unfinished,
                    seats: &stats.seats,
                })
                .collect(),
            records: kept.then(|| {
                report
                    .records
                    .iter()
                    .map(|r| RecordSummary::new(&names, r))
                    .collect()
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{run, ArenaConfig};
    use crate::bots;
    use crate::games::century::Century;
    use crate::search::StopFlag;

    #[test]
    fn a_summary_names_the_bots_and_keeps_records_only_when_asked() {
        let lineup = vec![
            bots::parse::<Century>("random").unwrap(),
            bots::parse::<Century>("greedy").unwrap(),
        ];
        let config = ArenaConfig {
            games: 4,
            record: true,
            ..ArenaConfig::default()
        };
        let report = run(&lineup, &config, &StopFlag::default(), &mut |_, _| {}).unwrap();
        let summary = ArenaSummary::new("century-golem", &report);
        assert_eq!(summary.bots[1].bot, "greedy");
        assert_eq!(summary.bots[0].games + summary.unfinished, 4);
        let records = summary.records.as_ref().expect("records were asked for");
        assert_eq!(records.len(), 4);
        assert_eq!(records[0].bots.len(), 2);
        let json = serde_json::to_value(&summary).unwrap();
        assert_eq!(json["bots"][0]["ci95"].as_array().map(Vec::len), Some(2));
        let unrecorded = run(
            &lineup,
            &ArenaConfig {
                games: 2,
                ..ArenaConfig::default()
            },
            &StopFlag::default(),
            &mut |_, _| {},
        )
        .unwrap();
        let json = serde_json::to_value(ArenaSummary::new("century-golem", &unrecorded)).unwrap();
        assert!(json.get("records").is_none());
    }
}
