//! The one trait every game implements; search, perft, bots, the arena and the bindings
//! only use this.

use std::fmt::Debug;
use std::hash::Hash;
use std::path::PathBuf;

use rand::{Rng, RngCore};

use crate::refusal::Refusal;

/// Which weights an evaluation uses ([`Game::heuristic_score_with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EvalWeights {
    /// The set the game ships for the search at hand: [`Game::heuristic_score`] at
    /// alpha-beta's horizon, [`Game::ROLLOUT_EVAL`] at ISMCTS's rollout cut-offs.
    #[default]
    Default,
    /// The weights set by hand.
    Hand,
    /// The weights fitted to self-play results (`scripts/fit_eval.py`).
    Fitted,
}

impl EvalWeights {
    pub const NAMES: [&'static str; 3] = ["default", "hand", "fitted"];

    pub fn name(self) -> &'static str {
        match self {
            EvalWeights::Default => "default",
            EvalWeights::Hand => "hand",
            EvalWeights::Fitted => "fitted",
        }
    }
}

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
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
    /// A 1-player game can be won or lost ([`Game::returns`] says which), beside its
    /// score. False: a solo game is played for its score alone (its `returns` is 1).
    pub solo_win: bool,
    /// The game has decks whose order [`Game::hide_decks`] can forget.
    pub decks: bool,
    /// The setup option naming the game's rules file, which reading a position also
    /// accepts ([`ReadContext::rules_file`]): Golem's `components`, an Explorers `map`.
    /// `None`: every rule is built in.
    pub rules_file: Option<&'static str>,
}

/// How a setup option of [`Game::SETUP_OPTIONS`] is given (the command line makes a
/// flag of each: `--intro`, `--map ID`, `--components FILE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupKind {
    /// On or off (`true`/`false`); off by default.
    Flag,
    /// A word (a map id, or a map file's path).
    Text,
    /// A file's path, read when the game is made.
    File,
}

impl SetupKind {
    pub fn name(self) -> &'static str {
        match self {
            SetupKind::Flag => "flag",
            SetupKind::Text => "text",
            SetupKind::File => "file",
        }
    }
}

/// A setup choice beyond the player count that [`Game::new_game_with`] accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupOption {
    pub name: &'static str,
    pub kind: SetupKind,
    /// What it chooses and its default, in a sentence.
    pub help: &'static str,
    /// The values it takes by name (a text option may also take a file's path, as a
    /// map file), for lists and scripts that go through every one; empty when any
    /// value of its kind is taken.
    pub choices: &'static [&'static str],
}

/// A refused position (or other text input): the one [`Refusal`] type, by the name the
/// games' readers use.
pub type PositionError = Refusal;

/// The rules file a state is played with, for games whose numbers come from a data file
/// (Golem (Cranio)'s components, its spec §13): every result names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// The game's short name (`golem-cranio`).
    pub game: &'static str,
    /// What the game calls its rules file (Golem: `components`).
    pub kind: &'static str,
    /// `builtin` or the file's path.
    pub source: String,
    /// Lower-case hex SHA-256 of the file.
    pub sha256: String,
    /// Values in the file, and how many of them are placeholders (not confirmed).
    pub facts: u32,
    pub placeholders: u32,
}

impl Ruleset {
    /// `ruleset: golem-cranio components builtin (sha256 1f3a2b4c5d6e…) — 333 of 580 values
    /// are placeholders`; the hash cut to 12 digits, enough to tell files apart by eye.
    pub fn line(&self) -> String {
        let short: String = self.sha256.chars().take(12).collect();
        format!(
            "ruleset: {} {} {} (sha256 {short}…) — {} of {} values are placeholders",
            self.game, self.kind, self.source, self.placeholders, self.facts
        )
    }
}

/// Where a position text comes from, for [`Game::from_text_in`]: the folder relative paths
/// inside it start from, a rules file that overrides the one it names, and the seed for
/// whatever the text leaves to chance (Golem's `?` cards).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadContext {
    pub base_dir: Option<PathBuf>,
    pub rules_file: Option<PathBuf>,
    /// A rules file given by its content instead of a path (a file uploaded to the
    /// analysis board); it overrides the one the text names, as `rules_file` does.
    pub rules_text: Option<RulesText>,
    pub seed: u64,
}

/// A rules file handed over as text: `name` is the file's name (no folder), what a
/// position written with these rules names; `text` is its content, read by the same
/// reader as a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesText {
    pub name: String,
    pub text: String,
}

/// The refusal of a rules file by a game whose rules are all built in.
fn no_rules_file(game: &str) -> PositionError {
    PositionError::new(
        "rules_file",
        format!("{game} reads no rules file: its rules are all built in"),
    )
}

/// A position followed through play: the state, the last state at rest before it and the
/// actions played since (empty when the state is at rest), so that any state reached can
/// be written ([`Game::to_text_traced`]; Golem's `in_progress`). The one shape of a
/// tracked position: readers return it ([`Traced`]), each Python object keeps one, and a
/// game's own tools follow play with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tracked<G: Game> {
    pub state: G,
    pub rest: G,
    pub since: Vec<G::Action>,
}

impl<G: Game> Tracked<G> {
    /// A state at rest, as its own rest point.
    pub fn new(rest: G) -> Self {
        Tracked {
            state: rest,
            rest,
            since: Vec::new(),
        }
    }

    /// Applies a legal action (forced steps included), moving the rest point when the
    /// state comes to rest.
    pub fn apply(&mut self, action: G::Action) {
        self.state.apply(action);
        if self.state.at_rest() {
            self.rest = self.state;
            self.since.clear();
        } else {
            self.since.push(action);
        }
    }

    /// The position's text: the state's own at rest, else its rest and the moves since.
    pub fn to_text(&self) -> Result<String, PositionError> {
        if self.since.is_empty() && self.state.at_rest() {
            self.state.to_text()
        } else {
            G::to_text_traced(&self.rest, &self.since)
        }
    }
}

/// A position as read by [`Game::read_traced`]: where play stands, and the reader's
/// warnings.
#[derive(Clone, Debug)]
pub struct Traced<G: Game> {
    pub tracked: Tracked<G>,
    pub warnings: Vec<String>,
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

    /// Forgets every deck order (a game with [`GameInfo::decks`]): later draws become
    /// chance events over the unseen cards, as players of the printed game know them.
    /// Nothing to forget by default.
    fn hide_decks(&mut self) {}

    // ---- making and saving states ----

    /// A new game for `players` seats (within the range of [`Game::INFO`]), with every
    /// random setup choice (shuffles) drawn from `rng`.
    fn new_game(players: usize, rng: &mut dyn RngCore) -> Self;

    /// Setup choices beyond the player count that [`Game::new_game_with`] accepts (a
    /// map, a variant); none by default.
    const SETUP_OPTIONS: &'static [SetupOption] = &[];

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

    /// [`Game::new_game_with`] with the rules read from `rules` (a rules file's content)
    /// instead of the builtin ones. By default a game has no rules file and refuses one.
    fn new_game_in(
        players: usize,
        rng: &mut dyn RngCore,
        options: &[(String, String)],
        rules: Option<&RulesText>,
    ) -> Result<Self, PositionError> {
        if rules.is_some() {
            return Err(no_rules_file(Self::INFO.name));
        }
        Self::new_game_with(players, rng, options)
    }

    /// Reads a position in the game's text format (TOML with a `game` key); every refusal
    /// names the field and says what is wrong.
    fn from_text(text: &str) -> Result<Self, PositionError>;

    /// [`Game::from_text`] with its context, and the warnings reading gave (a rules file
    /// other than the writer's, cards guessed for unknown ones). By default: no warnings,
    /// and a `rules_file` is refused (the game has none).
    fn from_text_in(text: &str, ctx: &ReadContext) -> Result<(Self, Vec<String>), PositionError> {
        if ctx.rules_file.is_some() || ctx.rules_text.is_some() {
            return Err(no_rules_file(Self::INFO.name));
        }
        Self::from_text(text).map(|state| (state, Vec::new()))
    }

    /// [`Game::from_text_in`] keeping the trail of a position written inside a compound
    /// action (Golem's `in_progress`): the last state at rest and the actions since, so a
    /// front end can write the state again after more moves ([`Game::to_text_traced`]).
    /// By default the state is its own rest point.
    fn read_traced(text: &str, ctx: &ReadContext) -> Result<Traced<Self>, PositionError> {
        let (state, warnings) = Self::from_text_in(text, ctx)?;
        Ok(Traced {
            tracked: Tracked::new(state),
            warnings,
        })
    }

    /// Whether [`Game::to_text`] can write this state by itself; `false` inside a
    /// compound action of a game whose positions are written at rest (Golem), where
    /// [`Game::to_text_traced`] needs the rest point. Always `true` by default.
    fn at_rest(&self) -> bool {
        true
    }

    /// The text of the state reached from `rest` (a state at rest) by `trail` (moves and
    /// chance outcomes since). By default only an empty trail can be written.
    fn to_text_traced(rest: &Self, trail: &[Self::Action]) -> Result<String, PositionError> {
        if trail.is_empty() {
            rest.to_text()
        } else {
            Err(PositionError::new(
                "position",
                format!(
                    "{} positions cannot record moves in progress",
                    Self::INFO.name
                ),
            ))
        }
    }

    /// The rules file this state is played with, for games that have one (reported with
    /// every result); `None` by default.
    fn ruleset(&self) -> Option<Ruleset> {
        None
    }

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
    /// unless `turn()` is `Chance`. Exact even where [`Game::chance_listable`] is false
    /// (perft needs every outcome), but then possibly millions long: playing code samples.
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, f64)>);

    /// Whether [`Game::chance_outcomes`] can list this chance node's outcomes at a cost
    /// search and play can pay (at most `INFO.max_chance_outcomes` of them). Where it
    /// cannot (Golem's unlisted marble drops: up to 15,006,250 outcomes), playouts, the
    /// arena and search draw outcomes with [`Game::sample_chance`] instead. True by
    /// default.
    fn chance_listable(&self) -> bool {
        true
    }

    /// One outcome of this chance node drawn with the law of [`Game::chance_outcomes`];
    /// `None` where there is none. The default lists the outcomes and makes the one `f64`
    /// draw of [`crate::playout::random_outcome`], so it consumes `rng` exactly as that
    /// does; a game with unlistable nodes draws them without listing.
    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<Self::Action> {
        let mut outcomes = Vec::new();
        self.chance_outcomes(&mut outcomes);
        draw_outcome(&outcomes, rng)
    }

    /// Whether [`Game::sample_chance`] draws every node without listing it, so playouts,
    /// ISMCTS and the arena should call it even where the node could be listed (Golem: a
    /// drop of a few marbles lists hundreds of count vectors with their probabilities,
    /// each ply of a playout). `false` (the default) keeps the listed draw, and the `rng`
    /// streams that Century's and Merchant Explorers' recorded results depend on.
    const DIRECT_CHANCE_SAMPLING: bool = false;

    /// Applies a legal action (or chance outcome). Behaviour for an illegal action is
    /// unspecified but memory-safe; callers that take actions from users check legality.
    fn apply(&mut self, action: Self::Action);

    /// [`Game::apply`], and where the game finds the new state's legal actions while
    /// applying (Golem lists each decision it reaches to see whether it is forced), puts
    /// them in `out` as [`Game::legal_actions`] would and returns true. False (the
    /// default) leaves `out` to the caller. Playouts use it to list a decision once.
    fn apply_and_list(&mut self, action: Self::Action, out: &mut Vec<Self::Action>) -> bool {
        let _ = out;
        self.apply(action);
        false
    }

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

    /// [`Game::heuristic_score`] with the weight set `weights` names. Search calls this
    /// (bot specs' `eval=`), so that two weight sets can play each other; by default every
    /// set is the game's one evaluation.
    fn heuristic_score_with(&self, player: usize, weights: EvalWeights) -> f64 {
        let _ = weights;
        self.heuristic_score(player)
    }

    /// The weight set ISMCTS scores its cut-off rollouts with when its config says
    /// [`EvalWeights::Default`]. A set that predicts results better can still mislead a
    /// search that steers by it, so each search has its own default: alpha-beta's horizon
    /// always uses [`Game::heuristic_score`].
    const ROLLOUT_EVAL: EvalWeights = EvalWeights::Default;

    /// Names of the terms the evaluation weighs ([`Game::eval_terms`]); empty for a game
    /// whose evaluation has none. The first term is in points and has weight 1 in every
    /// set, so that a fitted evaluation stays on the scale of final scores.
    const EVAL_TERMS: &'static [&'static str] = &[];

    /// The weights of [`Game::EVAL_TERMS`] in the hand-set ([`EvalWeights::Hand`]) and the
    /// fitted ([`EvalWeights::Fitted`]) evaluation: `heuristic_score_with` is the weighted
    /// sum of [`Game::eval_terms`] (the conformance checks hold every game to it).
    const EVAL_HAND: &'static [f64] = &[];
    const EVAL_FITTED: &'static [f64] = &[];

    /// The unweighted terms of `player`'s evaluation here, one per [`Game::EVAL_TERMS`]
    /// name, into `out`: every weight set's evaluation is their weighted sum. What
    /// `scripts/fit_eval.py` fits weights to (the `eval_data` example records them).
    fn eval_terms(&self, player: usize, out: &mut [f64]) {
        let _ = (player, out);
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

    /// Whether chance events come in chains (Golem's Refresh: a marble drop, then a deal
    /// per action space and one for the Library), whose product no search can expand.
    /// Alpha-beta then evaluates a chance node reached with no ply left instead of
    /// expanding it, and where it samples (`chance_samples`, or a node too large to list)
    /// it draws whole chains, k in all, instead of k outcomes at every link. `false` (the
    /// default) keeps the per-node behaviour that Century's bench signature records.
    const CHANCE_CHAINS: bool = false;

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

    /// Weights like [`Game::action_priors`] for the places that ask at every step: policy
    /// rollouts and alpha-beta's interior move ordering. By default the priors themselves;
    /// a game whose priors cost a lookahead (Golem's greedy, about a millisecond) gives
    /// cheap static weights here and keeps the priors for the root and the tree.
    fn rollout_priors(&self, actions: &[Self::Action], out: &mut Vec<f32>) {
        self.action_priors(actions, out)
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

/// A built-in bench position of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    pub name: &'static str,
    /// The position file's text.
    pub text: &'static str,
    /// Alpha-beta depth.
    pub depth: u32,
}

/// An outcome of `outcomes` drawn by its probability with one uniform `f64` from `rng`
/// (none drawn when the list is empty).
pub fn draw_outcome<A: Copy, R: Rng + ?Sized>(outcomes: &[(A, f64)], rng: &mut R) -> Option<A> {
    let &(last, _) = outcomes.last()?;
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    let mut x = rng.random::<f64>() * total;
    // `last` also absorbs rounding when the probabilities do not add up exactly.
    let mut pick = last;
    for &(outcome, p) in outcomes.iter() {
        if x < p {
            pick = outcome;
            break;
        }
        x -= p;
    }
    Some(pick)
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::games::century::Century;
    use crate::playout::random_outcome;

    #[test]
    fn the_ruleset_line_names_game_source_hash_and_placeholders() {
        let r = Ruleset {
            game: "golem-cranio",
            kind: "components",
            source: "builtin".into(),
            sha256: "1f3a2b4c5d6e7f8091a2b3c4d5e6f708".into(),
            facts: 580,
            placeholders: 333,
        };
        assert_eq!(
            r.line(),
            "ruleset: golem-cranio components builtin (sha256 1f3a2b4c5d6e…) — 333 of 580 \
             values are placeholders"
        );
    }

    #[test]
    fn games_without_a_rules_file_refuse_one_and_read_without_warnings() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let text = Century::new_game(2, &mut rng).to_text().unwrap();
        let (state, warnings) = Century::from_text_in(&text, &ReadContext::default()).unwrap();
        assert_eq!(state.to_text().unwrap(), text);
        assert!(warnings.is_empty());
        let ctx = ReadContext {
            rules_file: Some("rules.json".into()),
            ..ReadContext::default()
        };
        let error = Century::from_text_in(&text, &ctx).unwrap_err();
        assert_eq!(error.field, "rules_file");
        assert_eq!(
            error.message,
            "century-golem reads no rules file: its rules are all built in"
        );
    }

    #[test]
    fn the_default_sample_draws_as_random_outcome_does() {
        // Hidden decks: the first deal is a chance node with many outcomes.
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut state = Century::new_game(3, &mut rng);
        state.hide_decks();
        let mut legal = Vec::new();
        let mut checked = 0;
        while checked < 20 && !state.is_terminal() {
            if state.turn() == Turn::Chance {
                let seed = rng.random();
                let mut a = ChaCha8Rng::seed_from_u64(seed);
                let mut b = ChaCha8Rng::seed_from_u64(seed);
                let sampled = state.sample_chance(&mut a);
                let drawn = random_outcome(&state, &mut Vec::new(), &mut b);
                assert_eq!(sampled, drawn);
                assert_eq!(a.random::<u64>(), b.random::<u64>(), "the same draws");
                state.apply(sampled.unwrap());
                checked += 1;
            } else {
                state.legal_actions(&mut legal);
                state.apply(legal[rng.random_range(0..legal.len())]);
            }
        }
        assert_eq!(checked, 20);
    }
}
