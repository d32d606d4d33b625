//! Century actions: small `Copy` values that carry their whole result.
//!
//! An action stores the mover's final caravan, so the canonical rule "one action per
//! distinct successor" is plain value equality and applying an action needs no search.

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum ActionKind {
    /// Play the merchant card `index` from hand.
    Play = 0,
    /// Acquire merchant card `index` from the row, placing `placement` on the slots before it.
    Take = 1,
    Rest = 2,
    /// Claim golem `index` from the golem row.
    Claim = 3,
    /// Chance: merchant card `index` is dealt into the row.
    DealMerchant = 4,
    /// Chance: golem card `index` is dealt into the row.
    DealGolem = 5,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Action {
    pub kind: ActionKind,
    /// Card id (merchant for play, take and merchant deals; golem for claim and golem
    /// deals); 0 for rest. Naming the card rather than its slot keeps an action's identity
    /// stable across determinizations that deal different cards.
    pub index: u8,
    /// Take only: colour (0..4) placed on slot s in bits 2s..2s+2.
    pub placement: u16,
    /// The mover's caravan after the action, as nibbles (see `Crystals::to_nibbles`).
    pub caravan: u16,
}

impl Action {
    pub const fn deal_merchant(card: u8) -> Self {
        Action {
            kind: ActionKind::DealMerchant,
            index: card,
            placement: 0,
            caravan: 0,
        }
    }

    pub const fn deal_golem(golem: u8) -> Self {
        Action {
            kind: ActionKind::DealGolem,
            index: golem,
            placement: 0,
            caravan: 0,
        }
    }

    /// Colour placed on row slot `slot` by a take.
    pub const fn placed_colour(self, slot: usize) -> usize {
        (self.placement >> (2 * slot)) as usize & 3
    }

    /// A stable integer form (for Python and other machines).
    pub const fn to_bits(self) -> u64 {
        (self.kind as u64) << 40
            | (self.index as u64) << 32
            | (self.placement as u64) << 16
            | self.caravan as u64
    }

    /// Inverse of [`Action::to_bits`]; `None` for integers no action maps to.
    pub fn from_bits(bits: u64) -> Option<Self> {
        let kind = match bits >> 40 {
            0 => ActionKind::Play,
            1 => ActionKind::Take,
            2 => ActionKind::Rest,
            3 => ActionKind::Claim,
            4 => ActionKind::DealMerchant,
            5 => ActionKind::DealGolem,
            _ => return None,
        };
        Some(Action {
            kind,
            index: (bits >> 32) as u8,
            placement: (bits >> 16) as u16,
            caravan: bits as u16,
        })
    }
}

// ---- the dense index ------------------------------------------------------------------
//
// For tensors and OpenSpiel: kind << 26 | card << 20 | placement << 10 | caravan number.
// A caravan between turns holds at most 10 crystals, so the 1001 caravans it can be are
// numbered densely (the nibble form would need 16 bits); a placement covers at most the
// five slots before the last, two bits each.

/// Caravans of at most 10 crystals, as nibbles (`Crystals::to_nibbles`), in number order.
const CARAVANS: [u16; 1001] = {
    let mut table = [0u16; 1001];
    let mut n = 0;
    let mut code = 0;
    while code < 11 * 11 * 11 * 11 {
        let (y, g, b, p) = (code / 1331, code / 121 % 11, code / 11 % 11, code % 11);
        if y + g + b + p <= 10 {
            table[n] = (y | g << 4 | b << 8 | p << 12) as u16;
            n += 1;
        }
        code += 1;
    }
    table
};

/// The number of each caravan by its base-11 code (`u16::MAX` for more than 10 crystals).
static CARAVAN_NUMBER: [u16; 11 * 11 * 11 * 11] = {
    let mut table = [u16::MAX; 11 * 11 * 11 * 11];
    let mut n = 0;
    while n < CARAVANS.len() {
        table[base11(CARAVANS[n]) as usize] = n as u16;
        n += 1;
    }
    table
};

const fn base11(nibbles: u16) -> u16 {
    (nibbles & 0xF) * 1331
        + (nibbles >> 4 & 0xF) * 121
        + (nibbles >> 8 & 0xF) * 11
        + (nibbles >> 12)
}

/// Every dense index is below this.
pub const DENSE_ACTIONS: u64 = 6 << 26;

/// The dense number (0..1001) of a caravan of at most 10 crystals, as nibbles.
pub(super) fn caravan_number(nibbles: u16) -> Option<u16> {
    let lanes_ok = (0..4).all(|i| (nibbles >> (4 * i)) & 0xF <= 10);
    let number = if lanes_ok {
        CARAVAN_NUMBER[base11(nibbles) as usize]
    } else {
        u16::MAX
    };
    (number != u16::MAX).then_some(number)
}

/// Caravans a caravan number can name.
pub(super) const CARAVAN_COUNT: usize = CARAVANS.len();

impl Action {
    /// The dense index (see above) of an action whose caravan holds at most 10 crystals.
    pub fn dense_index(self) -> u64 {
        let nibbles = self.caravan;
        let lanes_ok = (0..4).all(|i| (nibbles >> (4 * i)) & 0xF <= 10);
        let number = if lanes_ok {
            CARAVAN_NUMBER[base11(nibbles) as usize]
        } else {
            u16::MAX
        };
        debug_assert!(number != u16::MAX && self.placement < 1 << 10 && self.index < 64);
        (self.kind as u64) << 26
            | (self.index as u64) << 20
            | (self.placement as u64) << 10
            | number as u64 & 0x3FF
    }

    /// The inverse of [`Action::dense_index`]; `None` for an index no action maps to.
    pub fn from_dense_index(index: u64) -> Option<Self> {
        if index >= DENSE_ACTIONS {
            return None;
        }
        let caravan = *CARAVANS.get((index & 0x3FF) as usize)?;
        let bits = (index >> 26) << 40 | (index >> 20 & 0x3F) << 32 | (index >> 10 & 0x3FF) << 16;
        Action::from_bits(bits | caravan as u64)
    }
}
