//! Card tables, generated at build time (`build/century.rs`) from `data/century/cards.json`.

use super::crystals::Crystals;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Gain these crystals.
    Gain(Crystals),
    /// Up to this many single-step upgrades.
    Upgrade(u8),
    /// Pay `pay`, gain `get`, any number k >= 1 of times.
    Trade { pay: Crystals, get: Crystals },
}

#[derive(Clone, Copy, Debug)]
pub struct MerchantCard {
    pub name: &'static str,
    /// Every player owns a copy from the start; never in the deck.
    pub starting: bool,
    pub effect: Effect,
}

#[derive(Clone, Copy, Debug)]
pub struct GolemCard {
    pub name: &'static str,
    pub points: u8,
    pub cost: Crystals,
}

include!(concat!(env!("OUT_DIR"), "/century_cards.rs"));

pub const MERCHANT_COUNT: usize = MERCHANTS.len();
pub const GOLEM_COUNT: usize = GOLEMS.len();

/// Bit set of the merchant cards that start in every player's hand.
pub const STARTING_MERCHANTS: u64 = {
    let mut set = 0u64;
    let mut id = 0;
    while id < MERCHANT_COUNT {
        if MERCHANTS[id].starting {
            set |= 1 << id;
        }
        id += 1;
    }
    set
};

/// Bit set of the merchant cards that make up the shuffled deck at setup.
pub const DECK_MERCHANTS: u64 = ((1u64 << MERCHANT_COUNT) - 1) & !STARTING_MERCHANTS;
pub const ALL_GOLEMS: u64 = (1u64 << GOLEM_COUNT) - 1;

pub fn merchant_by_name(name: &str) -> Option<u8> {
    MERCHANTS
        .iter()
        .position(|c| c.name == name)
        .map(|id| id as u8)
}

pub fn golem_by_name(name: &str) -> Option<u8> {
    GOLEMS
        .iter()
        .position(|c| c.name == name)
        .map(|id| id as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_the_data_file() {
        assert_eq!(MERCHANT_COUNT, 45);
        assert_eq!(GOLEM_COUNT, 36);
        assert_eq!(STARTING_MERCHANTS.count_ones(), 2);
        assert_eq!(DECK_MERCHANTS.count_ones(), 43);
        assert_eq!(merchant_by_name("U2"), Some(1));
        assert_eq!(MERCHANTS[7].effect, Effect::Upgrade(3));
        let yygg = golem_by_name("yygg").unwrap() as usize;
        assert_eq!(GOLEMS[yygg].points, 6);
        assert_eq!(GOLEMS[yygg].cost, Crystals::new(2, 2, 0, 0));
    }

    #[test]
    fn trades_pay_and_get_disjoint_colours() {
        // Move generation relies on it to list each trade result once (movegen.rs).
        for card in MERCHANTS.iter() {
            if let Effect::Trade { pay, get } = card.effect {
                assert!(
                    (0..4).all(|c| pay.get(c) == 0 || get.get(c) == 0),
                    "{}",
                    card.name
                );
            }
        }
    }

    #[test]
    fn names_are_unique_and_never_collide() {
        for (i, m) in MERCHANTS.iter().enumerate() {
            assert_eq!(merchant_by_name(m.name), Some(i as u8));
            assert_eq!(golem_by_name(m.name), None);
        }
        for (i, g) in GOLEMS.iter().enumerate() {
            assert_eq!(golem_by_name(g.name), Some(i as u8));
        }
    }
}
