//! Toy games for testing generic code: small enough that their answers are known.
//!
//! - [`Nim`]: take 1-3 stones, whoever takes the last one wins (2 or 3 players; perfect
//!   information, no chance). An empty heap is still a player's turn with no legal action,
//!   which searches must score as terminal.
//! - [`Gamble`]: seat 0 picks `Coin` (a chance node: heads, 3/4, wins for seat 0) or `Card`.
//!   After `Card`, seat 1 sees a hidden card c in 0..3 and may `Snap` (legal only if c = 0:
//!   seat 1 wins) or `Pass` (seat 0 wins if c = 1). So Coin is worth 3/4, Card 1/3. The
//!   card is hidden from seat 0 (hidden information) and dealt by chance.
//! - [`Venture`]: one player, who wins by reaching 2 points. `Bank` ends the game with 10
//!   points, which is a loss (not 2); `Risk` is a fair coin: 2 points and the win, or 0.
//!   So playing for score banks (10 points, never a win) and playing for the win risks
//!   (1 point expected, won half the time): the two solo goals disagree.
//! - [`Call`]: seat 0 picks `Safe` (wins 3/4) or `Toss` (a coin tossed in the open, which
//!   seat 0 then calls): the toss wins for certain, but only to a search that makes its
//!   call knowing the coin (a tree that branches on chance).

use rand::{Rng, RngCore};
use toml::Table;

use crate::game::{GameInfo, PositionError};
use crate::util::toml_fields::{refuse, syntax_error, Fields};
use crate::{Game, Turn};

fn fields<'a>(
    text: &str,
    table: &'a mut Table,
    game: &str,
    keys: &[&str],
) -> Result<Fields<'a>, PositionError> {
    *table = text
        .parse()
        .or_else(|e: toml::de::Error| refuse("toml", syntax_error(text, &e)))?;
    let fields = Fields::new("", table, keys)?;
    if fields.string("game")? != game {
        return refuse("game", format!("expected '{game}'"));
    }
    Ok(fields)
}

/// A toy action's text: its variant's name in lower case.
fn lower_name<A: std::fmt::Debug>(action: A) -> String {
    format!("{action:?}").to_lowercase()
}

/// The action of `all` whose [`lower_name`] is `text`.
fn named<A: Copy + std::fmt::Debug>(all: &[A], text: &str, what: &str) -> Result<A, String> {
    all.iter()
        .copied()
        .find(|&a| lower_name(a) == text.trim())
        .ok_or_else(|| format!("'{text}' is not a {what}"))
}

fn small(fields: &Fields, key: &str, low: i64, high: i64) -> Result<u8, PositionError> {
    let value = fields.integer(key)?;
    if (low..=high).contains(&value) {
        Ok(value as u8)
    } else {
        refuse(key, crate::refusal::outside(value, low, high))
    }
}

// ---- Nim ------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nim {
    pub heap: u8,
    pub players: u8,
    pub to_move: u8,
}

pub fn nim(heap: u8, players: u8) -> Nim {
    Nim {
        heap,
        players,
        to_move: 0,
    }
}

impl Game for Nim {
    type Action = u8;
    const INFO: GameInfo = GameInfo {
        name: "nim",
        title: "Nim (a test game)",
        min_players: 2,
        max_players: 3,
        chance: false,
        hidden_information: false,
        simultaneous: false,
        action_space: 4,
        max_chance_outcomes: 0,
        solo_win: false,
        decks: false,
        rules_file: None,
    };

    fn new_game(players: usize, rng: &mut dyn RngCore) -> Self {
        nim(rng.random_range(5..=30), players as u8)
    }

    fn from_text(text: &str) -> Result<Self, PositionError> {
        let mut table = Table::new();
        let f = fields(
            text,
            &mut table,
            "nim",
            &["game", "heap", "players", "to_move"],
        )?;
        let players = small(&f, "players", 2, 3)?;
        Ok(Nim {
            heap: small(&f, "heap", 0, 200)?,
            players,
            to_move: small(&f, "to_move", 0, i64::from(players) - 1)?,
        })
    }

    fn to_text(&self) -> Result<String, PositionError> {
        Ok(format!(
            "game = \"nim\"\nheap = {}\nplayers = {}\nto_move = {}\n",
            self.heap, self.players, self.to_move
        ))
    }

    fn num_players(&self) -> usize {
        self.players as usize
    }

    fn turn(&self) -> Turn {
        Turn::Player(self.to_move as usize)
    }

    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend(1..=self.heap.min(3));
    }

    fn has_chance(&self) -> bool {
        false
    }

    fn chance_outcomes(&self, out: &mut Vec<(u8, f64)>) {
        out.clear();
    }

    fn apply(&mut self, take: u8) {
        self.heap -= take;
        self.to_move = (self.to_move + 1) % self.players;
    }

    fn score(&self, player: usize) -> i32 {
        let last = (self.to_move + self.players - 1) % self.players;
        i32::from(self.heap == 0 && player == last as usize)
    }

    fn returns(&self, player: usize) -> f64 {
        self.score(player) as f64
    }

    fn hash(&self) -> u64 {
        u64::from(self.heap) << 16 | u64::from(self.players) << 8 | u64::from(self.to_move)
    }

    fn resample_hidden(&self, _observer: usize, _rng: &mut dyn RngCore) -> Self {
        *self
    }

    fn action_id(take: u8) -> u64 {
        take.into()
    }

    fn action_from_id(id: u64) -> Option<u8> {
        (1..=3).contains(&id).then_some(id as u8)
    }

    fn action_index(take: u8) -> u64 {
        take.into()
    }

    fn action_from_index(index: u64) -> Option<u8> {
        Self::action_from_id(index)
    }

    fn action_to_text(&self, take: u8) -> String {
        take.to_string()
    }

    fn action_from_text(&self, text: &str) -> Result<u8, String> {
        let take: u8 = text.trim().parse().map_err(|e| format!("{e}"))?;
        if (1..=self.heap.min(3)).contains(&take) {
            Ok(take)
        } else {
            Err(format!("cannot take {take} of {}", self.heap))
        }
    }

    /// Perfect two-player play: leave a multiple of 4.
    fn ordering_hint(&self, take: u8) -> i32 {
        i32::from((self.heap - take).is_multiple_of(4))
    }

    /// Two-player oracle: the player to move wins unless the heap is a multiple of 4.
    fn heuristic_score(&self, player: usize) -> f64 {
        let mover_wins = !self.heap.is_multiple_of(4);
        f64::from(u8::from(mover_wins == (player == self.to_move as usize)))
    }
}

// ---- Gamble ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bet {
    Coin,
    Card,
    Snap,
    Pass,
    Heads,
    Tails,
    Deal(u8),
}

const BETS: [Bet; 9] = [
    Bet::Coin,
    Bet::Card,
    Bet::Snap,
    Bet::Pass,
    Bet::Heads,
    Bet::Tails,
    Bet::Deal(0),
    Bet::Deal(1),
    Bet::Deal(2),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Choose,
    Flip,
    Reply,
    Over { winner: u8 },
}

const STAGES: [(&str, Stage); 5] = [
    ("choose", Stage::Choose),
    ("flip", Stage::Flip),
    ("reply", Stage::Reply),
    ("over0", Stage::Over { winner: 0 }),
    ("over1", Stage::Over { winner: 1 }),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gamble {
    pub stage: Stage,
    pub card: Option<u8>,
    /// Whether `resample_hidden` deals the card; otherwise it is a chance node met in search.
    pub determinize: bool,
}

pub fn gamble(determinize: bool) -> Gamble {
    Gamble {
        stage: Stage::Choose,
        card: None,
        determinize,
    }
}

impl Game for Gamble {
    type Action = Bet;
    const INFO: GameInfo = GameInfo {
        name: "gamble",
        title: "Gamble (a test game)",
        min_players: 2,
        max_players: 2,
        chance: true,
        hidden_information: true,
        simultaneous: false,
        action_space: BETS.len() as u64,
        max_chance_outcomes: 3,
        solo_win: false,
        decks: false,
        rules_file: None,
    };

    fn new_game(_players: usize, _rng: &mut dyn RngCore) -> Self {
        gamble(true)
    }

    fn from_text(text: &str) -> Result<Self, PositionError> {
        let mut table = Table::new();
        let f = fields(
            text,
            &mut table,
            "gamble",
            &["game", "stage", "card", "determinize"],
        )?;
        let name = f.string("stage")?;
        let stage = STAGES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, s)| s)
            .map_or_else(|| refuse("stage", format!("'{name}' is not a stage")), Ok)?;
        let card = match f.optional("card") {
            Some(_) => Some(small(&f, "card", 0, 2)?),
            None => None,
        };
        let determinize = match f.optional("determinize") {
            Some(toml::Value::Boolean(b)) => *b,
            Some(_) => return refuse("determinize", "expected true or false"),
            None => true,
        };
        Ok(Gamble {
            stage,
            card,
            determinize,
        })
    }

    fn to_text(&self) -> Result<String, PositionError> {
        let stage = STAGES
            .iter()
            .find(|(_, s)| *s == self.stage)
            .expect("every stage")
            .0;
        let mut text = format!(
            "game = \"gamble\"\nstage = \"{stage}\"\ndeterminize = {}\n",
            self.determinize
        );
        if let Some(card) = self.card {
            text += &format!("card = {card}\n");
        }
        Ok(text)
    }

    fn num_players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match self.stage {
            Stage::Choose => Turn::Player(0),
            Stage::Flip => Turn::Chance,
            Stage::Reply if self.card.is_none() => Turn::Chance,
            Stage::Reply => Turn::Player(1),
            Stage::Over { .. } => Turn::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Bet>) {
        out.clear();
        match (self.stage, self.card) {
            (Stage::Choose, _) => out.extend([Bet::Coin, Bet::Card]),
            (Stage::Reply, Some(card)) => {
                out.push(Bet::Pass);
                if card == 0 {
                    out.push(Bet::Snap);
                }
            }
            _ => {
                let mut outcomes = Vec::new();
                self.chance_outcomes(&mut outcomes);
                out.extend(outcomes.into_iter().map(|(bet, _)| bet));
            }
        }
    }

    fn has_chance(&self) -> bool {
        !matches!(self.stage, Stage::Over { .. })
    }

    fn chance_outcomes(&self, out: &mut Vec<(Bet, f64)>) {
        out.clear();
        match self.turn() {
            Turn::Chance if self.stage == Stage::Flip => {
                out.extend([(Bet::Heads, 0.75), (Bet::Tails, 0.25)])
            }
            Turn::Chance => out.extend((0..3).map(|c| (Bet::Deal(c), 1.0 / 3.0))),
            _ => {}
        }
    }

    fn apply(&mut self, action: Bet) {
        self.stage = match action {
            Bet::Coin => Stage::Flip,
            Bet::Card => Stage::Reply,
            Bet::Heads => Stage::Over { winner: 0 },
            Bet::Tails | Bet::Snap => Stage::Over { winner: 1 },
            Bet::Pass => Stage::Over {
                winner: u8::from(self.card != Some(1)),
            },
            Bet::Deal(card) => {
                self.card = Some(card);
                self.stage
            }
        };
    }

    fn score(&self, player: usize) -> i32 {
        i32::from(
            self.stage
                == Stage::Over {
                    winner: player as u8,
                },
        )
    }

    fn returns(&self, player: usize) -> f64 {
        self.score(player) as f64
    }

    fn hash(&self) -> u64 {
        let stage = STAGES
            .iter()
            .position(|(_, s)| *s == self.stage)
            .expect("every stage");
        (stage as u64) << 8 | self.card.map_or(0xFF, u64::from)
    }

    fn resample_hidden(&self, _observer: usize, rng: &mut dyn RngCore) -> Self {
        let mut state = *self;
        if self.determinize && state.card.is_none() {
            state.card = Some(rng.random_range(0..3));
        }
        state
    }

    /// Seat 0 never sees the card; seat 1 sees it once it is dealt in the reply stage (a
    /// card dealt in advance by a determinization is nobody's knowledge yet).
    fn public_view(&self, observer: usize) -> Self {
        let mut view = *self;
        if observer == 0 || self.stage != Stage::Reply {
            view.card = None;
        }
        view
    }

    fn action_id(action: Bet) -> u64 {
        match action {
            Bet::Deal(card) => 10 + u64::from(card),
            other => BETS.iter().position(|&b| b == other).expect("every bet") as u64,
        }
    }

    fn action_from_id(id: u64) -> Option<Bet> {
        match id {
            10..=12 => Some(Bet::Deal(id as u8 - 10)),
            _ => BETS
                .get(id as usize)
                .copied()
                .filter(|b| !matches!(b, Bet::Deal(_))),
        }
    }

    fn action_index(action: Bet) -> u64 {
        BETS.iter().position(|&b| b == action).expect("every bet") as u64
    }

    fn action_from_index(index: u64) -> Option<Bet> {
        BETS.get(index as usize).copied()
    }

    fn action_to_text(&self, action: Bet) -> String {
        lower_name(action)
    }

    fn action_from_text(&self, text: &str) -> Result<Bet, String> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        legal
            .into_iter()
            .find(|&bet| self.action_to_text(bet) == text.trim())
            .ok_or_else(|| format!("'{text}' is not a legal move here"))
    }
}

// ---- Venture --------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Venture {
    Start,
    Tossing,
    Over { points: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Deed {
    Bank,
    Risk,
    Heads,
    Tails,
}

const DEEDS: [Deed; 4] = [Deed::Bank, Deed::Risk, Deed::Heads, Deed::Tails];

impl Game for Venture {
    type Action = Deed;
    const INFO: GameInfo = GameInfo {
        name: "venture",
        title: "Venture (a test game)",
        min_players: 1,
        max_players: 1,
        chance: true,
        hidden_information: false,
        simultaneous: false,
        action_space: DEEDS.len() as u64,
        max_chance_outcomes: 2,
        solo_win: true,
        decks: false,
        rules_file: None,
    };

    fn new_game(_players: usize, _rng: &mut dyn RngCore) -> Self {
        Venture::Start
    }

    fn from_text(_text: &str) -> Result<Self, PositionError> {
        refuse("game", "Venture has no positions")
    }

    fn to_text(&self) -> Result<String, PositionError> {
        Ok(format!("game = \"venture\"\nstate = \"{self:?}\"\n"))
    }

    fn num_players(&self) -> usize {
        1
    }

    fn turn(&self) -> Turn {
        match self {
            Venture::Start => Turn::Player(0),
            Venture::Tossing => Turn::Chance,
            Venture::Over { .. } => Turn::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Deed>) {
        out.clear();
        if *self == Venture::Start {
            out.extend([Deed::Bank, Deed::Risk]);
        }
    }

    fn has_chance(&self) -> bool {
        true
    }

    fn chance_outcomes(&self, out: &mut Vec<(Deed, f64)>) {
        out.clear();
        if *self == Venture::Tossing {
            out.extend([(Deed::Heads, 0.5), (Deed::Tails, 0.5)]);
        }
    }

    fn apply(&mut self, action: Deed) {
        *self = match action {
            Deed::Bank => Venture::Over { points: 10 },
            Deed::Risk => Venture::Tossing,
            Deed::Heads => Venture::Over { points: 2 },
            Deed::Tails => Venture::Over { points: 0 },
        };
    }

    fn score(&self, _player: usize) -> i32 {
        match self {
            Venture::Over { points } => i32::from(*points),
            _ => 0,
        }
    }

    fn returns(&self, _player: usize) -> f64 {
        f64::from(u8::from(*self == Venture::Over { points: 2 }))
    }

    fn hash(&self) -> u64 {
        match self {
            Venture::Start => 1,
            Venture::Tossing => 2,
            Venture::Over { points } => 3 + u64::from(*points),
        }
    }

    fn resample_hidden(&self, _observer: usize, _rng: &mut dyn RngCore) -> Self {
        *self
    }

    fn action_id(action: Deed) -> u64 {
        DEEDS.iter().position(|&d| d == action).expect("every deed") as u64
    }

    fn action_from_id(id: u64) -> Option<Deed> {
        DEEDS.get(id as usize).copied()
    }

    fn action_index(action: Deed) -> u64 {
        Self::action_id(action)
    }

    fn action_from_index(index: u64) -> Option<Deed> {
        Self::action_from_id(index)
    }

    fn action_to_text(&self, action: Deed) -> String {
        lower_name(action)
    }

    fn action_from_text(&self, text: &str) -> Result<Deed, String> {
        named(&DEEDS, text, "deed")
    }
}

// ---- Call -----------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shout {
    /// Seat 0: a gamble won three times in four.
    Safe,
    /// Seat 0: a fair coin is tossed in the open, then seat 0 calls it.
    Toss,
    /// Chance after `Safe`.
    Won,
    Lost,
    /// Chance after `Toss`.
    Heads,
    Tails,
    /// Seat 0's call of the tossed coin.
    CallHeads,
    CallTails,
}

const SHOUTS: [Shout; 8] = [
    Shout::Safe,
    Shout::Toss,
    Shout::Won,
    Shout::Lost,
    Shout::Heads,
    Shout::Tails,
    Shout::CallHeads,
    Shout::CallTails,
];

/// [`call`]: the history so far (at most three shouts), seat 1 never moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    pub history: [Option<Shout>; 3],
}

/// A game of perfect information whose best move needs the tree to branch on chance:
/// seat 0 picks `Safe` (wins 3/4) or `Toss` (a fair coin, seen by both, then seat 0 calls
/// it: seen, it is always called right, so `Toss` wins for certain). A tree that merges
/// the toss's outcomes must make one call for both and values `Toss` at 1/2.
pub fn call() -> Call {
    Call { history: [None; 3] }
}

impl Call {
    fn len(&self) -> usize {
        self.history.iter().flatten().count()
    }

    fn winner(&self) -> Option<usize> {
        let won = match self.history {
            [Some(Shout::Safe), Some(outcome), None] => outcome == Shout::Won,
            [Some(Shout::Toss), Some(coin), Some(call)] => {
                (coin == Shout::Heads) == (call == Shout::CallHeads)
            }
            _ => return None,
        };
        Some(if won { 0 } else { 1 })
    }
}

impl Game for Call {
    type Action = Shout;
    const INFO: GameInfo = GameInfo {
        name: "call",
        title: "Call (a test game)",
        min_players: 2,
        max_players: 2,
        chance: true,
        hidden_information: false,
        simultaneous: false,
        action_space: SHOUTS.len() as u64,
        max_chance_outcomes: 2,
        solo_win: false,
        decks: false,
        rules_file: None,
    };

    fn new_game(_players: usize, _rng: &mut dyn RngCore) -> Self {
        call()
    }

    fn from_text(_text: &str) -> Result<Self, PositionError> {
        Ok(call())
    }

    fn to_text(&self) -> Result<String, PositionError> {
        Ok("game = \"call\"\n".to_string())
    }

    fn num_players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.winner().is_some() {
            Turn::Terminal
        } else if self.len() == 1 {
            Turn::Chance
        } else {
            Turn::Player(0)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Shout>) {
        out.clear();
        match self.len() {
            0 => out.extend([Shout::Safe, Shout::Toss]),
            2 if self.winner().is_none() => out.extend([Shout::CallHeads, Shout::CallTails]),
            _ => {}
        }
    }

    fn has_chance(&self) -> bool {
        self.len() < 2
    }

    fn chance_outcomes(&self, out: &mut Vec<(Shout, f64)>) {
        out.clear();
        match self.history {
            [Some(Shout::Safe), None, _] => out.extend([(Shout::Won, 0.75), (Shout::Lost, 0.25)]),
            [Some(Shout::Toss), None, _] => out.extend([(Shout::Heads, 0.5), (Shout::Tails, 0.5)]),
            _ => {}
        }
    }

    fn apply(&mut self, action: Shout) {
        let next = self.len();
        self.history[next] = Some(action);
    }

    fn score(&self, player: usize) -> i32 {
        i32::from(self.winner() == Some(player))
    }

    fn returns(&self, player: usize) -> f64 {
        self.score(player) as f64
    }

    fn hash(&self) -> u64 {
        self.history.iter().fold(0, |h, s| {
            h * 16 + s.map_or(0, |s| Self::action_index(s) + 1)
        })
    }

    fn resample_hidden(&self, _observer: usize, _rng: &mut dyn RngCore) -> Self {
        *self
    }

    fn action_id(action: Shout) -> u64 {
        Self::action_index(action)
    }

    fn action_from_id(id: u64) -> Option<Shout> {
        Self::action_from_index(id)
    }

    fn action_index(action: Shout) -> u64 {
        SHOUTS
            .iter()
            .position(|&s| s == action)
            .expect("every shout") as u64
    }

    fn action_from_index(index: u64) -> Option<Shout> {
        SHOUTS.get(index as usize).copied()
    }

    fn action_to_text(&self, action: Shout) -> String {
        lower_name(action)
    }

    fn action_from_text(&self, text: &str) -> Result<Shout, String> {
        named(&SHOUTS, text, "shout")
    }
}
