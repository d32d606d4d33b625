//! The one trait every game implements; search, perft, bots, the arena and the bindings
//! only use this.

use std::fmt::Debug;
use std::hash::Hash;

use rand::RngCore;

pub use crate::bench::BenchPosition;

/// Who acts in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A seat (0-based) chooses an action.
    Player(usize),
    /// Nature acts: the next action is drawn from [`Game::chance_outcomes`].
    Chance,
    /// The game is over.
    Terminal,
}

/// What a game is, independent of any state: for registries, command lines and adapters
/// (OpenSpiel's `GameType`/`GameInfo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Short identifier, the `game = "..."` key of its position files (`century-golem`).
    pub name: &'static str,
    /// Printed name (`Century: Golem Edition`).
    pub title: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// Chance events (shuffled decks, dice) can occur.
    pub chance: bool,
    /// Some player can know something another cannot (a hand, a private pick). Hidden deck
    /// orders that nobody knows are chance, not hidden information.
    pub hidden_information: bool,
    /// The printed game has players act at the same time. The engine always sequences
    /// them (see `docs/search.md`): this flag says that the sequencing is the engine's.
    pub simultaneous: bool,
    /// Every [`Game::action_index`] is below this (OpenSpiel's `num_distinct_actions`).
    pub action_space: u64,
    /// The most outcomes a chance node can have.
    pub max_chance_outcomes: usize,
}

/// A refused position (or other text input): which field, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct PositionError {
    pub field: String,
    pub message: String,
}

impl PositionError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        PositionError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// A game state together with its rules.
///
/// States are small `Copy` values: search clones them instead of undoing moves.
pub trait Game: Copy + Send + Sync + 'static {
    /// A move of a player or an outcome of chance; a small value that compares across
    /// states with the same public information (ISMCTS relies on that).
    type Action: Copy + Eq + Ord + Hash + Debug + Send + Sync;

    /// Name, player range and nature of the game.
    const INFO: GameInfo;

    // ---- making and saving states ----

    /// A new game for `players` seats (within the range of [`Game::INFO`]), with every
    /// random setup choice (shuffles) drawn from `rng`.
    fn new_game(players: usize, rng: &mut dyn RngCore) -> Self;

    /// Setup choices beyond the player count that [`Game::new_game_with`] accepts, as
    /// `(name, help)` (a map, a variant); none by default.
    const SETUP_OPTIONS: &'static [(&'static str, &'static str)] = &[];

    /// [`Game::new_game`] with setup choices named by [`Game::SETUP_OPTIONS`] (`name`,
    /// `value` pairs); a refusal names the option.
    fn new_game_with(
        players: usize,
        rng: &mut dyn RngCore,
        options: &[(String, String)],
    ) -> Result<Self, PositionError> {
        match options.first() {
            Some((name, _)) => Err(PositionError::new(
                name.as_str(),
                format!("{} has no setup options", Self::INFO.name),
            )),
            None => Ok(Self::new_game(players, rng)),
        }
    }

    /// Reads a position in the game's text format (TOML with a `game` key); every refusal
    /// names the field and says what is wrong.
    fn from_text(text: &str) -> Result<Self, PositionError>;

    /// Writes the position in the format [`Game::from_text`] reads. Fails where the format
    /// cannot say the state (e.g. in the middle of a deal).
    fn to_text(&self) -> Result<String, PositionError>;

    // ---- who acts ----

    fn num_players(&self) -> usize;
    fn turn(&self) -> Turn;

    fn is_terminal(&self) -> bool {
        self.turn() == Turn::Terminal
    }

    // ---- moves ----

    /// Fills `out` (cleared first) with the legal actions of the player to move, in a fixed
    /// order; at a chance node, with the possible outcomes. The caller reuses `out`, so no
    /// allocation happens once it has grown.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Whether any chance event can still happen below this state (hidden decks, dice...).
    /// Without chance the game is deterministic and perfect-information from here.
    fn has_chance(&self) -> bool;

    /// Fills `out` (cleared first) with the chance outcomes and their probabilities; empty
    /// unless `turn()` is `Chance`.
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, f64)>);

    /// Applies a legal action (or chance outcome). Behaviour for an illegal action is
    /// unspecified but memory-safe; callers that take actions from users check legality.
    fn apply(&mut self, action: Self::Action);

    // ---- results ----

    /// Final score of `player` in game points (meaningful at any state: the current tally).
    fn score(&self, player: usize) -> i32;

    /// What search maximises: 1 for the winner, 0 otherwise, at terminal states.
    fn returns(&self, player: usize) -> f64;

    /// Zobrist hash, maintained incrementally.
    fn hash(&self) -> u64;

    // ---- hidden information ----

    /// A state with every hidden card redealt in a random order consistent with what
    /// `observer` knows, and no hidden information left (a determinization).
    fn resample_hidden(&self, observer: usize, rng: &mut dyn RngCore) -> Self;

    /// What `observer` knows of this state: the same state with every piece of information
    /// hidden from that player made hidden again (e.g. deck orders forgotten), so a bot
    /// handed it cannot exploit what it could not see. Search on the result must treat the
    /// hidden parts as chance. Games with no hidden information keep the default.
    fn public_view(&self, _observer: usize) -> Self {
        *self
    }

    // ---- actions as numbers and text ----

    /// A stable integer naming an action (history tables, Python).
    fn action_id(action: Self::Action) -> u64;

    /// The inverse of [`Game::action_id`]; `None` for an integer no action maps to. The
    /// action need not be legal anywhere: callers check legality.
    fn action_from_id(id: u64) -> Option<Self::Action>;

    /// A dense index below `INFO.action_space` (for tensors and OpenSpiel).
    fn action_index(action: Self::Action) -> u64;

    /// The inverse of [`Game::action_index`].
    fn action_from_index(index: u64) -> Option<Self::Action>;

    /// Canonical move notation of a legal action in this state.
    fn action_to_text(&self, action: Self::Action) -> String;

    /// Parses move notation into one of this state's legal actions.
    fn action_from_text(&self, text: &str) -> Result<Self::Action, String>;

    // ---- tensors for learning (docs/rl.md) ----

    /// Length of [`Game::observation`]'s tensor: fixed for the game (the largest player
    /// count and map), so every state of it fills the same shape. 0 (the default) for a
    /// game that has no observation yet.
    const OBSERVATION_SIZE: usize = 0;

    /// Writes what `player` may see of this state into `out` (`OBSERVATION_SIZE` long,
    /// every entry overwritten): nothing `public_view(player)` hides, so two states that
    /// differ only in hidden information give the same tensor. The layout is the game's,
    /// documented in its doc ("Observation tensor").
    fn observation(&self, _player: usize, out: &mut [f32]) {
        out.fill(0.0);
    }

    /// Size of the policy action space that legal masks cover: every
    /// [`Game::policy_index`] is below it. Defaults to the dense action space; a game
    /// whose dense space is too large for a mask (Century's) maps its actions onto a
    /// smaller one.
    const POLICY_ACTIONS: usize = Self::INFO.action_space as usize;

    /// The policy index of a legal player action of this state (below
    /// [`Game::POLICY_ACTIONS`]). Distinct legal actions may share an index when the game
    /// says so (its doc); [`Game::action_from_policy_index`] then plays the first of them
    /// in `legal_actions` order. Defaults to [`Game::action_index`].
    fn policy_index(&self, action: Self::Action) -> usize {
        Self::action_index(action) as usize
    }

    /// The legal player action a policy index names here (the first in legal order with
    /// that index), or `None`. `legal` is a scratch buffer.
    fn action_from_policy_index(
        &self,
        index: usize,
        legal: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        if !matches!(self.turn(), Turn::Player(_)) {
            return None;
        }
        self.legal_actions(legal);
        legal
            .iter()
            .copied()
            .find(|&a| self.policy_index(a) == index)
    }

    /// A picture of the position as a standalone SVG document, for games that draw one
    /// (`golem-solve show --svg`); `None` by default.
    fn to_svg(&self) -> Option<String> {
        None
    }

    // ---- search knowledge ----

    /// Cheap move-ordering hint: actions with a higher hint are tried first by alpha-beta
    /// and preferred by heuristic rollouts.
    fn ordering_hint(&self, _action: Self::Action) -> i32 {
        0
    }

    /// Estimated final score of `player` from this state, for search horizons and rollout
    /// cut-offs. Defaults to the current score.
    fn heuristic_score(&self, player: usize) -> f64 {
        self.score(player) as f64
    }

    /// Whether playing `action` (a player action of this state) leaves every other
    /// player's [`Game::heuristic_score`] exactly as it is here, so that only the mover's
    /// changes. Alpha-beta then evaluates only the mover at the leaves one ply below and
    /// reuses this state's scores of the others. `false` (the default) is always safe; a
    /// wrong `true` changes search results.
    fn heuristic_changes_only_mover(&self, _action: Self::Action) -> bool {
        false
    }

    /// Whether perft expands a chance event reached with no ply left (Century's rules: a
    /// deal after the last counted move branches) or counts it as one leaf (Merchant
    /// Explorers' §13: `perft(0) = 1` at a chance node). Each game's spec defines its
    /// perft; this says which definition.
    const PERFT_EXPANDS_TRAILING_CHANCE: bool = true;

    /// The positions [`crate::bench`] searches for this game (its data, in its folder).
    const BENCH_POSITIONS: &'static [BenchPosition] = &[];

    /// Prior weights of `actions` (legal actions of the player to move here): `out` is
    /// cleared and filled with one non-negative weight per action, higher for the more
    /// promising. Search normalises them; ISMCTS biases selection and widens its tree by
    /// them and policy rollouts play the heaviest, alpha-beta orders by them. Uniform by
    /// default.
    fn action_priors(&self, actions: &[Self::Action], out: &mut Vec<f32>) {
        out.clear();
        out.resize(actions.len(), 1.0);
    }

    /// Whether `action` is legal here, when the game can tell without generating every
    /// move: alpha-beta then tries its table move and killers first and generates the rest
    /// only if they do not cut the node off. `None` (the default) means "not cheaply":
    /// search then generates every move first.
    fn check_legal(&self, _action: Self::Action) -> Option<bool> {
        None
    }

    /// Whether the game could end within the next two player moves. `false` lets search
    /// skip its check for decisive moves (an immediate win, a move that hands the next
    /// player one). Always `true` by default.
    fn end_is_near(&self) -> bool {
        true
    }
}
