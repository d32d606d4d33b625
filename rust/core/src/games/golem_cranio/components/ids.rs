//! Card and tile ids (`CH05`, `NR04`, `B17`, `O12`, `AT03`, `S07`, `A`, `g1`) and the dense
//! indices the engine uses instead. The index comes from the id itself, never from the
//! file's order, so a file may list its entries in any order.

/// A family of ids: `prefix` and a number `1..=count`, zero-padded to `digits` (0: none).
#[derive(Clone, Copy, Debug)]
pub struct IdScheme {
    pub prefix: &'static str,
    pub count: usize,
    pub digits: usize,
}

impl IdScheme {
    /// The id of dense index `index` (`CHARACTER_IDS.id(4)` is `CH05`).
    pub fn id(&self, index: usize) -> String {
        format!("{}{:0width$}", self.prefix, index + 1, width = self.digits)
    }

    /// The dense index of `id`, if it is one of this family (`CH5` and `ch05` are not).
    pub fn index(&self, id: &str) -> Option<usize> {
        let number = id.strip_prefix(self.prefix)?;
        let well_formed = number.bytes().all(|b| b.is_ascii_digit())
            && if self.digits == 0 {
                !number.starts_with('0')
            } else {
                number.len() == self.digits
            };
        if !well_formed {
            return None;
        }
        let n: usize = number.parse().ok()?;
        (1..=self.count).contains(&n).then(|| n - 1)
    }

    /// `CH01 to CH12`, for messages.
    pub fn range(&self) -> String {
        format!("{} to {}", self.id(0), self.id(self.count - 1))
    }
}

pub const CHARACTER_IDS: IdScheme = IdScheme {
    prefix: "CH",
    count: 12,
    digits: 2,
};
pub const ACTION_TILE_IDS: IdScheme = IdScheme {
    prefix: "AT",
    count: 12,
    digits: 2,
};
pub const BOOK_IDS: IdScheme = IdScheme {
    prefix: "B",
    count: 38,
    digits: 2,
};
pub const OBJECTIVE_IDS: IdScheme = IdScheme {
    prefix: "O",
    count: 27,
    digits: 2,
};
pub const STARTING_TILE_IDS: IdScheme = IdScheme {
    prefix: "S",
    count: 18,
    digits: 2,
};
pub const GOLEM_DEVELOPMENT_IDS: IdScheme = IdScheme {
    prefix: "g",
    count: 6,
    digits: 0,
};
pub const STUDY_DEVELOPMENT_IDS: IdScheme = IdScheme {
    prefix: "s",
    count: 6,
    digits: 0,
};
pub const ARTIFACT_DEVELOPMENT_IDS: IdScheme = IdScheme {
    prefix: "a",
    count: 6,
    digits: 0,
};
/// Neighborhood tiles, one family per district (red, yellow, blue).
pub const NEIGHBORHOOD_TILE_IDS: [IdScheme; 3] = [
    IdScheme {
        prefix: "NR",
        count: 10,
        digits: 2,
    },
    IdScheme {
        prefix: "NY",
        count: 10,
        digits: 2,
    },
    IdScheme {
        prefix: "NB",
        count: 10,
        digits: 2,
    },
];

/// Artifact tiles are letters: `A` to `D`.
pub const ARTIFACT_TILE_LETTERS: [&str; 4] = ["A", "B", "C", "D"];

/// The dense index (district × 10 + number − 1) of a Neighborhood tile id.
pub fn neighborhood_tile_index(id: &str) -> Option<usize> {
    NEIGHBORHOOD_TILE_IDS
        .iter()
        .enumerate()
        .find_map(|(d, scheme)| scheme.index(id).map(|i| d * scheme.count + i))
}

/// The id of a dense Neighborhood tile index.
pub fn neighborhood_tile_id(index: usize) -> String {
    NEIGHBORHOOD_TILE_IDS[(index / 10).min(2)].id(index % 10)
}

pub fn artifact_tile_index(id: &str) -> Option<usize> {
    ARTIFACT_TILE_LETTERS.iter().position(|l| *l == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_through_dense_indices() {
        assert_eq!(CHARACTER_IDS.index("CH05"), Some(4));
        assert_eq!(CHARACTER_IDS.id(4), "CH05");
        assert_eq!(CHARACTER_IDS.index("CH5"), None);
        assert_eq!(CHARACTER_IDS.index("CH13"), None);
        assert_eq!(CHARACTER_IDS.index("CH00"), None);
        assert_eq!(GOLEM_DEVELOPMENT_IDS.index("g6"), Some(5));
        assert_eq!(GOLEM_DEVELOPMENT_IDS.index("g06"), None);
        assert_eq!(GOLEM_DEVELOPMENT_IDS.id(0), "g1");
        assert_eq!(neighborhood_tile_index("NY04"), Some(13));
        assert_eq!(neighborhood_tile_id(13), "NY04");
        assert_eq!(artifact_tile_index("C"), Some(2));
        assert_eq!(BOOK_IDS.range(), "B01 to B38");
    }
}
