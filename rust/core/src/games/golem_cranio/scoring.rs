//! Final scoring (spec §8) and the winner.

use super::components::vocab::ObjectiveType;
use super::state::{State, CAULDRONS};
use crate::util::BitIter;

impl State {
    /// Menorahs of each colour (red, yellow, blue): the upgraded tiles of the Golem,
    /// Artifact and Study areas, plus the district's token if held.
    pub fn menorahs(&self, seat: usize) -> [i32; 3] {
        let p = &self.players[seat];
        let pb = &self.comp.player_board;
        let up = |bit: usize| p.developments >> bit & 1 == 1;
        let red: i32 = (0..6)
            .filter(|&i| up(6 + i))
            .map(|i| pb.golem_developments[i].menorahs as i32)
            .sum();
        let yellow: i32 = (0..6)
            .filter(|&i| up(i))
            .map(|i| pb.artifact_developments[i].menorahs as i32)
            .sum();
        let blue: i32 = (0..6)
            .filter(|&i| up(12 + i))
            .map(|i| pb.study_developments[i].menorahs as i32)
            .sum();
        let token = |d: usize| (p.menorahs >> d & 1) as i32;
        [red + token(0), yellow + token(1), blue + token(2)]
    }

    /// Golems created in play (killed ones count; the 2 starting Golems do not).
    pub fn golems_built(&self, seat: usize) -> u32 {
        self.comp.rules.reserve_golems() as u32 - self.reserve(seat)
    }

    pub fn books_owned(&self, seat: usize) -> u32 {
        (0..5)
            .map(|c| self.players[seat].books_in_column(c) as u32)
            .sum()
    }

    /// The quantity an Objective of type `ty` compares with its threshold, now.
    pub fn objective_count(&self, seat: usize, ty: ObjectiveType) -> u32 {
        let p = &self.players[seat];
        match ty {
            ObjectiveType::StudentRed => p.students[0] as u32,
            ObjectiveType::StudentYellow => p.students[1] as u32,
            ObjectiveType::StudentBlue => p.students[2] as u32,
            ObjectiveType::GolemsBuilt => self.golems_built(seat),
            ObjectiveType::Gold => p.gold.iter().map(|&g| g as u32).sum(),
            ObjectiveType::Developments => p.developments.count_ones(),
            ObjectiveType::Study => p.study as u32,
            ObjectiveType::Books => self.books_owned(seat),
            ObjectiveType::GolemsKilled => self.cemetery_golems(seat),
        }
    }

    /// Whether Objective `o`'s condition holds now.
    pub fn objective_done(&self, seat: usize, o: usize) -> bool {
        let card = &self.comp.objectives[o];
        self.objective_count(seat, card.objective_type) >= card.threshold as u32
    }

    /// The final score of §8 (meaningful at any time as the current tally).
    pub fn final_score(&self, seat: usize) -> i32 {
        let comp = self.comp.0;
        let p = &self.players[seat];
        let [red, yellow, blue] = self.menorahs(seat);
        let columns = (0..comp.rules.book_columns as usize)
            .filter(|&c| p.books_in_column(c) > 0)
            .count() as i32;
        let completed = (0..CAULDRONS)
            .filter(|&k| self.completed_artifacts(seat) >> k & 1 == 1)
            .count() as i32;
        let study_vp = comp
            .player_board
            .study_space(p.study)
            .map_or(0, |s| s.final_vp as i32);
        let mut objectives = 0;
        let mut types = 0u32;
        for o in BitIter(p.objectives as u64) {
            if self.objective_done(seat, o) {
                objectives += comp.objectives[o].vp as i32;
                types |= 1 << comp.objectives[o].objective_type.index();
            }
        }
        let set_bonus = comp.rules.objective_set_bonus[(types.count_ones() as usize).min(9)] as i32;
        let resources: i32 = p.res.iter().map(|&r| r as i32).sum();
        p.vp as i32
            + red * self.golems_built(seat) as i32
            + yellow * completed
            + blue * columns
            + study_vp
            + objectives
            + set_bonus
            + resources / comp.rules.resources_per_final_vp.max(1) as i32
    }

    /// The winner: highest score, ties to the earliest in the (round-4) turn order.
    pub fn winner(&self) -> usize {
        let mut best = self.order()[0] as usize;
        for &s in self.order() {
            if self.final_score(s as usize) > self.final_score(best) {
                best = s as usize;
            }
        }
        best
    }
}
