//! The end of a round (spec §4.6–§4.8): Influence, Income, Development and Golem Control,
//! then the next round (Refresh, not built yet) or the end of the game.

use super::action::Action;
use super::components::ops::Ability;
use super::components::vocab::Area;
use super::effects::frame;
use super::state::{OpList, Phase, SourceKind, State, CAULDRONS, NONE, WHITE};

impl State {
    /// The active Character: Palace card number `round`, left to right.
    fn active_character(&self) -> usize {
        self.board.palace[self.round as usize - 1] as usize
    }

    /// Whether the player's two marbles of this round pair with the card's two colours,
    /// order free, white matching anything on either side (§4.6).
    pub fn matches_character(&self, seat: usize) -> bool {
        let card = self.comp.characters[self.active_character()].marbles;
        let taken = self.players[seat].marbles;
        let mut mine = Vec::new();
        for c in 0..5u8 {
            for _ in 0..taken.count(c) {
                mine.push(c);
            }
        }
        if mine.len() != 2 {
            return false;
        }
        let fits = |m: u8, c: u8| m == WHITE || c == WHITE || m == c;
        let (c0, c1) = (card[0].index() as u8, card[1].index() as u8);
        (fits(mine[0], c0) && fits(mine[1], c1)) || (fits(mine[1], c0) && fits(mine[0], c1))
    }

    /// Influence starts with the first matching player in the new turn order.
    pub fn start_influence(&mut self) {
        self.phase = Phase::Influence;
        self.next_influence(0);
    }

    pub fn next_influence(&mut self, from: usize) {
        let next = self.order()[from.min(self.num_players as usize)..]
            .iter()
            .copied()
            .find(|&s| self.matches_character(s as usize));
        match next {
            Some(seat) => self.to_move = seat,
            None => self.start_income(),
        }
    }

    /// `influence bonus` (if the card's Coins can be paid) and `influence coins`.
    pub fn influence_options(&self) -> Vec<Action> {
        let cost = self.comp.characters[self.active_character()].cost_coins;
        let mut out = Vec::new();
        if self.players[self.to_move as usize].res[1] >= cost as u16 {
            out.push(Action::InfluenceBonus);
        }
        out.push(Action::InfluenceCoins);
        out
    }

    pub fn apply_influence(&mut self, action: Action) {
        let seat = self.to_move as usize;
        let ch = self.active_character();
        match action {
            Action::InfluenceBonus => {
                let cost = self.comp.characters[ch].cost_coins as i32;
                self.add_res(seat, 1, -cost);
                self.push_frame(frame(OpList::top(SourceKind::Character, ch as u8, 0)));
            }
            Action::InfluenceCoins => {
                let coins = self.comp.rules.influence_decline_coins as i32;
                self.add_res(seat, 1, coins);
            }
            other => panic!("{other:?} is not an Influence choice"),
        }
        self.resolve();
    }

    /// Income (§4.7), in turn order from the first player.
    pub fn start_income(&mut self) {
        self.phase = Phase::Income;
        self.to_move = self.order()[0];
        self.collect_income();
    }

    /// Pushes the current player's income in its fixed order — street income red, yellow,
    /// blue; each completed Artifact 1 to 4 as an activation; the Study space's income;
    /// the Golem level's income; `income` abilities of upgraded tiles — and resolves it.
    /// Each source reads the state when it is collected (the frames resolve in order).
    pub fn collect_income(&mut self) {
        let seat = self.to_move as usize;
        let comp = self.comp.0;
        let p = self.players[seat];
        // Pushed in reverse.
        for (i, dev) in comp
            .player_board
            .study_developments
            .iter()
            .enumerate()
            .rev()
        {
            if p.developments >> (12 + i) & 1 == 0 {
                continue;
            }
            for (k, a) in dev.abilities.iter().enumerate().rev() {
                if matches!(a, Ability::Income { .. }) {
                    self.push_frame(frame(OpList::top(
                        SourceKind::DevelopmentAbility,
                        12 + i as u8,
                        k as u8,
                    )));
                }
            }
        }
        let track = &comp.player_board.golem_track;
        if let Some(level) = track.level_of(p.golem_track) {
            let index = track
                .levels
                .iter()
                .position(|l| l.level == level.level)
                .unwrap();
            self.push_frame(frame(OpList::top(SourceKind::GolemIncome, index as u8, 0)));
        }
        if let Some(i) = comp
            .player_board
            .study_track
            .iter()
            .position(|s| s.space == p.study)
        {
            self.push_frame(frame(OpList::top(SourceKind::StudyIncome, i as u8, 0)));
        }
        self.push_frame(frame(OpList::top(SourceKind::ArtifactIncome, 0, 0)));
        self.push_student_income(seat);
        self.resolve();
    }

    /// The next completed Artifact to collect as income after Artifact `from` (1-based
    /// count of those already collected in `value`).
    pub fn artifact_income_step(&mut self) {
        let seat = self.actor();
        let f = self.stack.top_mut().unwrap();
        let from = f.value as usize;
        let completed = self.completed_artifacts(seat);
        match (from..CAULDRONS).find(|&k| completed >> k & 1 == 1) {
            Some(k) => {
                self.stack.top_mut().unwrap().value = k as u8 + 1;
                self.push_activation(seat, k);
            }
            None => {
                self.stack.pop();
            }
        }
    }

    /// Development (§4.7): `skip` or one `up …` at the normal cost.
    pub fn development_options(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(32);
        out.push(Action::Skip);
        self.push_upgrade_options(Area::Any, 0, false, &mut out);
        out
    }

    pub fn apply_development(&mut self, action: Action) {
        if let Action::Up(up) = action {
            self.apply_upgrade(up, 0);
        }
        self.resolve();
    }

    /// The most Golems `seat` pays Golem Control for, if an upgraded Golem Development
    /// caps it (`control_cap`).
    pub fn control_cap(&self, seat: usize) -> Option<u32> {
        let developments = self.players[seat].developments;
        self.comp
            .player_board
            .golem_developments
            .iter()
            .enumerate()
            .filter(|(i, _)| developments >> (6 + i) & 1 == 1)
            .flat_map(|(_, d)| d.abilities.iter())
            .find_map(|a| match a {
                Ability::ControlCap { n } => Some(*n as u32),
                _ => None,
            })
    }

    /// Golem Control (§4.8) for every player, then the round ends.
    pub fn golem_control(&mut self) {
        let comp = self.comp.0;
        let per = comp.rules.control_cost_per_section as u32;
        let penalty = comp.rules.uncontrolled_golem_penalty_vp as i32;
        for seat in 0..self.num_players as usize {
            let p = self.players[seat];
            if p.no_control_cost {
                self.players[seat].no_control_cost = false;
                continue;
            }
            let cap = self.control_cap(seat);
            let mut costs: Vec<u32> = p
                .golems
                .pieces()
                .map(|g| {
                    let ahead =
                        (g.section as u32).saturating_sub(p.students[g.district as usize] as u32);
                    let c = ahead * per;
                    cap.map_or(c, |cap| c.min(cap))
                })
                .collect();
            costs.sort_unstable();
            let total: u32 = costs.iter().sum();
            let kn = p.res[2] as u32;
            if kn >= total {
                self.add_res(seat, 2, -(total as i32));
                continue;
            }
            // Cheapest first as far as the Knowledge goes; the rest is spent.
            let mut left = kn;
            let mut unpaid = 0;
            for c in costs {
                if c <= left {
                    left -= c;
                } else {
                    unpaid += 1;
                }
            }
            self.add_res(seat, 2, -(kn as i32));
            self.add_vp(seat, -penalty * unpaid);
        }
        if self.round >= self.comp.rules.rounds {
            self.phase = Phase::Over;
            self.to_move = NONE;
        } else {
            self.round += 1;
            self.start_refresh();
        }
    }
}
