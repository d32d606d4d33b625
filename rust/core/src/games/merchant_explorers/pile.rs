//! A draw pile of at most 64 distinct card ids with a known or hidden order. Like
//! `util::Deck`, but hashable and readable without allocating (the state's hash and
//! position writer need both).

use rand::seq::SliceRandom;
use rand::RngCore;

use crate::util::BitIter;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pile<const N: usize> {
    /// Known order, bottom first (top = `order[len - 1]`); zero past the top and when
    /// hidden, so equal piles compare equal.
    order: [u8; N],
    cards: u64,
    known: bool,
}

impl<const N: usize> Pile<N> {
    /// A pile in a known order, top card first.
    pub fn known(top_first: &[u8]) -> Self {
        let mut pile = Pile {
            order: [0; N],
            cards: 0,
            known: true,
        };
        for (i, &card) in top_first.iter().rev().enumerate().take(N) {
            pile.order[i] = card;
            pile.cards |= 1 << card;
        }
        pile
    }

    pub fn hidden(cards: u64) -> Self {
        Pile {
            order: [0; N],
            cards,
            known: false,
        }
    }

    pub fn cards(&self) -> u64 {
        self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.count_ones() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.cards == 0
    }

    pub fn is_known(&self) -> bool {
        self.known
    }

    /// The top card of a known, non-empty pile.
    pub fn top(&self) -> Option<u8> {
        (self.known && !self.is_empty()).then(|| self.order[self.len() - 1])
    }

    /// The card `depth` below the top of a known pile.
    pub fn peek(&self, depth: usize) -> Option<u8> {
        let len = self.len();
        (self.known && depth < len).then(|| self.order[len - 1 - depth])
    }

    /// The known order, top first.
    pub fn top_first(&self) -> impl Iterator<Item = u8> + '_ {
        let len = if self.known { self.len() } else { 0 };
        self.order[..len].iter().rev().copied()
    }

    /// Takes `card` out: the top of a known pile (an order that disagrees is forgotten,
    /// so a caller's mistake cannot corrupt the pile), or any card of a hidden one.
    pub fn take(&mut self, card: u8) {
        if self.known && self.top() == Some(card) {
            let top = self.len() - 1;
            self.order[top] = 0;
        } else if self.known {
            self.order = [0; N];
            self.known = false;
        }
        self.cards &= !(1u64 << card);
    }

    /// The same cards in a random order, known from now on.
    pub fn shuffled(&self, rng: &mut dyn RngCore) -> Self {
        let mut top_first = [0u8; N];
        let len = self.len();
        for (slot, card) in top_first.iter_mut().zip(BitIter(self.cards)) {
            *slot = card as u8;
        }
        top_first[..len].shuffle(rng);
        Pile::known(&top_first[..len])
    }

    pub fn hide(&mut self) {
        *self = Pile::hidden(self.cards);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_piles_deal_from_the_top_and_forget_a_wrong_order() {
        let mut pile = Pile::<4>::known(&[7, 3, 9]);
        assert_eq!(pile.top(), Some(7));
        assert_eq!(pile.peek(1), Some(3));
        pile.take(7);
        assert_eq!(pile, Pile::known(&[3, 9]));
        assert_eq!(pile.top_first().collect::<Vec<_>>(), vec![3, 9]);
        pile.take(9);
        assert!(!pile.is_known());
        assert_eq!(pile.cards(), 1 << 3);
    }
}
