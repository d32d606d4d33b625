//! The bit-packed Century state and the rules that change it.
//!
//! Layout (see `docs/century.md`): per seat a nibble-packed caravan, hand / played / claimed
//! as bit sets over card ids, coins as bytes; rows as small arrays of card ids with byte-lane
//! crystal vectors; each deck as its order (known) plus the set of its cards (the unseen
//! set, known or not). The whole state is `Copy`.

use rand::seq::SliceRandom;
use rand::RngCore;

use super::action::{Action, ActionKind};
use super::cards::{ALL_GOLEMS, DECK_MERCHANTS, GOLEMS, GOLEM_COUNT};
use super::crystals::Crystals;
use super::zobrist as z;
use crate::util::{BitIter, Deck};

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 5;
pub const MERCHANT_ROW_SLOTS: usize = 6;
pub const GOLEM_ROW_SLOTS: usize = 5;
/// Largest deck sizes: every deck card not in a full row.
pub const MERCHANT_DECK_MAX: usize = DECK_MERCHANTS.count_ones() as usize - MERCHANT_ROW_SLOTS;
pub const GOLEM_DECK_MAX: usize = GOLEM_COUNT - GOLEM_ROW_SLOTS;
/// Marks an empty row slot.
pub const NO_CARD: u8 = u8::MAX;

/// Starting crystals by seat (spec: 3y / 4y / 4y / 3y+1g / 3y+1g).
pub const STARTING_CRYSTALS: [Crystals; MAX_PLAYERS] = [
    Crystals::new(3, 0, 0, 0),
    Crystals::new(4, 0, 0, 0),
    Crystals::new(4, 0, 0, 0),
    Crystals::new(3, 1, 0, 0),
    Crystals::new(3, 1, 0, 0),
];

/// One player's belongings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Seat {
    /// Caravan as nibbles `[y, g, b, p]` (at most 10 crystals between turns).
    pub caravan: u16,
    /// Merchant cards in hand, bit i = card id i (starting cards are this seat's copies).
    pub hand: u64,
    /// Merchant cards played since the last rest.
    pub played: u64,
    /// Claimed golems, bit i = golem id i.
    pub golems: u64,
    pub gold: u8,
    pub silver: u8,
}

impl Seat {
    pub fn crystals(&self) -> Crystals {
        Crystals::from_nibbles(self.caravan)
    }

    pub fn golem_points(&self) -> u32 {
        BitIter(self.golems).map(|g| GOLEMS[g].points as u32).sum()
    }
}

/// Which deck owes a card to its row, at a chance node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    None = 0,
    Merchant = 1,
    Golem = 2,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Century {
    pub(super) seats: [Seat; MAX_PLAYERS],
    pub(super) merchant_row: [u8; MERCHANT_ROW_SLOTS],
    pub(super) row_crystals: [Crystals; MERCHANT_ROW_SLOTS],
    pub(super) golem_row: [u8; GOLEM_ROW_SLOTS],
    pub(super) merchant_deck: Deck<MERCHANT_DECK_MAX>,
    pub(super) golem_deck: Deck<GOLEM_DECK_MAX>,
    pub(super) merchant_row_len: u8,
    pub(super) golem_row_len: u8,
    pub(super) gold: u8,
    pub(super) silver: u8,
    pub(super) players: u8,
    pub(super) to_move: u8,
    pub(super) pending: Pending,
    /// Some player has reached the golem threshold (derived, cached).
    pub(super) last_round: bool,
    pub(super) hash: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coin {
    Gold,
    Silver,
}

/// Gold lies above slot 0; silver above slot 1 while gold lasts, then above slot 0.
fn coin_above(slot: usize, gold: u8, silver: u8) -> Option<Coin> {
    match slot {
        0 if gold > 0 => Some(Coin::Gold),
        0 if silver > 0 => Some(Coin::Silver),
        1 if gold > 0 && silver > 0 => Some(Coin::Silver),
        _ => None,
    }
}

/// Golems that trigger the last round: 6 with 2-3 players, 5 with 4-5.
pub const fn golem_threshold(players: usize) -> u32 {
    if players <= 3 {
        6
    } else {
        5
    }
}

impl Century {
    /// A fresh game with both decks shuffled by `rng` (decks known to the engine).
    pub fn new_game(players: usize, rng: &mut dyn RngCore) -> Self {
        assert!(
            (MIN_PLAYERS..=MAX_PLAYERS).contains(&players),
            "2-5 players"
        );
        let mut merchants: Vec<u8> = BitIter(DECK_MERCHANTS).map(|c| c as u8).collect();
        let mut golems: Vec<u8> = BitIter(ALL_GOLEMS).map(|g| g as u8).collect();
        merchants.shuffle(rng);
        golems.shuffle(rng);
        let mut state = Century::empty(players);
        for (slot, &card) in merchants[..MERCHANT_ROW_SLOTS].iter().enumerate() {
            state.merchant_row[slot] = card;
        }
        for (slot, &golem) in golems[..GOLEM_ROW_SLOTS].iter().enumerate() {
            state.golem_row[slot] = golem;
        }
        state.merchant_row_len = MERCHANT_ROW_SLOTS as u8;
        state.golem_row_len = GOLEM_ROW_SLOTS as u8;
        state.merchant_deck = Deck::known(&merchants[MERCHANT_ROW_SLOTS..]);
        state.golem_deck = Deck::known(&golems[GOLEM_ROW_SLOTS..]);
        for (seat, crystals) in state.seats.iter_mut().zip(STARTING_CRYSTALS).take(players) {
            seat.caravan = crystals.to_nibbles();
            seat.hand = super::cards::STARTING_MERCHANTS;
        }
        state.gold = 2 * players as u8;
        state.silver = 2 * players as u8;
        state.refresh_derived();
        state
    }

    /// All zero: no cards anywhere. Building block for setups and positions.
    pub(super) fn empty(players: usize) -> Self {
        Century {
            seats: [Seat::default(); MAX_PLAYERS],
            merchant_row: [NO_CARD; MERCHANT_ROW_SLOTS],
            row_crystals: [Crystals::EMPTY; MERCHANT_ROW_SLOTS],
            golem_row: [NO_CARD; GOLEM_ROW_SLOTS],
            merchant_deck: Deck::known(&[]),
            golem_deck: Deck::known(&[]),
            merchant_row_len: 0,
            golem_row_len: 0,
            gold: 0,
            silver: 0,
            players: players as u8,
            to_move: 0,
            pending: Pending::None,
            last_round: false,
            hash: 0,
        }
    }

    /// Forgets the order of both decks: every later deal becomes a chance event over the
    /// unseen cards (what players of the printed game know).
    pub fn hide_decks(&mut self) {
        self.merchant_deck = Deck::hidden(self.merchant_deck.cards());
        self.golem_deck = Deck::hidden(self.golem_deck.cards());
    }

    /// Recomputes the cached derived fields (last round, hash) after a direct edit.
    pub(super) fn refresh_derived(&mut self) {
        let threshold = golem_threshold(self.players as usize);
        self.last_round = self.seats[..self.players as usize]
            .iter()
            .any(|s| s.golems.count_ones() >= threshold);
        self.hash = self.compute_hash();
    }

    // ---- read access -------------------------------------------------------------------

    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }

    pub fn seat(&self, seat: usize) -> &Seat {
        &self.seats[seat]
    }

    pub fn merchant_row(&self) -> &[u8] {
        &self.merchant_row[..self.merchant_row_len as usize]
    }

    pub fn row_crystals(&self) -> &[Crystals] {
        &self.row_crystals[..self.merchant_row_len as usize]
    }

    pub fn golem_row(&self) -> &[u8] {
        &self.golem_row[..self.golem_row_len as usize]
    }

    /// Known merchant deck, top first; `None` when the order is hidden.
    pub fn merchant_deck(&self) -> Option<Vec<u8>> {
        self.merchant_deck.top_first()
    }

    pub fn golem_deck(&self) -> Option<Vec<u8>> {
        self.golem_deck.top_first()
    }

    /// The merchant cards still in the deck (the unseen cards).
    pub fn merchant_unseen(&self) -> u64 {
        self.merchant_deck.cards()
    }

    pub fn golem_unseen(&self) -> u64 {
        self.golem_deck.cards()
    }

    pub fn gold_left(&self) -> u8 {
        self.gold
    }

    pub fn silver_left(&self) -> u8 {
        self.silver
    }

    pub fn last_round(&self) -> bool {
        self.last_round
    }

    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// The last round is complete (the trait's `is_terminal`, without a pending deal).
    pub(super) fn game_over(&self) -> bool {
        self.last_round && self.to_move == 0 && self.pending == Pending::None
    }

    pub fn decks_known(&self) -> bool {
        self.merchant_deck.is_known() && self.golem_deck.is_known()
    }

    /// Golem points + 3 per gold + 1 per silver + 1 per non-yellow crystal.
    pub fn score_of(&self, seat: usize) -> i32 {
        let s = &self.seats[seat];
        (s.golem_points() + 3 * s.gold as u32 + s.silver as u32 + s.crystals().non_yellow()) as i32
    }

    /// Highest score; a tie goes to the later seat.
    pub fn leader(&self) -> usize {
        (0..self.players as usize)
            .max_by_key(|&seat| (self.score_of(seat), seat))
            .expect("at least two players")
    }

    // ---- rules -------------------------------------------------------------------------

    pub(super) fn apply_action(&mut self, action: Action) {
        let seat = self.to_move as usize;
        let deal = match action.kind {
            ActionKind::Play => {
                let bit = 1u64 << action.index;
                self.seats[seat].hand &= !bit;
                self.seats[seat].played |= bit;
                self.hash ^=
                    z::hand(seat, action.index as usize) ^ z::played(seat, action.index as usize);
                self.set_caravan(seat, Crystals::from_nibbles(action.caravan));
                Pending::None
            }
            ActionKind::Take => {
                let slot = self.merchant_slot(action.index);
                for before in 0..slot {
                    self.place_crystal(before, action.placed_colour(before));
                }
                let card = self.merchant_row[slot] as usize;
                self.seats[seat].hand |= 1 << card;
                self.hash ^= z::hand(seat, card);
                self.remove_merchant_slot(slot);
                self.set_caravan(seat, Crystals::from_nibbles(action.caravan));
                Pending::Merchant
            }
            ActionKind::Rest => {
                let s = &mut self.seats[seat];
                for card in BitIter(s.played) {
                    self.hash ^= z::hand(seat, card) ^ z::played(seat, card);
                }
                s.hand |= s.played;
                s.played = 0;
                Pending::None
            }
            ActionKind::Claim => {
                self.claim(seat, self.golem_slot(action.index));
                self.set_caravan(seat, Crystals::from_nibbles(action.caravan));
                Pending::Golem
            }
            ActionKind::DealMerchant => {
                self.finish_pending();
                self.merchant_deck.remove(action.index);
                self.deal_merchant_card(action.index);
                return;
            }
            ActionKind::DealGolem => {
                self.finish_pending();
                self.golem_deck.remove(action.index);
                self.deal_golem_card(action.index);
                return;
            }
        };
        // A compare, not `%`: a division per move showed in the profile.
        let next = if seat + 1 == self.players as usize {
            0
        } else {
            seat + 1
        };
        self.hash ^= z::to_move(seat) ^ z::to_move(next);
        self.to_move = next as u8;
        self.refill(deal);
    }

    /// The coin a claim from golem-row `slot` takes now, if any.
    pub fn coin_above(&self, slot: usize) -> Option<Coin> {
        coin_above(slot, self.gold, self.silver)
    }

    /// Row slot of a merchant card that is in the row.
    pub fn merchant_slot(&self, card: u8) -> usize {
        self.merchant_row()
            .iter()
            .position(|&c| c == card)
            .unwrap_or(0)
    }

    /// Row slot of a golem that is in the golem row.
    pub fn golem_slot(&self, golem: u8) -> usize {
        self.golem_row()
            .iter()
            .position(|&g| g == golem)
            .unwrap_or(0)
    }

    #[inline]
    fn set_caravan(&mut self, seat: usize, new: Crystals) {
        let old = self.seats[seat].crystals();
        for colour in 0..4 {
            // Unchanged colours XOR the same key twice, which cancels: no branch needed.
            self.hash ^= z::caravan(seat, colour, old.get(colour))
                ^ z::caravan(seat, colour, new.get(colour));
        }
        self.seats[seat].caravan = new.to_nibbles();
    }

    /// One crystal of `colour` onto the card in `slot` (a take's placement): one key out,
    /// one in, instead of rehashing all four colours.
    #[inline]
    fn place_crystal(&mut self, slot: usize, colour: usize) {
        let card = self.merchant_row[slot] as usize;
        let old = self.row_crystals[slot];
        let was = old.get(colour);
        self.hash ^= z::row_crystals(card, colour, was) ^ z::row_crystals(card, colour, was + 1);
        self.row_crystals[slot] = old.plus(Crystals::single(colour));
    }

    /// Hash of the merchant-row slots from `from` to the end (cards and their crystals).
    fn merchant_row_hash(&self, from: usize) -> u64 {
        (from..self.merchant_row_len as usize)
            .map(|slot| self.merchant_slot_key(slot) ^ self.crystals_on_card_hash(slot))
            .fold(0, |a, b| a ^ b)
    }

    /// Which card lies in `slot`: the part of the row hash a slide changes.
    fn merchant_slot_key(&self, slot: usize) -> u64 {
        z::merchant_row(slot, self.merchant_row[slot] as usize)
    }

    /// The crystals on the card in `slot`. Keyed by card, not slot, because crystals travel
    /// with their card: a take then rehashes only the slots of the cards that slide.
    #[inline]
    fn crystals_on_card_hash(&self, slot: usize) -> u64 {
        let card = self.merchant_row[slot] as usize;
        let crystals = self.row_crystals[slot];
        if crystals.is_empty() {
            // A card just dealt, or one nobody has placed on.
            return z::no_row_crystals(card);
        }
        (0..4)
            .map(|colour| z::row_crystals(card, colour, crystals.get(colour)))
            .fold(0, |a, b| a ^ b)
    }

    fn golem_row_hash(&self, from: usize) -> u64 {
        (from..self.golem_row_len as usize)
            .map(|slot| z::golem_row(slot, self.golem_row[slot] as usize))
            .fold(0, |a, b| a ^ b)
    }

    /// Takes the card out of `slot`; the cards to its right slide left with their crystals.
    fn remove_merchant_slot(&mut self, slot: usize) {
        let len = self.merchant_row_len as usize;
        let mut hash = self.hash ^ self.crystals_on_card_hash(slot) ^ self.merchant_slot_key(slot);
        // Slide by hand: `copy_within` on these few bytes was two `memmove` calls.
        for i in slot..len - 1 {
            let card = self.merchant_row[i + 1];
            hash ^= z::merchant_row(i + 1, card as usize) ^ z::merchant_row(i, card as usize);
            self.merchant_row[i] = card;
            self.row_crystals[i] = self.row_crystals[i + 1];
        }
        self.merchant_row[len - 1] = NO_CARD;
        self.row_crystals[len - 1] = Crystals::EMPTY;
        self.merchant_row_len -= 1;
        self.hash = hash;
    }

    fn claim(&mut self, seat: usize, slot: usize) {
        let golem = self.golem_row[slot] as usize;
        let s = &mut self.seats[seat];
        s.golems |= 1 << golem;
        self.hash ^= z::claimed(seat, golem);
        let (old_gold, old_silver) = (s.gold as u32, s.silver as u32);
        match coin_above(slot, self.gold, self.silver) {
            Some(Coin::Gold) => {
                self.gold -= 1;
                s.gold += 1;
            }
            Some(Coin::Silver) => {
                self.silver -= 1;
                s.silver += 1;
            }
            None => {}
        }
        self.hash ^= z::gold(seat, old_gold) ^ z::gold(seat, s.gold as u32);
        self.hash ^= z::silver(seat, old_silver) ^ z::silver(seat, s.silver as u32);
        if s.golems.count_ones() >= golem_threshold(self.players as usize) {
            self.last_round = true;
        }
        let len = self.golem_row_len as usize;
        self.hash ^= self.golem_row_hash(slot);
        self.golem_row.copy_within(slot + 1..len, slot);
        self.golem_row[len - 1] = NO_CARD;
        self.golem_row_len -= 1;
        self.hash ^= self.golem_row_hash(slot);
    }

    /// Fills the gap a take or claim left at the end of its row: the known top card, or a
    /// chance node (unless the game just ended: a deal then changes nothing), or nothing
    /// (empty deck: the row gets shorter).
    fn refill(&mut self, row: Pending) {
        let over = self.game_over();
        let (empty, known) = match row {
            Pending::None => return,
            Pending::Merchant => (self.merchant_deck.is_empty(), self.merchant_deck.is_known()),
            Pending::Golem => (self.golem_deck.is_empty(), self.golem_deck.is_known()),
        };
        if empty {
            return;
        }
        if known {
            match row {
                Pending::Merchant => {
                    let card = self.merchant_deck.pop();
                    self.deal_merchant_card(card);
                }
                _ => {
                    let golem = self.golem_deck.pop();
                    self.deal_golem_card(golem);
                }
            }
        } else if !over {
            self.pending = row;
            self.hash ^= z::pending(row as usize);
        }
    }

    fn finish_pending(&mut self) {
        self.hash ^= z::pending(self.pending as usize);
        self.pending = Pending::None;
    }

    fn deal_merchant_card(&mut self, card: u8) {
        let slot = self.merchant_row_len as usize;
        self.merchant_row[slot] = card;
        self.merchant_row_len += 1;
        self.hash ^= self.merchant_row_hash(slot);
    }

    fn deal_golem_card(&mut self, golem: u8) {
        let slot = self.golem_row_len as usize;
        self.golem_row[slot] = golem;
        self.golem_row_len += 1;
        self.hash ^= self.golem_row_hash(slot);
    }

    /// The hash from scratch; `hash` must always equal it (checked in tests).
    pub fn compute_hash(&self) -> u64 {
        let mut h = z::to_move(self.to_move as usize);
        if self.pending != Pending::None {
            h ^= z::pending(self.pending as usize);
        }
        for seat in 0..self.players as usize {
            let s = &self.seats[seat];
            BitIter(s.hand).for_each(|c| h ^= z::hand(seat, c));
            BitIter(s.played).for_each(|c| h ^= z::played(seat, c));
            BitIter(s.golems).for_each(|g| h ^= z::claimed(seat, g));
            let caravan = s.crystals();
            for colour in 0..4 {
                h ^= z::caravan(seat, colour, caravan.get(colour));
            }
            h ^= z::gold(seat, s.gold as u32) ^ z::silver(seat, s.silver as u32);
        }
        h ^ self.merchant_row_hash(0) ^ self.golem_row_hash(0)
    }

    /// Deals every hidden deck in a random order of its unseen cards (a determinization);
    /// a pending deal is then made from the new top.
    pub fn determinize(&self, rng: &mut dyn RngCore) -> Self {
        let mut state = *self;
        if !state.merchant_deck.is_known() {
            state.merchant_deck = state.merchant_deck.shuffled(rng);
        }
        if !state.golem_deck.is_known() {
            state.golem_deck = state.golem_deck.shuffled(rng);
        }
        let pending = state.pending;
        if pending != Pending::None {
            state.finish_pending();
            state.refill(pending);
        }
        state
    }
}
