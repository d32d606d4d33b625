//! A draw pile of at most 64 distinct cards: the set of its cards, and their order when the
//! position knows it.

use rand::seq::SliceRandom;
use rand::RngCore;

use super::BitIter;

/// At most `N` cards (ids below 64). With a hidden order only the set is kept, and every
/// draw is a chance event over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deck<const N: usize> {
    /// Known order, bottom first: the top card is `order[len - 1]`. All zero when hidden,
    /// and past the top, so equal decks compare equal.
    order: [u8; N],
    /// The cards in the deck: the unseen cards of their kind.
    cards: u64,
    known: bool,
}

impl<const N: usize> Deck<N> {
    /// A deck in a known order, top card first.
    pub fn known(top_first: &[u8]) -> Self {
        let mut deck = Deck {
            order: [0; N],
            cards: 0,
            known: true,
        };
        for (i, &card) in top_first.iter().rev().enumerate() {
            deck.order[i] = card;
            deck.cards |= 1 << card;
        }
        deck
    }

    /// A deck of `cards` in an order nobody knows.
    pub fn hidden(cards: u64) -> Self {
        Deck {
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

    /// The order, top card first, when known.
    pub fn top_first(&self) -> Option<Vec<u8>> {
        self.known
            .then(|| self.order[..self.len()].iter().rev().copied().collect())
    }

    /// Takes the top card of a known, non-empty deck.
    pub fn pop(&mut self) -> u8 {
        let top = self.len() - 1;
        let card = self.order[top];
        self.order[top] = 0;
        self.cards &= !(1 << card);
        card
    }

    /// Takes `card` out of a hidden deck (it was dealt by chance).
    pub fn remove(&mut self, card: u8) {
        self.cards &= !(1 << card);
    }

    /// The same cards in a random order, known from now on (a determinization). Runs once
    /// per ISMCTS iteration, so it shuffles on the stack.
    pub fn shuffled(&self, rng: &mut dyn RngCore) -> Self {
        let mut top_first = [0u8; N];
        let len = self.len();
        for (slot, card) in top_first.iter_mut().zip(BitIter(self.cards)) {
            *slot = card as u8;
        }
        top_first[..len].shuffle(rng);
        Deck::known(&top_first[..len])
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn known_decks_deal_from_the_top_and_hidden_ones_keep_only_the_set() {
        let mut deck = Deck::<4>::known(&[7, 3, 9]);
        assert_eq!(deck.top_first(), Some(vec![7, 3, 9]));
        assert_eq!(deck.pop(), 7);
        assert_eq!((deck.len(), deck.cards()), (2, 1 << 3 | 1 << 9));
        assert_eq!(
            deck,
            Deck::known(&[3, 9]),
            "a dealt deck equals a fresh one"
        );
        let mut hidden = Deck::<4>::hidden(1 << 3 | 1 << 9);
        assert_eq!(hidden.top_first(), None);
        hidden.remove(3);
        assert_eq!(hidden.cards(), 1 << 9);
        let shuffled = Deck::<4>::hidden(0b1110).shuffled(&mut ChaCha8Rng::seed_from_u64(1));
        assert!(shuffled.is_known());
        assert_eq!(shuffled.cards(), 0b1110);
    }
}
