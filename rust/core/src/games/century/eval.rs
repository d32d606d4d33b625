//! Century's knowledge for search: the action priors (the greedy bot's judgement, made
//! graded) and the evaluation behind `heuristic_score`.
//!
//! **Priors.** Every claim gets `CLAIM + value` (points with the coin), so claims come
//! first and the richer ones before the others. Every other action is scored like the
//! greedy bot's key (greedy.rs): with `target` the golem of the row cheapest to complete
//! from the current caravan, `-(REACH * reach + NOW * now) + WORTH * worth`, where *reach*
//! is the distance to the target after the action or after one more play of a card then in
//! hand (estimated cheaply: `quick_play`), *now* the distance right after it and *worth*
//! the caravan's value. A take also
//! gets `TAKE * power` of the card it adds (crystal steps per play, below), so the search
//! is pointed at engine cards too. Priors are `exp(TEMPERATURE * (score - best))`.
//!
//! **Evaluation** of seat p, in points:
//! `score - non_yellow + CARAVAN * worth(caravan) + GOLEM * best_golem + ENGINE * rate * turns_left`
//! - `worth`: crystals at their trade value (y 1 … p 4); the non-yellow crystal points in
//!   the score are taken out again, since they are counted by `worth`.
//! - `rate`: crystal steps per turn the seat's cards produce: the summed power of its
//!   cards in hand and played (a gain its crystals' worth, an upgrade its steps, a trade
//!   the worth it adds per exchange) over the number of cards plus one (a rest per cycle).
//! - `best_golem`: over the golems in the row, `value * DISCOUNT^(distance / rate)`: the
//!   golem worth most once the turns still needed to complete it are discounted.
//! - `turns_left`: the seat's turns until the end is likely, from the most golems any
//!   seat holds (about `TURNS_PER_GOLEM` turns per golem still to be claimed), capped.
//!
//! The weights were set by hand and checked in short arena runs against the greedy bot
//! (docs/strength.md).

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use super::cards::{Effect, GOLEMS, GOLEM_COUNT, MERCHANTS};
use super::crystals::Crystals;
use super::greedy::{claim_value, claim_value_at, distance};
use super::state::GOLEM_ROW_SLOTS;
use super::{caravan_worth, golem_threshold, Action, ActionKind, BitIter, Century};
use crate::Game;

const CLAIM: f32 = 100.0;
const REACH: f32 = 1.0;
const NOW: f32 = 0.3;
const WORTH: f32 = 0.05;
const TAKE: f32 = 0.3;
const TEMPERATURE: f32 = 1.5;

const CARAVAN: f64 = 0.5;
const GOLEM: f64 = 0.5;
const DISCOUNT: f64 = 0.85;
const ENGINE: f64 = 0.5;
const TURNS_PER_GOLEM: f64 = 2.5;
const MAX_TURNS_LEFT: f64 = 12.0;

/// Crystal steps one play of merchant `card` yields (a trade: one exchange).
fn power(card: usize) -> f64 {
    POWER[card] as f64
}

/// [`power`] of every merchant card, computed once. Every card's power is a whole number
/// of steps (crystal worths are), so sums of them are exact in any order.
const POWER: [u8; MERCHANTS.len()] = {
    let mut table = [0; MERCHANTS.len()];
    let mut card = 0;
    while card < MERCHANTS.len() {
        let steps = match MERCHANTS[card].effect {
            Effect::Gain(gain) => worth_of(gain),
            Effect::Upgrade(steps) => steps as i32,
            Effect::Trade { pay, get } => worth_of(get) - worth_of(pay),
        };
        // A byte of cards (below) must sum within a u8.
        assert!(
            0 <= steps && steps <= 31,
            "a card's power fits the byte tables"
        );
        table[card] = steps as u8;
        card += 1;
    }
    table
};

/// Bytes of a merchant-card set.
const CARD_BYTES: usize = MERCHANTS.len().div_ceil(8);

/// Summed [`power`] of the cards in each byte value of a card set: `[k][b]` for the cards
/// `8k..8k+8` whose bits are set in `b`. The evaluation sums a seat's cards at every leaf;
/// six lookups replace a loop over them.
const POWER_BY_BYTE: [[u8; 256]; CARD_BYTES] = {
    let mut table = [[0; 256]; CARD_BYTES];
    let mut k = 0;
    while k < CARD_BYTES {
        let mut byte = 0;
        while byte < 256 {
            let mut sum = 0;
            let mut bit = 0;
            while bit < 8 {
                let card = 8 * k + bit;
                if byte >> bit & 1 == 1 && card < MERCHANTS.len() {
                    sum += POWER[card];
                }
                bit += 1;
            }
            table[k][byte] = sum;
            byte += 1;
        }
        k += 1;
    }
    table
};

/// Summed power of a set of merchant cards.
#[inline]
fn power_sum(cards: u64) -> u32 {
    (0..CARD_BYTES)
        .map(|k| POWER_BY_BYTE[k][(cards >> (8 * k)) as u8 as usize] as u32)
        .sum()
}

/// The largest [`power_sum`] of any set of cards.
const MAX_POWER_SUM: usize = {
    let mut sum = 0;
    let mut card = 0;
    while card < MERCHANTS.len() {
        sum += POWER[card] as usize;
        card += 1;
    }
    sum
};

/// The farthest any caravan is from a golem: the golem's worth, from an empty caravan.
const MAX_STEPS: usize = {
    let mut most = 0;
    let mut golem = 0;
    while golem < GOLEMS.len() {
        let worth = worth_of(GOLEMS[golem].cost) as usize;
        if worth > most {
            most = worth;
        }
        golem += 1;
    }
    most
};

/// A seat's cards as an engine: (summed power, number of cards), which fix its rate.
const ENGINES: usize = (MAX_POWER_SUM + 1) * (MERCHANTS.len() + 1);

#[cfg(test)]
#[test]
fn golem_distance_table_agrees_with_distance() {
    for nibbles in 0..=u16::MAX {
        let caravan = Crystals::from_nibbles(nibbles);
        for (golem, card) in GOLEMS.iter().enumerate() {
            let exact = distance(caravan, card.cost);
            // The first call fills the entry, the second reads it back.
            assert_eq!(golem_distance(nibbles, golem as u8), exact);
            assert_eq!(golem_distance(nibbles, golem as u8), exact);
        }
    }
}

#[cfg(test)]
#[test]
fn power_of_agrees_with_powi() {
    for base in [0.85f64, 0.5, 0.97, 1.0] {
        for exponent in 0..40u32 {
            let expected = base.powi(exponent as i32);
            assert!((power_of(base, exponent) - expected).abs() <= 1e-12 * expected.max(1.0));
        }
    }
}

/// The evaluation as first written (a loop over the cards, an `exp` and a `power_of` per
/// call): the memoised [`evaluate`] must agree with it to the bit, or search results move.
#[cfg(test)]
fn evaluate_plain(state: &Century, player: usize) -> f64 {
    let seat = state.seat(player);
    let caravan = seat.crystals();
    let cards = seat.hand | seat.played;
    let produced: f64 = BitIter(cards).map(power).sum();
    let rate = (produced / (cards.count_ones() as f64 + 1.0)).max(0.5);
    let per_step = (DISCOUNT.ln() / rate).exp();
    let best_golem = state
        .golem_row()
        .iter()
        .enumerate()
        .map(|(slot, &golem)| {
            let steps = distance(caravan, GOLEMS[golem as usize].cost);
            claim_value_at(state, slot) as f64 * power_of(per_step, steps)
        })
        .fold(0.0, f64::max);
    let turns_left = turns_left(state);
    state.score_of(player) as f64 - caravan.non_yellow() as f64
        + CARAVAN * caravan_worth(caravan) as f64
        + GOLEM * best_golem
        + ENGINE * rate * turns_left
}

#[cfg(test)]
#[test]
fn evaluation_agrees_with_the_plain_formula_to_the_bit() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut actions = Vec::new();
    let mut compared = 0;
    for game in 0..40 {
        let mut state = Century::new_game(2 + game % 4, &mut rng);
        while !state.is_terminal() {
            for player in 0..state.num_players() {
                // Twice: the first call may fill the memo, the second reads it.
                for _ in 0..2 {
                    let (fast, plain) = (evaluate(&state, player), evaluate_plain(&state, player));
                    assert_eq!(fast.to_bits(), plain.to_bits(), "{fast} vs {plain}");
                }
                compared += 1;
            }
            state.legal_actions(&mut actions);
            state.apply(actions[rng.random_range(0..actions.len())]);
        }
    }
    assert!(compared > 10_000, "{compared} evaluations compared");
}

#[cfg(test)]
#[test]
fn power_sums_by_byte_agree_with_the_cards() {
    for cards in [
        0,
        1,
        0b1011,
        super::cards::DECK_MERCHANTS,
        (1 << MERCHANTS.len()) - 1,
    ] {
        let plain: u32 = BitIter(cards).map(|c| POWER[c] as u32).sum();
        assert_eq!(power_sum(cards), plain);
    }
    assert_eq!(
        power_sum((1 << MERCHANTS.len()) - 1) as usize,
        MAX_POWER_SUM
    );
}

/// `caravan_worth` usable in a `const` table.
const fn worth_of(crystals: Crystals) -> i32 {
    (crystals.get(0) + 2 * crystals.get(1) + 3 * crystals.get(2) + 4 * crystals.get(3)) as i32
}

/// Turns the game may still last: none in the last round, else the golems the leader
/// still needs to end it, a few turns each, capped.
fn turns_left(state: &Century) -> f64 {
    if state.last_round() {
        return 0.0;
    }
    let most_golems = (0..state.num_players())
        .map(|s| state.seat(s).golems.count_ones())
        .max()
        .unwrap_or(0);
    let to_claim = golem_threshold(state.num_players()).saturating_sub(most_golems) as f64;
    (to_claim * TURNS_PER_GOLEM).min(MAX_TURNS_LEFT)
}

/// About the smallest distance to `cost` one play of `card` can reach from `caravan`
/// (`now` away): a gain as it comes (caravan limit ignored), an upgrade of n steps as n
/// steps closer, a trade exchanged once or twice. Cheaper than the greedy bot's exact
/// `best_play`, which lists every upgrade and discard choice; priors run on every
/// rollout step.
fn quick_play(card: usize, caravan: Crystals, cost: Crystals, now: u32) -> u32 {
    match MERCHANTS[card].effect {
        Effect::Gain(gain) => distance(caravan.plus(gain), cost),
        Effect::Upgrade(steps) => now.saturating_sub(steps as u32),
        Effect::Trade { pay, get } => {
            let mut best = now;
            let mut current = caravan;
            for _ in 0..2 {
                if !current.covers(pay) {
                    break;
                }
                current = current.minus(pay).plus(get);
                best = best.min(distance(current, cost));
            }
            best
        }
    }
}

/// `distance(caravan, cost of golem)` for a seat's caravan in its stored nibble form,
/// memoised per (caravan, golem): the evaluation needs it for every golem of the row at
/// every search leaf. Entries are filled on first use (the table is zeroed memory, so it
/// costs nothing until touched; the few caravans a game visits fill a few pages), which
/// replaced a table built eagerly on first call: that cost about 25 ms per process, a
/// fifth of a short search. A race only stores the same value twice.
fn golem_distance(caravan: u16, golem: u8) -> u32 {
    const SLOTS: usize = (u16::MAX as usize + 1) * GOLEM_COUNT;
    // Distance + 1, so 0 means "not computed yet".
    static MEMO: [AtomicU8; SLOTS] = [const { AtomicU8::new(0) }; SLOTS];
    let entry = &MEMO[caravan as usize * GOLEM_COUNT + golem as usize];
    match entry.load(Relaxed) {
        0 => {
            let d = distance(Crystals::from_nibbles(caravan), GOLEMS[golem as usize].cost);
            if d < u8::MAX as u32 {
                entry.store(d as u8 + 1, Relaxed);
            }
            d
        }
        stored => stored as u32 - 1,
    }
}

/// `base^exponent` for the small exponents of golem distances, inlined: `f64::powi` with a
/// run-time exponent is a library call, which was a tenth of the evaluation's time.
#[inline]
fn power_of(mut base: f64, mut exponent: u32) -> f64 {
    let mut result = 1.0;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result *= base;
        }
        base *= base;
        exponent >>= 1;
    }
    result
}

/// `DISCOUNT^(steps / rate)` for a seat whose cards are `engine` (power sum, count) at
/// `rate`, memoised per (engine, steps): an `exp` and a `power_of` per golem at every leaf
/// were a quarter of the evaluation. The value is computed as before (`per_step^steps`),
/// so it is the same to the bit. Entries fill on first use, as in [`golem_distance`].
#[inline]
fn discount(engine: usize, rate: f64, steps: u32) -> f64 {
    static MEMO: [AtomicU64; ENGINES * (MAX_STEPS + 1)] =
        [const { AtomicU64::new(0) }; ENGINES * (MAX_STEPS + 1)];
    if steps as usize > MAX_STEPS {
        return discount_of(rate, steps);
    }
    let entry = &MEMO[engine * (MAX_STEPS + 1) + steps as usize];
    match entry.load(Relaxed) {
        // A discount is never 0: per_step >= 0.85^2 and steps <= MAX_STEPS.
        0 => {
            let value = discount_of(rate, steps);
            entry.store(value.to_bits(), Relaxed);
            value
        }
        bits => f64::from_bits(bits),
    }
}

/// `DISCOUNT^(steps / rate)` as `per_step^steps` (one `exp`, not a `powf`). Kept out of
/// line: inlined, the compiler hoisted its `exp` out of the loop of [`evaluate`] and paid
/// it on every call, memo hit or not.
#[cold]
#[inline(never)]
fn discount_of(rate: f64, steps: u32) -> f64 {
    let per_step = (DISCOUNT.ln() / rate).exp();
    power_of(per_step, steps)
}

/// The golem of the row cheapest to complete from `caravan` (ties to more points with
/// the coin, then the lower slot), as the greedy bot picks its target: its id and cost.
fn target(state: &Century, caravan: u16) -> Option<(u8, Crystals)> {
    state
        .golem_row()
        .iter()
        .enumerate()
        .min_by_key(|&(slot, &golem)| {
            (
                golem_distance(caravan, golem),
                -claim_value(state, golem),
                slot,
            )
        })
        .map(|(_, &golem)| (golem, GOLEMS[golem as usize].cost))
}

/// Fills `out` with the prior weight of each of `actions` (see the module documentation).
pub(super) fn priors(state: &Century, actions: &[Action], out: &mut Vec<f32>) {
    out.clear();
    let seat = state.seat(state.to_move());
    let target = target(state, seat.caravan);
    // A small memo: plays and takes often end on the same caravan and hand.
    let mut memo: [(u16, u64, u32); 8] = [(u16::MAX, 0, 0); 8];
    let mut reach_of = |after: Crystals, hand: u64, cost: Crystals, now: u32| {
        let key = (after.to_nibbles(), hand);
        if let Some(&(_, _, r)) = memo.iter().find(|m| (m.0, m.1) == key) {
            return r;
        }
        let r = BitIter(hand)
            .map(|card| quick_play(card, after, cost, now))
            .fold(now, u32::min);
        memo.rotate_right(1);
        memo[0] = (key.0, key.1, r);
        r
    };
    for &action in actions {
        let after = Crystals::from_nibbles(action.caravan);
        let worth = caravan_worth(after) as f32;
        let score = match (action.kind, target) {
            (ActionKind::Claim, _) => {
                CLAIM + claim_value(state, action.index) as f32 + 0.01 * worth
            }
            (_, None) => 0.0,
            (kind, Some((golem, cost))) => {
                let bit = 1u64 << action.index;
                let hand = match kind {
                    ActionKind::Play => seat.hand & !bit,
                    ActionKind::Take => seat.hand | bit,
                    _ => seat.hand | seat.played,
                };
                // The memoised distance: `distance` per action was a third of the priors.
                let now = golem_distance(action.caravan, golem);
                let reach = reach_of(after, hand, cost, now) as f32;
                let now = now as f32;
                let take = if kind == ActionKind::Take {
                    TAKE * power(action.index as usize) as f32
                } else {
                    0.0
                };
                -(REACH * reach + NOW * now) + WORTH * worth + take
            }
        };
        out.push(score);
    }
    let best = out.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    out.iter_mut()
        .for_each(|s| *s = (TEMPERATURE * (*s - best)).exp());
}

/// Entries of the per-thread memo of [`cached_best_golem`].
const BEST_GOLEM_ENTRIES: usize = 1 << 12;

thread_local! {
    /// (key, best golem term) per entry, direct-mapped; allocated on first use.
    static BEST_GOLEM: RefCell<Vec<(u64, f64)>> = const { RefCell::new(Vec::new()) };
}

/// The best-golem term of a seat with `caravan` and cards `engine`, from `compute` or a
/// per-thread memo of it. The key holds everything the term reads (the caravan, the
/// engine, the golem row and which coins are left), so a hit is the same value to the
/// bit. Leaves of one search see few caravans and rows over and over; the term was a
/// third of the evaluation.
#[inline]
fn cached_best_golem(
    state: &Century,
    caravan: u16,
    engine: usize,
    compute: impl FnOnce() -> f64,
) -> f64 {
    // 16 bits of caravan, 13 of engine, 6 per golem slot (63: empty), 2 for the coins.
    const _: () = assert!(ENGINES <= 1 << 13 && GOLEM_COUNT < 63);
    let row = (0..GOLEM_ROW_SLOTS).fold(0u64, |code, slot| {
        let golem = state.golem_row().get(slot).map_or(63, |&g| g as u64);
        code << 6 | golem
    });
    let coins = (state.gold_left() > 0) as u64 | ((state.silver_left() > 0) as u64) << 1;
    let key = caravan as u64 | (engine as u64) << 16 | row << 29 | coins << 59;
    let index = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 52) as usize;
    BEST_GOLEM.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.is_empty() {
            // u64::MAX is no key (keys use 61 bits).
            memo.resize(BEST_GOLEM_ENTRIES, (u64::MAX, 0.0));
        }
        let entry = &mut memo[index];
        if entry.0 != key {
            *entry = (key, compute());
        }
        entry.1
    })
}

/// Names of [`terms`], in order.
pub(super) const TERMS: [&str; 4] = ["points", "caravan", "best_golem", "engine"];

/// The weights of [`TERMS`] as set by hand: `CARAVAN`, `GOLEM`, `ENGINE`.
pub(super) const HAND: [f64; 4] = [1.0, CARAVAN, GOLEM, ENGINE];

/// The evaluation's terms for `player` (see the module documentation): the points without
/// the non-yellow crystals, the caravan's worth, the discounted best golem, and the
/// engine's rate times the turns left.
pub(super) fn terms(state: &Century, player: usize) -> [f64; 4] {
    let seat = state.seat(player);
    let caravan = seat.crystals();
    let cards = seat.hand | seat.played;
    let (produced, count) = (power_sum(cards), cards.count_ones());
    let rate = (produced as f64 / (count as f64 + 1.0)).max(0.5);
    let engine = produced as usize * (MERCHANTS.len() + 1) + count as usize;
    let best_golem = cached_best_golem(state, seat.caravan, engine, || {
        state
            .golem_row()
            .iter()
            .enumerate()
            .map(|(slot, &golem)| {
                let steps = golem_distance(seat.caravan, golem);
                claim_value_at(state, slot) as f64 * discount(engine, rate, steps)
            })
            // Values are positive and never NaN: a plain compare, not `f64::max`'s NaN
            // rules.
            .fold(0.0, |best, value| if value > best { value } else { best })
    });
    let turns_left = turns_left(state);
    // The score without its non-yellow crystals (`worth` counts them): whole numbers, so
    // the same as `score_of - non_yellow` in f64.
    let points = seat.golem_points() + 3 * seat.gold as u32 + seat.silver as u32;
    [
        points as f64,
        caravan_worth(caravan) as f64,
        best_golem,
        rate * turns_left,
    ]
}

/// The evaluation of `player`'s position in points with the hand-set weights.
pub(super) fn evaluate(state: &Century, player: usize) -> f64 {
    evaluate_with(state, player, &HAND)
}

/// The evaluation with `weights` for [`TERMS`]. With [`HAND`] it is the formula of the
/// module documentation to the bit (its weights are powers of two, so the products are
/// exact in any grouping).
pub(super) fn evaluate_with(state: &Century, player: usize, weights: &[f64; 4]) -> f64 {
    let t = terms(state, player);
    weights[0] * t[0] + weights[1] * t[1] + weights[2] * t[2] + weights[3] * t[3]
}

/// Whether the game could end within two player moves: the last round is on, or a seat is
/// one golem short of the trigger.
pub(super) fn end_is_near(state: &Century) -> bool {
    let threshold = golem_threshold(state.num_players());
    state.last_round()
        || (0..state.num_players()).any(|s| state.seat(s).golems.count_ones() + 1 >= threshold)
}
