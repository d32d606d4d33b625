//! The canonical action set: every distinct result of every legal action, nothing twice.

use super::action::{Action, ActionKind};
use super::cards::{Effect, GOLEMS, MERCHANTS};
use super::crystals::{Crystals, CARAVAN_LIMIT};
use super::state::{Century, Pending};
use crate::util::BitIter;

impl Century {
    pub(super) fn generate(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.pending {
            Pending::Merchant => {
                out.extend(
                    BitIter(self.merchant_deck.cards()).map(|c| Action::deal_merchant(c as u8)),
                );
                return;
            }
            Pending::Golem => {
                out.extend(BitIter(self.golem_deck.cards()).map(|g| Action::deal_golem(g as u8)));
                return;
            }
            Pending::None if self.game_over() => return,
            Pending::None => {}
        }
        let seat = self.seats[self.to_move as usize];
        let caravan = seat.crystals();
        let mut emit = |action: Action| out.push(action);
        for card in BitIter(seat.hand) {
            for_each_play(card, caravan, &mut emit);
        }
        let total = caravan.total() as usize;
        for slot in 0..(self.merchant_row_len as usize).min(total + 1) {
            self.for_each_take(slot, caravan, &mut emit);
        }
        if seat.played != 0 {
            emit(Action {
                kind: ActionKind::Rest,
                index: 0,
                placement: 0,
                caravan: seat.caravan,
            });
        }
        for slot in 0..self.golem_row_len as usize {
            if let Some(claim) = self.claim_at(slot, caravan) {
                emit(claim);
            }
        }
    }

    /// Whether `action` is legal here, generating only the moves of its kind and card
    /// (search tries its table move and killers before generating every move).
    pub(super) fn is_legal(&self, action: Action) -> bool {
        if self.pending != Pending::None || self.game_over() {
            let mut all = Vec::new();
            self.generate(&mut all);
            return all.contains(&action);
        }
        let seat = self.seats[self.to_move as usize];
        let caravan = seat.crystals();
        let mut found = false;
        let mut check = |candidate: Action| found |= candidate == action;
        match action.kind {
            ActionKind::Play if seat.hand >> action.index & 1 == 1 => {
                for_each_play(action.index as usize, caravan, &mut check)
            }
            ActionKind::Take => {
                let row = &self.merchant_row[..self.merchant_row_len as usize];
                if let Some(slot) = row.iter().position(|&card| card == action.index) {
                    found = self.take_is_legal(slot, caravan, action);
                }
            }
            ActionKind::Rest => {
                found = seat.played != 0 && action.caravan == seat.caravan && action.index == 0
            }
            ActionKind::Claim => {
                found = (0..self.golem_row_len as usize)
                    .any(|slot| self.claim_at(slot, caravan) == Some(action))
            }
            _ => {}
        }
        found
    }

    /// Whether `action` is one of [`Self::for_each_take`]'s takes of the card in `slot`,
    /// without listing them (the table move is often a take with hundreds of siblings): its
    /// placement names a colour for each slot before and nothing beyond, the caravan holds
    /// those crystals (in any order, one at a time is the same as all at once), and the
    /// caravan kept is one the player can end the turn with.
    fn take_is_legal(&self, slot: usize, caravan: Crystals, action: Action) -> bool {
        if (action.placement as u32) >> (2 * slot) != 0 {
            return false;
        }
        let placed = (0..slot).fold(Crystals::EMPTY, |sum, before| {
            sum.plus(Crystals::single(action.placed_colour(before)))
        });
        if slot > caravan.total() as usize || !caravan.covers(placed) {
            return false;
        }
        let held = caravan.minus(placed).plus(self.row_crystals[slot]);
        ends_on(held, Crystals::from_nibbles(action.caravan))
    }

    /// Every take of the card in merchant-row `slot`: one per placement order of the
    /// crystals left on the cards before it and per caravan kept.
    fn for_each_take(&self, slot: usize, caravan: Crystals, emit: &mut impl FnMut(Action)) {
        let on_card = self.row_crystals[slot];
        let card = self.merchant_row[slot];
        for_each_placement(caravan, slot, &mut |left, placement| {
            for_each_kept(left.plus(on_card), |kept| {
                emit(Action {
                    kind: ActionKind::Take,
                    index: card,
                    placement,
                    caravan: kept.to_nibbles(),
                })
            });
        });
    }

    /// The claim of the golem in `slot`, if the caravan pays for it.
    fn claim_at(&self, slot: usize, caravan: Crystals) -> Option<Action> {
        let cost = GOLEMS[self.golem_row[slot] as usize].cost;
        caravan.covers(cost).then(|| Action {
            kind: ActionKind::Claim,
            index: self.golem_row[slot],
            placement: 0,
            caravan: caravan.minus(cost).to_nibbles(),
        })
    }
}

/// Every distinct play of merchant `card` from `caravan`.
fn for_each_play(card: usize, caravan: Crystals, emit: &mut impl FnMut(Action)) {
    let play = |caravan: Crystals| Action {
        kind: ActionKind::Play,
        index: card as u8,
        placement: 0,
        caravan: caravan.to_nibbles(),
    };
    match MERCHANTS[card].effect {
        Effect::Gain(gain) => for_each_kept(caravan.plus(gain), |kept| emit(play(kept))),
        Effect::Upgrade(steps) => for_each_upgrade(caravan, steps as u32, |up| emit(play(up))),
        Effect::Trade { pay, get } => {
            // A final caravan is listed under the smallest repeat count k that can end on
            // it. Trades pay and get disjoint colours, so if any earlier count could end on
            // it, count k-1 could: one check suffices.
            let mut previous: Option<Crystals> = None;
            let mut held = caravan;
            while held.covers(pay) {
                held = held.minus(pay).plus(get);
                for_each_kept(held, |kept| {
                    if !previous.is_some_and(|p| ends_on(p, kept)) {
                        emit(play(kept));
                    }
                });
                previous = Some(held);
            }
        }
    }
}

/// Whether a player holding `held` can end the turn with `kept`.
#[inline]
fn ends_on(held: Crystals, kept: Crystals) -> bool {
    if held.total() <= CARAVAN_LIMIT {
        held == kept
    } else {
        kept.total() == CARAVAN_LIMIT && held.covers(kept)
    }
}

/// Every caravan the player can end the turn with from `held`: `held` itself if within the
/// limit, else every distinct way of keeping exactly 10.
#[inline]
pub(super) fn for_each_kept(held: Crystals, mut emit: impl FnMut(Crystals)) {
    if held.total() <= CARAVAN_LIMIT {
        emit(held);
        return;
    }
    let [y, g, b, p] = held.lanes();
    let limit = CARAVAN_LIMIT;
    for keep_y in 0..=y.min(limit) {
        for keep_g in 0..=g.min(limit - keep_y) {
            let rest = limit - keep_y - keep_g;
            // keep_b + keep_p = rest with keep_p <= p and keep_b <= b.
            let low_b = rest.saturating_sub(p);
            for keep_b in low_b..=b.min(rest) {
                let keep_p = rest - keep_b;
                emit(Crystals::new(
                    keep_y as u8,
                    keep_g as u8,
                    keep_b as u8,
                    keep_p as u8,
                ));
            }
        }
    }
}

/// Every distinct caravan reachable with 0..=steps single-step upgrades. Doing all y->g
/// steps first, then g->b, then b->p is always possible when any order is, and the three
/// step counts determine the result, so no duplicates arise.
#[inline]
pub(super) fn for_each_upgrade(caravan: Crystals, steps: u32, mut emit: impl FnMut(Crystals)) {
    let [y, g, b, p] = caravan.lanes();
    for to_green in 0..=steps.min(y) {
        for to_blue in 0..=(steps - to_green).min(g + to_green) {
            for to_pink in 0..=(steps - to_green - to_blue).min(b + to_blue) {
                let lanes = [
                    y - to_green,
                    g + to_green - to_blue,
                    b + to_blue - to_pink,
                    p + to_pink,
                ];
                emit(Crystals::new(
                    lanes[0] as u8,
                    lanes[1] as u8,
                    lanes[2] as u8,
                    lanes[3] as u8,
                ));
            }
        }
    }
}

/// Every ordered sequence of colours the player can place on the `slot` slots before the
/// card from `left`, in lexicographic order (slot 0's colour first); `placement` packs the
/// colours (2 bits per slot). The recursion is unrolled into nested loops, one per slot
/// (a row has at most six): a call per placement step showed in the profile.
#[inline(always)]
fn for_each_placement(left: Crystals, slot: usize, emit: &mut impl FnMut(Crystals, u16)) {
    match slot {
        0 => emit(left, 0),
        1 => each_colour(left, 0, 0, &mut *emit),
        2 => each_colour(left, 0, 0, |l, p| each_colour(l, 1, p, &mut *emit)),
        3 => each_colour(left, 0, 0, |l, p| {
            each_colour(l, 1, p, |l, p| each_colour(l, 2, p, &mut *emit))
        }),
        4 => each_colour(left, 0, 0, |l, p| {
            each_colour(l, 1, p, |l, p| {
                each_colour(l, 2, p, |l, p| each_colour(l, 3, p, &mut *emit))
            })
        }),
        _ => {
            debug_assert_eq!(slot, 5, "a merchant row has six slots");
            each_colour(left, 0, 0, |l, p| {
                each_colour(l, 1, p, |l, p| {
                    each_colour(l, 2, p, |l, p| {
                        each_colour(l, 3, p, |l, p| each_colour(l, 4, p, &mut *emit))
                    })
                })
            })
        }
    }
}

/// One more placement step: each colour `left` holds, placed on slot `placed`.
#[inline(always)]
fn each_colour(left: Crystals, placed: usize, placement: u16, mut then: impl FnMut(Crystals, u16)) {
    for colour in 0..4 {
        let one = Crystals::single(colour);
        if left.covers(one) {
            then(left.minus(one), placement | (colour as u16) << (2 * placed));
        }
    }
}
