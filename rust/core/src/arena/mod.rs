//! The arena: bots play full games against each other from random starting positions.
//!
//! - **Deals and seats.** Game `g` starts from deal `g / K` (K = players) with the seats
//!   rotated by `g % K`: seat `s` is held by lineup entry `(s + g) % K`, and the lineup
//!   fills the K seats with the bots cyclically (`A B A` for two bots and three seats). So
//!   every K consecutive games play one deal with every lineup entry in every seat, and
//!   over a multiple of K games every bot holds every seat equally often.
//! - **Information.** The referee keeps the true state; a bot sees only
//!   [`crate::Game::public_view`] of its seat (for Century: the decks' contents, not their order).
//! - **Reproducibility.** Every deal, bot and chance event draws from its own stream seeded
//!   by (seed, game, seat), and results are gathered in game order, so a seed gives the
//!   same report whatever the number of threads.
//! - **Records.** With [`ArenaConfig::record`] each [`GameRecord`] also keeps the
//!   starting position (`to_text`) and every action applied, chance outcomes included, as
//!   `action_to_text` in the state it was applied to: `from_text`, then `action_from_text`
//!   and `apply` for each in turn, replays the game exactly. Off by default (it costs a
//!   string per move).
//! - **Runaway games.** A game that reaches `max_plies`, or where the player to move has no
//!   legal action, is reported as unfinished and counts for no one.

mod stats;
pub mod summary;

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::bots::Bot;
use crate::playout::random_outcome;
use crate::refusal::Refusal;
use crate::search::StopFlag;
use crate::util::hash::splitmix;
use crate::{Game, Turn};
pub use stats::{wilson, BotStats};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    pub games: u32,
    pub players: usize,
    pub seed: u64,
    /// Games played at once (0 counts as 1).
    pub threads: usize,
    /// Player moves after which a game is abandoned as unfinished.
    pub max_plies: u32,
    /// The game's setup options for every game (`Game::SETUP_OPTIONS`, e.g. a map).
    pub setup: Vec<(String, String)>,
    /// Keep each game's starting position and moves in its record ([`GameRecord::start`],
    /// [`GameRecord::moves`]).
    pub record: bool,
}

impl Default for ArenaConfig {
    fn default() -> Self {
        ArenaConfig {
            games: 100,
            players: 2,
            seed: 0,
            threads: 1,
            max_plies: 3000,
            setup: Vec::new(),
            record: false,
        }
    }
}

/// Why an arena did not produce a report.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    #[error("{0}")]
    Config(Refusal),
    /// A bot answered with a move that is not legal for the true state (a bot bug).
    #[error("game {game}: {bot} in seat {seat} chose {action}, which is not legal")]
    IllegalMove {
        game: u32,
        seat: usize,
        bot: String,
        action: String,
    },
    /// A recorded game's starting position has no text (a game's `to_text` bug).
    #[error("game {game}: the starting position cannot be recorded: {message}")]
    Record { game: u32, message: String },
    #[error("stopped")]
    Stopped,
}

fn config_error<T>(field: &str, message: String) -> Result<T, ArenaError> {
    Err(ArenaError::Config(Refusal::new(field, message)))
}

/// One game as the referee saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub game: u32,
    /// Bot index holding each seat.
    pub seats: Vec<usize>,
    /// Final (or, if unfinished, current) scores by seat.
    pub scores: Vec<i32>,
    /// Winning seat of a finished game.
    pub winner: Option<usize>,
    pub plies: u32,
    pub finished: bool,
    /// With [`ArenaConfig::record`]: the starting position (`Game::to_text`); else `None`.
    pub start: Option<String>,
    /// With [`ArenaConfig::record`]: every action applied, chance outcomes included, in
    /// play order, as `Game::action_to_text` in the state it was applied to; else empty.
    pub moves: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ArenaReport {
    pub config: ArenaConfig,
    /// By bot index, in the order the bots were given.
    pub bots: Vec<BotStats>,
    /// Every game, in game order; after a stop, only the games that were finished. Empty
    /// from [`run_streaming`], which hands each record on instead of keeping it.
    pub records: Vec<GameRecord>,
    /// The arena was stopped before every game was played: the statistics cover the games
    /// finished by then alone.
    pub stopped: bool,
    /// Games played (finished or abandoned at the ply cap).
    pub played: u32,
    /// Games of `played` abandoned at the ply cap or stuck.
    pub unfinished: u32,
}

impl ArenaReport {
    pub fn unfinished(&self) -> u32 {
        self.unfinished
    }
}

/// The report's statistics, added to one game at a time (they are sums, so the order of
/// the games does not matter).
struct Tally {
    bots: Vec<BotStats>,
    played: u32,
    unfinished: u32,
}

impl Tally {
    fn new(names: Vec<String>, players: usize) -> Self {
        Tally {
            bots: names
                .into_iter()
                .map(|name| BotStats::new(name, players))
                .collect(),
            played: 0,
            unfinished: 0,
        }
    }

    fn add(&mut self, record: &GameRecord) {
        for (index, s) in self.bots.iter_mut().enumerate() {
            s.add(index, record);
        }
        self.played += 1;
        self.unfinished += u32::from(!record.finished);
    }

    fn report(self, config: &ArenaConfig, records: Vec<GameRecord>, stopped: bool) -> ArenaReport {
        ArenaReport {
            config: config.clone(),
            bots: self.bots,
            records,
            stopped,
            played: self.played,
            unfinished: self.unfinished,
        }
    }
}

/// The bot index holding `seat` in game `game` (see the module documentation).
pub fn seat_bot(game: u32, seat: usize, players: usize, bots: usize) -> usize {
    (seat + game as usize % players) % players % bots
}

/// A seed for stream `stream` of game `game`: splitmix64 over the three, so nearby inputs
/// give unrelated streams.
fn stream_seed(seed: u64, stream: u64, game: u64) -> u64 {
    let mut x = seed;
    for part in [stream, game] {
        x = splitmix(x ^ splitmix(part));
    }
    x
}

const DEAL_STREAM: u64 = 0;
const CHANCE_STREAM: u64 = 1;
/// Seat `s` draws from stream `SEAT_STREAM + s`.
const SEAT_STREAM: u64 = 2;

/// Plays `config.games` games between `bots` and gathers the results. `progress(done,
/// total)` is called on the calling thread after each game and at least every 200 ms.
/// Setting `stop` (from it or from another thread) ends the arena within a move: the
/// report then covers the games finished by then and says `stopped`.
pub fn run<G: Game>(
    bots: &[Box<dyn Bot<G>>],
    config: &ArenaConfig,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u32, u32),
) -> Result<ArenaReport, ArenaError> {
    let played = play_games(bots, config, 0..config.games, stop, progress)?;
    let names = bots.iter().map(|b| b.name()).collect();
    Ok(report(names, config, played.records, played.stopped))
}

/// [`run`] in memory bounded by the threads, not the games: each game's record goes to
/// `on_record` (in game order, as soon as the games before it are done) instead of into
/// the report, whose `records` is empty; the statistics are the same.
pub fn run_streaming<G: Game>(
    bots: &[Box<dyn Bot<G>>],
    config: &ArenaConfig,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u32, u32),
    on_record: &mut dyn FnMut(GameRecord),
) -> Result<ArenaReport, ArenaError> {
    let names = bots.iter().map(|b| b.name()).collect();
    let mut tally = Tally::new(names, config.players);
    let stopped = play_games_with(bots, config, 0..config.games, stop, progress, &mut |r| {
        tally.add(&r);
        on_record(r);
    })?;
    Ok(tally.report(config, Vec::new(), stopped))
}

/// What [`play_games`] played: the records of the games finished, in game order.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub records: Vec<GameRecord>,
    /// Some games of the range were not played (a stop): `records` lacks them.
    pub stopped: bool,
}

/// Plays the games with indices in `games` (within `0..config.games`), each exactly as
/// [`run`] plays it (the same deal, seats and random streams), on `config.threads`
/// threads. So a run can be split into ranges played anywhere (another process, another
/// machine) and the records merged in game order give [`report`] the same report as
/// [`run`]. `progress(done, total)` counts the games of the range. An empty range only
/// checks the configuration.
pub fn play_games<G: Game>(
    bots: &[Box<dyn Bot<G>>],
    config: &ArenaConfig,
    games: Range<u32>,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u32, u32),
) -> Result<Played, ArenaError> {
    let mut records = Vec::new();
    let stopped = play_games_with(bots, config, games, stop, progress, &mut |r| {
        records.push(r)
    })?;
    Ok(Played { records, stopped })
}

/// [`play_games`], handing each finished game's record to `on_record` in game order, as
/// soon as every earlier game of the range is done or given up (so only the records of
/// games finished ahead of a slower one wait, never one per game of the range); returns
/// whether some games were not played (a stop). Records already handed on stay handed on
/// if a later game fails.
pub fn play_games_with<G: Game>(
    bots: &[Box<dyn Bot<G>>],
    config: &ArenaConfig,
    games: Range<u32>,
    stop: &StopFlag,
    progress: &mut dyn FnMut(u32, u32),
    on_record: &mut dyn FnMut(GameRecord),
) -> Result<bool, ArenaError> {
    check::<G>(bots.len(), config)?;
    if games.start > games.end || games.end > config.games {
        let (first, end, total) = (games.start, games.end, config.games);
        return config_error(
            "games",
            format!("the range {first}..{end} is not within 0..{total}"),
        );
    }
    let count = games.end - games.start;
    if count == 0 {
        // Nothing to play: the configuration has been checked, which is what is asked.
        return Ok(false);
    }
    let threads = config.threads.clamp(1, count as usize);
    let next = AtomicU32::new(games.start);
    // Games after the first one with an illegal move are not needed: that error is the
    // report, and it is the same whatever the threads.
    let needed = AtomicU32::new(games.end);
    let (sender, receiver) = mpsc::channel();
    // Games done (finished: Some, given up: None) but not handed on yet, as an earlier
    // game is still being played; `next_out` is the first game not handed on.
    let mut waiting: BTreeMap<u32, Option<GameRecord>> = BTreeMap::new();
    let mut next_out = games.start;
    let mut handed = 0u32;
    let mut failure: Option<ArenaError> = None;
    thread::scope(|scope| {
        for _ in 0..threads {
            let (next, needed, sender) = (&next, &needed, sender.clone());
            let end = games.end;
            scope.spawn(move || loop {
                let game = next.fetch_add(1, Relaxed);
                let abandon = || stop.is_stopped() || game > needed.load(Relaxed);
                if game >= end || abandon() {
                    break;
                }
                let outcome = play(bots, config, game, stop, &abandon);
                if sender.send((game, outcome)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut done = 0;
        loop {
            match receiver.recv_timeout(Duration::from_millis(200)) {
                Ok((game, Ok(record))) => {
                    waiting.insert(game, Some(record));
                    done += 1;
                }
                // A game given up because of a stop: its absence is the report's `stopped`.
                Ok((game, Err(ArenaError::Stopped))) => {
                    waiting.insert(game, None);
                }
                Ok((game, Err(error))) => {
                    waiting.insert(game, None);
                    if let ArenaError::IllegalMove { game, .. } | ArenaError::Record { game, .. } =
                        error
                    {
                        needed.fetch_min(game, Relaxed);
                    }
                    if outranks(&error, failure.as_ref()) {
                        failure = Some(error);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if failure.is_none() {
                while let Some(outcome) = waiting.remove(&next_out) {
                    next_out += 1;
                    if let Some(record) = outcome {
                        handed += 1;
                        on_record(record);
                    }
                }
            }
            progress(done, count);
        }
    });
    if let Some(error) = failure {
        return Err(error);
    }
    // After a stop: the games finished beyond the first one given up, in order.
    for record in waiting.into_values().flatten() {
        handed += 1;
        on_record(record);
    }
    Ok(handed < count)
}

/// The report of `records` (finished games, in game order) between the bots named
/// `names` (in lineup order): the per-bot statistics [`run`] reports. Every backend's
/// report is made here, so the same records give the same report.
pub fn report(
    names: Vec<String>,
    config: &ArenaConfig,
    records: Vec<GameRecord>,
    stopped: bool,
) -> ArenaReport {
    let mut tally = Tally::new(names, config.players);
    for record in &records {
        tally.add(record);
    }
    tally.report(config, records, stopped)
}

/// Whether `error` is the one to report rather than `current`: a bug (a bot's illegal
/// move, a position with no text) beats an abandoned game, and the earliest game's beats
/// later ones.
fn outranks(error: &ArenaError, current: Option<&ArenaError>) -> bool {
    fn bug_game(error: &ArenaError) -> Option<u32> {
        match error {
            ArenaError::IllegalMove { game, .. } | ArenaError::Record { game, .. } => Some(*game),
            _ => None,
        }
    }
    match (bug_game(error), current) {
        (_, None) => true,
        (Some(a), Some(current)) => bug_game(current).is_none_or(|b| a < b),
        (None, Some(_)) => false,
    }
}

fn check<G: Game>(bots: usize, config: &ArenaConfig) -> Result<(), ArenaError> {
    let (low, high) = (G::INFO.min_players, G::INFO.max_players);
    if !(low..=high).contains(&config.players) {
        let players = config.players;
        return config_error("players", crate::refusal::outside(players, low, high));
    }
    if bots == 0 {
        return config_error("bot", "give at least one bot".to_string());
    }
    if bots > config.players {
        let players = config.players;
        return config_error(
            "bot",
            format!("{bots} bots for {players} seats; give at least {bots} players"),
        );
    }
    if config.games == 0 {
        return config_error("games", "must be at least 1".to_string());
    }
    if config.max_plies == 0 {
        return config_error("max_plies", "must be at least 1".to_string());
    }
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    if let Err(e) = G::new_game_with(config.players, &mut rng, &config.setup) {
        return config_error(&e.field, e.message);
    }
    Ok(())
}

/// The position game `game` starts from: deal `game / players`.
pub fn starting_position<G: Game>(config: &ArenaConfig, game: u32) -> G {
    let deal = u64::from(game) / config.players as u64;
    let mut rng = ChaCha8Rng::seed_from_u64(stream_seed(config.seed, DEAL_STREAM, deal));
    G::new_game_with(config.players, &mut rng, &config.setup)
        .expect("setup options are checked before the first game")
}

/// Plays game `game` to the end (or the ply cap) and records it, unless `abandon()` says
/// to give up.
fn play<G: Game>(
    bots: &[Box<dyn Bot<G>>],
    config: &ArenaConfig,
    game: u32,
    stop: &StopFlag,
    abandon: &dyn Fn() -> bool,
) -> Result<GameRecord, ArenaError> {
    let players = config.players;
    let mut state: G = starting_position(config, game);
    let start = if config.record {
        let text = state.to_text().map_err(|e| ArenaError::Record {
            game,
            message: e.to_string(),
        })?;
        Some(text)
    } else {
        None
    };
    let mut moves = Vec::new();
    let seats: Vec<usize> = (0..players)
        .map(|s| seat_bot(game, s, players, bots.len()))
        .collect();
    let game_seed = |stream: u64| stream_seed(config.seed, stream, u64::from(game));
    let mut chance_rng = ChaCha8Rng::seed_from_u64(game_seed(CHANCE_STREAM));
    let mut seat_rngs: Vec<ChaCha8Rng> = (0..players as u64)
        .map(|s| ChaCha8Rng::seed_from_u64(game_seed(SEAT_STREAM + s)))
        .collect();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut plies = 0;
    let finished = loop {
        match state.turn() {
            Turn::Terminal => break true,
            Turn::Chance => {
                // A node the game cannot list (a full marble drop) is sampled directly.
                let Some(outcome) = random_outcome(&state, &mut outcomes, &mut chance_rng) else {
                    break false;
                };
                if config.record {
                    moves.push(state.action_to_text(outcome));
                }
                state.apply(outcome);
            }
            Turn::Player(_) if plies >= config.max_plies => break false,
            // Checked every move, so a stop waits for one move, not for whole games.
            Turn::Player(_) if abandon() => return Err(ArenaError::Stopped),
            Turn::Player(seat) => {
                state.legal_actions(&mut legal);
                if legal.is_empty() {
                    break false;
                }
                let bot = &bots[seats[seat]];
                let view = state.public_view(seat);
                let choice = bot.choose_or_stop(&view, &mut seat_rngs[seat], stop);
                // A search cut short by the stop chose from part of its budget: the game
                // is given up rather than played on with a move a full search might not
                // make.
                if stop.is_stopped() {
                    return Err(ArenaError::Stopped);
                }
                match choice {
                    Some(action) if legal.contains(&action) => {
                        if config.record {
                            moves.push(state.action_to_text(action));
                        }
                        state.apply(action)
                    }
                    other => {
                        return Err(ArenaError::IllegalMove {
                            game,
                            seat,
                            bot: bot.name(),
                            action: other.map_or("nothing".to_string(), |a| format!("{a:?}")),
                        })
                    }
                }
                plies += 1;
            }
        }
    };
    let scores: Vec<i32> = (0..players).map(|p| state.score(p)).collect();
    let winner = finished
        .then(|| (0..players).find(|&p| state.returns(p) > 0.5))
        .flatten();
    Ok(GameRecord {
        game,
        seats,
        scores,
        winner,
        plies,
        finished,
        start,
        moves,
    })
}
