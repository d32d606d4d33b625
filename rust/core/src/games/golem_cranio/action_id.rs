//! Micro-actions as integers: the exact `u64` id of every action the engine produces
//! ([`action_id`], [`action_from_id`]), and the small many-to-one policy space that legal
//! masks cover ([`policy_index`]). Layout and reasons: docs/golem-cranio.md, "Behind the
//! Game trait".
//!
//! A naive packing does not fit 64 bits (a `move` names up to 6 tokens of 11 bits, a
//! `drop` 25 counts), so the two large kinds are ranked instead:
//! - `move`: bit 63 set; the token multiset's rank in the combinatorial number system
//!   (tokens over an alphabet of 600: district × from section × lying × to section; at
//!   most 6 tokens, fewer than 2^46 multisets) in bits 0–45, Knowledge paid in 46–53, VP
//!   paid in 54–61, `ignore` in 62;
//! - `drop`: bits 63–62 = `01`; per colour, the composition of its marbles over the 5
//!   lines (a multiset of at most 7 line numbers: 792 of them) as one base-792 digit;
//! - everything else: bits 63–62 = `00`, the variant's tag in bits 0–5 and its fields,
//!   8 bits each, from bit 6.
//!
//! Decoding re-encodes the value it built and refuses an id that does not come back, so
//! [`action_from_id`] is the exact inverse of [`action_id`] on the ids it produces.

use super::action::{Action, BookAct, MoveAct, MoveToken, UpAct, MAX_MOVE_TOKENS};
use super::golems::GolemRef;
use super::state::{Marbles, COLOURS, LINES, SECTIONS};

/// Every id is below this (an action id is also its dense index).
pub const ACTION_SPACE: u64 = u64::MAX;
/// The id of an action outside the engine's ranges: it reads back to nothing.
const INVALID: u64 = u64::MAX;

const MOVE_BIT: u64 = 1 << 63;
const DROP_TAG: u64 = 1 << 62;
const TAG_BITS: u32 = 6;
/// Payload bits of the small kinds (bits 6–61).
const SMALL_BITS: u32 = 56;

/// Token alphabet: 3 districts × 10 sections × 2 orientations × 10 target sections.
const TOKEN_VALUES: u64 = 3 * SECTIONS as u64 * 2 * SECTIONS as u64;
const RANK_BITS: u32 = 46;
/// Marbles of one colour a drop can place (3 bits per line and colour).
const MAX_PER_COLOUR: usize = 7;
/// Compositions of at most 7 marbles over 5 lines: C(12, 5).
const COMPOSITIONS: u64 = 792;

/// `C(n, k)` (0 when `k > n`); exact for every value used here (below 2^63).
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
    }
    r as u64
}

/// Rank of a multiset of values below `n`, given sorted ascending, among all multisets of
/// any size up to the largest used (smaller sizes first): sizes below `k` take
/// `C(n + k − 1, k − 1)` ranks, then the combinatorial number system of the strictly
/// increasing `v_i + i`.
fn multiset_rank(sorted: &[u64], n: u64) -> u64 {
    let k = sorted.len() as u64;
    let below = if k == 0 {
        0
    } else {
        binomial(n + k - 1, k - 1)
    };
    below
        + sorted
            .iter()
            .enumerate()
            .map(|(i, &v)| binomial(v + i as u64, i as u64 + 1))
            .sum::<u64>()
}

/// The inverse of [`multiset_rank`] for multisets of at most `max` values; `None` past
/// the last rank.
fn multiset_unrank(rank: u64, n: u64, max: usize) -> Option<Vec<u64>> {
    let k = (0..=max as u64)
        .rev()
        .find(|&k| k == 0 || binomial(n + k - 1, k - 1) <= rank)?;
    if rank >= binomial(n + max as u64, max as u64) {
        return None;
    }
    let mut rest = rank
        - if k == 0 {
            0
        } else {
            binomial(n + k - 1, k - 1)
        };
    let mut out = vec![0; k as usize];
    for i in (1..=k).rev() {
        // The largest c with C(c, i) <= rest: c_i of the combination.
        let mut c = i - 1;
        while binomial(c + 1, i) <= rest {
            c += 1;
        }
        rest -= binomial(c, i);
        out[i as usize - 1] = c - (i - 1);
    }
    (rest == 0 && out.iter().all(|&v| v < n)).then_some(out)
}

fn token_value(t: MoveToken) -> Option<u64> {
    let from = t.from();
    let (d, s, to) = (
        from.district as u64,
        from.section as u64,
        t.to_section() as u64,
    );
    let sections = SECTIONS as u64;
    let ok = d < 3 && (1..=sections).contains(&s) && (1..=sections).contains(&to);
    // Key order of `MoveAct::sort`: district, section, standing first, target section.
    ok.then(|| ((d * sections + s - 1) * 2 + from.lying as u64) * sections + to - 1)
}

fn token_of(v: u64) -> MoveToken {
    let sections = SECTIONS as u64;
    let to = v % sections + 1;
    let lying = v / sections % 2 == 1;
    let place = v / sections / 2;
    let from = GolemRef::new(
        (place / sections) as u8,
        (place % sections + 1) as u8,
        lying,
    );
    MoveToken::new(from, to as u8)
}

fn move_id(m: &MoveAct) -> u64 {
    let n = m.tokens().count();
    if m.tokens[n..].iter().any(|t| t.0 != 0) {
        return INVALID;
    }
    let Some(values) = m.tokens().map(token_value).collect::<Option<Vec<u64>>>() else {
        return INVALID;
    };
    if values.windows(2).any(|w| w[0] > w[1]) {
        return INVALID;
    }
    MOVE_BIT
        | multiset_rank(&values, TOKEN_VALUES)
        | (m.pay_kn as u64) << RANK_BITS
        | (m.pay_vp as u64) << (RANK_BITS + 8)
        | (m.ignore as u64) << (RANK_BITS + 16)
}

fn move_of(id: u64) -> Option<MoveAct> {
    let values = multiset_unrank(id & ((1 << RANK_BITS) - 1), TOKEN_VALUES, MAX_MOVE_TOKENS)?;
    let mut m = MoveAct::default();
    for (slot, &v) in m.tokens.iter_mut().zip(&values) {
        *slot = token_of(v);
    }
    m.pay_kn = (id >> RANK_BITS) as u8;
    m.pay_vp = (id >> (RANK_BITS + 8)) as u8;
    m.ignore = id >> (RANK_BITS + 16) & 1 == 1;
    Some(m)
}

fn drop_id(lines: &[Marbles; LINES]) -> u64 {
    let mut id = 0;
    for c in (0..COLOURS as u8).rev() {
        // The colour's marbles as the multiset of their lines.
        let spots: Vec<u64> = (0..LINES)
            .flat_map(|l| std::iter::repeat_n(l as u64, lines[l].count(c) as usize))
            .collect();
        if spots.len() > MAX_PER_COLOUR {
            return INVALID;
        }
        id = id * COMPOSITIONS + multiset_rank(&spots, LINES as u64);
    }
    DROP_TAG | id
}

fn drop_of(mut payload: u64) -> Option<[Marbles; LINES]> {
    let mut lines = [Marbles::EMPTY; LINES];
    for c in 0..COLOURS as u8 {
        let spots = multiset_unrank(payload % COMPOSITIONS, LINES as u64, MAX_PER_COLOUR)?;
        payload /= COMPOSITIONS;
        for l in spots {
            lines[l as usize].add(c, 1);
        }
    }
    (payload == 0).then_some(lines)
}

fn golem_bits(g: GolemRef) -> u64 {
    g.district as u64 | (g.section as u64) << 8 | (g.lying as u64) << 16
}

fn golem_of(bits: u64) -> GolemRef {
    GolemRef::new(bits as u8, (bits >> 8) as u8, bits >> 16 & 1 == 1)
}

fn bytes(b: &[u8]) -> u64 {
    b.iter()
        .enumerate()
        .fold(0, |acc, (i, &x)| acc | (x as u64) << (8 * i))
}

fn byte(p: u64, i: u32) -> u8 {
    (p >> (8 * i)) as u8
}

/// Tag and payload of the small kinds (every variant but `Move` and `Drop`), in the
/// declaration order of [`Action`].
fn small(action: Action) -> Option<(u64, u64)> {
    use Action::*;
    Some(match action {
        Skip => (0, 0),
        Done => (1, 0),
        No => (2, 0),
        Yes => (3, 0),
        YesDistrict(d) => (4, d as u64),
        G6 { step, act } => (5, step as u64 | (act as u64) << 1),
        Work(n) => (6, n as u64),
        Pick(o) => (7, o as u64),
        Discard(o) => (8, o as u64),
        ArtifactTile { tile, side } => (9, bytes(&[tile, side])),
        Start(a, b) => (10, bytes(&[a, b])),
        Place(a, b) => (11, bytes(&[a, b])),
        Marble { line, colour } => (12, bytes(&[line, colour])),
        Rabbi(n) => (13, n as u64),
        RabbiBottom => (14, 0),
        Pass => (15, 0),
        Student(d) => (16, d as u64),
        Students(a, b) => (17, bytes(&[a, b])),
        Remove(c) => (18, c as u64),
        Act(g) => (19, golem_bits(g)),
        Up(u) => {
            if u.side > 3 {
                return None;
            }
            // tile 8 bits, side 2, Artifact 8, space 8, then the mix (flag + 3 bytes).
            let mut p = u.tile as u64
                | (u.side as u64) << 8
                | (u.space_artifact as u64) << 10
                | (u.space_k as u64) << 18;
            if let Some(pay) = u.pay {
                p |= 1 << 26 | bytes(&pay) << 27;
            }
            (20, p)
        }
        Create(d) => (21, d as u64),
        Gold(n) => (22, n as u64),
        Book(b) => (23, bytes(&[b.slot, b.column, b.as_colour, b.back])),
        Mirror(l) => (24, l as u64),
        MirrorTrack => (25, 0),
        Put(p) => (26, bytes(&p)),
        TrackUp => (27, 0),
        TrackDown => (28, 0),
        Kill { golem, space } => (29, golem_bits(golem) | (space as u64) << 17),
        Active(set) => (30, set),
        Artifact(set) => (31, set as u64),
        Keep(set) => (32, set as u64),
        Use { district, section } => (33, bytes(&[district, section])),
        Option(i) => (34, i as u64),
        InfluenceBonus => (35, 0),
        InfluenceCoins => (36, 0),
        Deal(b) => (37, b as u64),
        Tile(t) => (38, t as u64),
        Draw(set) => (39, set as u64),
        Move(_) | Drop(_) => return None,
    })
}

fn small_of(tag: u64, p: u64) -> Option<Action> {
    use Action::*;
    let b = |i| byte(p, i);
    Some(match tag {
        0 => Skip,
        1 => Done,
        2 => No,
        3 => Yes,
        4 => YesDistrict(b(0)),
        5 => G6 {
            step: p & 1 == 1,
            act: p >> 1 & 1 == 1,
        },
        6 => Work(b(0)),
        7 => Pick(b(0)),
        8 => Discard(b(0)),
        9 => ArtifactTile {
            tile: b(0),
            side: b(1),
        },
        10 => Start(b(0), b(1)),
        11 => Place(b(0), b(1)),
        12 => Marble {
            line: b(0),
            colour: b(1),
        },
        13 => Rabbi(b(0)),
        14 => RabbiBottom,
        15 => Pass,
        16 => Student(b(0)),
        17 => Students(b(0), b(1)),
        18 => Remove(b(0)),
        19 => Act(golem_of(p)),
        20 => Up(UpAct {
            tile: p as u8,
            side: (p >> 8 & 3) as u8,
            space_artifact: (p >> 10) as u8,
            space_k: (p >> 18) as u8,
            pay: (p >> 26 & 1 == 1).then(|| {
                let pay = p >> 27;
                [byte(pay, 0), byte(pay, 1), byte(pay, 2)]
            }),
        }),
        21 => Create(b(0)),
        22 => Gold(b(0)),
        23 => Book(BookAct {
            slot: b(0),
            column: b(1),
            as_colour: b(2),
            back: b(3),
        }),
        24 => Mirror(b(0)),
        25 => MirrorTrack,
        26 => Put([b(0), b(1), b(2), b(3)]),
        27 => TrackUp,
        28 => TrackDown,
        29 => Kill {
            golem: golem_of(p & 0x1_ffff),
            space: (p >> 17) as u8,
        },
        30 => Active(p),
        31 => Artifact(b(0)),
        32 => Keep(p as u32),
        33 => Use {
            district: b(0),
            section: b(1),
        },
        34 => Option(b(0)),
        35 => InfluenceBonus,
        36 => InfluenceCoins,
        37 => Deal(b(0)),
        38 => Tile(b(0)),
        39 => Draw(p as u32),
        _ => return None,
    })
}

/// The id of a micro-action or chance outcome (see the module documentation).
pub fn action_id(action: Action) -> u64 {
    match action {
        Action::Move(m) => move_id(&m),
        Action::Drop(lines) => drop_id(&lines),
        other => match small(other) {
            Some((tag, payload)) if payload >> SMALL_BITS == 0 => tag | payload << TAG_BITS,
            _ => INVALID,
        },
    }
}

/// The action with this id, or `None` for an id no action maps to.
pub fn action_from_id(id: u64) -> Option<Action> {
    let action = if id & MOVE_BIT != 0 {
        Action::Move(move_of(id & !MOVE_BIT)?)
    } else if id & DROP_TAG != 0 {
        Action::Drop(drop_of(id & !DROP_TAG)?)
    } else {
        small_of(id & ((1 << TAG_BITS) - 1), id >> TAG_BITS)?
    };
    (action_id(action) == id).then_some(action)
}

// ---- the policy space ------------------------------------------------------------------

/// Policy indices by kind: `(first index, size)`; an index is the kind's base plus a small
/// parameter of the action, clamped into the kind's range (so distinct actions may share
/// an index, as `Game::policy_index` allows).
const POLICY_KINDS: [usize; 32] = [
    4,   // skip, done, no, yes
    3,   // yes <d>
    4,   // g6
    8,   // work <n>, n clamped to 7
    27,  // pick <O>
    27,  // discard <O>
    8,   // artifact-tile
    324, // start: 18 × 18 tiles
    9,   // place: 3 × 3 districts
    601, // move: none, or the first token (600)
    25,  // marble: line × colour
    8,   // rabbi <n>, clamped to 7
    2,   // rabbi bottom, pass
    3,   // student <d>
    9,   // students
    5,   // remove <c>
    60,  // act <golem>
    18,  // up <tile>
    3,   // create <d>
    16,  // gold <n>, clamped to 15
    25,  // book: slot × column
    6,   // mirror <line>, mirror track
    16,  // put: the set of cauldrons receiving Gold
    2,   // track up, track down
    480, // kill: golem × Cemetery space (clamped to 7)
    39,  // active: the lowest Book, or none
    16,  // artifact: the set
    28,  // keep: the lowest Objective, or none
    30,  // use: district × section
    8,   // option <i>, clamped to 8
    2,   // influence bonus, influence coins
    1,   // chance outcomes (never a player's action)
];

const fn policy_total() -> usize {
    let mut total = 0;
    let mut i = 0;
    while i < POLICY_KINDS.len() {
        total += POLICY_KINDS[i];
        i += 1;
    }
    total
}

/// Size of the policy space.
pub const POLICY_ACTIONS: usize = policy_total();

fn golem_index(g: GolemRef) -> usize {
    ((g.district as usize).min(2) * SECTIONS + (g.section as usize).clamp(1, SECTIONS) - 1) * 2
        + g.lying as usize
}

/// The policy index of an action: its kind and a small parameter (docs/golem-cranio.md).
pub fn policy_index(action: Action) -> usize {
    use Action::*;
    let clamp = |x: u8, n: usize| (x as usize).min(n - 1);
    let lowest = |set: u64, n: usize| {
        if set == 0 {
            0
        } else {
            (set.trailing_zeros() as usize + 1).min(n - 1)
        }
    };
    let (kind, offset) = match action {
        Skip => (0, 0),
        Done => (0, 1),
        No => (0, 2),
        Yes => (0, 3),
        YesDistrict(d) => (1, clamp(d, 3)),
        G6 { step, act } => (2, step as usize | (act as usize) << 1),
        Work(n) => (3, clamp(n, 8)),
        Pick(o) => (4, clamp(o, 27)),
        Discard(o) => (5, clamp(o, 27)),
        ArtifactTile { tile, side } => (6, clamp(2 * tile.min(3) + side.clamp(1, 2) - 1, 8)),
        Start(a, b) => (7, clamp(a, 18) * 18 + clamp(b, 18)),
        Place(a, b) => (8, clamp(a, 3) * 3 + clamp(b, 3)),
        Move(m) => (
            9,
            m.tokens()
                .next()
                .and_then(token_value)
                .map_or(0, |v| v as usize + 1),
        ),
        Marble { line, colour } => (10, clamp(line, 5) * 5 + clamp(colour, 5)),
        Rabbi(n) => (11, clamp(n, 8)),
        RabbiBottom => (12, 0),
        Pass => (12, 1),
        Student(d) => (13, clamp(d, 3)),
        Students(a, b) => (14, clamp(a, 3) * 3 + clamp(b, 3)),
        Remove(c) => (15, clamp(c, 5)),
        Act(g) => (16, golem_index(g)),
        Up(u) => (17, clamp(u.tile, 18)),
        Create(d) => (18, clamp(d, 3)),
        Gold(n) => (19, clamp(n, 16)),
        Book(b) => (
            20,
            clamp(b.slot.max(1) - 1, 5) * 5 + clamp(b.column.max(1) - 1, 5),
        ),
        Mirror(l) => (21, clamp(l, 5)),
        MirrorTrack => (21, 5),
        Put(p) => (22, (0..4).fold(0, |m, k| m | ((p[k] > 0) as usize) << k)),
        TrackUp => (23, 0),
        TrackDown => (23, 1),
        Kill { golem, space } => (24, golem_index(golem) * 8 + clamp(space, 8)),
        Active(set) => (25, lowest(set, 39)),
        Artifact(set) => (26, clamp(set, 16)),
        Keep(set) => (27, lowest(set as u64, 28)),
        Use { district, section } => (
            28,
            clamp(district, 3) * SECTIONS + clamp(section.max(1) - 1, SECTIONS),
        ),
        Option(i) => (29, clamp(i.max(1) - 1, 8)),
        InfluenceBonus => (30, 0),
        InfluenceCoins => (30, 1),
        Drop(_) | Deal(_) | Tile(_) | Draw(_) => (31, 0),
    };
    POLICY_KINDS[..kind].iter().sum::<usize>() + offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_and_multiset_ranks_invert() {
        assert_eq!(binomial(606, 6), 67_099_721_313_471);
        assert!(
            binomial(TOKEN_VALUES + 6, 6) < 1 << RANK_BITS,
            "move ranks fit"
        );
        assert_eq!(binomial(LINES as u64 + 7, 7), COMPOSITIONS);
        // Every multiset of at most 3 of 4 values, in rank order, reads back.
        let mut rank = 0;
        for k in 0..=3usize {
            let mut all = Vec::new();
            fn rec(n: u64, k: usize, from: u64, acc: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
                if acc.len() == k {
                    out.push(acc.clone());
                    return;
                }
                for v in from..n {
                    acc.push(v);
                    rec(n, k, v, acc, out);
                    acc.pop();
                }
            }
            rec(4, k, 0, &mut Vec::new(), &mut all);
            all.sort_by_key(|m| multiset_rank(m, 4));
            for m in all {
                assert_eq!(multiset_rank(&m, 4), rank, "{m:?}");
                assert_eq!(multiset_unrank(rank, 4, 3), Some(m));
                rank += 1;
            }
        }
        assert_eq!(rank, binomial(7, 3));
        assert_eq!(multiset_unrank(rank, 4, 3), None);
    }

    #[test]
    fn edge_actions_round_trip() {
        let full = MoveAct {
            tokens: [
                MoveToken::new(GolemRef::new(2, 10, true), 10),
                MoveToken::new(GolemRef::new(2, 10, true), 10),
                MoveToken::new(GolemRef::new(2, 10, true), 10),
                MoveToken::new(GolemRef::new(2, 10, true), 10),
                MoveToken::new(GolemRef::new(2, 10, true), 10),
                MoveToken::new(GolemRef::new(2, 10, true), 10),
            ],
            pay_kn: 255,
            pay_vp: 255,
            ignore: true,
        };
        let mut first = MoveAct::default();
        first.tokens[0] = MoveToken::new(GolemRef::new(0, 1, false), 1);
        let every = [Marbles::from_counts([7, 7, 7, 7, 7]); 1];
        let seven_in_one = [
            every[0],
            Marbles::EMPTY,
            Marbles::EMPTY,
            Marbles::EMPTY,
            Marbles::EMPTY,
        ];
        let seven_in_last = [
            Marbles::EMPTY,
            Marbles::EMPTY,
            Marbles::EMPTY,
            Marbles::EMPTY,
            every[0],
        ];
        let edges = [
            Action::Move(MoveAct::default()),
            Action::Move(first),
            Action::Move(full),
            Action::Drop([Marbles::EMPTY; LINES]),
            Action::Drop(seven_in_one),
            Action::Drop(seven_in_last),
            Action::Active((1 << 38) - 1),
            Action::Keep((1 << 27) - 1),
            Action::Draw((1 << 27) - 1),
            Action::Put([255; 4]),
            Action::Book(BookAct {
                slot: 5,
                column: 5,
                as_colour: 4,
                back: 255,
            }),
            Action::Up(UpAct {
                tile: 17,
                side: 2,
                space_artifact: 255,
                space_k: 255,
                pay: Some([255, 255, 255]),
            }),
            Action::Up(UpAct {
                tile: 0,
                side: 0,
                space_artifact: 0,
                space_k: 0,
                pay: Some([0, 0, 0]),
            }),
            Action::Kill {
                golem: GolemRef::new(2, 10, true),
                space: 255,
            },
            Action::G6 {
                step: true,
                act: true,
            },
            Action::InfluenceCoins,
        ];
        let mut ids = std::collections::HashSet::new();
        for a in edges {
            let id = action_id(a);
            assert_ne!(id, INVALID, "{a:?}");
            assert_eq!(action_from_id(id), Some(a), "{a:?} (id {id:#x})");
            assert!(ids.insert(id), "{a:?}: id taken twice");
            assert!(policy_index(a) < POLICY_ACTIONS);
        }
        // Values outside the engine's ranges have no id, and stray ids no action.
        let mut unsorted = first;
        unsorted.tokens[1] = MoveToken::new(GolemRef::new(0, 1, false), 1);
        unsorted.tokens[0] = MoveToken::new(GolemRef::new(1, 1, false), 1);
        assert_eq!(action_id(Action::Move(unsorted)), INVALID);
        let eight = [Marbles::from_counts([4, 0, 0, 0, 0]); LINES];
        assert_eq!(action_id(Action::Drop(eight)), INVALID);
        assert_eq!(action_id(Action::Active(1 << 60)), INVALID);
        for stray in [
            INVALID,
            40,
            63,
            (1 << 62) | (1 << 61),
            MOVE_BIT | ((1 << RANK_BITS) - 1),
        ] {
            assert_eq!(action_from_id(stray), None, "{stray:#x}");
        }
    }
}
