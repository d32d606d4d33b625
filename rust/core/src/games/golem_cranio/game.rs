//! Golem (Cranio) behind the [`Game`] trait: what search, bots, the arena and the bindings
//! see of the engine. Choices (action ids, the policy space, the observation, hidden
//! information, sampled marble drops): docs/golem-cranio.md, "Behind the Game trait".

use rand::seq::SliceRandom;
use rand::RngCore;

use super::action::Action;
use super::action_id;
use super::components::ops::Op;
use super::components::vocab::{MarbleColour, Vocab};
use super::components::Components;
use super::observation;
use super::ops::current_op;
use super::pile::Pile;
use super::position::{self, load_components, ReadOptions};
use super::position_setup::GAME_KEY;
use super::setup::{self, NewGame};
use super::state::{Chance, Marbles, Phase, State, COLOURS, MAX_DROPS, MAX_PLAYERS};
use super::{eval, fitted, greedy};
use crate::game::{
    BenchPosition, GameInfo, PositionError, ReadContext, RulesText, Ruleset, SetupKind,
    SetupOption, Traced,
};
use crate::util::BitIter;
use crate::{EvalWeights, Game, Turn};

/// The most outcomes of a chance node that search and play list; a node with more (an
/// unlisted marble drop of many marbles: 590,625 outcomes for 2 players' full set,
/// 15,006,250 for 4) is sampled ([`Game::chance_listable`]).
pub const CHANCE_LIST_LIMIT: usize = 4096;

/// Outcomes of a drop of `marbles` with no listed result: per colour, the ways of putting
/// its m marbles into the 5 lines, C(m + 4, 4).
fn drop_outcome_count(marbles: Marbles) -> u64 {
    (0..COLOURS as u8)
        .map(|c| {
            let m = marbles.count(c) as u64;
            (m + 1) * (m + 2) * (m + 3) * (m + 4) / 24
        })
        .product()
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k.min(n - k)).fold(1u64, |r, i| r.saturating_mul(n - i) / (i + 1))
}

impl State {
    /// The number of outcomes of the pending chance event (0 when none is pending),
    /// counted without listing them.
    pub fn chance_outcome_count(&self) -> u64 {
        match self.chance {
            Chance::None => 0,
            Chance::Drop => {
                let marbles = self.drop_marbles();
                if self.listed_drop(marbles).is_some() {
                    1
                } else {
                    drop_outcome_count(marbles)
                }
            }
            Chance::Library => self.board.book_deck.candidates().count_ones() as u64,
            Chance::Tile(_) => self.board.tile_pile.candidates().count_ones() as u64,
            Chance::Objectives => {
                let Some((Op::DrawObjectives { draw, .. }, _)) = current_op(self) else {
                    return 0;
                };
                let deck = &self.board.objective_deck;
                let n = (*draw as usize).min(deck.len());
                let hidden = deck.hidden_cards().count_ones() as u64;
                binomial(hidden, (n as u64).min(hidden)).max(1)
            }
        }
    }

    /// Forgets the order of every deck (Books, Objectives, Action tiles): later deals
    /// become chance events. A deck whose top is already hidden keeps its known bottom
    /// (cards put under it in view of everyone).
    pub fn hide_decks(&mut self) {
        fn hide<const N: usize>(pile: &mut Pile<N>) {
            if pile.is_known() {
                *pile = Pile::hidden(pile.cards(), &[]);
            }
        }
        hide(&mut self.board.book_deck);
        hide(&mut self.board.objective_deck);
        hide(&mut self.board.tile_pile);
    }

    /// Whether outcome `action` of the pending chance event is possible, without listing
    /// the outcomes where there are too many.
    fn is_outcome(&self, action: Action) -> bool {
        match (self.chance, action) {
            (Chance::Drop, Action::Drop(lines)) => {
                let marbles = self.drop_marbles();
                if let Some(listed) = self.listed_drop(marbles) {
                    return lines == listed;
                }
                // Every line has a positive weight: any split of the marbles can fall.
                (0..COLOURS as u8)
                    .all(|c| lines.iter().map(|l| l.count(c)).sum::<u8>() == marbles.count(c))
            }
            (Chance::None, _) => false,
            _ => State::chance_outcomes(self)
                .iter()
                .any(|&(a, _)| a == action),
        }
    }

    /// Why `action` (read from `text`) is not an outcome of the pending chance event: for
    /// a marble drop, the colours whose marbles it does not place in full.
    fn outcome_refusal(&self, text: &str, action: Action) -> String {
        let (Chance::Drop, Action::Drop(lines)) = (self.chance, action) else {
            return format!("'{text}' is not an outcome of this chance event");
        };
        let marbles = self.drop_marbles();
        if let Some(listed) = self.listed_drop(marbles) {
            return format!(
                "'{text}' is not the drop the position lists ({})",
                Action::Drop(listed).to_text()
            );
        }
        let wrong: Vec<String> = (0..COLOURS as u8)
            .filter_map(|c| {
                let placed: u8 = lines.iter().map(|l| l.count(c)).sum();
                let dropped = marbles.count(c);
                (placed != dropped).then(|| {
                    let name = <MarbleColour as Vocab>::NAMES[c as usize];
                    format!("{placed} of the {dropped} {name}")
                })
            })
            .collect();
        format!(
            "'{text}' is not an outcome of this marble drop: it places {} (every marble \
             dropped falls into exactly one line)",
            wrong.join(", ")
        )
    }

    /// An Objective draw of an unlistable size: the known cards in order below a uniform
    /// subset of the hidden ones (the law of [`State::chance_outcomes`]).
    fn sample_objective_draw(&self, rng: &mut dyn RngCore) -> Action {
        let Some((Op::DrawObjectives { draw, .. }, _)) = current_op(self) else {
            panic!("no Objective draw pending");
        };
        let deck = &self.board.objective_deck;
        let n = (*draw as usize).min(deck.len());
        let mut hidden: Vec<u8> = BitIter(deck.hidden_cards()).map(|c| c as u8).collect();
        let from_hidden = n.min(hidden.len());
        hidden.shuffle(rng);
        let set = hidden[..from_hidden]
            .iter()
            .chain(&deck.known_top_first()[..n - from_hidden])
            .fold(0u32, |m, &c| m | 1 << c);
        Action::Draw(set)
    }

    /// The Objective cards `observer` cannot see: the other seats' hands, packs and
    /// drafted cards, cards another seat drew and has not kept yet, and the whole deck.
    fn unseen_objectives(&self, observer: usize) -> u32 {
        let n = self.num_players as usize;
        let mut pool = self.board.objective_deck.cards() as u32;
        for (seat, p) in self.players[..n].iter().enumerate() {
            if seat != observer {
                pool |= p.objectives | p.pack | p.drafted;
            }
        }
        if !sees_draw(self, observer) {
            pool |= self.stack.drawn;
        }
        pool
    }

    /// Deals the unseen Objective cards `cards` (in this order) into the places hidden
    /// from `observer`, each keeping its size; the rest make the deck, in this order when
    /// `known`, else as a hidden set.
    fn deal_unseen(&mut self, observer: usize, cards: &[u8], known: bool) {
        let mut next = cards.iter().copied();
        let mut take = |count: u32| (0..count).fold(0u32, |m, _| m | 1 << next.next().unwrap());
        let n = self.num_players as usize;
        for seat in (0..n).filter(|&s| s != observer) {
            let p = &mut self.players[seat];
            p.objectives = take(p.objectives.count_ones());
            p.pack = take(p.pack.count_ones());
            p.drafted = take(p.drafted.count_ones());
        }
        if !sees_draw(self, observer) {
            self.stack.drawn = take(self.stack.drawn.count_ones());
        }
        let rest: Vec<u8> = next.collect();
        self.board.objective_deck = if known {
            Pile::known(&rest)
        } else {
            Pile::hidden(rest.iter().fold(0u64, |m, &c| m | 1 << c), &[])
        };
    }
}

/// Whether `observer` sees the Objectives drawn and awaiting `keep`: they are the
/// drawer's, the seat deciding.
fn sees_draw(s: &State, observer: usize) -> bool {
    s.to_move as usize == observer
}

/// The drawn Objectives `observer` may see (for the observation).
pub(super) fn visible_draw(s: &State, observer: usize) -> u32 {
    if sees_draw(s, observer) {
        s.stack.drawn
    } else {
        0
    }
}

/// `intro` and `components`, for [`Game::new_game_with`].
const SETUP_OPTIONS: &[SetupOption] = &[
    SetupOption {
        name: "intro",
        kind: SetupKind::Flag,
        help: "the introductory game of spec §3.1 (fixed Palace and Neighborhoods, 2 \
               Starting tiles each, both kept); off by default",
        choices: &[],
    },
    SetupOption {
        name: "components",
        kind: SetupKind::File,
        help: "a components JSON file (spec §12) to read the game's numbers from; the \
               builtin components by default",
        choices: &[],
    },
];

impl Game for State {
    type Action = Action;

    const INFO: GameInfo = GameInfo {
        name: GAME_KEY,
        title: "Golem",
        min_players: 1,
        max_players: MAX_PLAYERS,
        chance: true,
        // Objective hands, draft packs and drafted cards are private (spec §6).
        hidden_information: true,
        simultaneous: false,
        action_space: action_id::ACTION_SPACE,
        max_chance_outcomes: CHANCE_LIST_LIMIT,
        solo_win: false,
        decks: true,
        rules_file: Some("components"),
    };

    fn hide_decks(&mut self) {
        State::hide_decks(self);
    }

    fn new_game(players: usize, rng: &mut dyn RngCore) -> Self {
        setup::new_game(Components::builtin(), players, rng, NewGame::default())
    }

    const SETUP_OPTIONS: &'static [SetupOption] = SETUP_OPTIONS;

    fn new_game_with(
        players: usize,
        rng: &mut dyn RngCore,
        options: &[(String, String)],
    ) -> Result<Self, PositionError> {
        Self::new_game_in(players, rng, options, None)
    }

    fn new_game_in(
        players: usize,
        rng: &mut dyn RngCore,
        options: &[(String, String)],
        rules: Option<&RulesText>,
    ) -> Result<Self, PositionError> {
        let mut new = NewGame::default();
        let mut comp = match rules {
            Some(r) => position::components_from_text(&r.name, &r.text)?,
            None => Components::builtin(),
        };
        for (name, value) in options {
            match name.as_str() {
                "intro" => {
                    new.intro = match value.as_str() {
                        "true" => true,
                        "false" => false,
                        other => {
                            return Err(PositionError::new(
                                "intro",
                                format!("expected true or false, got '{other}'"),
                            ))
                        }
                    }
                }
                "components" if rules.is_some() => {
                    return Err(PositionError::new(
                        "components",
                        "given twice: as a file's content and as the option",
                    ))
                }
                "components" => comp = load_components(value, None)?,
                other => {
                    return Err(PositionError::new(
                        other,
                        format!("not a setup option of {GAME_KEY} (options: intro, components)"),
                    ))
                }
            }
        }
        let (lo, hi) = (
            comp.rules.players_min as usize,
            comp.rules.players_max as usize,
        );
        if !(lo..=hi.min(MAX_PLAYERS)).contains(&players) {
            return Err(PositionError::new(
                "players",
                format!("{players} players; the components allow {lo}-{hi}"),
            ));
        }
        Ok(setup::new_game(comp, players, rng, new))
    }

    fn from_text(text: &str) -> Result<Self, PositionError> {
        position::read_position(text)
    }

    fn from_text_in(text: &str, ctx: &ReadContext) -> Result<(Self, Vec<String>), PositionError> {
        let options = read_options(ctx)?;
        let p = position::read_position_with(text, &options)?;
        let warnings = read_warnings(&p, ctx.seed);
        Ok((p.tracked.state, warnings))
    }

    fn read_traced(text: &str, ctx: &ReadContext) -> Result<Traced<Self>, PositionError> {
        let options = read_options(ctx)?;
        let p = position::read_position_with(text, &options)?;
        let warnings = read_warnings(&p, ctx.seed);
        Ok(Traced {
            tracked: p.tracked,
            warnings,
        })
    }

    fn at_rest(&self) -> bool {
        position::is_at_rest(self)
    }

    fn to_text_traced(rest: &Self, trail: &[Action]) -> Result<String, PositionError> {
        position::write_position_in_progress(rest, trail)
    }

    fn to_text(&self) -> Result<String, PositionError> {
        position::write_position(self)
    }

    fn to_svg(&self) -> Option<String> {
        Some(super::svg::to_svg(self))
    }

    fn ruleset(&self) -> Option<Ruleset> {
        let info = &self.comp.info;
        Some(Ruleset {
            game: GAME_KEY,
            kind: "components",
            source: info.source.label().to_string(),
            sha256: info.sha256.clone(),
            facts: info.facts,
            placeholders: info.placeholders,
        })
    }

    fn num_players(&self) -> usize {
        self.num_players as usize
    }

    fn turn(&self) -> Turn {
        State::turn(self)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend(self.legal());
        if out.is_empty() {
            if let Turn::Player(seat) = State::turn(self) {
                // The components validator refuses every file known to lead here, so this
                // is a bug, reported instead of a silent dead end (no moves, no end).
                panic!(
                    "seat {seat} has no legal move at {:?} in round {} (a dead end the rules \
                     engine should not reach)",
                    self.decision(),
                    self.round
                );
            }
        }
    }

    fn has_chance(&self) -> bool {
        // Marble drops come every Refresh and every Passing phase until the end.
        self.phase != Phase::Over
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        out.extend(State::chance_outcomes(self));
    }

    fn chance_listable(&self) -> bool {
        self.chance_outcome_count() <= CHANCE_LIST_LIMIT as u64
    }

    // Every node is drawn without listing (a listed drop of a few marbles has hundreds
    // of count vectors), by the law of `chance_outcomes`.
    const DIRECT_CHANCE_SAMPLING: bool = true;

    fn sample_chance(&self, rng: &mut dyn RngCore) -> Option<Action> {
        match self.chance {
            Chance::None => None,
            Chance::Objectives if !self.chance_listable() => Some(self.sample_objective_draw(rng)),
            _ => Some(State::sample_chance(self, rng)),
        }
    }

    fn apply(&mut self, action: Action) {
        State::apply(self, action);
    }

    fn apply_and_list(&mut self, action: Action, out: &mut Vec<Action>) -> bool {
        State::apply_and_list(self, action, out)
    }

    fn score(&self, player: usize) -> i32 {
        self.final_score(player)
    }

    fn returns(&self, player: usize) -> f64 {
        // §8: one winner, ties to the earliest in round 4's turn order.
        if self.phase == Phase::Over && self.winner() == player {
            1.0
        } else {
            0.0
        }
    }

    fn hash(&self) -> u64 {
        self.hash_value()
    }

    fn resample_hidden(&self, observer: usize, rng: &mut dyn RngCore) -> Self {
        let mut s = self.public_view(observer);
        let mut unseen: Vec<u8> = BitIter(s.unseen_objectives(observer) as u64)
            .map(|c| c as u8)
            .collect();
        unseen.shuffle(rng);
        s.deal_unseen(observer, &unseen, true);
        s.board.book_deck = s.board.book_deck.shuffled(rng);
        s.board.tile_pile = s.board.tile_pile.shuffled(rng);
        s
    }

    fn public_view(&self, observer: usize) -> Self {
        let mut view = *self;
        // Deck orders and known bottoms are forgotten (a determinization redeals them).
        view.board.book_deck = Pile::hidden(view.board.book_deck.cards(), &[]);
        view.board.tile_pile = Pile::hidden(view.board.tile_pile.cards(), &[]);
        // Listed future drops are known to no one.
        view.board.drops = [0; MAX_DROPS];
        view.board.drop_count = 0;
        // The state cannot say "a card unknown to me": the unseen Objectives are dealt
        // in ascending id, so the view does not depend on where they really are.
        let unseen: Vec<u8> = BitIter(view.unseen_objectives(observer) as u64)
            .map(|c| c as u8)
            .collect();
        view.deal_unseen(observer, &unseen, false);
        view
    }

    fn action_id(action: Action) -> u64 {
        action_id::action_id(action)
    }

    fn action_from_id(id: u64) -> Option<Action> {
        action_id::action_from_id(id)
    }

    fn action_index(action: Action) -> u64 {
        action_id::action_id(action)
    }

    fn action_from_index(index: u64) -> Option<Action> {
        action_id::action_from_id(index)
    }

    fn action_to_text(&self, action: Action) -> String {
        self.action_text(action)
    }

    fn action_from_text(&self, text: &str) -> Result<Action, String> {
        if self.chance != Chance::None && !self.chance_listable() {
            let action = Action::parse(text)?;
            return if self.is_outcome(action) {
                Ok(action)
            } else {
                Err(self.outcome_refusal(text, action))
            };
        }
        self.parse_action(text)
    }

    const OBSERVATION_SIZE: usize = observation::OBSERVATION_SIZE;

    fn observation(&self, player: usize, out: &mut [f32]) {
        observation::observe(self, player, out);
    }

    const POLICY_ACTIONS: usize = action_id::POLICY_ACTIONS;

    fn policy_index(&self, action: Action) -> usize {
        action_id::policy_index(action)
    }

    // Spec §10: a chance event reached with no ply left is a leaf.
    const PERFT_EXPANDS_TRAILING_CHANCE: bool = false;

    const CHANCE_CHAINS: bool = true;

    const BENCH_POSITIONS: &'static [BenchPosition] = &[
        BenchPosition {
            name: "2p-r2-actions",
            text: include_str!("../../../data/bench/golem_cranio/2p-r2-actions.toml"),
            depth: 5,
        },
        BenchPosition {
            name: "3p-r2-movement",
            text: include_str!("../../../data/bench/golem_cranio/3p-r2-movement.toml"),
            depth: 5,
        },
        BenchPosition {
            name: "4p-r3-actions",
            text: include_str!("../../../data/bench/golem_cranio/4p-r3-actions.toml"),
            depth: 4,
        },
    ];

    fn heuristic_score(&self, player: usize) -> f64 {
        eval::heuristic_score(self, player)
    }

    fn heuristic_score_with(&self, player: usize, weights: EvalWeights) -> f64 {
        match weights {
            EvalWeights::Default | EvalWeights::Hand => eval::heuristic_score(self, player),
            EvalWeights::Fitted => eval::heuristic_score_scaled(self, player, &fitted::WEIGHTS),
        }
    }

    /// At ISMCTS's rollout cut-offs the fitted weights won 60% of 200 games against the
    /// hand-set ones; at alpha-beta's horizon they lost (docs/strength.md, "Fitted
    /// evaluations").
    const ROLLOUT_EVAL: EvalWeights = EvalWeights::Fitted;

    const EVAL_TERMS: &'static [&'static str] = &eval::TERMS;
    const EVAL_HAND: &'static [f64] = &eval::HAND;
    const EVAL_FITTED: &'static [f64] = &fitted::WEIGHTS;

    fn eval_terms(&self, player: usize, out: &mut [f64]) {
        out.copy_from_slice(&eval::terms(self, player));
    }

    fn ordering_hint(&self, action: Action) -> i32 {
        greedy::ordering_hint(self, action)
    }

    fn action_priors(&self, actions: &[Action], out: &mut Vec<f32>) {
        greedy::action_priors(self, actions, out)
    }

    /// The greedy lookahead costs about a millisecond a decision: rollouts and alpha-beta's
    /// interior nodes order by the static hint instead.
    fn rollout_priors(&self, actions: &[Action], out: &mut Vec<f32>) {
        out.clear();
        out.extend(
            actions
                .iter()
                .map(|&a| (greedy::ordering_hint(self, a) as f32 / 20.0).exp()),
        );
    }

    fn end_is_near(&self) -> bool {
        // The game ends after Golem Control of the last round; before its Actions phase
        // every seat still has turns to play.
        self.phase == Phase::Over
            || (self.round >= self.comp.rules.rounds
                && !matches!(self.phase, Phase::Refresh | Phase::Movement))
    }
}

/// The `greedy` bot: one ply of lookahead over the evaluation (`greedy.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Greedy;

impl crate::bots::Bot<State> for Greedy {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&self, state: &State, rng: &mut dyn RngCore) -> Option<Action> {
        if !matches!(State::turn(state), Turn::Player(_)) || state.legal().is_empty() {
            return None;
        }
        Some(greedy::greedy_action(state, rng))
    }
}

impl crate::bots::Policies for State {
    const POLICIES: &'static [&'static str] = &["greedy"];

    fn policy(name: &str) -> Option<Box<dyn crate::bots::Bot<Self>>> {
        (name == "greedy").then(|| Box::new(Greedy) as Box<dyn crate::bots::Bot<Self>>)
    }
}

/// The reader's options for a context: `--components` overrides the file's key.
fn read_options(ctx: &ReadContext) -> Result<ReadOptions, PositionError> {
    let components = match (&ctx.rules_text, &ctx.rules_file) {
        (Some(_), Some(_)) => {
            return Err(PositionError::new(
                "components",
                "given twice: as a file's content and as a path",
            ))
        }
        (Some(r), None) => Some(position::components_from_text(&r.name, &r.text)?),
        (None, Some(path)) => Some(load_components(&path.to_string_lossy(), None)?),
        (None, None) => None,
    };
    Ok(ReadOptions {
        base_dir: ctx.base_dir.clone(),
        seed: ctx.seed,
        components,
    })
}

/// The reader's warnings and one per `?` card it guessed.
fn read_warnings(p: &position::Position, seed: u64) -> Vec<String> {
    let mut warnings = p.warnings.clone();
    warnings.extend(
        p.guessed
            .iter()
            .map(|(field, id)| format!("{field}: '?' read as {id} (a guess, seed {seed})")),
    );
    warnings
}
