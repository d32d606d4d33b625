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
