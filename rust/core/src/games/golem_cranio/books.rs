//! Books (spec §5.7): buying from the Library into a column, the Library refill (a chance
//! event when the deck order is unknown), the bonuses in their order, and `book_active`.

use super::action::{Action, BookAct};
use super::components::model::BookCost;
use super::components::ops::{Ability, Op};
use super::components::vocab::{BookColour, Trigger};
use super::effects::frame;
use super::state::{Chance, Frame, OpList, SourceKind, State, COLUMN_MAX, LIBRARY_SLOTS, NONE};
use crate::util::BitIter;

impl State {
    /// The column limit now (§5.7): the Study space's, plus upgraded bonuses, at most the
    /// column maximum.
    pub fn column_limit(&self, seat: usize) -> usize {
        let p = &self.players[seat];
        let pb = &self.comp.player_board;
        let base = pb.study_space(p.study).map_or(1, |s| s.column_limit) as usize;
        let bonus: usize = pb
            .study_developments
            .iter()
            .enumerate()
            .filter(|(i, _)| p.developments >> (12 + i) & 1 == 1)
            .flat_map(|(_, d)| d.abilities.iter())
            .map(|a| match a {
                Ability::ColumnLimitBonus { n } => *n as usize,
                _ => 0,
            })
            .sum();
        (base + bonus)
            .min(self.comp.rules.column_max_books as usize)
            .min(COLUMN_MAX)
    }

    /// The Study Development over column `c` (0-based), if upgraded.
    fn column_tile(&self, seat: usize, c: usize) -> Option<usize> {
        let devs = self.players[seat].developments;
        self.comp
            .player_board
            .study_developments
            .iter()
            .position(|d| d.column == Some(c as u8 + 1))
            .filter(|i| devs >> (12 + i) & 1 == 1)
    }

    /// Every `book …` option of a purchase with these terms, in listing order.
    pub fn book_options(&self, discount: u8, ignore_card_cost: bool) -> Vec<Action> {
        let seat = self.actor();
        let p = &self.players[seat];
        let comp = self.comp.0;
        let limit = self.column_limit(seat);
        let columns = comp.rules.book_columns as usize;
        let mut out = Vec::with_capacity(16);
        for slot in 0..LIBRARY_SLOTS {
            let book = self.board.library[slot];
            if book == NONE {
                continue;
            }
            let b = &comp.books[book as usize];
            let slot_cost = comp.library_slot_costs[slot] as u32;
            let black = b.colour == BookColour::Black;
            let card = match b.cost {
                _ if ignore_card_cost => 0,
                BookCost::Knowledge(n) => n as u32,
                BookCost::StudentBackAny => 0,
            };
            let price = (card + slot_cost).saturating_sub(discount as u32);
            if price > p.res[2] as u32 {
                continue;
            }
            let backs: Vec<u8> = if black && !ignore_card_cost {
                (0..3u8).filter(|&d| p.students[d as usize] >= 2).collect()
            } else {
                vec![NONE]
            };
            for col in 0..columns {
                let n = p.books_in_column(col);
                if n >= limit {
                    continue;
                }
                let colours: Vec<u8> = if black {
                    if n > 0 {
                        vec![p.column_colour[col]]
                    } else {
                        (0..5u8)
                            .filter(|&c| !p.column_colour[..columns].contains(&c))
                            .collect()
                    }
                } else {
                    let c = b.colour.index() as u8;
                    let fits = if n > 0 {
                        p.column_colour[col] == c
                    } else {
                        !p.column_colour[..columns].contains(&c)
                    };
                    if fits {
                        vec![NONE]
                    } else {
                        vec![]
                    }
                };
                for &as_colour in &colours {
                    for &back in &backs {
                        out.push(Action::Book(BookAct {
                            slot: slot as u8 + 1,
                            column: col as u8 + 1,
                            as_colour,
                            back,
                        }));
                    }
                }
            }
        }
        out
    }

    /// Buys a Book (§5.7): pay, place, refill the Library (chance), then the bonuses.
    pub fn buy_book(&mut self, buy: BookAct, discount: u8, ignore_card_cost: bool) {
        let seat = self.actor();
        let comp = self.comp.0;
        let slot = buy.slot as usize - 1;
        let col = buy.column as usize - 1;
        let book = self.board.library[slot];
        let b = &comp.books[book as usize];
        let black = b.colour == BookColour::Black;
        let card = match b.cost {
            _ if ignore_card_cost => 0,
            BookCost::Knowledge(n) => n as u32,
            BookCost::StudentBackAny => 0,
        };
        let price = (card + comp.library_slot_costs[slot] as u32).saturating_sub(discount as u32);
        if price > 0 {
            self.add_res(seat, 2, -(price as i32));
        }
        if buy.back != NONE {
            let d = buy.back as usize;
            let now = self.players[seat].students[d];
            self.set_student(seat, d, now - 1);
        }
        let n = self.players[seat].books_in_column(col);
        let first = n == 0;
        self.players[seat].columns[col][n] = book;
        if first {
            self.players[seat].column_colour[col] = if black {
                buy.as_colour
            } else {
                b.colour.index() as u8
            };
        }
        // The row closes to the left; the last slot is dealt (chance) before the bonuses.
        self.board.library.copy_within(slot + 1.., slot);
        self.board.library[LIBRARY_SLOTS - 1] = NONE;
        if !self.board.book_deck.is_empty() {
            self.chance = Chance::Library;
        }
        // The bonuses resolve lazily, one frame at a time (see `book_bonus`).
        let mut bonuses = frame(OpList::top(SourceKind::BookBonuses, book, col as u8));
        bonuses.used = n as u8;
        bonuses.left = self.column_tile(seat, col).map_or(NONE, |t| t as u8);
        self.push_frame(bonuses);
    }

    /// The column tile's abilities at the purchase `bonuses` (a `BookBonuses` frame), how
    /// many times the immediate bonus resolves (twice under a doubling Development) and
    /// how many bonuses there are in all.
    fn bonus_plan(&self, bonuses: &Frame) -> (&'static [Ability], usize, usize) {
        let comp = self.comp.0;
        let (book, below) = (bonuses.list.a as usize, bonuses.used as usize);
        let black = comp.books[book].colour == BookColour::Black;
        let abilities: &'static [Ability] = match bonuses.left {
            NONE => &[],
            t => &comp.player_board.study_developments[t as usize].abilities,
        };
        let doubled = abilities.iter().any(|a| {
            matches!(a, Ability::DoubleImmediateHere { except_black } if !(black && *except_black))
        });
        let on_book = abilities
            .iter()
            .filter(|a| matches!(a, Ability::OnBookHere { .. }))
            .count();
        let immediate = 1 + doubled as usize;
        let total = immediate + on_book + below + 1 + (below == 0) as usize;
        (abilities, immediate, total)
    }

    /// Bonus `step` of the purchase `bonuses`, in resolution order (§5.7): the immediate
    /// bonus, the column tile's `on_book_here` abilities, the active bonuses of the Books
    /// below (bottom first) and of the new one, then the first-Book trigger of an empty
    /// column. The tile and the Books below are those at the purchase: columns only grow.
    fn book_bonus(
        &self,
        bonuses: &Frame,
        abilities: &[Ability],
        immediate: usize,
        step: usize,
    ) -> OpList {
        let (book, col, below) = (
            bonuses.list.a,
            bonuses.list.b as usize,
            bonuses.used as usize,
        );
        if step < immediate {
            return OpList::top(SourceKind::BookImmediate, book, 0);
        }
        let mut step = step - immediate;
        for (i, a) in abilities.iter().enumerate() {
            if matches!(a, Ability::OnBookHere { .. }) {
                if step == 0 {
                    return OpList::top(SourceKind::DevelopmentAbility, 12 + bonuses.left, i as u8);
                }
                step -= 1;
            }
        }
        match step.cmp(&below) {
            std::cmp::Ordering::Less => {
                let column = &self.players[self.actor()].columns[col];
                OpList::top(SourceKind::BookActive, column[step], 0)
            }
            std::cmp::Ordering::Equal => OpList::top(SourceKind::BookActive, book, 0),
            std::cmp::Ordering::Greater => OpList::top(
                SourceKind::Trigger,
                Trigger::FirstBookInColumn.index() as u8,
                0,
            ),
        }
    }

    /// Starts the next bonus of the `BookBonuses` frame on top; the frame leaves the stack
    /// before its last bonus starts, so nested purchases do not pile up finished frames.
    pub fn book_bonus_step(&mut self) {
        let bonuses = *self.stack.top().expect("a BookBonuses frame");
        let step = bonuses.next as usize;
        let (abilities, immediate, total) = self.bonus_plan(&bonuses);
        let list = self.book_bonus(&bonuses, abilities, immediate, step);
        if step + 1 < total {
            self.stack.top_mut().unwrap().next += 1;
        } else {
            self.stack.pop();
        }
        self.push_frame(frame(list));
    }

    /// Library refill outcomes: a hidden deck deals any of its hidden cards, uniformly;
    /// a known one its top card.
    pub fn library_deals(&self) -> Vec<(Action, f64)> {
        let c = self.board.book_deck.candidates();
        let n = c.count_ones() as f64;
        BitIter(c)
            .map(|b| (Action::Deal(b as u8), 1.0 / n))
            .collect()
    }

    pub fn apply_library_deal(&mut self, book: u8) {
        self.board.book_deck.deal(book);
        let slot = self
            .board
            .library
            .iter()
            .position(|&b| b == NONE)
            .expect("a free Library slot");
        self.board.library[slot] = book;
        self.chance = Chance::None;
        if self.phase == super::state::Phase::Refresh {
            self.end_refresh();
        } else {
            self.resolve();
        }
    }

    /// `book_active`: `done`, or one own Book above the last one picked (ascending ids,
    /// §9: a set is one sequence; the op's frame keeps the last pick + 1 in `value`).
    pub fn book_active_options(&self) -> Vec<Action> {
        let p = &self.players[self.actor()];
        let after = self.stack.top().map_or(0, |f| f.value);
        let owned = p
            .columns
            .iter()
            .flatten()
            .filter(|&&b| b != NONE && b >= after)
            .fold(0u64, |m, &b| m | 1 << b);
        let mut out = vec![Action::Done];
        out.extend(BitIter(owned).map(|b| Action::Active(1 << b)));
        out
    }

    /// Resolves the active bonus of `book` (an `active` pick: one bit).
    pub fn apply_book_active(&mut self, book: u64) {
        let b = book.trailing_zeros() as u8;
        self.push_frame(frame(OpList::top(SourceKind::BookActive, b, 0)));
    }

    /// The terms of a `buy_book` op.
    pub fn book_terms(op: &Op) -> Option<(u8, bool)> {
        match *op {
            Op::BuyBook {
                discount,
                ignore_card_cost,
            } => Some((discount, ignore_card_cost)),
            _ => None,
        }
    }
}
