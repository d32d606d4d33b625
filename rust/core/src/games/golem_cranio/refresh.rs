//! Refresh (spec §4.1, rounds 2–4): every marble returns and is dropped (chance), the
//! displayed Action tiles are discarded and N + 1 are dealt top to bottom (one chance event
//! per space; an empty pile is replaced by the shuffled discards), the Library's slot 1
//! goes under the Book deck and the last slot is dealt (chance); then Golem Movement.

use super::action::Action;
use super::pile::Pile;
use super::state::{Chance, Marbles, Phase, State, ACTION_SPACES, LIBRARY_SLOTS, LINES, NONE};
use crate::util::BitIter;

impl State {
    /// Starts Refresh (a): the marbles return; the drop is the next chance event.
    pub fn start_refresh(&mut self) {
        self.phase = Phase::Refresh;
        self.to_move = NONE;
        for line in 0..LINES {
            self.set_line(line, Marbles::EMPTY);
        }
        for seat in 0..self.num_players as usize {
            self.set_taken(seat, Marbles::EMPTY);
        }
        self.board.removed = Marbles::EMPTY;
        self.chance = Chance::Drop;
    }

    /// After the Refresh drop: (b) discard the displayed tiles and deal the first space.
    pub fn refresh_tiles(&mut self) {
        let spaces = self.action_spaces();
        for t in &mut self.board.tiles[..spaces] {
            if *t != NONE {
                self.board.tile_discards |= 1 << *t;
                *t = NONE;
            }
        }
        self.next_tile_deal();
    }

    fn action_spaces(&self) -> usize {
        (self.num_players as usize + self.comp.rules.action_spaces_extra as usize)
            .min(ACTION_SPACES)
    }

    /// The next empty action space is dealt; then the Library.
    fn next_tile_deal(&mut self) {
        let spaces = self.action_spaces();
        match self.board.tiles[..spaces].iter().position(|&t| t == NONE) {
            Some(space) => {
                if self.board.tile_pile.is_empty() {
                    // The discards, shuffled: their order is unknown.
                    self.board.tile_pile = Pile::hidden(self.board.tile_discards as u64, &[]);
                    self.board.tile_discards = 0;
                }
                self.chance = Chance::Tile(space as u8);
            }
            None => self.refresh_library(),
        }
    }

    /// Outcomes of an Action-tile deal: uniform over the hidden pile, or its known top.
    pub fn tile_deals(&self) -> Vec<(Action, f64)> {
        let c = self.board.tile_pile.candidates();
        let n = c.count_ones() as f64;
        BitIter(c)
            .map(|t| (Action::Tile(t as u8), 1.0 / n))
            .collect()
    }

    pub fn apply_tile_deal(&mut self, tile: u8) {
        let Chance::Tile(space) = self.chance else {
            panic!("no tile deal pending");
        };
        self.board.tile_pile.deal(tile);
        self.board.tiles[space as usize] = tile;
        self.chance = Chance::None;
        self.next_tile_deal();
    }

    /// (c) Slot 1 goes under the Book deck, the row closes left, the last slot is dealt.
    fn refresh_library(&mut self) {
        let first = self.board.library[0];
        if first != NONE {
            self.board.book_deck.put_bottom(first);
        }
        self.board.library.copy_within(1.., 0);
        self.board.library[LIBRARY_SLOTS - 1] = NONE;
        if self.board.book_deck.is_empty() {
            self.end_refresh();
        } else {
            self.chance = Chance::Library;
        }
    }

    /// Refresh done: Golem Movement of the new round.
    pub fn end_refresh(&mut self) {
        self.chance = Chance::None;
        self.start_movement();
    }
}
