//! Resolving effect lists (spec §2.4): the op lists a frame refers to, the automatic ops,
//! Gold placement and Artifact activation (§5.9). Ops whose decisions are not built yet
//! stop the resolution and are reported by `State::unimplemented`.

use super::components::ops::{Ability, Op};
use super::components::vocab::{Counter, Resource, Trigger, Vocab};
use super::components::Components;
use super::state::{Frame, OpList, SourceKind, State, CAULDRONS, MAX_PLAYERS, NONE, SECTIONS};

/// The ops of `list`, read from the components tables (none for a frame that holds no
/// list).
pub fn op_list(comp: &'static Components, list: &OpList) -> &'static [Op] {
    listed_ops(comp, list).unwrap_or(&[])
}

/// The ops of `list`; `None` for the frames that hold no list: menus, decisions and lazy
/// steps the resolution handles by their kind.
fn listed_ops(comp: &'static Components, list: &OpList) -> Option<&'static [Op]> {
    let (a, b) = (list.a as usize, list.b as usize);
    let mut ops: &'static [Op] = match list.kind {
        SourceKind::ActionTile => &comp.synagogue.action_tiles[a].effect,
        SourceKind::Character => &comp.characters[a].effect,
        SourceKind::Neighborhood => &comp.neighborhood_tiles[a].effect,
        SourceKind::Printed => {
            &comp.board.printed_neighborhoods[a]
                .iter()
                .find(|p| p.section as usize == b)
                .expect("a printed neighborhood")
                .effect
        }
        SourceKind::Street => &comp.board.street_income[a][b - 1],
        SourceKind::BookImmediate => &comp.books[a].immediate,
        SourceKind::BookActive => &comp.books[a].active,
        SourceKind::Starting => &comp.starting_tiles[a].effect,
        SourceKind::Artifact => &comp.artifact_tiles[a / 2].sides[a % 2].artifacts[b],
        SourceKind::DevelopmentImmediate => &comp.player_board.golem_developments[a - 6].immediate,
        SourceKind::DevelopmentAbility => {
            let side = b >> 4;
            let abilities = match a {
                0..=5 => &comp.player_board.artifact_developments[a].sides[side],
                6..=11 => &comp.player_board.golem_developments[a - 6].abilities,
                _ => &comp.player_board.study_developments[a - 12].abilities,
            };
            match &abilities[b & 15] {
                Ability::OnBookHere { ops }
                | Ability::Income { ops }
                | Ability::ArtifactBoost { ops } => ops,
                other => panic!("ability {other:?} has no ops"),
            }
        }
        SourceKind::CemeteryBonus => &comp.cemetery[a].bonus,
        SourceKind::StudyIncome => &comp.player_board.study_track[a].income,
        SourceKind::GolemIncome => &comp.player_board.golem_track.levels[a].income,
        SourceKind::BottomAction => &comp.synagogue.bottom_action,
        SourceKind::LineMenu
        | SourceKind::WorkPicks
        | SourceKind::GoldPlacement
        | SourceKind::CreateFollowUp
        | SourceKind::BlackMarble
        | SourceKind::ArtifactIncome
        | SourceKind::Trigger
        | SourceKind::ThenActivate
        | SourceKind::BookBonuses => return None,
    };
    for &step in &list.path {
        if step == 0 {
            break;
        }
        let (op, option) = ((step >> 4) as usize - 1, (step & 15) as usize);
        ops = match &ops[op] {
            Op::Convert { then, .. } => then,
            Op::Choice { options } => &options[option],
            other => panic!("op {other:?} holds no nested list"),
        };
    }
    Some(ops)
}

/// A frame resolving `list` from its first op.
pub fn frame(list: OpList) -> Frame {
    Frame {
        list,
        next: 0,
        used: 0,
        left: 0,
        value: 0,
    }
}

impl State {
    /// Pushes `f` after dropping the finished op lists on top (every op started): the
    /// resolution would drop them next with nothing in between, and a chain of effects
    /// that each end by starting the next (a Book's upgrade, the Development's activation,
    /// the neighborhood's purchase) then holds one frame, not one per link.
    pub fn push_frame(&mut self, f: Frame) {
        while let Some(top) = self.stack.top() {
            let finished = listed_ops(self.comp.0, &top.list)
                .is_some_and(|ops| top.next as usize >= ops.len());
            if !finished {
                break;
            }
            self.stack.pop();
        }
        self.stack.push(f);
    }

    /// The seat whose effects are resolving (the player at this decision).
    pub fn actor(&self) -> usize {
        self.to_move as usize
    }

    /// Runs automatic ops until a decision or the end of the stack; at the end, the phase
    /// goes on ([`State::advance`]).
    pub fn resolve(&mut self) {
        loop {
            if self.chance != super::state::Chance::None {
                // A deal (the Library refill) comes before the rest of the effects.
                return;
            }
            let Some(top) = self.stack.top().copied() else {
                self.advance();
                return;
            };
            if top.list.kind == SourceKind::BlackMarble {
                if self.black_marble_options().is_empty() {
                    self.stack.pop();
                    continue;
                }
                return;
            }
            match top.list.kind {
                SourceKind::LineMenu => {
                    self.start_menu();
                    return;
                }
                SourceKind::WorkPicks => {
                    // Picks that find no eligible Golem are lost.
                    if self.menu_options().is_empty() {
                        self.stack.pop();
                        self.stack.fresh = [super::state::NONE; super::state::MAX_FRESH];
                        continue;
                    }
                    return;
                }
                SourceKind::CreateFollowUp | SourceKind::ThenActivate => return,
                SourceKind::ArtifactIncome => {
                    self.artifact_income_step();
                    continue;
                }
                SourceKind::BookBonuses => {
                    self.book_bonus_step();
                    continue;
                }
                SourceKind::Trigger => {
                    self.stack.pop();
                    let trigger = <Trigger as Vocab>::ALL[top.list.a as usize];
                    self.push_trigger(self.actor(), trigger);
                    continue;
                }
                _ => {}
            }
            if top.list.kind == SourceKind::GoldPlacement {
                if self.free_cauldron_spaces() == 0 {
                    // Gold beyond the free spaces is lost.
                    self.stack.pop();
                    continue;
                }
                return;
            }
            let ops = op_list(self.comp.0, &top.list);
            let Some(op) = ops.get(top.next as usize) else {
                self.stack.pop();
                continue;
            };
            if let Op::DrawObjectives { .. } = op {
                if top.used == 0 {
                    // The draw is a chance event (§5.12); an empty deck draws nothing.
                    if self.board.objective_deck.is_empty() {
                        self.stack.top_mut().unwrap().next += 1;
                        continue;
                    }
                    self.chance = super::state::Chance::Objectives;
                    return;
                }
            }
            if !is_automatic(op) && self.decision_is_void(op) {
                self.stack.top_mut().unwrap().next += 1;
                continue;
            }
            if !is_automatic(op) {
                return;
            }
            self.stack.top_mut().unwrap().next += 1;
            self.resolve_automatic(op);
        }
    }

    /// Whether a decision op cannot do anything here (it then does nothing, §2.4).
    fn decision_is_void(&self, op: &Op) -> bool {
        match op {
            Op::StudentAny { .. } => self.student_any_options(op).is_empty(),
            _ => false,
        }
    }

    fn resolve_automatic(&mut self, op: &Op) {
        let seat = self.actor();
        match *op {
            Op::Gain { res, n } => self.gain(seat, res, n as u32),
            Op::GainPer { res, n, per } => {
                let count = self.counter(seat, per);
                self.gain(seat, res, n as u32 * count);
            }
            Op::Study { n } => {
                let last = self
                    .comp
                    .player_board
                    .study_track
                    .iter()
                    .map(|s| s.space)
                    .max()
                    .unwrap_or(0);
                let now = self.players[seat].study;
                self.set_study(seat, (now + n).min(last));
            }
            Op::Student { district, n } => self.student_forward(seat, district.index(), n),
            Op::NoControlCost => self.players[seat].no_control_cost = true,
            Op::StudentIncome => self.push_student_income(seat),
            _ => unreachable!("not an automatic op: {op:?}"),
        }
    }

    /// Gains `n` of `res`; Gold is then placed (a decision, §5.9).
    pub fn gain(&mut self, seat: usize, res: Resource, n: u32) {
        if n == 0 {
            return;
        }
        match res {
            Resource::Clay => self.add_res(seat, 0, n as i32),
            Resource::Coin => self.add_res(seat, 1, n as i32),
            Resource::Knowledge => self.add_res(seat, 2, n as i32),
            Resource::Vp => self.add_vp(seat, n as i32),
            Resource::Gold => {
                let mut f = frame(OpList::top(SourceKind::GoldPlacement, 0, 0));
                f.value = n.min(u8::MAX as u32) as u8;
                self.push_frame(f);
            }
        }
    }

    /// A counter of `gain_per` (§2.4), read now.
    pub fn counter(&self, seat: usize, counter: Counter) -> u32 {
        let p = &self.players[seat];
        match counter {
            Counter::GolemLevel => self
                .comp
                .player_board
                .golem_track
                .level_of(p.golem_track)
                .map_or(0, |l| l.level as u32),
            Counter::CompletedArtifacts => self.completed_artifacts(seat).count_ones(),
            Counter::CemeteryGolems => self.cemetery_golems(seat),
            Counter::UpgradedDevelopments => p.developments.count_ones(),
            Counter::LeftmostStudent => *p.students.iter().min().unwrap() as u32,
        }
    }

    /// Completed Artifacts (full cauldrons), bit k − 1 for Artifact k.
    pub fn completed_artifacts(&self, seat: usize) -> u8 {
        let cap = self.comp.rules.cauldron_capacity;
        (0..CAULDRONS).fold(0, |m, k| {
            m | ((self.players[seat].gold[k] >= cap[k]) as u8) << k
        })
    }

    /// Own Golems in the Cemetery.
    pub fn cemetery_golems(&self, seat: usize) -> u32 {
        let limited = self
            .board
            .cemetery
            .iter()
            .filter(|&&o| o == seat as u8)
            .count() as u32;
        limited + self.board.cemetery_unlimited[seat.min(MAX_PLAYERS - 1)] as u32
    }

    /// A Student forward `n`, not past X; the first Student on the Menorah section or
    /// beyond takes the district's token (§5.1, §15.13).
    pub fn student_forward(&mut self, seat: usize, district: usize, n: u8) {
        let now = self.players[seat].students[district];
        let to = (now + n).min(SECTIONS as u8);
        self.set_student(seat, district, to);
        if to >= self.comp.rules.menorah_token_section
            && self.board.menorah_tokens >> district & 1 == 1
        {
            self.board.menorah_tokens &= !(1 << district);
            self.players[seat].menorahs |= 1 << district;
        }
    }

    /// Free cauldron spaces of the actor.
    pub fn free_cauldron_spaces(&self) -> u32 {
        let cap = self.comp.rules.cauldron_capacity;
        let p = &self.players[self.actor()];
        (0..CAULDRONS)
            .map(|k| cap[k].saturating_sub(p.gold[k]) as u32)
            .sum()
    }

    /// Every distinct placement of the pending Gold (§5.9, §15.10: as much as fits), in
    /// listing order.
    pub fn put_options(&self) -> Vec<[u8; CAULDRONS]> {
        let Some(top) = self.stack.top() else {
            return Vec::new();
        };
        let cap = self.comp.rules.cauldron_capacity;
        let p = &self.players[self.actor()];
        let free: [u8; CAULDRONS] = std::array::from_fn(|k| cap[k].saturating_sub(p.gold[k]));
        let total = (top.value as u32).min(free.iter().map(|&f| f as u32).sum()) as u8;
        let mut out = Vec::new();
        fn rec(
            k: usize,
            left: u8,
            free: &[u8],
            cur: &mut [u8; CAULDRONS],
            out: &mut Vec<[u8; CAULDRONS]>,
        ) {
            if k == CAULDRONS {
                if left == 0 {
                    out.push(*cur);
                }
                return;
            }
            for n in 0..=left.min(free[k]) {
                cur[k] = n;
                rec(k + 1, left - n, free, cur, out);
            }
            cur[k] = 0;
        }
        rec(0, total, &free, &mut [0; CAULDRONS], &mut out);
        // Listing order: the `<k>:<n>` tokens compared one by one, as (k + 1, n) pairs
        // padded with (0, 0), which sorts a shorter list on a common prefix first.
        out.sort_unstable_by_key(|p| {
            let mut key = [(0u8, 0u8); CAULDRONS];
            let tokens = (0..CAULDRONS).filter(|&k| p[k] > 0);
            for (slot, k) in key.iter_mut().zip(tokens) {
                *slot = (k as u8 + 1, p[k]);
            }
            key
        });
        out
    }

    /// Places Gold; each cauldron filled completes its Artifact, activated at once in
    /// ascending order (the frames resolve before anything pending below them).
    pub fn put_gold(&mut self, placement: [u8; CAULDRONS]) {
        let seat = self.actor();
        self.stack.pop();
        let before = self.completed_artifacts(seat);
        for (k, &n) in placement.iter().enumerate() {
            if n > 0 {
                let now = self.players[seat].gold[k];
                self.set_gold(seat, k, now + n);
            }
        }
        let completed = self.completed_artifacts(seat) & !before;
        for k in (0..CAULDRONS).rev() {
            if completed >> k & 1 == 1 {
                self.push_activation(seat, k);
            }
        }
    }

    /// Pushes the activation of Artifact `k` (0-based): its benefit, then the boosts on its
    /// spaces in space order.
    pub fn push_activation(&mut self, seat: usize, k: usize) {
        let comp = self.comp.0;
        let p = self.players[seat];
        let mut boosts = Vec::new();
        for dev in 0..5u8 {
            let placed = p.artifact_devs[dev as usize];
            if p.developments >> dev & 1 == 0 || placed == NONE {
                continue;
            }
            let (side, space) = (placed >> 7, (placed & 0x7F) as usize);
            if comp.player_board.artifact_development_spaces[space].artifact as usize != k + 1 {
                continue;
            }
            let abilities =
                &comp.player_board.artifact_developments[dev as usize].sides[side as usize];
            for (i, a) in abilities.iter().enumerate() {
                if matches!(a, Ability::ArtifactBoost { .. }) {
                    boosts.push((
                        space,
                        OpList::top(SourceKind::DevelopmentAbility, dev, side << 4 | i as u8),
                    ));
                }
            }
        }
        boosts.sort_by_key(|&(space, _)| space);
        for &(_, list) in boosts.iter().rev() {
            self.push_frame(frame(list));
        }
        if p.artifact_tile != NONE {
            self.push_frame(frame(OpList::top(
                SourceKind::Artifact,
                p.artifact_tile,
                k as u8,
            )));
        }
    }

    /// `student_any` choices: districts to step (as many steps as possible), ascending
    /// r y b; empty when no Student can move.
    pub fn student_any_options(&self, op: &Op) -> Vec<(u8, u8)> {
        let Op::StudentAny { n, distinct } = *op else {
            return Vec::new();
        };
        let p = &self.players[self.actor()];
        let room: Vec<u8> = p.students.iter().map(|&s| SECTIONS as u8 - s).collect();
        let per = |d: usize| if distinct { room[d].min(1) } else { room[d] };
        let possible: u8 = (0..3).map(|d| per(d).min(n)).sum::<u8>().min(n);
        let mut out = Vec::new();
        match possible {
            0 => {}
            1 => {
                for d in 0..3u8 {
                    if per(d as usize) >= 1 {
                        out.push((d, NONE));
                    }
                }
            }
            2 => {
                for a in 0..3u8 {
                    for b in a..3u8 {
                        let ok = if a == b {
                            per(a as usize) >= 2
                        } else {
                            per(a as usize) >= 1 && per(b as usize) >= 1
                        };
                        if ok {
                            out.push((a, b));
                        }
                    }
                }
            }
            _ => panic!("student_any with more than 2 steps has no text (spec §9)"),
        }
        out
    }
}

/// Ops resolved without a decision (§2.4).
pub fn is_automatic(op: &Op) -> bool {
    matches!(
        op,
        Op::Gain { .. }
            | Op::GainPer { .. }
            | Op::Study { .. }
            | Op::Student { .. }
            | Op::NoControlCost
            | Op::StudentIncome
    )
}
