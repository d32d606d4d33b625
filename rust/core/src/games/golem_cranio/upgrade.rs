//! Upgrading a Development (spec §5.6, §5.8): the `up` options of an `upgrade` op and
//! their resolution. Golem tiles cost Clay, Study tiles Knowledge, a1–a5 the Coins of the
//! Artifact-tile space they go on (with a side), a6 its own Coins; minus the discount. With
//! `any_resource` the rest is paid in any mix of Clay, Coins and Knowledge, one option per
//! distinct mix (Clay descending, then Coins descending, §15.4).

use super::action::{Action, UpAct};
use super::components::ops::Op;
use super::components::vocab::{Area, ArtifactDevKind};
use super::effects::frame;
use super::state::{OpList, SourceKind, State, NONE};

impl State {
    /// Free Artifact-tile spaces of a player (bit per data index).
    fn free_artifact_spaces(&self, seat: usize) -> u32 {
        let p = &self.players[seat];
        let spaces = self.comp.player_board.artifact_development_spaces.len();
        let taken = p
            .artifact_devs
            .iter()
            .enumerate()
            .filter(|(i, &b)| b != NONE && p.developments >> i & 1 == 1)
            .fold(0u32, |m, (_, &b)| m | 1 << (b & 0x7F));
        ((1u32 << spaces) - 1) & !taken
    }

    /// Visits (tile bit, side, space index, currency 0 Clay / 1 Coins / 2 Knowledge, cost)
    /// for every tile of `area` not yet upgraded, in id order.
    fn upgrade_targets(
        &self,
        seat: usize,
        area: Area,
        mut visit: impl FnMut(u8, u8, u8, usize, u32),
    ) {
        let pb = &self.comp.player_board;
        let devs = self.players[seat].developments;
        if matches!(area, Area::Artifact | Area::Any) {
            let free = self.free_artifact_spaces(seat);
            for (i, dev) in pb.artifact_developments.iter().enumerate() {
                if devs >> i & 1 == 1 {
                    continue;
                }
                if dev.kind == ArtifactDevKind::Large {
                    visit(i as u8, 0, NONE, 1, dev.cost_coins as u32);
                    continue;
                }
                for side in 1..=2u8 {
                    for space in crate::util::BitIter(free as u64) {
                        let cost = pb.artifact_development_spaces[space].cost_coins as u32;
                        visit(i as u8, side, space as u8, 1, cost);
                    }
                }
            }
        }
        if matches!(area, Area::Golem | Area::Any) {
            for (i, dev) in pb.golem_developments.iter().enumerate() {
                if devs >> (6 + i) & 1 == 0 {
                    visit(6 + i as u8, 0, NONE, 0, dev.cost_clay as u32);
                }
            }
        }
        if matches!(area, Area::Study | Area::Any) {
            for (i, dev) in pb.study_developments.iter().enumerate() {
                if devs >> (12 + i) & 1 == 0 {
                    visit(12 + i as u8, 0, NONE, 2, dev.cost_knowledge as u32);
                }
            }
        }
    }

    /// Appends the `up` options (without the declining `skip`) of an upgrade with these
    /// terms to `out`.
    pub fn push_upgrade_options(
        &self,
        area: Area,
        discount: u8,
        any_resource: bool,
        out: &mut Vec<Action>,
    ) {
        let seat = self.to_move as usize;
        let res = self.players[seat].res;
        self.upgrade_targets(seat, area, |tile, side, space, currency, cost| {
            let due = cost.saturating_sub(discount as u32);
            let (space_artifact, space_k) = if space == NONE {
                (0, 0)
            } else {
                self.space_numbers(space as usize)
            };
            let up = UpAct {
                tile,
                side,
                space_artifact,
                space_k,
                pay: None,
            };
            if due == 0 {
                out.push(Action::Up(up));
            } else if any_resource {
                for clay in (0..=due.min(res[0] as u32)).rev() {
                    for coin in (0..=(due - clay).min(res[1] as u32)).rev() {
                        let kn = due - clay - coin;
                        if kn <= res[2] as u32 {
                            out.push(Action::Up(UpAct {
                                pay: Some([clay as u8, coin as u8, kn as u8]),
                                ..up
                            }));
                        }
                    }
                }
            } else if due <= res[currency] as u32 {
                out.push(Action::Up(up));
            }
        });
    }

    /// The (artifact, k) of Artifact-tile space `space` (its id `<artifact>.<k>`).
    fn space_numbers(&self, space: usize) -> (u8, u8) {
        let s = &self.comp.player_board.artifact_development_spaces[space];
        (s.artifact, s.k)
    }

    /// The space index of an `up` text's `artifact.k`.
    fn space_index(&self, up: &UpAct) -> Option<usize> {
        let spaces = self.comp.player_board.artifact_development_spaces.len();
        (0..spaces).find(|&s| self.space_numbers(s) == (up.space_artifact, up.space_k))
    }

    /// Upgrades (§5.6): pays, marks the tile (a1–a5 with side and space), then its
    /// `immediate` ops.
    pub fn apply_upgrade(&mut self, up: UpAct, discount: u8) {
        let seat = self.to_move as usize;
        let pb = &self.comp.0.player_board;
        let space = (up.side != 0).then(|| self.space_index(&up).expect("a space"));
        let (currency, cost) = match up.tile {
            0..=5 => (
                1,
                match space {
                    Some(s) => pb.artifact_development_spaces[s].cost_coins as u32,
                    None => pb.artifact_developments[up.tile as usize].cost_coins as u32,
                },
            ),
            6..=11 => (
                0,
                pb.golem_developments[up.tile as usize - 6].cost_clay as u32,
            ),
            _ => (
                2,
                pb.study_developments[up.tile as usize - 12].cost_knowledge as u32,
            ),
        };
        match up.pay {
            Some(mix) => {
                for (r, &n) in mix.iter().enumerate() {
                    if n > 0 {
                        self.add_res(seat, r, -(n as i32));
                    }
                }
            }
            None => {
                let due = cost.saturating_sub(discount as u32);
                if due > 0 {
                    self.add_res(seat, currency, -(due as i32));
                }
            }
        }
        self.players[seat].developments |= 1 << up.tile;
        if let Some(s) = space {
            self.players[seat].artifact_devs[up.tile as usize] = (up.side - 1) << 7 | s as u8;
        }
        if (6..12).contains(&up.tile)
            && !pb.golem_developments[up.tile as usize - 6]
                .immediate
                .is_empty()
        {
            self.push_frame(frame(OpList::top(
                SourceKind::DevelopmentImmediate,
                up.tile,
                0,
            )));
        }
    }

    /// The terms of the `upgrade` op waiting on top of the stack.
    pub fn upgrade_terms(op: &Op) -> Option<(Area, u8, bool)> {
        match *op {
            Op::Upgrade {
                area,
                discount,
                any_resource,
            } => Some((area, discount, any_resource)),
            _ => None,
        }
    }
}
