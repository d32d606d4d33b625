//! The Actions phase turn structure (spec §4.3, §4.4): marble, Rabbi and pass turns, the
//! Student moves of a marble (black: two different Students, chosen), the marble triggers,
//! the main stage and the two Passing phases with the Pass-tile-1 removal and the re-drop
//! (a chance event, §7.1), then Turn Order (§4.6). The line actions themselves (§4.5) are
//! not built yet: a marble leaves a `LineMenu` frame that stops play.

use super::action::Action;
use super::components::ops::Ability;
use super::components::vocab::Trigger;
use super::effects::frame;
use super::setup::marble_set;
use super::state::{
    Chance, Marbles, OpList, Phase, SourceKind, Stage, State, BLACK, COLOURS, LINES, NONE,
    PASS_TILES,
};

/// Most outcomes a drop can have is far above this; enumeration is for tests and small
/// re-drops (a full 4-player drop has 15 006 250).
pub fn drop_outcomes(marbles: Marbles, weights: &[u32; LINES]) -> Vec<([Marbles; LINES], f64)> {
    let total: u32 = weights.iter().sum();
    let p: Vec<f64> = weights.iter().map(|&w| w as f64 / total as f64).collect();
    let mut out = vec![([Marbles::EMPTY; LINES], 1.0)];
    for colour in 0..COLOURS as u8 {
        let m = marbles.count(colour);
        if m == 0 {
            continue;
        }
        let splits = compositions(m);
        let mut next = Vec::with_capacity(out.len() * splits.len());
        for (lines, prob) in &out {
            for split in &splits {
                let mut l = *lines;
                let mut pr = *prob * factorial(m);
                for (line, &n) in split.iter().enumerate() {
                    l[line].add(colour, n);
                    pr *= p[line].powi(n as i32) / factorial(n);
                }
                next.push((l, pr));
            }
        }
        out = next;
    }
    out
}

fn factorial(n: u8) -> f64 {
    (1..=n as u32).map(|k| k as f64).product()
}

/// Every way to put `m` marbles into the 5 lines.
fn compositions(m: u8) -> Vec<[u8; LINES]> {
    let mut out = Vec::new();
    fn rec(i: usize, left: u8, cur: &mut [u8; LINES], out: &mut Vec<[u8; LINES]>) {
        if i == LINES - 1 {
            cur[i] = left;
            out.push(*cur);
            return;
        }
        for n in 0..=left {
            cur[i] = n;
            rec(i + 1, left - n, cur, out);
        }
    }
    rec(0, m, &mut [0; LINES], &mut out);
    out
}

impl State {
    /// Marble actions per round and whether the Rabbi action is used.
    fn marbles_left(&self, seat: usize) -> u8 {
        self.comp
            .rules
            .marble_actions_per_round
            .saturating_sub(self.players[seat].marbles.total())
    }

    pub fn rabbi_placed(&self, seat: usize) -> bool {
        let s = seat as u8;
        self.board.rabbis.contains(&s) || self.board.bottom_rabbis.contains(&s)
    }

    /// All three actions taken.
    pub fn finished(&self, seat: usize) -> bool {
        self.marbles_left(seat) == 0 && self.rabbi_placed(seat)
    }

    /// Whether `seat` takes a turn in the current stage.
    fn may_act(&self, seat: usize) -> bool {
        if self.finished(seat) {
            return false;
        }
        let passes = self.players[seat].passes;
        match self.stage {
            Stage::Main => passes == 0,
            Stage::Passing1 => passes == 1,
            Stage::Passing2 => passes == 2,
        }
    }

    /// Players of the current stage in turn order (main) or Pass-tile order (passing).
    fn stage_order(&self) -> StageOrder {
        let mut order = StageOrder {
            seats: [NONE; PASS_TILES],
            len: 0,
        };
        let seats: &[u8] = match self.stage {
            Stage::Main => self.order(),
            _ => &self.board.pass_tiles,
        };
        for &s in seats.iter().filter(|&&s| s != NONE) {
            order.seats[order.len] = s;
            order.len += 1;
        }
        order
    }

    /// The turn's micro-actions (§4.3): marbles (line, then colour), Rabbi spaces, the
    /// bottom space, `pass` (not in the final Passing phase).
    pub fn turn_actions(&self) -> Vec<Action> {
        let seat = self.to_move as usize;
        let mut out = Vec::with_capacity(16);
        if self.marbles_left(seat) > 0 {
            for line in 0..LINES as u8 {
                for colour in 0..COLOURS as u8 {
                    if self.board.lines[line as usize].count(colour) > 0 {
                        out.push(Action::Marble { line, colour });
                    }
                }
            }
        }
        if !self.rabbi_placed(seat) {
            let spaces = self.num_players as usize + self.comp.rules.action_spaces_extra as usize;
            for n in 0..spaces {
                if self.board.rabbis[n] == NONE {
                    out.push(Action::Rabbi(n as u8 + 1));
                }
            }
            out.push(Action::RabbiBottom);
        }
        if self.stage != Stage::Passing2 {
            out.push(Action::Pass);
        }
        out
    }

    /// Applies a turn's micro-action.
    pub fn apply_turn(&mut self, action: Action) {
        let seat = self.to_move as usize;
        match action {
            Action::Marble { line, colour } => {
                let mut in_line = self.board.lines[line as usize];
                let value = in_line.total();
                in_line.remove(colour);
                self.set_line(line as usize, in_line);
                let mut taken = self.players[seat].marbles;
                taken.add(colour, 1);
                self.set_taken(seat, taken);
                // The line action at value v, after the Student move and the triggers.
                self.push_line_action(line, value);
                let trigger = match colour {
                    2 => Some(Trigger::MarbleRed),
                    3 => Some(Trigger::MarbleBlue),
                    _ => None,
                };
                // The components outlive the state: no copy of the districts needed.
                let comp = self.comp.0;
                let moves: &[_] = match comp.marbles.student_moves[colour as usize] {
                    super::components::StudentMove::Districts(ref ds) => ds,
                    super::components::StudentMove::TwoDifferentDistricts => &[],
                };
                if let Some(t) = trigger {
                    self.push_trigger(seat, t);
                }
                if colour == BLACK {
                    self.push_frame(frame(OpList::top(SourceKind::BlackMarble, 0, 0)));
                } else {
                    for d in moves {
                        self.student_forward(seat, d.index(), 1);
                    }
                }
                self.resolve();
            }
            Action::Rabbi(n) => {
                self.board.rabbis[n as usize - 1] = seat as u8;
                let tile = self.board.tiles[n as usize - 1];
                self.push_frame(frame(OpList::top(SourceKind::ActionTile, tile, 0)));
                self.resolve();
            }
            Action::RabbiBottom => {
                let slot = self
                    .board
                    .bottom_rabbis
                    .iter()
                    .position(|&s| s == NONE)
                    .expect("a free place on the bottom space");
                self.board.bottom_rabbis[slot] = seat as u8;
                self.push_frame(frame(OpList::top(SourceKind::BottomAction, 0, 0)));
                self.resolve();
            }
            Action::Pass => {
                let p = &mut self.players[seat];
                p.passes += 1;
                if p.passes == 1 {
                    let tile = self
                        .board
                        .pass_tiles
                        .iter()
                        .position(|&s| s == NONE)
                        .expect("a free Pass tile");
                    self.board.pass_tiles[tile] = seat as u8;
                }
                self.advance();
            }
            other => panic!("{other:?} is not a turn action"),
        }
    }

    /// Pushes the activation of each completed Artifact under an upgraded trigger tile
    /// with `trigger` (§5.10).
    pub fn push_trigger(&mut self, seat: usize, trigger: Trigger) {
        let comp = self.comp.0;
        let p = self.players[seat];
        let completed = self.completed_artifacts(seat);
        let mut ks = Vec::new();
        for dev in 0..5usize {
            let placed = p.artifact_devs[dev];
            if p.developments >> dev & 1 == 0 || placed == NONE {
                continue;
            }
            let side = (placed >> 7) as usize;
            let space = (placed & 0x7F) as usize;
            let fires = comp.player_board.artifact_developments[dev].sides[side]
                .iter()
                .any(|a| matches!(a, Ability::ArtifactTrigger { trigger: t } if *t == trigger));
            let k = comp.player_board.artifact_development_spaces[space].artifact as usize - 1;
            if fires && completed >> k & 1 == 1 {
                ks.push(k);
            }
        }
        ks.sort_unstable();
        for &k in ks.iter().rev() {
            self.push_activation(seat, k);
        }
    }

    /// The black marble's Student choice: two different Students +1 (one if only one can
    /// move), districts r y b.
    pub fn black_marble_options(&self) -> Vec<Action> {
        let p = &self.players[self.to_move as usize];
        let can: Vec<u8> = (0..3u8)
            .filter(|&d| p.students[d as usize] < super::state::SECTIONS as u8)
            .collect();
        match can.len() {
            0 => Vec::new(),
            1 => vec![Action::Student(can[0])],
            _ => {
                let mut out = Vec::new();
                for (i, &a) in can.iter().enumerate() {
                    for &b in &can[i + 1..] {
                        out.push(Action::Students(a, b));
                    }
                }
                out
            }
        }
    }

    /// After a turn (its effects resolved): the next player of the stage, or the next
    /// stage (§4.4).
    pub fn next_turn(&mut self) {
        let order = self.stage_order();
        let order = order.seats();
        let at = order
            .iter()
            .position(|&s| s == self.to_move)
            .map_or(0, |i| i + 1);
        let n = order.len();
        for k in 0..n {
            let seat = order[(at + k) % n];
            if self.may_act(seat as usize) {
                self.to_move = seat;
                return;
            }
        }
        self.end_stage();
    }

    /// No player may act in the current stage.
    fn end_stage(&mut self) {
        let anyone = |s: &State, passes: u8| {
            s.order()
                .iter()
                .any(|&p| s.players[p as usize].passes >= passes)
        };
        let next = match self.stage {
            Stage::Main if anyone(self, 1) => Some(Stage::Passing1),
            Stage::Passing1 if anyone(self, 2) => Some(Stage::Passing2),
            _ => None,
        };
        match next {
            Some(stage) => {
                self.stage = stage;
                self.phase = Phase::Remove;
                self.to_move = self.board.pass_tiles[0];
                if self.remove_options().is_empty() {
                    self.after_remove();
                }
            }
            None => self.end_actions(),
        }
    }

    /// `remove <c>`: the colours in the Synagogue.
    pub fn remove_options(&self) -> Vec<Action> {
        (0..COLOURS as u8)
            .filter(|&c| self.board.lines.iter().any(|l| l.count(c) > 0))
            .map(Action::Remove)
            .collect()
    }

    /// Takes one marble of `colour` out of the Synagogue onto Pass tile 1 (the line does
    /// not matter: every remaining marble is dropped again).
    pub fn apply_remove(&mut self, colour: u8) {
        let line = (0..LINES)
            .find(|&l| self.board.lines[l].count(colour) > 0)
            .expect("a marble of that colour");
        let mut m = self.board.lines[line];
        m.remove(colour);
        self.set_line(line, m);
        self.board.removed.add(colour, 1);
        self.after_remove();
    }

    /// The re-drop, then the stage's first player.
    fn after_remove(&mut self) {
        self.phase = Phase::Actions;
        self.chance = Chance::Drop;
        self.to_move = NONE;
    }

    /// The marbles a drop now drops: those in the lines (a re-drop) or, at Refresh, all.
    pub fn drop_marbles(&self) -> Marbles {
        if self.phase == Phase::Refresh {
            return marble_set(&self.comp, self.num_players as usize);
        }
        let mut m = Marbles::EMPTY;
        for l in &self.board.lines {
            for c in 0..COLOURS as u8 {
                m.add(c, l.count(c));
            }
        }
        m
    }

    /// The listed drop for `marbles`, if the position lists one (§11 `drops`: the first m
    /// marbles of each colour).
    pub fn listed_drop(&self, marbles: Marbles) -> Option<[Marbles; LINES]> {
        if self.board.drop_count == 0 {
            return None;
        }
        let entry = self.board.drops[0];
        let set = marble_set(&self.comp, self.num_players as usize);
        let mut lines = [Marbles::EMPTY; LINES];
        let mut offset = 0;
        for c in 0..COLOURS as u8 {
            for i in 0..marbles.count(c) {
                let line = (entry >> (3 * (offset + i as u32)) & 7) as usize;
                lines[line].add(c, 1);
            }
            offset += set.count(c) as u32;
        }
        Some(lines)
    }

    /// Applies a drop outcome: the lines become exactly `lines`.
    pub fn apply_drop(&mut self, lines: [Marbles; LINES]) {
        for (l, &m) in lines.iter().enumerate() {
            self.set_line(l, m);
        }
        if self.board.drop_count > 0 {
            self.board.drops.copy_within(1.., 0);
            self.board.drops[self.board.drops.len() - 1] = 0;
            self.board.drop_count -= 1;
        }
        self.chance = Chance::None;
        if self.phase == Phase::Refresh {
            self.refresh_tiles();
            return;
        }
        // The players of the Passing phase take their turns in Pass-tile order.
        let order = self.stage_order();
        let order = order.seats();
        match order.iter().copied().find(|&s| self.may_act(s as usize)) {
            Some(seat) => self.to_move = seat,
            None => {
                self.to_move = order[0];
                self.end_stage();
            }
        }
    }

    /// End of the Actions phase: Pass tiles return, passes reset; Turn Order (§4.6): the
    /// Rabbis from the top action space down, then the bottom space left to right; the
    /// Rabbis return. Influence comes next.
    fn end_actions(&mut self) {
        self.board.pass_tiles = [NONE; PASS_TILES];
        for p in &mut self.players {
            p.passes = 0;
        }
        let mut order = Vec::new();
        for &s in self.board.rabbis.iter().chain(&self.board.bottom_rabbis) {
            if s != NONE {
                order.push(s);
            }
        }
        debug_assert_eq!(order.len(), self.num_players as usize, "every Rabbi placed");
        self.turn_order[..order.len()].copy_from_slice(&order);
        self.board.rabbis = [NONE; super::state::ACTION_SPACES];
        self.board.bottom_rabbis = [NONE; super::state::MAX_PLAYERS];
        self.stage = Stage::Main;
        self.start_influence();
    }
}

/// The seats of a stage of the Actions phase in playing order (at most one per Pass tile
/// or player: both are 4), without allocating.
struct StageOrder {
    seats: [u8; PASS_TILES],
    len: usize,
}

const _: () = assert!(PASS_TILES >= super::state::MAX_PLAYERS);

impl StageOrder {
    fn seats(&self) -> &[u8] {
        &self.seats[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::golem_cranio::components::Components;

    #[test]
    fn turn_order_reads_the_rabbis_top_down_then_the_bottom_space() {
        let comp = Components::builtin();
        let mut s =
            crate::games::golem_cranio::setup::new_game_seeded(comp, 4, 1, Default::default());
        s.board.rabbis = [NONE, 2, NONE, 0, NONE];
        s.board.bottom_rabbis = [3, 1, NONE, NONE];
        s.board.pass_tiles = [3, NONE, NONE, NONE];
        s.players[3].passes = 1;
        s.end_actions();
        assert_eq!(s.turn_order, [2, 0, 3, 1]);
        assert_eq!(s.board.rabbis, [NONE; 5]);
        assert_eq!(s.board.bottom_rabbis, [NONE; 4]);
        assert_eq!(s.board.pass_tiles, [NONE; 4]);
        assert_eq!(s.players[3].passes, 0);
        assert_ne!(s.phase, Phase::Actions);
    }

    #[test]
    fn drop_outcome_counts_are_the_specs() {
        let comp = Components::builtin();
        let two = drop_outcomes(marble_set(comp, 2), &comp.marbles.drop_weights);
        assert_eq!(two.len(), 590_625);
        let sum: f64 = two.iter().map(|(_, p)| p).sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
        // One marble: 5 outcomes of 1/5.
        let one = drop_outcomes(Marbles::from_counts([0, 1, 0, 0, 0]), &[1, 1, 1, 1, 1]);
        assert_eq!(one.len(), 5);
        assert!(one.iter().all(|(_, p)| (p - 0.2).abs() < 1e-12));
        // Two whites in a line together: 1/25; one in each of two given lines: 2/25.
        let two_w = drop_outcomes(Marbles::from_counts([2, 0, 0, 0, 0]), &[1, 1, 1, 1, 1]);
        assert_eq!(two_w.len(), 15);
        let both_first = two_w.iter().find(|(l, _)| l[0].count(0) == 2).unwrap().1;
        assert!((both_first - 0.04).abs() < 1e-12);
        let split = two_w
            .iter()
            .find(|(l, _)| l[0].count(0) == 1 && l[1].count(0) == 1)
            .unwrap()
            .1;
        assert!((split - 0.08).abs() < 1e-12);
    }
}
