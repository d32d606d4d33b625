//! The Guild of Merchant Explorers (AEG 2022), 1–4 players, on any map in the GOME map
//! text format. Rules: the project's spec `merchant-explorers.md`; engine choices and the
//! state layout: `docs/merchant-explorers.md`.
//!
//! Modules: `map` (map files and geometry), `cards` (card tables from `cards.json`),
//! `state` (the `Copy` state), `movegen` (where a seat may place), `rules` (applying
//! actions and the automatic steps), `objectives` (objective checks and final scoring),
//! `action` (actions, indices, notation), `setup`/`position` (the TOML position format).

pub mod action;
pub mod cards;
pub mod cellset;
mod eval;
mod fitted;
pub mod greedy;
pub mod map;
mod movegen;
mod objectives;
pub mod observation;
pub mod pile;
pub mod position;
mod rules;
pub mod setup;
mod setup_options;
pub mod state;
pub mod svg;
pub mod text_map;
mod zobrist;

#[cfg(test)]
mod position_tests;
#[cfg(test)]
mod step_tests;
#[cfg(test)]
mod tests;

pub use action::{Action, ACTION_SPACE};
pub use map::Map;
pub use state::{Options, Phase, Player, State, MAX_PLAYERS, MIN_PLAYERS};

use rand::RngCore;

use crate::game::{BenchPosition, GameInfo, PositionError, ReadContext, SetupOption};
use crate::{EvalWeights, Game, Turn};

/// The `game` key of a position file.
pub const GAME_NAME: &str = "merchant-explorers";

impl State {
    pub fn map(&self) -> &'static Map {
        self.map
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn era(&self) -> u8 {
        self.era
    }

    pub fn player(&self, seat: usize) -> &Player {
        &self.player[seat]
    }

    /// The explore card being resolved (id in `cards::EXPLORE`), if any.
    pub fn current_card(&self) -> Option<usize> {
        (self.current != state::NO_CARD).then_some(self.current as usize)
    }

    /// Each objective dealt, in dealt order: its id (in `cards::OBJECTIVES`), the seats
    /// that achieved it, and whether solo decay took it away (no longer payable).
    pub fn objective_status(&self) -> impl Iterator<Item = (usize, Vec<usize>, bool)> + '_ {
        (0..3)
            .filter(|&slot| self.objectives[slot] != state::NO_CARD)
            .map(|slot| {
                let achieved = (0..self.players as usize)
                    .filter(|&seat| self.player[seat].objectives >> slot & 1 == 1)
                    .collect();
                (
                    self.objectives[slot] as usize,
                    achieved,
                    self.out_of_play(slot),
                )
            })
    }

    /// Objectives in play, in dealt order (ids in `cards::OBJECTIVES`).
    pub fn objectives(&self) -> impl Iterator<Item = usize> + '_ {
        self.objectives
            .iter()
            .filter(|&&o| o != state::NO_CARD)
            .map(|&o| o as usize)
    }

    /// Spaces placed by the card being resolved (for display).
    pub fn placed_by_card(&self) -> cellset::CellSet {
        self.res.placed
    }

    /// Explore cards revealed and resolved this era, in order.
    pub fn played(&self) -> &[u8] {
        &self.played[..self.played_len as usize]
    }

    /// The investigate cards on offer while a seat chooses which to keep.
    pub fn offer(&self) -> Option<[u8; 2]> {
        (self.phase == Phase::Keep).then_some(self.res.offer)
    }

    /// The investigate card being performed, if the current card is one.
    pub fn performed_investigate(&self) -> Option<usize> {
        let code = self.res.card;
        (code != state::NO_CARD && code >= cards::INVESTIGATE_CODE)
            .then(|| (code - cards::INVESTIGATE_CODE) as usize)
    }

    /// The decks `seat` draws from (the shared ones unless `shared_decks` is off).
    pub fn decks(&self, seat: usize) -> &state::Decks {
        &self.decks[self.deck_slot(seat)]
    }

    /// The explore cards left this era (order known or not).
    pub fn explore_deck(&self) -> &pile::Pile<9> {
        &self.explore
    }

    fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Reveal | Phase::Offer | Phase::Draw => self.for_each_outcome(|a, _| out.push(a)),
            Phase::Keep => {
                let [a, b] = self.res.offer;
                out.extend([Action::Keep(a.min(b)), Action::Keep(a.max(b))]);
            }
            Phase::Repeat => {
                let kept = self.player[self.to_move as usize].kept;
                out.extend(
                    (0..3u8)
                        .filter(|&k| kept[k as usize] != state::NO_CARD)
                        .map(Action::Repeat),
                );
            }
            Phase::Place => {
                let ctx = self.ctx();
                out.extend(
                    self.placements(&ctx)
                        .iter()
                        .map(|s| Action::Place(s as u16)),
                );
                if !out.is_empty() {
                    out.push(Action::Stop);
                }
            }
            Phase::Village => {
                let choices = self.village_choices(self.res.effect_space as usize);
                out.extend(choices.iter().map(|s| Action::Village(s as u16)));
            }
            Phase::Route => {
                let map = self.map;
                let cities = self.route_cities(self.res.effect_space as usize);
                let index = |s: usize| map.feature[s];
                for a in cities.iter() {
                    for b in cities.iter().filter(|&b| b > a) {
                        for cover_high in [false, true] {
                            out.push(Action::Route {
                                low: index(a),
                                high: index(b),
                                cover_high,
                            });
                        }
                    }
                }
            }
            Phase::Free => {
                let ctx = self.ctx();
                out.extend(ctx.frontier.iter().map(|s| Action::Free(s as u16)));
                out.push(Action::FreeNone);
            }
            Phase::Effects | Phase::SeatDone | Phase::Over => {}
        }
    }

    /// What the uncovered token on space `s` would pay `seat` now: its next tower, a
    /// crystal's value, or 3 for a ruin (about a treasure card's coins); 0 elsewhere.
    fn token_coins(&self, seat: usize, s: usize) -> i32 {
        let map = self.map;
        let p = &self.player[seat];
        let space = map.spaces[s];
        let bit = 1u32 << (map.feature[s] as u32 & 31);
        if space.tower && p.towers as u32 & bit == 0 {
            cards::TOWER_COINS[(p.towers.count_ones() as usize).min(3)] as i32
        } else if space.crystal > 0 && p.crystals & bit == 0 {
            space.crystal as i32
        } else if space.ruin && p.ruins & bit == 0 {
            3
        } else {
            0
        }
    }

    /// Coins a move earns at once, for move ordering and priors.
    fn immediate_coins(&self, action: Action) -> i32 {
        let map = self.map;
        match action {
            Action::Place(s) | Action::Free(s) => {
                let multiplier = if matches!(action, Action::Place(_)) {
                    self.res.multiplier
                } else {
                    1
                };
                map.spaces[s as usize].coin as i32 * multiplier as i32
                    + self.token_coins(self.to_move as usize, s as usize)
            }
            Action::Route { low, high, .. } => {
                let v = |c: u8| {
                    map.spaces[map.cities[c as usize % map.cities.len()] as usize].city as i32
                };
                v(low) * v(high)
            }
            Action::Stop | Action::FreeNone => -1,
            _ => 0,
        }
    }
}

impl Game for State {
    type Action = Action;
    const INFO: GameInfo = GameInfo {
        name: GAME_NAME,
        title: "The Guild of Merchant Explorers",
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        chance: true,
        // Deck orders are hidden from everyone alike: chance, not private knowledge.
        hidden_information: false,
        simultaneous: true,
        action_space: ACTION_SPACE,
        max_chance_outcomes: cards::INVESTIGATE_COUNT * (cards::INVESTIGATE_COUNT - 1) / 2,
        // Solo: won by achieving every objective in play (spec §9).
        solo_win: true,
        decks: true,
        rules_file: Some("map"),
    };

    fn hide_decks(&mut self) {
        State::hide_decks(self);
    }

    fn new_game(players: usize, rng: &mut dyn RngCore) -> Self {
        let map = map::bundled("avenia").expect("avenia is bundled");
        State::new_with(map, players, rng, Options::defaults(map, players))
    }

    const SETUP_OPTIONS: &'static [SetupOption] = setup_options::SETUP_OPTIONS;

    fn new_game_with(
        players: usize,
        rng: &mut dyn RngCore,
        options: &[(String, String)],
    ) -> Result<Self, PositionError> {
        setup_options::new_game_with(players, rng, options)
    }

    fn from_text(text: &str) -> Result<Self, PositionError> {
        position::read_position(text)
    }

    /// A map file given to the reader is the map the position is on (`--map FILE`).
    fn from_text_in(text: &str, ctx: &ReadContext) -> Result<(Self, Vec<String>), PositionError> {
        position::read_position_in(text, ctx)
    }

    fn to_text(&self) -> Result<String, PositionError> {
        position::write_position(self)
    }

    fn num_players(&self) -> usize {
        self.players as usize
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Over => Turn::Terminal,
            Phase::Reveal | Phase::Offer | Phase::Draw => Turn::Chance,
            _ => Turn::Player(self.to_move as usize),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    fn has_chance(&self) -> bool {
        self.phase != Phase::Over
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        self.outcomes(out);
    }

    fn apply(&mut self, action: Action) {
        self.apply_action(action);
    }

    fn score(&self, player: usize) -> i32 {
        let coins = self.player[player].coins as i32;
        if self.phase == Phase::Over {
            coins + self.end_bonus(player)
        } else {
            coins
        }
    }

    fn returns(&self, player: usize) -> f64 {
        if self.phase != Phase::Over {
            return 0.0;
        }
        if self.players == 1 {
            // Solo (spec §9): won by achieving the objectives, whatever the coins.
            return if self.solo_won() { 1.0 } else { 0.0 };
        }
        let best = (0..self.players as usize)
            .map(|p| self.score(p))
            .max()
            .unwrap_or(0);
        // No tie-breaker (spec §9): every player on the most coins wins.
        if self.score(player) == best {
            1.0
        } else {
            0.0
        }
    }

    fn hash(&self) -> u64 {
        self.full_hash()
    }

    fn resample_hidden(&self, observer: usize, rng: &mut dyn RngCore) -> Self {
        let mut sample = self.public_view(observer);
        sample.explore = sample.explore.shuffled(rng);
        for decks in sample.decks.iter_mut() {
            decks.investigate = decks.investigate.shuffled(rng);
            decks.treasure = decks.treasure.shuffled(rng);
        }
        sample
    }

    fn public_view(&self, _observer: usize) -> Self {
        // Players know which cards are in each deck but never their order.
        let mut view = *self;
        view.hide_decks();
        view
    }

    fn action_id(action: Action) -> u64 {
        action.index()
    }

    fn action_from_id(id: u64) -> Option<Action> {
        Action::from_index(id)
    }

    fn action_index(action: Action) -> u64 {
        action.index()
    }

    fn action_from_index(index: u64) -> Option<Action> {
        Action::from_index(index)
    }

    fn action_to_text(&self, action: Action) -> String {
        action.text(self.map)
    }

    fn action_from_text(&self, text: &str) -> Result<Action, String> {
        let action = Action::parse(text, self.map)?;
        let mut legal = Vec::new();
        self.legal(&mut legal);
        if legal.contains(&action) {
            Ok(action)
        } else {
            Err(format!("'{text}' is not legal here"))
        }
    }

    // Spec §13: a chance event reached with no ply left is a leaf.
    const PERFT_EXPANDS_TRAILING_CHANCE: bool = false;

    const BENCH_POSITIONS: &'static [BenchPosition] = &[
        BenchPosition {
            name: "2p-kazan-midgame",
            text: include_str!("../../../data/bench/merchant_explorers/2p-kazan-midgame.toml"),
            depth: 6,
        },
        BenchPosition {
            name: "1p-avenia-era2-hidden",
            text: include_str!("../../../data/bench/merchant_explorers/1p-avenia-era2-hidden.toml"),
            depth: 4,
        },
    ];

    fn to_svg(&self) -> Option<String> {
        Some(svg::state_svg(self))
    }

    const OBSERVATION_SIZE: usize = observation::OBSERVATION_SIZE;

    fn observation(&self, player: usize, out: &mut [f32]) {
        observation::observe(self, player, out);
    }

    fn ordering_hint(&self, action: Action) -> i32 {
        self.immediate_coins(action)
    }

    fn heuristic_score(&self, player: usize) -> f64 {
        self.evaluate(player)
    }

    fn heuristic_score_with(&self, player: usize, weights: EvalWeights) -> f64 {
        match weights {
            EvalWeights::Default | EvalWeights::Hand => self.evaluate(player),
            EvalWeights::Fitted => self.evaluate_with(player, &fitted::WEIGHTS),
        }
    }

    /// At ISMCTS's rollout cut-offs the fitted weights (with the `reach` and `frontier`
    /// terms the hand set leaves out) won 58.7% of 300 games against the hand-set ones;
    /// alpha-beta, greedy and the priors keep the hand formula (docs/strength.md, "Fitted
    /// evaluations").
    const ROLLOUT_EVAL: EvalWeights = EvalWeights::Fitted;

    const EVAL_TERMS: &'static [&'static str] = &eval::TERMS;
    const EVAL_HAND: &'static [f64] = &eval::HAND;
    const EVAL_FITTED: &'static [f64] = &fitted::WEIGHTS;

    fn eval_terms(&self, player: usize, out: &mut [f64]) {
        out.copy_from_slice(&self.all_terms(player));
    }

    fn action_priors(&self, actions: &[Action], out: &mut Vec<f32>) {
        // The greedy bot's judgement made graded: exp(PRIOR_TEMPERATURE * (value - best)).
        const PRIOR_TEMPERATURE: f32 = 0.7;
        out.clear();
        let explored = self.seat_explored(self.to_move as usize);
        out.extend(actions.iter().map(|&a| self.greedy_value(a, explored)));
        let best = out.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        out.iter_mut()
            .for_each(|v| *v = (PRIOR_TEMPERATURE * (*v - best)).exp());
    }

    fn end_is_near(&self) -> bool {
        // Every card can be stopped at once: with two cards left in era 4 a solo game can
        // end after two moves (stop, reveal, stop).
        self.phase == Phase::Over || (self.era == 4 && self.explore.len() <= 2)
    }
}

/// Treasure cards of one kind are interchangeable: a deck compares by kinds.
fn treasure_key(
    d: &state::Decks,
) -> (
    [u8; cards::TREASURE_KINDS],
    [u8; cards::TREASURE_KINDS],
    Vec<usize>,
) {
    let count =
        |mask: u64| std::array::from_fn(|k| (mask & cards::treasure_mask(k)).count_ones() as u8);
    let order = d
        .treasure
        .top_first()
        .map(|c| cards::treasure_kind(c as usize))
        .collect();
    (count(d.treasure.cards()), count(d.treasure_discard), order)
}

/// Equal game states (the rest snapshot and action log, kept only for writing, aside).
impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        let n = self.players as usize;
        let decks = if self.options.shared_decks { 1 } else { n };
        let same_decks = self.decks[..decks]
            .iter()
            .zip(&other.decks[..decks])
            .all(|(a, b)| {
                (a.investigate, a.investigate_discard, a.treasure.is_known())
                    == (b.investigate, b.investigate_discard, b.treasure.is_known())
                    && treasure_key(a) == treasure_key(b)
            });
        self.map.uid == other.map.uid
            && self.options == other.options
            && (
                self.players,
                self.era,
                self.to_move,
                self.phase,
                self.current,
            ) == (
                other.players,
                other.era,
                other.to_move,
                other.phase,
                other.current,
            )
            && self.player[..n] == other.player[..n.min(other.players as usize)]
            && same_decks
            && self.explore == other.explore
            && self.played[..self.played_len as usize] == other.played[..other.played_len as usize]
            && self.objectives == other.objectives
            && (matches!(self.phase, Phase::Reveal | Phase::Over) || self.res == other.res)
    }
}
