//! What an arena reports per bot, and the Wilson score interval for its win rate.

use super::GameRecord;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval (95%) for `wins` successes in `games` trials; `(0, 1)` when
/// there are no trials. Unlike the normal approximation it stays inside 0..=1 and behaves
/// at 0 and 100% wins.
pub fn wilson(wins: u32, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At 0 or all wins one end is exactly 0 or 1; computed, it is off by rounding.
    let low = if wins == 0 { 0.0 } else { centre - half };
    let high = if wins == games { 1.0 } else { centre + half };
    (low, high)
}

/// One bot's results over the finished games it played.
#[derive(Clone, Debug, PartialEq)]
pub struct BotStats {
    pub name: String,
    /// Finished games with this bot in at least one seat.
    pub games: u32,
    /// Games won by one of its seats.
    pub wins: u32,
    /// Games it played that hit the ply cap or got stuck (not in `games`).
    pub unfinished: u32,
    /// Final scores summed over every seat it held in a finished game.
    pub score_sum: i64,
    /// Their squares summed (for the interval of the mean score).
    pub score_square_sum: f64,
    /// Seats it held in finished games (a bot may hold several seats of one game).
    pub seat_games: u32,
    pub plies_sum: u64,
    /// Games (finished or not) in which it held each seat.
    pub seats: Vec<u32>,
}

impl BotStats {
    pub fn new(name: String, players: usize) -> Self {
        BotStats {
            name,
            games: 0,
            wins: 0,
            unfinished: 0,
            score_sum: 0,
            score_square_sum: 0.0,
            seat_games: 0,
            plies_sum: 0,
            seats: vec![0; players],
        }
    }

    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins as f64 / self.games as f64
        }
    }

    pub fn interval(&self) -> (f64, f64) {
        wilson(self.wins, self.games)
    }

    /// Mean final score per seat held.
    pub fn mean_score(&self) -> f64 {
        self.score_sum as f64 / self.seat_games.max(1) as f64
    }

    /// A 95% interval of the mean score (normal approximation: mean ± 1.96 standard
    /// errors); the mean alone below two seats.
    pub fn score_interval(&self) -> (f64, f64) {
        let n = self.seat_games as f64;
        let mean = self.mean_score();
        if self.seat_games < 2 {
            return (mean, mean);
        }
        let variance = ((self.score_square_sum - n * mean * mean) / (n - 1.0)).max(0.0);
        let half = 1.96 * (variance / n).sqrt();
        (mean - half, mean + half)
    }

    /// Mean length of its finished games, in plies.
    pub fn mean_plies(&self) -> f64 {
        self.plies_sum as f64 / self.games.max(1) as f64
    }

    /// Adds one game in which this bot (index `bot`) held some seats.
    pub(super) fn add(&mut self, bot: usize, record: &GameRecord) {
        let mine: Vec<usize> = (0..record.seats.len())
            .filter(|&s| record.seats[s] == bot)
            .collect();
        if mine.is_empty() {
            return;
        }
        mine.iter().for_each(|&s| self.seats[s] += 1);
        if !record.finished {
            self.unfinished += 1;
            return;
        }
        self.games += 1;
        self.plies_sum += record.plies as u64;
        self.wins += u32::from(record.winner.is_some_and(|w| record.seats[w] == bot));
        for &s in &mine {
            self.score_sum += record.scores[s] as i64;
            self.score_square_sum += (record.scores[s] as f64).powi(2);
            self.seat_games += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5
    }

    #[test]
    fn the_mean_score_interval_is_mean_plus_minus_two_standard_errors() {
        let mut stats = BotStats::new("solo".into(), 1);
        for score in [10, 20, 30, 40] {
            stats.score_sum += score;
            stats.score_square_sum += (score * score) as f64;
            stats.seat_games += 1;
        }
        let (low, high) = stats.score_interval();
        // mean 25, sample sd 12.91, standard error 6.455
        assert!((low - (25.0 - 1.96 * 6.455)).abs() < 1e-2, "{low}");
        assert!((high - (25.0 + 1.96 * 6.455)).abs() < 1e-2, "{high}");
        let mut one = BotStats::new("one".into(), 1);
        one.score_sum = 7;
        one.seat_games = 1;
        assert_eq!(one.score_interval(), (7.0, 7.0));
    }

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), Statistics in Medicine 17, table I: 81/263 and 15/148.
        assert!(
            close(wilson(81, 263), (0.2553, 0.3662)),
            "{:?}",
            wilson(81, 263)
        );
        assert!(
            close(wilson(15, 148), (0.0624, 0.1605)),
            "{:?}",
            wilson(15, 148)
        );
        // 0/10 and 10/10: one end pinned, the other at 1 - 0.7225 = 0.2775.
        assert!(close(wilson(0, 10), (0.0, 0.2775)), "{:?}", wilson(0, 10));
        assert!(close(wilson(10, 10), (0.7225, 1.0)), "{:?}", wilson(10, 10));
        // Half of 100: symmetric around 0.5.
        let (low, high) = wilson(50, 100);
        assert!((low + high - 1.0).abs() < 1e-12 && (low - 0.4038).abs() < 5e-5);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
