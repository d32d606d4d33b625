//! The decision points built so far and how the game moves between them: the setup phase
//! (§3.2), round 1's Golem Movement (§4.2) and the effect ops of `effects.rs`. Forced
//! steps (a single legal micro-action) are applied without a ply (§9).

use super::action::{Action, MoveAct};
use super::components::ops::Op;
use super::effects::{frame, op_list};
use super::golems::GolemRef;
use super::movement;
use super::ops::current_op;
use super::state::{Chance, OpList, Phase, SourceKind, Stack, Stage, State, MAX_PLAYERS, NONE};
use crate::game::Turn;
use crate::util::BitIter;

/// A uniform member of the non-empty set `mask`: its `random_range(..n)`-th bit.
fn uniform_member(mask: u64, rng: &mut dyn rand::RngCore) -> u8 {
    use rand::Rng;
    let n = mask.count_ones() as usize;
    assert!(n > 0, "a deal from an empty pile");
    BitIter(mask).nth(rng.random_range(..n)).expect("n members") as u8
}

/// See [`State::quick_key`].
type QuickKey = (u64, u32, u64, u8, (u8, u8, u8));

/// What the player to move decides now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Draft,
    Discard,
    ArtifactTile,
    Start,
    Place,
    Movement,
    /// Gold to place.
    Put,
    /// A `student_any` op.
    StudentAny,
    /// Another op's decision (`ops.rs`).
    Op,
    /// A line action's menu or a Work pick (`menus.rs`).
    Menu,
    /// `influence bonus` / `influence coins`.
    Influence,
    /// One Development at the normal cost, or `skip`.
    Development,
    /// A turn of the Actions phase.
    Turn,
    /// The black marble's Student steps.
    BlackMarble,
    /// The Pass-tile-1 holder removes a marble.
    Remove,
    /// A chance event.
    Chance,
    /// A decision this engine does not build yet (the op or phase named).
    Unimplemented(&'static str),
    /// The game is over.
    None,
}

impl State {
    /// The current decision point.
    pub fn decision(&self) -> Decision {
        if self.chance != Chance::None {
            return Decision::Chance;
        }
        if let Some(top) = self.stack.top() {
            match top.list.kind {
                SourceKind::GoldPlacement => return Decision::Put,
                SourceKind::BlackMarble => return Decision::BlackMarble,
                SourceKind::CreateFollowUp | SourceKind::ThenActivate => return Decision::Op,
                SourceKind::LineMenu | SourceKind::WorkPicks => return Decision::Menu,
                _ => {}
            }
            let ops = op_list(self.comp.0, &top.list);
            return match &ops[top.next as usize] {
                Op::StudentAny { .. } => Decision::StudentAny,
                Op::GolemTrack { .. } => Decision::Op,
                Op::CreateGolem { .. } => Decision::Op,
                Op::KillGolem => Decision::Op,
                Op::Activate { .. } => Decision::Op,
                Op::MoveGolems { .. } => Decision::Op,
                Op::Upgrade { .. } => Decision::Op,
                Op::BuyBook { .. } => Decision::Op,
                Op::BookActive { .. } => Decision::Op,
                Op::ArtifactActivate { .. } => Decision::Op,
                Op::DrawObjectives { .. } => Decision::Op,
                Op::UseNeighborhood => Decision::Op,
                Op::Convert { .. } => Decision::Op,
                Op::Choice { .. } => Decision::Op,
                op => unreachable!("automatic op {op:?} left on the stack"),
            };
        }
        match self.phase {
            Phase::Draft => Decision::Draft,
            Phase::Discard => Decision::Discard,
            Phase::Artifact => Decision::ArtifactTile,
            Phase::Start => Decision::Start,
            Phase::Place => Decision::Place,
            Phase::Movement => Decision::Movement,
            Phase::Over => Decision::None,
            Phase::Refresh => Decision::Unimplemented("refresh"),
            Phase::Actions => Decision::Turn,
            Phase::Remove => Decision::Remove,
            Phase::Influence => Decision::Influence,
            Phase::Income => Decision::Unimplemented("income at rest"),
            Phase::Development => Decision::Development,
        }
    }

    /// The op or phase whose decision is not built yet, if play stopped at one.
    pub fn unimplemented(&self) -> Option<&'static str> {
        match self.decision() {
            Decision::Unimplemented(what) => Some(what),
            _ => None,
        }
    }

    pub fn turn(&self) -> Turn {
        match self.decision() {
            Decision::None => Turn::Terminal,
            Decision::Chance => Turn::Chance,
            _ => Turn::Player(self.to_move as usize),
        }
    }

    /// The legal micro-actions in listing order (§9); empty at an unbuilt decision.
    pub fn legal(&self) -> Vec<Action> {
        self.listing(true)
    }

    /// The options of the decision, merged by result (§15.15) when `merge`.
    fn listing(&self, merge: bool) -> Vec<Action> {
        let seat = self.to_move as usize;
        // `to_move` is `NONE` at a chance node, whose arm does not read `p`.
        let p = &self.players[seat.min(MAX_PLAYERS - 1)];
        match self.decision() {
            Decision::Draft => BitIter(p.pack as u64)
                .map(|o| Action::Pick(o as u8))
                .collect(),
            Decision::Discard => BitIter(p.drafted as u64)
                .map(|o| Action::Discard(o as u8))
                .collect(),
            Decision::ArtifactTile => BitIter(self.board.artifact_offer as u64)
                .map(|b| Action::ArtifactTile {
                    tile: b as u8 / 2,
                    side: b as u8 % 2 + 1,
                })
                .collect(),
            Decision::Start => {
                let tiles: Vec<u8> = BitIter(p.starting as u64).map(|t| t as u8).collect();
                let keep = self.comp.rules.starting_tiles_kept as usize;
                assert_eq!(keep, 2, "the `start` text names two tiles (spec §9)");
                let mut out: Vec<(Action, State)> = Vec::new();
                for (i, &a) in tiles.iter().enumerate() {
                    for &b in &tiles[i + 1..] {
                        let action = Action::Start(a, b);
                        let mut child = *self;
                        child.apply_raw(action);
                        // §15.15: a pair reaching the same state as an earlier one is not
                        // offered.
                        if !out.iter().any(|(_, s)| *s == child) {
                            out.push((action, child));
                        }
                    }
                }
                out.into_iter().map(|(a, _)| a).collect()
            }
            Decision::Place => {
                let mut out = Vec::new();
                for a in 0..3u8 {
                    for b in a + 1..3 {
                        out.push(Action::Place(a, b));
                    }
                }
                out
            }
            Decision::Movement => movement::phase2_moves(self, seat)
                .into_iter()
                .map(|(m, _)| Action::Move(m))
                .collect(),
            Decision::Put => self.put_options().into_iter().map(Action::Put).collect(),
            Decision::StudentAny => {
                let top = self.stack.top().unwrap();
                let op = &op_list(self.comp.0, &top.list)[top.next as usize];
                self.student_any_options(op)
                    .into_iter()
                    .map(|(a, b)| {
                        if b == NONE {
                            Action::Student(a)
                        } else {
                            Action::Students(a, b)
                        }
                    })
                    .collect()
            }
            // §9, §15.15: an option reaching the same state as an earlier one (after
            // forced steps) is the same micro-action.
            Decision::Op if merge && self.options_never_merge() => {
                let options = self.op_options();
                debug_assert_eq!(options, self.distinct(options.clone()), "no merge");
                options
            }
            Decision::Op if merge => self.distinct(self.op_options()),
            Decision::Op => self.op_options(),
            // Activation orders (Work picks) with the same result are one micro-action.
            Decision::Menu if merge && self.merges_by_result() => {
                self.distinct(self.menu_options())
            }
            Decision::Menu => self.menu_options(),
            Decision::Influence => self.influence_options(),
            Decision::Development => self.development_options(),
            Decision::Turn => self.turn_actions(),
            Decision::BlackMarble => self.black_marble_options(),
            Decision::Remove => self.remove_options(),
            Decision::Chance => self.chance_outcomes().into_iter().map(|(a, _)| a).collect(),
            Decision::Unimplemented(_) | Decision::None => Vec::new(),
        }
    }

    /// `options` less those reaching the same state as an earlier one, forced steps
    /// applied (§15.15: "two texts that reach the same state (board and pending work,
    /// after forced steps) are one action, the first in listing order").
    fn distinct(&self, options: Vec<Action>) -> Vec<Action> {
        if options.len() < 2 {
            return options;
        }
        // Children are told apart by a few fields that usually differ first, then as
        // whole states: comparing every pair of whole states made an `upgrade` with 60
        // payment mixes cost 60 µs. (Rebuilding a kept child on a key match instead of
        // keeping it cost more: many options do reach the same state.)
        let mut kept: Vec<(QuickKey, State)> = Vec::with_capacity(options.len());
        let mut out = Vec::with_capacity(options.len());
        for a in options {
            let mut child = *self;
            child.apply_raw(a);
            child.settle_options();
            let key = child.quick_key(self.to_move);
            if !kept.iter().any(|(k, s)| *k == key && *s == child) {
                kept.push((key, child));
                out.push(a);
            }
        }
        out
    }

    /// Whether the pending op's options are known to reach distinct states, so merging
    /// them by result (§15.15) would keep them all: an `upgrade`, whose `up` options each
    /// mark another tile, side or space or pay another mix, while `skip` marks none. No
    /// rule clears a Development or refunds a payment, so forced steps cannot bring two
    /// of them together. (An `upgrade` lists up to 60 payment mixes: merging them cost a
    /// tenth of a random playout.) Debug builds check the claim on every listing.
    fn options_never_merge(&self) -> bool {
        matches!(current_op(self), Some((Op::Upgrade { .. }, _)))
            && !matches!(
                self.stack.top().map(|f| f.list.kind),
                Some(SourceKind::CreateFollowUp | SourceKind::ThenActivate)
            )
    }

    /// Fields that tell most children of one decision apart (equal states have equal
    /// keys): the incremental hash of the fields almost every micro-action changes, the
    /// Developments and Artifact-tile spaces of `mover` (the seat that decided: the
    /// child's may be the next player's), the Library, the Cemetery, and the stack's
    /// height and progress.
    fn quick_key(&self, mover: u8) -> QuickKey {
        let seat = (mover as usize).min(MAX_PLAYERS - 1);
        let top = self
            .stack
            .top()
            .map_or((0, 0, 0), |f| (f.next, f.used, f.left));
        let p = &self.players[seat];
        let bytes = |k: u64, &b: &u8| k << 8 | b as u64;
        let artifact_spaces = p.artifact_devs.iter().fold(0, bytes);
        // A Book bought leaves the Library; a Golem killed takes a Cemetery space.
        let board = self.board.library.iter().fold(0, bytes)
            ^ self.board.cemetery.iter().fold(0, bytes).rotate_left(40);
        (
            self.zobrist,
            p.developments,
            artifact_spaces ^ board.rotate_left(20),
            self.stack.len,
            top,
        )
    }

    /// The outcomes of the pending chance event with their probabilities (one outcome,
    /// certain, when the position lists it). A full unlisted drop has up to 15 006 250
    /// outcomes: playouts should use [`State::sample_chance`].
    pub fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        match self.chance {
            Chance::Objectives => self.objective_draws(),
            Chance::Library => self.library_deals(),
            Chance::Tile(_) => self.tile_deals(),
            Chance::Drop => {
                let marbles = self.drop_marbles();
                if let Some(lines) = self.listed_drop(marbles) {
                    return vec![(Action::Drop(lines), 1.0)];
                }
                super::actions::drop_outcomes(marbles, &self.comp.marbles.drop_weights)
                    .into_iter()
                    .map(|(l, p)| (Action::Drop(l), p))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The outcome of a chance event with a single possible outcome (a listed drop, an
    /// empty drop), if this one has.
    pub fn forced_chance(&self) -> Option<Action> {
        match self.chance {
            Chance::Drop => {
                let marbles = self.drop_marbles();
                if let Some(lines) = self.listed_drop(marbles) {
                    return Some(Action::Drop(lines));
                }
                let lines = (0..super::state::COLOURS as u8)
                    .filter(|&c| marbles.count(c) > 0)
                    .count();
                (lines == 0).then_some(Action::Drop([super::state::Marbles::EMPTY; 5]))
            }
            // Counted before listing: a hidden deck's draw has dozens of outcomes.
            Chance::Objectives => {
                (self.chance_outcome_count() == 1).then(|| self.objective_draws()[0].0)
            }
            Chance::Library => {
                let c = self.board.book_deck.candidates();
                (c.count_ones() == 1).then(|| Action::Deal(c.trailing_zeros() as u8))
            }
            Chance::Tile(_) => {
                let c = self.board.tile_pile.candidates();
                (c.count_ones() == 1).then(|| Action::Tile(c.trailing_zeros() as u8))
            }
            _ => None,
        }
    }

    /// Draws the pending chance event's outcome with the law of
    /// [`State::chance_outcomes`] (without listing the outcomes of a drop).
    pub fn sample_chance(&self, rng: &mut dyn rand::RngCore) -> Action {
        match self.chance {
            Chance::Drop => {
                let marbles = self.drop_marbles();
                Action::Drop(
                    self.listed_drop(marbles)
                        .unwrap_or_else(|| super::setup::sample_drop(&self.comp, marbles, rng)),
                )
            }
            // A uniform card of the candidates, drawn as `choose` on the listed deals
            // would draw it (one `random_range(..n)`), without listing them.
            Chance::Library => Action::Deal(uniform_member(self.board.book_deck.candidates(), rng)),
            Chance::Tile(_) => Action::Tile(uniform_member(self.board.tile_pile.candidates(), rng)),
            Chance::Objectives => {
                use rand::seq::IndexedRandom;
                self.objective_draws().choose(rng).expect("a draw").0
            }
            other => panic!("no chance event to sample: {other:?}"),
        }
    }

    /// Applies a legal micro-action, then every forced step after it.
    pub fn apply(&mut self, action: Action) {
        self.apply_raw(action);
        self.settle();
    }

    /// [`State::apply`], and the legal micro-actions of the new state into `out` when
    /// settling found them (a player decision whose options are not merged by result);
    /// returns whether it did. Play that lists every decision it reaches saves listing
    /// each twice.
    pub fn apply_and_list(&mut self, action: Action, out: &mut Vec<Action>) -> bool {
        self.apply_raw(action);
        match self.settle_by(true) {
            Some(mut options) => {
                out.clear();
                out.append(&mut options);
                true
            }
            None => false,
        }
    }

    /// Applies forced steps: while the decision has exactly one legal micro-action, it is
    /// applied (not a ply, §9).
    pub fn settle(&mut self) {
        self.settle_by(true);
    }

    /// Like [`State::settle`] with the options before merging (as the reference model
    /// compares results): a decision with one option, or a chance event with one
    /// outcome, is applied. Not recursive through [`State::distinct`].
    fn settle_options(&mut self) {
        self.settle_by(false);
    }

    /// Applies forced chance outcomes and single options (merged by result when `merge`)
    /// until a real decision, an unknown chance event or the end. Returns the options of
    /// the decision it stopped at when they are its legal micro-actions (`merge`, and a
    /// decision whose options are not merged by result).
    fn settle_by(&mut self, merge: bool) -> Option<Vec<Action>> {
        loop {
            if self.chance != Chance::None {
                // A chance event is forced when its outcome is known; listing a drop's
                // outcomes just to count them would be slow.
                match self.forced_chance() {
                    Some(outcome) => {
                        self.apply_raw(outcome);
                        continue;
                    }
                    None => return None,
                }
            }
            let options = self.listing(false);
            let forced = match options[..] {
                [only] => Some(only),
                [first, ..] if merge && self.merges_by_result() => {
                    self.one_result(&options).then_some(first)
                }
                [_, _, ..] if merge => return Some(options),
                _ => None,
            };
            match forced {
                Some(action) => self.apply_raw(action),
                None => return None,
            }
        }
    }

    /// Whether the decision's options are merged by result (§15.15) in the listing.
    fn merges_by_result(&self) -> bool {
        match self.decision() {
            Decision::Op => true,
            Decision::Menu => self.stack.top().map(|f| f.list.kind) == Some(SourceKind::WorkPicks),
            _ => false,
        }
    }

    /// Whether every option reaches the state the first does (then the merged listing
    /// is that one option). Stops at the first that differs, so a real decision costs
    /// two children, not one per option as [`State::distinct`] does.
    fn one_result(&self, options: &[Action]) -> bool {
        let child = |a: Action| {
            let mut s = *self;
            s.apply_raw(a);
            s.settle_options();
            s
        };
        let first = child(options[0]);
        options[1..].iter().all(|&a| child(a) == first)
    }

    /// Applies a micro-action without the forced steps after it.
    pub fn apply_raw(&mut self, action: Action) {
        let seat = self.to_move as usize;
        match (self.decision(), action) {
            (Decision::Draft, Action::Pick(o)) => {
                let p = &mut self.players[seat];
                p.pack &= !(1 << o);
                p.drafted |= 1 << o;
                self.next_draft_pick();
            }
            (Decision::Discard, Action::Discard(o)) => {
                let p = &mut self.players[seat];
                p.drafted &= !(1 << o);
                p.objectives |= p.drafted;
                p.drafted = 0;
                self.board.objective_deck.put_bottom(o);
                if seat + 1 < self.num_players as usize {
                    self.to_move += 1;
                } else {
                    // Artifact tiles in reverse turn order.
                    self.phase = Phase::Artifact;
                    self.to_move = self.order()[self.num_players as usize - 1];
                }
            }
            (Decision::ArtifactTile, Action::ArtifactTile { tile, side }) => {
                let bit = 2 * tile + side - 1;
                self.board.artifact_offer &= !(1 << bit);
                self.players[seat].artifact_tile = bit;
                match self.position_in_order(seat) {
                    0 => {
                        self.phase = Phase::Start;
                        self.to_move = self.order()[0];
                    }
                    i => self.to_move = self.order()[i - 1],
                }
            }
            (Decision::Start, Action::Start(a, b)) => {
                self.players[seat].starting = 0;
                // Both effects, lower id first (the stack resolves the top first).
                self.stack
                    .push(frame(OpList::top(SourceKind::Starting, b, 0)));
                self.stack
                    .push(frame(OpList::top(SourceKind::Starting, a, 0)));
                self.resolve();
            }
            (Decision::Place, Action::Place(a, b)) => {
                for d in [a, b] {
                    self.add_golem(seat, GolemRef::new(d, 1, false));
                }
                self.players[seat].unplaced = 0;
                self.advance();
            }
            (Decision::Movement, Action::Move(m)) => {
                let result = movement::phase2_result(self, seat, &m);
                movement::apply_result(self, seat, &result);
                self.advance();
            }
            (Decision::Put, Action::Put(placement)) => {
                self.put_gold(placement);
                self.resolve();
            }
            (Decision::StudentAny, Action::Student(d)) => {
                self.stack.top_mut().unwrap().next += 1;
                self.student_forward(seat, d as usize, 1);
                self.resolve();
            }
            (Decision::StudentAny, Action::Students(a, b)) => {
                self.stack.top_mut().unwrap().next += 1;
                self.student_forward(seat, a as usize, 1);
                self.student_forward(seat, b as usize, 1);
                self.resolve();
            }
            (Decision::Op, a) => self.apply_op_choice(a),
            (Decision::Menu, a) => self.apply_menu(a),
            (Decision::Influence, a) => self.apply_influence(a),
            (Decision::Development, a) => self.apply_development(a),
            (Decision::Turn, a) => self.apply_turn(a),
            (Decision::BlackMarble, Action::Student(d)) => {
                self.stack.pop();
                self.student_forward(seat, d as usize, 1);
                self.resolve();
            }
            (Decision::BlackMarble, Action::Students(a, b)) => {
                self.stack.pop();
                self.student_forward(seat, a as usize, 1);
                self.student_forward(seat, b as usize, 1);
                self.resolve();
            }
            (Decision::Remove, Action::Remove(c)) => self.apply_remove(c),
            (Decision::Chance, Action::Drop(lines)) => self.apply_drop(lines),
            (Decision::Chance, Action::Draw(set)) => self.apply_objective_draw(set),
            (Decision::Chance, Action::Deal(book)) => self.apply_library_deal(book),
            (Decision::Chance, Action::Tile(tile)) => self.apply_tile_deal(tile),
            (decision, action) => panic!("{action:?} is not legal at {decision:?}"),
        }
    }

    /// Reads a micro-action written at this decision point: any spelling of a legal one.
    pub fn parse_action(&self, text: &str) -> Result<Action, String> {
        let action = Action::parse(text)?;
        let action = match (self.decision(), action) {
            (Decision::Movement, Action::Move(m)) => {
                Action::Move(movement::parse_phase2(self, self.to_move as usize, &m)?)
            }
            (Decision::Op, Action::Move(m)) => Action::Move(self.canonical_op_move(&m)?),
            (_, a) => a,
        };
        if self.legal().contains(&action) {
            Ok(action)
        } else {
            Err(format!("'{text}' is not legal here"))
        }
    }

    /// The canonical text of a micro-action.
    pub fn action_text(&self, action: Action) -> String {
        action.to_text()
    }

    fn position_in_order(&self, seat: usize) -> usize {
        self.order()
            .iter()
            .position(|&s| s as usize == seat)
            .expect("a seat in the turn order")
    }

    /// The draft (§3.2, §15.3): picks in seat order; after each round every pack passes to
    /// the left (seat i to seat i + 1); after three picks the single card passed last is
    /// taken.
    fn next_draft_pick(&mut self) {
        let n = self.num_players as usize;
        if (self.to_move as usize) + 1 < n {
            self.to_move += 1;
            return;
        }
        let packs: Vec<u32> = (0..n).map(|i| self.players[i].pack).collect();
        for (i, &pack) in packs.iter().enumerate() {
            self.players[(i + 1) % n].pack = pack;
        }
        self.draft_round += 1;
        self.to_move = 0;
        let picks = self.comp.rules.objectives_dealt - 1;
        if self.draft_round == picks {
            for p in &mut self.players[..n] {
                p.drafted |= p.pack;
                p.pack = 0;
            }
            self.phase = Phase::Discard;
        }
    }

    /// Moves on when the current player's effects are resolved: the next player of the
    /// phase, or the next phase.
    pub fn advance(&mut self) {
        if !self.stack.is_empty() {
            return;
        }
        // The compound action is over: nothing of it (the Golem just created or moved,
        // fresh Golems, drawn cards) outlives it, since no position could say it.
        self.stack = Stack::EMPTY;
        let i = self.position_in_order(self.to_move as usize);
        let n = self.num_players as usize;
        match self.phase {
            Phase::Start => {
                if i + 1 < n {
                    self.to_move = self.order()[i + 1];
                } else {
                    self.phase = Phase::Place;
                    self.to_move = self.order()[0];
                }
            }
            Phase::Place => {
                if i + 1 < n {
                    self.to_move = self.order()[i + 1];
                } else {
                    self.start_movement();
                }
            }
            Phase::Movement => match self.next_mover(i + 1) {
                Some(seat) => self.to_move = seat,
                None => self.start_actions(),
            },
            Phase::Actions => self.next_turn(),
            Phase::Influence => self.next_influence(i + 1),
            Phase::Income => {
                if i + 1 < n {
                    self.to_move = self.order()[i + 1];
                    self.collect_income();
                } else {
                    self.phase = Phase::Development;
                    self.to_move = self.order()[0];
                }
            }
            Phase::Development => {
                if i + 1 < n {
                    self.to_move = self.order()[i + 1];
                } else {
                    self.golem_control();
                }
            }
            _ => {}
        }
    }

    /// Golem Movement (§4.2): players in turn order, those with a Golem on the board.
    pub fn start_movement(&mut self) {
        self.phase = Phase::Movement;
        match self.next_mover(0) {
            Some(seat) => self.to_move = seat,
            None => self.start_actions(),
        }
    }

    fn next_mover(&self, from: usize) -> Option<u8> {
        self.order()[from.min(self.num_players as usize)..]
            .iter()
            .copied()
            .find(|&s| self.players[s as usize].golems.total() > 0)
    }

    fn start_actions(&mut self) {
        self.phase = Phase::Actions;
        self.stage = Stage::Main;
        self.to_move = self.order()[0];
    }

    /// A written move's canonical value (for tools that hold a syntactic `move`).
    pub fn canonical_move(&self, m: &MoveAct) -> Result<MoveAct, String> {
        movement::parse_phase2(self, self.to_move as usize, m)
    }
}
