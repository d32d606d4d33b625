//! A face-down pile (Book deck, Objective deck, Action-tile pile) of at most `N` distinct
//! cards with ids below 64: an optional set of cards on top in an order nobody knows, above
//! a run of cards in known order (spec §6 "order known or not" and "known bottom").
//!
//! A pile in known order has an empty hidden set and every card in `seq`; a hidden pile
//! keeps the cards put under it (Refresh, Objective returns) in `seq`, which deal only when
//! the hidden set is empty (spec §7.2).

use rand::seq::SliceRandom;
use rand::RngCore;

use crate::util::BitIter;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pile<const N: usize> {
    /// Known cards, bottom first; entries past `known_len` are zero so equal piles compare
    /// equal.
    seq: [u8; N],
    known_len: u8,
    /// Cards on top in unknown order.
    hidden: u64,
}

impl<const N: usize> Pile<N> {
    pub fn empty() -> Self {
        Pile {
            seq: [0; N],
            known_len: 0,
            hidden: 0,
        }
    }

    /// Every card in known order, top card first.
    pub fn known(top_first: &[u8]) -> Self {
        let mut pile = Self::empty();
        for (i, &card) in top_first.iter().rev().enumerate() {
            pile.seq[i] = card;
        }
        pile.known_len = top_first.len() as u8;
        pile
    }

    /// `cards` in unknown order above `bottom` (known, top first).
    pub fn hidden(cards: u64, bottom_top_first: &[u8]) -> Self {
        let mut pile = Self::known(bottom_top_first);
        pile.hidden = cards;
        pile
    }

    pub fn len(&self) -> usize {
        self.known_len as usize + self.hidden.count_ones() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the next card dealt is a chance event over [`Pile::candidates`].
    pub fn top_is_hidden(&self) -> bool {
        self.hidden != 0
    }

    /// Whether every card's place is known.
    pub fn is_known(&self) -> bool {
        self.hidden == 0
    }

    /// The cards that may be dealt next: the hidden set, or the known top card.
    pub fn candidates(&self) -> u64 {
        if self.hidden != 0 {
            self.hidden
        } else if self.known_len > 0 {
            1 << self.seq[self.known_len as usize - 1]
        } else {
            0
        }
    }

    /// Every card in the pile.
    pub fn cards(&self) -> u64 {
        self.seq[..self.known_len as usize]
            .iter()
            .fold(self.hidden, |m, &c| m | 1 << c)
    }

    /// The known run, top first (the whole pile when [`Pile::is_known`]).
    pub fn known_top_first(&self) -> Vec<u8> {
        self.seq[..self.known_len as usize]
            .iter()
            .rev()
            .copied()
            .collect()
    }

    /// Hidden cards (unknown order).
    pub fn hidden_cards(&self) -> u64 {
        self.hidden
    }

    /// Deals `card`, which must be in [`Pile::candidates`].
    pub fn deal(&mut self, card: u8) {
        if self.hidden != 0 {
            debug_assert!(self.hidden >> card & 1 == 1);
            self.hidden &= !(1 << card);
        } else {
            debug_assert_eq!(self.seq[self.known_len as usize - 1], card);
            self.known_len -= 1;
            self.seq[self.known_len as usize] = 0;
        }
    }

    /// Deals the top card of a pile whose top is known.
    pub fn pop_known(&mut self) -> Option<u8> {
        if self.hidden != 0 || self.known_len == 0 {
            return None;
        }
        let card = self.seq[self.known_len as usize - 1];
        self.deal(card);
        Some(card)
    }

    /// Puts `card` at the bottom (its place is known to everyone).
    pub fn put_bottom(&mut self, card: u8) {
        let len = self.known_len as usize;
        self.seq.copy_within(0..len, 1);
        self.seq[0] = card;
        self.known_len += 1;
    }

    /// The same cards with the hidden ones in a random order (a determinization).
    pub fn shuffled(&self, rng: &mut dyn RngCore) -> Self {
        let mut top: Vec<u8> = BitIter(self.hidden).map(|c| c as u8).collect();
        top.shuffle(rng);
        top.extend(self.known_top_first());
        Self::known(&top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_top_deals_by_chance_then_the_known_bottom_in_order() {
        let mut pile = Pile::<8>::hidden(1 << 2 | 1 << 5, &[]);
        pile.put_bottom(7);
        pile.put_bottom(1);
        assert_eq!(pile.len(), 4);
        assert_eq!(pile.candidates(), 1 << 2 | 1 << 5);
        pile.deal(5);
        pile.deal(2);
        assert!(!pile.top_is_hidden());
        assert_eq!(pile.candidates(), 1 << 7);
        assert_eq!(pile.pop_known(), Some(7));
        assert_eq!(pile.pop_known(), Some(1));
        assert!(pile.is_empty());
        assert_eq!(pile, Pile::empty());
    }

    #[test]
    fn known_piles_deal_from_the_top_and_take_cards_under() {
        let mut pile = Pile::<8>::known(&[3, 4]);
        pile.put_bottom(6);
        assert_eq!(pile.known_top_first(), vec![3, 4, 6]);
        assert_eq!(pile.pop_known(), Some(3));
        assert_eq!(pile, Pile::known(&[4, 6]));
        assert_eq!(pile.cards(), 1 << 4 | 1 << 6);
    }
}
