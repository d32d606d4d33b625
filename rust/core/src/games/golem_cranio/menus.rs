//! The line actions (spec §4.5) at value v: Work (`work <n>` then the picks), Golem
//! (v Clay; `up g…`, `create <d>`), Artifacts (v Coins; `up a…`, `gold <n>`), Mirror
//! (`mirror <line>`, `mirror track`). Each menu item at most once, `done` ends the action.
//! Study (v Knowledge; `up s…`, `book …`).

use super::action::Action;
use super::components::ops::Ability;
use super::components::vocab::Area;
use super::effects::frame;
use super::golems::GolemRef;
use super::ops::{pack_golem, unpack_golem};
use super::state::{OpList, SourceKind, State, MAX_FRESH, NONE};

pub const WORK: u8 = 0;
pub const GOLEM: u8 = 1;
pub const ARTIFACTS: u8 = 2;
pub const STUDY: u8 = 3;
pub const MIRROR: u8 = 4;

/// `used` bits of a menu frame.
const STARTED: u8 = 1 << 7;
const UP: u8 = 1;
const SECOND: u8 = 2; // create / gold / book
const MIRROR_LINE: u8 = 4;
const MIRROR_TRACK: u8 = 8;

impl State {
    /// A line action at value `v` (also through the Mirror).
    pub fn push_line_action(&mut self, line: u8, v: u8) {
        let mut menu = frame(OpList::top(SourceKind::LineMenu, line, 0));
        menu.value = v;
        self.push_frame(menu);
    }

    /// Starts the menu on top (its gain), once; called by `resolve`.
    pub fn start_menu(&mut self) {
        let seat = self.actor();
        let f = self.stack.top_mut().unwrap();
        if f.used & STARTED != 0 {
            return;
        }
        f.used |= STARTED;
        let (line, v) = (f.list.a, f.value as i32);
        match line {
            GOLEM => self.add_res(seat, 0, v),
            ARTIFACTS => self.add_res(seat, 1, v),
            STUDY => self.add_res(seat, 2, v),
            _ => {}
        }
    }

    fn g3_free(&self, seat: usize) -> u8 {
        let devs = self.players[seat].developments;
        self.comp
            .player_board
            .golem_developments
            .iter()
            .enumerate()
            .filter(|(i, _)| devs >> (6 + i) & 1 == 1)
            .flat_map(|(_, d)| d.abilities.iter())
            .map(|a| match a {
                Ability::WorkFreeActivations { n } => *n,
                _ => 0,
            })
            .sum()
    }

    /// Knowledge a Work of `n` Golems costs at value `v` (§4.5).
    pub fn work_cost(&self, seat: usize, n: u8, v: u8) -> u32 {
        let free = if n >= 1 { self.g3_free(seat) } else { 0 };
        let paid = n.saturating_sub(free) as usize;
        let cost = match paid {
            0 => 0,
            k => self.comp.rules.work_cost_knowledge[k - 1] as u32,
        };
        cost.saturating_sub(v as u32)
    }

    /// Standing Golems a Work pick may take at `g` (those created during this Work are
    /// not eligible; an older Golem on the same place is, §15.9).
    fn work_eligible(&self, seat: usize, g: GolemRef) -> u8 {
        let fresh = self
            .stack
            .fresh
            .iter()
            .filter(|&&f| f != NONE && unpack_golem(f) == Some(g))
            .count() as u8;
        self.players[seat].golems.count(g).saturating_sub(fresh)
    }

    /// Options of the menu or Work picks on top of the stack.
    pub fn menu_options(&self) -> Vec<Action> {
        let seat = self.actor();
        let p = &self.players[seat];
        let f = self.stack.top().unwrap();
        let mut out = Vec::with_capacity(16);
        if f.list.kind == SourceKind::WorkPicks {
            for (g, _) in p.golems.places().filter(|(g, _)| !g.lying) {
                if self.work_eligible(seat, g) > 0 {
                    out.push(Action::Act(g));
                }
            }
            return out;
        }
        let (line, v, used) = (f.list.a, f.value, f.used);
        match line {
            WORK => {
                let free = self.g3_free(seat);
                let standing: u32 = p
                    .golems
                    .places()
                    .filter(|(g, _)| !g.lying)
                    .map(|(_, n)| n as u32)
                    .sum();
                let max = (self.comp.rules.work_max_golems + free) as u32;
                for n in 0..=max.min(standing) as u8 {
                    if self.work_cost(seat, n, v) <= p.res[2] as u32 {
                        out.push(Action::Work(n));
                    }
                }
            }
            GOLEM => {
                out.push(Action::Done);
                if used & UP == 0 {
                    self.push_upgrade_options(Area::Golem, 0, false, &mut out);
                }
                if used & SECOND == 0 && self.reserve(seat) > 0 {
                    for d in 0..3u8 {
                        if self.create_cost(seat, d, 0) <= p.res[0] as u32 {
                            out.push(Action::Create(d));
                        }
                    }
                }
            }
            ARTIFACTS => {
                out.push(Action::Done);
                if used & UP == 0 {
                    self.push_upgrade_options(Area::Artifact, 0, false, &mut out);
                }
                if used & SECOND == 0 {
                    let price = self.comp.rules.gold_price_coins as u32;
                    let most = self
                        .free_cauldron_spaces()
                        .min(p.res[1] as u32 / price.max(1));
                    for n in 1..=most {
                        out.push(Action::Gold(n as u8));
                    }
                }
            }
            STUDY => {
                out.push(Action::Done);
                if used & UP == 0 {
                    self.push_upgrade_options(Area::Study, 0, false, &mut out);
                }
                if used & SECOND == 0 {
                    out.extend(self.book_options(0, false));
                }
            }
            MIRROR => {
                out.push(Action::Done);
                let r = &self.comp.rules;
                if used & MIRROR_LINE == 0 && p.res[1] >= r.mirror_price_coins as u16 {
                    for l in [WORK, GOLEM, ARTIFACTS, STUDY] {
                        if !self.mirror_changes_nothing(l, v) {
                            out.push(Action::Mirror(l));
                        }
                    }
                }
                if used & MIRROR_TRACK == 0 && p.res[1] >= r.mirror_study_price_coins as u16 {
                    out.push(Action::MirrorTrack);
                }
            }
            _ => {}
        }
        out
    }

    /// §15.15: a Mirror line that pays 1 Coin to gain the same Coin back with nothing
    /// else to do is not offered.
    fn mirror_changes_nothing(&self, line: u8, v: u8) -> bool {
        if line != ARTIFACTS || v != self.comp.rules.mirror_price_coins {
            return false;
        }
        let mut probe = *self;
        probe.add_res(
            self.actor(),
            1,
            -(self.comp.rules.mirror_price_coins as i32),
        );
        probe.push_line_action(ARTIFACTS, v);
        probe.start_menu();
        probe.menu_options().len() == 1
    }

    /// Applies a menu choice or a Work pick.
    pub fn apply_menu(&mut self, action: Action) {
        let seat = self.actor();
        let f = *self.stack.top().unwrap();
        if f.list.kind == SourceKind::WorkPicks {
            let Action::Act(g) = action else {
                panic!("{action:?} is not a Work pick");
            };
            let top = self.stack.top_mut().unwrap();
            top.left -= 1;
            if top.left == 0 {
                self.stack.pop();
                self.stack.fresh = [NONE; MAX_FRESH];
            }
            self.activate_golem(seat, g);
            self.resolve();
            return;
        }
        let mark = |s: &mut State, bit: u8| s.stack.top_mut().unwrap().used |= bit;
        match action {
            Action::Done => {
                self.stack.pop();
            }
            Action::Work(n) => {
                self.stack.pop();
                let due = self.work_cost(seat, n, f.value);
                if due > 0 {
                    self.add_res(seat, 2, -(due as i32));
                }
                if n > 0 {
                    let mut picks = frame(OpList::top(SourceKind::WorkPicks, 0, 0));
                    picks.left = n;
                    self.stack.fresh = [NONE; MAX_FRESH];
                    self.push_frame(picks);
                }
            }
            Action::Up(up) => {
                mark(self, UP);
                self.apply_upgrade(up, 0);
            }
            Action::Create(d) => {
                mark(self, SECOND);
                self.create_golem(seat, d, 0);
            }
            Action::Book(buy) => {
                mark(self, SECOND);
                self.buy_book(buy, 0, false);
            }
            Action::Gold(n) => {
                mark(self, SECOND);
                let price = self.comp.rules.gold_price_coins as i32;
                self.add_res(seat, 1, -(price * n as i32));
                self.gain(seat, super::components::vocab::Resource::Gold, n as u32);
            }
            Action::Mirror(line) => {
                mark(self, MIRROR_LINE);
                self.add_res(seat, 1, -(self.comp.rules.mirror_price_coins as i32));
                self.push_line_action(line, f.value);
            }
            Action::MirrorTrack => {
                mark(self, MIRROR_TRACK);
                let r = &self.comp.0.rules;
                self.add_res(seat, 1, -(r.mirror_study_price_coins as i32));
                let last = self
                    .comp
                    .player_board
                    .study_track
                    .iter()
                    .map(|s| s.space)
                    .max()
                    .unwrap_or(0);
                let now = self.players[seat].study;
                self.set_study(seat, (now + r.mirror_study_steps).min(last));
            }
            other => panic!("{other:?} is not a menu item"),
        }
        self.resolve();
    }

    /// Records a Golem created during a Work action (§15.9).
    pub fn note_fresh(&mut self, g: GolemRef) {
        let working = self.stack.frames[..self.stack.len as usize]
            .iter()
            .any(|f| f.list.kind == SourceKind::WorkPicks);
        if working {
            if let Some(slot) = self.stack.fresh.iter_mut().find(|f| **f == NONE) {
                *slot = pack_golem(g);
            }
        }
    }

    /// A fresh Golem moved by g6: its record follows it.
    pub fn move_fresh(&mut self, from: GolemRef, to: GolemRef) {
        if let Some(slot) = self
            .stack
            .fresh
            .iter_mut()
            .find(|f| **f == pack_golem(from))
        {
            *slot = pack_golem(to);
        }
    }
}
