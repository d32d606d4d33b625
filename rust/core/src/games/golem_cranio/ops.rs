//! Decisions of effect ops (spec §2.4, §5): the options of the op waiting on top of the
//! stack and their resolution. Built: `golem_track`, `kill_golem`, `activate`,
//! `convert`, `choice`, `use_neighborhood`, `artifact_activate`; `student_income` is
//! automatic. Each op is optional (`skip`, `done`, `no` come first) except where §2.4
//! says otherwise; options reaching the same state as an earlier one are dropped by
//! `flow.rs` (§9, §15.15).

use super::action::Action;
use super::components::ops::{Ability, CostItem, Op};
use super::components::vocab::{Resource, StudentChoice, TrackDir};
use super::effects::{frame, op_list};
use super::golems::GolemRef;
use super::state::{OpList, SourceKind, State, NONE, SECTIONS};
use crate::util::BitIter;

/// The op on top of the stack.
pub fn current_op(state: &State) -> Option<(&'static Op, usize)> {
    let top = state.stack.top()?;
    let ops = op_list(state.comp.0, &top.list);
    ops.get(top.next as usize).map(|op| (op, top.next as usize))
}

impl State {
    fn has_golem_ability(
        &self,
        seat: usize,
        f: impl Fn(&Ability) -> bool,
    ) -> Option<&'static Ability> {
        let devs = self.players[seat].developments;
        self.comp
            .0
            .player_board
            .golem_developments
            .iter()
            .enumerate()
            .filter(|(i, _)| devs >> (6 + i) & 1 == 1)
            .flat_map(|(_, d)| d.abilities.iter())
            .find(|a| f(a))
    }

    /// The first and last spaces of the Golem track.
    fn golem_track_ends(&self) -> (u8, u8) {
        let spaces = &self.comp.player_board.golem_track.spaces;
        (
            spaces.first().map_or(1, |s| s.space),
            spaces.last().map_or(1, |s| s.space),
        )
    }

    /// Moves the Golem-track marker by `delta`, stopping at the ends (§5.11).
    pub fn move_golem_track(&mut self, seat: usize, delta: i32) {
        let (low, high) = self.golem_track_ends();
        let now = self.players[seat].golem_track as i32;
        let to = (now + delta).clamp(low as i32, high as i32);
        self.set_golem_track(seat, to as u8);
    }

    /// Pushes the neighborhood of section `s` of district `d` (§5.3): the tile on the
    /// `neighborhood_sections`, the printed one elsewhere.
    pub fn push_neighborhood(&mut self, d: u8, s: u8) {
        let comp = self.comp.0;
        let list = match comp
            .board
            .neighborhood_sections
            .iter()
            .position(|&x| x == s)
        {
            Some(i) => OpList::top(
                SourceKind::Neighborhood,
                self.board.districts[d as usize][i],
                0,
            ),
            None => OpList::top(SourceKind::Printed, d, s),
        };
        self.push_frame(frame(list));
    }

    /// Activates a standing Golem (§5.3): it lies down, then its neighborhood resolves.
    pub fn activate_golem(&mut self, seat: usize, g: GolemRef) {
        debug_assert!(!g.lying);
        self.remove_golem(seat, g);
        self.add_golem(seat, GolemRef::new(g.district, g.section, true));
        self.push_neighborhood(g.district, g.section);
    }

    /// Limited Cemetery spaces (data index) free and in play, then the unlimited one.
    fn cemetery_choices(&self) -> Vec<(usize, u8)> {
        let n = self.num_players;
        self.comp
            .cemetery
            .iter()
            .enumerate()
            .filter(|(i, sp)| {
                sp.min_players <= n && (sp.unlimited || self.board.cemetery[*i] == NONE)
            })
            .map(|(i, sp)| (i, sp.id))
            .collect()
    }

    /// Whether the whole cost can be paid (§2.4 `convert`), and for a Student step back
    /// of the player's choice the Students that can pay.
    fn convert_payers(&self, seat: usize, cost: &[CostItem]) -> Option<Vec<Option<u8>>> {
        let p = &self.players[seat];
        let first_study = self
            .comp
            .player_board
            .study_track
            .first()
            .map_or(0, |s| s.space);
        let mut choices = vec![None];
        for item in cost {
            match *item {
                CostItem::Res { res, n } => {
                    let have = match res {
                        Resource::Clay => p.res[0] as i32,
                        Resource::Coin => p.res[1] as i32,
                        Resource::Knowledge => p.res[2] as i32,
                        Resource::Vp => i32::MAX,
                        Resource::Gold => 0,
                    };
                    let same: i32 = cost
                        .iter()
                        .filter_map(|c| match c {
                            CostItem::Res { res: r, n } if *r == res => Some(*n as i32),
                            _ => None,
                        })
                        .sum();
                    if have < same.max(n as i32) {
                        return None;
                    }
                }
                CostItem::StudyDown(n) => {
                    if p.study < first_study + n {
                        return None;
                    }
                }
                CostItem::StudentBack(StudentChoice::Any) => {
                    choices = (0..3u8)
                        .filter(|&d| p.students[d as usize] >= 2)
                        .map(Some)
                        .collect();
                    if choices.is_empty() {
                        return None;
                    }
                }
                CostItem::StudentBack(who) => {
                    let d = who.index();
                    if p.students[d] < 2 {
                        return None;
                    }
                }
            }
        }
        Some(choices)
    }

    fn pay_convert(&mut self, seat: usize, cost: &[CostItem], any_student: Option<u8>) {
        for item in cost {
            match *item {
                CostItem::Res { res, n } => match res {
                    Resource::Clay => self.add_res(seat, 0, -(n as i32)),
                    Resource::Coin => self.add_res(seat, 1, -(n as i32)),
                    Resource::Knowledge => self.add_res(seat, 2, -(n as i32)),
                    Resource::Vp => self.add_vp(seat, -(n as i32)),
                    Resource::Gold => unreachable!("Gold is never a cost"),
                },
                CostItem::StudyDown(n) => {
                    let now = self.players[seat].study;
                    self.set_study(seat, now - n);
                }
                CostItem::StudentBack(who) => {
                    let d = match who {
                        StudentChoice::Any => any_student.expect("a Student chosen") as usize,
                        other => other.index(),
                    };
                    let now = self.players[seat].students[d];
                    self.set_student(seat, d, now - 1);
                }
            }
        }
    }

    /// The options of the op on top of the stack, in listing order (before the removal of
    /// options equal in result).
    pub fn op_options(&self) -> Vec<Action> {
        let seat = self.to_move as usize;
        let p = &self.players[seat];
        let mut out = Vec::with_capacity(16);
        match self.stack.top().map(|f| f.list.kind) {
            Some(SourceKind::CreateFollowUp) => {
                let f = self.stack.top().unwrap();
                for (step, act) in [(false, false), (true, false), (false, true), (true, true)] {
                    if (step && f.list.a == 0) || (act && f.list.b == 0) {
                        continue;
                    }
                    out.push(Action::G6 { step, act });
                }
                return out;
            }
            Some(SourceKind::ThenActivate) => {
                out.push(Action::Skip);
                match unpack_golem(self.stack.last_golem) {
                    Some(g) => out.push(Action::Act(g)),
                    None => {
                        for (g, _) in p.golems.places().filter(|(g, _)| !g.lying) {
                            out.push(Action::Act(g));
                        }
                    }
                }
                return out;
            }
            _ => {}
        }
        let Some((op, _)) = current_op(self) else {
            return Vec::new();
        };
        match op {
            Op::GolemTrack { dir, .. } => {
                out.push(Action::Skip);
                if matches!(dir, TrackDir::Up | TrackDir::Either) {
                    out.push(Action::TrackUp);
                }
                if matches!(dir, TrackDir::Down | TrackDir::Either) {
                    out.push(Action::TrackDown);
                }
            }
            Op::KillGolem => {
                out.push(Action::Skip);
                let spaces = self.cemetery_choices();
                for (g, _) in p.golems.places() {
                    for &(_, id) in &spaces {
                        out.push(Action::Kill {
                            golem: g,
                            space: id,
                        });
                    }
                }
            }
            Op::Activate { .. } => {
                out.push(Action::Done);
                for (g, _) in p.golems.places().filter(|(g, _)| !g.lying) {
                    out.push(Action::Act(g));
                }
            }
            Op::Convert { cost, .. } => {
                out.push(Action::No);
                if let Some(payers) = self.convert_payers(seat, cost) {
                    for who in payers {
                        out.push(who.map_or(Action::Yes, Action::YesDistrict));
                    }
                }
            }
            Op::Choice { options } => {
                for i in 0..options.len() {
                    out.push(Action::Option(i as u8 + 1));
                }
            }
            Op::UseNeighborhood => {
                out.push(Action::Skip);
                let mut seen = [[false; SECTIONS]; 3];
                for (g, _) in p.golems.places() {
                    let cell = &mut seen[g.district as usize][g.section as usize - 1];
                    if !*cell {
                        *cell = true;
                        out.push(Action::Use {
                            district: g.district,
                            section: g.section,
                        });
                    }
                }
            }
            Op::CreateGolem { discount } => {
                out.push(Action::Skip);
                if self.reserve(seat) > 0 {
                    for d in 0..3u8 {
                        if self.create_cost(seat, d, *discount) <= p.res[0] as u32 {
                            out.push(Action::Create(d));
                        }
                    }
                }
            }
            Op::Upgrade {
                area,
                discount,
                any_resource,
            } => {
                out.push(Action::Skip);
                self.push_upgrade_options(*area, *discount, *any_resource, &mut out);
            }
            Op::BuyBook {
                discount,
                ignore_card_cost,
            } => {
                out.push(Action::Skip);
                out.extend(self.book_options(*discount, *ignore_card_cost));
            }
            Op::BookActive { .. } => out.extend(self.book_active_options()),
            Op::DrawObjectives { keep, .. } => {
                // One card per pick, ascending (§9: a set is one sequence); every card
                // offered leaves enough higher ones for the picks still owed.
                let f = self.stack.top().unwrap();
                let owed = self.keeps_owed(*keep);
                let cards = self.stack.drawn & !((1u32 << f.value) - 1);
                let count = cards.count_ones();
                for (i, c) in BitIter(cards as u64).enumerate() {
                    if count - i as u32 >= owed {
                        out.push(Action::Keep(1 << c));
                    }
                }
            }
            Op::MoveGolems { .. } => {
                out.extend(self.op_moves(op).into_iter().map(|(m, _)| Action::Move(m)));
            }
            Op::ArtifactActivate { .. } => {
                out.push(Action::Skip);
                // One completed Artifact per pick, ascending numbers (§9).
                let after = self.stack.top().unwrap().value;
                let done = self.completed_artifacts(seat) & !((1u8 << after) - 1);
                out.extend(BitIter(done as u64).map(|k| Action::Artifact(1 << k)));
            }
            _ => {}
        }
        out
    }

    /// Resolves the choice `action` of the op on top of the stack.
    pub fn apply_op_choice(&mut self, action: Action) {
        let seat = self.to_move as usize;
        match self.stack.top().map(|f| f.list.kind) {
            Some(SourceKind::CreateFollowUp) => {
                let f = self.stack.pop().unwrap();
                let Action::G6 { step, act } = action else {
                    panic!("{action:?} does not answer the g6 choice");
                };
                let mut g = unpack_golem(self.stack.last_golem).expect("the new Golem");
                if step {
                    let to = (g.section + f.list.a).min(SECTIONS as u8);
                    let cost: u32 = (g.section + 1..=to)
                        .map(|s| self.comp.board.block_entry_cost[s as usize - 1] as u32)
                        .sum();
                    assert_eq!(cost, 0, "a g6 step onto a costly section is not built");
                    self.remove_golem(seat, g);
                    let from = g;
                    g.section = to;
                    self.add_golem(seat, g);
                    self.move_fresh(from, g);
                    self.stack.last_golem = pack_golem(g);
                }
                if act {
                    // Activated without laying it down.
                    self.push_neighborhood(g.district, g.section);
                }
                self.resolve();
                return;
            }
            Some(SourceKind::ThenActivate) => {
                self.stack.pop();
                if let Action::Act(g) = action {
                    self.activate_golem(seat, g);
                }
                self.resolve();
                return;
            }
            _ => {}
        }
        let (op, index) = current_op(self).expect("an op waiting");
        let top = *self.stack.top().unwrap();
        let finish = |s: &mut State| {
            let f = s.stack.top_mut().unwrap();
            f.next += 1;
            f.used = 0;
            // Progress of ascending picks (`active`, `artifact`, `keep`).
            f.left = 0;
            f.value = 0;
        };
        // One pick of an ascending-pick op: `value` holds the last pick + 1, `left` the
        // picks made; the op ends after `n` of them.
        let pick = |s: &mut State, id: u8, n: u8| {
            let f = s.stack.top_mut().unwrap();
            f.value = id + 1;
            f.left += 1;
            if f.left >= n {
                finish(s);
            }
        };
        match (op, action) {
            (Op::Activate { n }, Action::Act(g)) => {
                let f = self.stack.top_mut().unwrap();
                f.used += 1;
                if f.used >= *n {
                    finish(self);
                }
                self.activate_golem(seat, g);
            }
            (_, Action::Skip | Action::Done | Action::No) => finish(self),
            (Op::GolemTrack { n, .. }, Action::TrackUp) => {
                finish(self);
                self.move_golem_track(seat, *n as i32);
            }
            (Op::GolemTrack { n, .. }, Action::TrackDown) => {
                finish(self);
                self.move_golem_track(seat, -(*n as i32));
            }
            (Op::KillGolem, Action::Kill { golem, space }) => {
                finish(self);
                self.kill(seat, golem, space);
            }
            (Op::Convert { cost, .. }, Action::Yes | Action::YesDistrict(_)) => {
                finish(self);
                let who = match action {
                    Action::YesDistrict(d) => Some(d),
                    _ => None,
                };
                self.pay_convert(seat, cost, who);
                let mut list = top.list;
                push_path(&mut list, (index as u8 + 1) << 4);
                self.push_frame(frame(list));
            }
            (Op::Choice { .. }, Action::Option(i)) => {
                finish(self);
                let mut list = top.list;
                push_path(&mut list, (index as u8 + 1) << 4 | (i - 1));
                self.push_frame(frame(list));
            }
            (Op::UseNeighborhood, Action::Use { district, section }) => {
                finish(self);
                self.push_neighborhood(district, section);
            }
            (Op::Upgrade { discount, .. }, Action::Up(up)) => {
                finish(self);
                self.apply_upgrade(up, *discount);
            }
            (
                Op::BuyBook {
                    discount,
                    ignore_card_cost,
                },
                Action::Book(buy),
            ) => {
                finish(self);
                self.buy_book(buy, *discount, *ignore_card_cost);
            }
            (Op::BookActive { n }, Action::Active(book)) => {
                debug_assert_eq!(book.count_ones(), 1, "one Book per pick");
                pick(self, book.trailing_zeros() as u8, *n);
                self.apply_book_active(book);
            }
            (Op::DrawObjectives { keep, .. }, Action::Keep(card)) => {
                debug_assert_eq!(card.count_ones(), 1, "one card per pick");
                let c = card.trailing_zeros() as u8;
                self.players[seat].objectives |= card;
                self.stack.drawn &= !card;
                let owed = self.keeps_owed(*keep);
                let higher = self.stack.drawn >> (c + 1) != 0;
                let f = self.stack.top_mut().unwrap();
                f.value = c + 1;
                f.left += 1;
                if owed <= 1 || !higher {
                    // The cards not kept go under the deck, ascending.
                    finish(self);
                    let rest = std::mem::take(&mut self.stack.drawn);
                    for c in BitIter(rest as u64) {
                        self.board.objective_deck.put_bottom(c as u8);
                    }
                }
            }
            (Op::CreateGolem { discount }, Action::Create(d)) => {
                finish(self);
                self.create_golem(seat, d, *discount);
            }
            (Op::MoveGolems { then_activate, .. }, Action::Move(m)) => {
                finish(self);
                let before = self.players[seat].golems;
                // A legal move's text names its result: no need to list the moves.
                let r = super::movement::MoveResult {
                    after: super::movement::apply_tokens(before, &m)
                        .expect("a legal move names the player's Golems"),
                    kn: m.pay_kn,
                    vp: m.pay_vp,
                    penalty: 0,
                };
                debug_assert!(self.op_moves(op).contains(&(m, r)), "{m:?} is legal");
                super::movement::apply_result(self, seat, &r);
                if *then_activate {
                    // The moved Golem (it stands now), or any standing Golem if none moved.
                    let moved = super::movement::tokens(before, r.after)
                        .iter()
                        .find(|t| t.0 != 0)
                        .map(|t| GolemRef::new(t.from().district, t.to_section(), false));
                    self.stack.last_golem = moved.map_or(NONE, pack_golem);
                    self.push_frame(frame(OpList::top(SourceKind::ThenActivate, 0, 0)));
                }
            }
            (Op::ArtifactActivate { n }, Action::Artifact(artifact)) => {
                debug_assert_eq!(artifact.count_ones(), 1, "one Artifact per pick");
                let k = artifact.trailing_zeros() as u8;
                pick(self, k, *n);
                self.push_activation(seat, k as usize);
            }
            (op, a) => panic!("{a:?} does not answer {op:?}"),
        }
        self.resolve();
    }

    /// Objective picks still owed at the pending `keep` decision: `keep` (or every card
    /// drawn, when fewer were) less the picks made.
    fn keeps_owed(&self, keep: u8) -> u32 {
        let f = self.stack.top().unwrap();
        let drawn = self.stack.drawn.count_ones() + f.left as u32;
        (keep as u32).min(drawn) - f.left as u32
    }

    /// Kills an own Golem onto Cemetery space `space_id` (§5.4): the track marker goes
    /// down, then the space's bonus (twice with g2).
    pub fn kill(&mut self, seat: usize, g: GolemRef, space_id: u8) {
        let comp = self.comp.0;
        let i = comp
            .cemetery
            .iter()
            .position(|s| s.id == space_id)
            .expect("a Cemetery space");
        self.remove_golem(seat, g);
        if comp.cemetery[i].unlimited {
            self.board.cemetery_unlimited[seat] += 1;
        } else {
            self.board.cemetery[i] = seat as u8;
        }
        self.move_golem_track(seat, -(comp.rules.kill_track_down as i32));
        let times = match self
            .has_golem_ability(seat, |a| matches!(a, Ability::CemeteryMultiplier { .. }))
        {
            Some(Ability::CemeteryMultiplier { n }) => *n,
            _ => 1,
        };
        for _ in 0..times {
            self.push_frame(frame(OpList::top(SourceKind::CemeteryBonus, i as u8, 0)));
        }
    }

    /// Golems in the reserve: those never on the board, the Cemetery or set aside.
    pub fn reserve(&self, seat: usize) -> u32 {
        let p = &self.players[seat];
        (self.comp.rules.golems_per_player as u32)
            .saturating_sub(p.golems.total() + self.cemetery_golems(seat) + p.unplaced as u32)
    }

    /// Clay to create a Golem in district `d` (§5.2).
    pub fn create_cost(&self, seat: usize, d: u8, discount: u8) -> u32 {
        let r = &self.comp.rules;
        (r.create_cost_clay as u32
            + r.create_extra_per_own_golem_in_district as u32
                * self.players[seat].golems.in_district(d as usize))
        .saturating_sub(discount as u32)
    }

    /// Creates a Golem on section I of `d` (§5.2): pay, the mandatory track step, then
    /// the g6 choice and the `create_golem` trigger.
    pub fn create_golem(&mut self, seat: usize, d: u8, discount: u8) {
        let comp = self.comp.0;
        let cost = self.create_cost(seat, d, discount);
        self.add_res(seat, 0, -(cost as i32));
        let built = comp.rules.reserve_golems() as u32 - self.reserve(seat);
        let g = GolemRef::new(d, 1, false);
        self.add_golem(seat, g);
        self.note_fresh(g);
        let up = comp
            .rules
            .create_track_up
            .get(built as usize)
            .copied()
            .unwrap_or(0);
        self.move_golem_track(seat, up as i32);
        self.stack.last_golem = pack_golem(g);
        self.push_frame(frame(OpList::top(
            SourceKind::Trigger,
            super::components::vocab::Trigger::CreateGolem.index() as u8,
            0,
        )));
        if let Some(Ability::OnCreate {
            step,
            activate_standing,
        }) = self.has_golem_ability(seat, |a| matches!(a, Ability::OnCreate { .. }))
        {
            self.push_frame(frame(OpList::top(
                SourceKind::CreateFollowUp,
                *step,
                *activate_standing as u8,
            )));
        }
    }

    /// The distinct results of a `move_golems` op (§5.5), in listing order.
    pub fn op_moves(&self, op: &Op) -> Vec<(super::action::MoveAct, super::movement::MoveResult)> {
        let Op::MoveGolems {
            steps, dir, golems, ..
        } = *op
        else {
            return Vec::new();
        };
        let seat = self.to_move as usize;
        let before = self.players[seat].golems;
        let rules = super::movement::MoveRules {
            exact: false,
            backward: dir == super::components::vocab::MoveDir::Either,
            one_golem: golems == super::components::vocab::GolemsMoved::One,
            ..super::movement::MoveRules::from_components(
                &self.comp,
                steps as u32,
                self.players[seat].res[2] as u32,
            )
        };
        let mut out: Vec<_> = super::movement::move_results(before, &rules)
            .into_iter()
            .map(|r| (super::movement::action_of(before, &r, false), r))
            .collect();
        super::movement::sort_for_listing(&mut out);
        out
    }

    /// The canonical value of a written move at a `move_golems` decision.
    pub fn canonical_op_move(
        &self,
        m: &super::action::MoveAct,
    ) -> Result<super::action::MoveAct, String> {
        let (op, _) = current_op(self).ok_or("no move is being decided")?;
        let before = self.players[self.to_move as usize].golems;
        let after = super::movement::apply_tokens(before, m)
            .ok_or("a token names a Golem that is not there")?;
        self.op_moves(op)
            .into_iter()
            .find(|(_, r)| r.after == after && r.kn == m.pay_kn && r.vp == m.pay_vp)
            .map(|(a, _)| a)
            .ok_or_else(|| "not a legal result of this move".to_string())
    }

    /// The outcomes of a `draw_objectives` draw (§5.12, §7.2): `draw` cards (fewer if the
    /// deck is short), uniform over the hidden cards, then the known bottom in order.
    pub fn objective_draws(&self) -> Vec<(Action, f64)> {
        let Some((Op::DrawObjectives { draw, .. }, _)) = current_op(self) else {
            return Vec::new();
        };
        let deck = &self.board.objective_deck;
        let n = (*draw as usize).min(deck.len());
        let hidden: Vec<u8> = BitIter(deck.hidden_cards()).map(|c| c as u8).collect();
        let from_hidden = n.min(hidden.len());
        let known: u32 = deck.known_top_first()[..n - from_hidden]
            .iter()
            .fold(0, |m, &c| m | 1 << c);
        let mut sets = Vec::new();
        subsets(&hidden, from_hidden, 0, 0, &mut sets);
        let p = 1.0 / sets.len() as f64;
        // Ascending card lists in lexicographic order. The sets have one size, so the set
        // holding the lowest card where two differ comes first: the bit-reversed masks
        // in descending order.
        sets.sort_unstable_by_key(|&m| std::cmp::Reverse(m.reverse_bits()));
        sets.into_iter()
            .map(|m| (Action::Draw(m | known), p))
            .collect()
    }

    /// Deals the drawn cards; the `keep` choice follows.
    pub fn apply_objective_draw(&mut self, set: u32) {
        let hidden = self.board.objective_deck.hidden_cards() as u32;
        for c in BitIter((set & hidden) as u64) {
            self.board.objective_deck.deal(c as u8);
        }
        for _ in 0..(set & !hidden).count_ones() {
            self.board.objective_deck.pop_known();
        }
        self.stack.drawn = set;
        self.stack.top_mut().unwrap().used = 1;
        self.chance = super::state::Chance::None;
        self.resolve();
    }

    /// `student_income` (automatic): street income of the red, yellow, blue Student.
    pub fn push_student_income(&mut self, seat: usize) {
        for d in (0..3u8).rev() {
            let s = self.players[seat].students[d as usize];
            self.push_frame(frame(OpList::top(SourceKind::Street, d, s)));
        }
    }
}

/// Appends a nesting step to an op list's path.
fn push_path(list: &mut OpList, step: u8) {
    let slot = list
        .path
        .iter()
        .position(|&p| p == 0)
        .expect("effects nest at most two levels deep");
    list.path[slot] = step;
}

/// A Golem place in one byte: `10 × district + section − 1`, bit 7 lying.
pub fn pack_golem(g: GolemRef) -> u8 {
    (10 * g.district + g.section - 1) | (g.lying as u8) << 7
}

pub fn unpack_golem(b: u8) -> Option<GolemRef> {
    (b != NONE).then(|| {
        let i = b & 0x7F;
        GolemRef::new(i / 10, i % 10 + 1, b >> 7 == 1)
    })
}

/// Every `k`-card subset of `cards` (from index `i`), as bit sets.
fn subsets(cards: &[u8], k: usize, i: usize, acc: u32, out: &mut Vec<u32>) {
    if k == 0 {
        out.push(acc);
        return;
    }
    for j in i..cards.len() {
        if cards.len() - j < k {
            break;
        }
        subsets(cards, k - 1, j + 1, acc | 1 << cards[j], out);
    }
}
