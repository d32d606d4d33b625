//! The observation tensor and the policy action space (docs/century.md, "Observation
//! tensor"; docs/rl.md for the generic API).
//!
//! Nothing in Century is private to a seat: the only hidden facts are the deck orders,
//! which nobody knows, so the tensor holds the whole public state and never a deck order
//! (only which cards are still in each deck). Seats are rotated so that the observer comes
//! first: block k describes seat `(observer + k) % players`.

use super::action::{caravan_number, Action, ActionKind, CARAVAN_COUNT};
use super::cards::{GOLEMS, GOLEM_COUNT, MERCHANT_COUNT};
use super::crystals::Crystals;
use super::state::{Century, Pending, GOLEM_ROW_SLOTS, MAX_PLAYERS, MERCHANT_ROW_SLOTS};
use crate::util::BitIter;
use crate::{Game, Turn};

/// Entries of one seat's block: caravan (4), hand (45), played (45), golems (36), gold,
/// silver, score, golem count.
pub const SEAT_SIZE: usize = 4 + 2 * MERCHANT_COUNT + GOLEM_COUNT + 4;
/// Entries of one merchant-row slot: the card (one-hot, 45) and the crystals on it (4).
pub const MERCHANT_SLOT_SIZE: usize = MERCHANT_COUNT + 4;

/// Where each block starts (see docs/century.md).
pub const PLAYERS_AT: usize = 0;
pub const TO_MOVE_AT: usize = PLAYERS_AT + MAX_PLAYERS;
pub const PENDING_AT: usize = TO_MOVE_AT + MAX_PLAYERS;
pub const TERMINAL_AT: usize = PENDING_AT + 2;
pub const LAST_ROUND_AT: usize = TERMINAL_AT + 1;
pub const COINS_AT: usize = LAST_ROUND_AT + 1;
pub const DECK_SIZES_AT: usize = COINS_AT + 2;
pub const MERCHANT_ROW_AT: usize = DECK_SIZES_AT + 2;
pub const GOLEM_ROW_AT: usize = MERCHANT_ROW_AT + MERCHANT_ROW_SLOTS * MERCHANT_SLOT_SIZE;
pub const MERCHANT_UNSEEN_AT: usize = GOLEM_ROW_AT + GOLEM_ROW_SLOTS * GOLEM_COUNT;
pub const GOLEM_UNSEEN_AT: usize = MERCHANT_UNSEEN_AT + MERCHANT_COUNT;
pub const SEATS_AT: usize = GOLEM_UNSEEN_AT + GOLEM_COUNT;
pub const OBSERVATION_SIZE: usize = SEATS_AT + MAX_PLAYERS * SEAT_SIZE;

/// Policy indices: play card c to caravan k at `c * 1001 + k`, take card c ending with
/// caravan k at `TAKE_AT + c * 1001 + k`, rest, then claim golem g.
const PER_CARD: usize = CARAVAN_COUNT;
const TAKE_AT: usize = MERCHANT_COUNT * PER_CARD;
const REST_AT: usize = 2 * MERCHANT_COUNT * PER_CARD;
const CLAIM_AT: usize = REST_AT + 1;
pub const POLICY_ACTIONS: usize = CLAIM_AT + GOLEM_COUNT;

fn bits(out: &mut [f32], set: u64) {
    for i in BitIter(set) {
        out[i] = 1.0;
    }
}

/// Counts y g b p. Byte lanes: crystals on a row card can pile up past 15.
fn crystals(out: &mut [f32], crystals: Crystals) {
    for (colour, slot) in out.iter_mut().take(4).enumerate() {
        *slot = crystals.get(colour) as f32;
    }
}

pub(super) fn observe(state: &Century, observer: usize, out: &mut [f32]) {
    out.fill(0.0);
    let players = state.num_players();
    let relative = |seat: usize| (seat + players - observer % players) % players;
    out[PLAYERS_AT + players - 1] = 1.0;
    match state.turn() {
        Turn::Player(seat) => out[TO_MOVE_AT + relative(seat)] = 1.0,
        Turn::Chance => {
            let which = usize::from(state.pending() == Pending::Golem);
            out[PENDING_AT + which] = 1.0;
        }
        Turn::Terminal => out[TERMINAL_AT] = 1.0,
    }
    out[LAST_ROUND_AT] = f32::from(u8::from(state.last_round()));
    out[COINS_AT] = state.gold_left() as f32;
    out[COINS_AT + 1] = state.silver_left() as f32;
    out[DECK_SIZES_AT] = state.merchant_unseen().count_ones() as f32;
    out[DECK_SIZES_AT + 1] = state.golem_unseen().count_ones() as f32;
    for (slot, (&card, &on)) in state
        .merchant_row()
        .iter()
        .zip(state.row_crystals())
        .enumerate()
    {
        let at = MERCHANT_ROW_AT + slot * MERCHANT_SLOT_SIZE;
        out[at + card as usize] = 1.0;
        crystals(&mut out[at + MERCHANT_COUNT..], on);
    }
    for (slot, &golem) in state.golem_row().iter().enumerate() {
        out[GOLEM_ROW_AT + slot * GOLEM_COUNT + golem as usize] = 1.0;
    }
    bits(&mut out[MERCHANT_UNSEEN_AT..], state.merchant_unseen());
    bits(&mut out[GOLEM_UNSEEN_AT..], state.golem_unseen());
    for seat in 0..players {
        let s = state.seat(seat);
        let at = SEATS_AT + relative(seat) * SEAT_SIZE;
        let block = &mut out[at..at + SEAT_SIZE];
        crystals(block, s.crystals());
        bits(&mut block[4..], s.hand);
        bits(&mut block[4 + MERCHANT_COUNT..], s.played);
        bits(&mut block[4 + 2 * MERCHANT_COUNT..], s.golems);
        let tail = 4 + 2 * MERCHANT_COUNT + GOLEM_COUNT;
        block[tail] = s.gold as f32;
        block[tail + 1] = s.silver as f32;
        block[tail + 2] = state.score_of(seat) as f32;
        block[tail + 3] = s.golems.count_ones() as f32;
    }
}

/// The policy index of a player action (docs/century.md): takes that differ only in
/// where the placed crystals go share one.
pub(super) fn policy_index(action: Action) -> usize {
    let caravan = || caravan_number(action.caravan).unwrap_or(0) as usize;
    let card = action.index as usize % MERCHANT_COUNT;
    match action.kind {
        ActionKind::Play => card * PER_CARD + caravan(),
        ActionKind::Take => TAKE_AT + card * PER_CARD + caravan(),
        ActionKind::Rest => REST_AT,
        ActionKind::Claim => CLAIM_AT + action.index as usize % GOLEMS.len(),
        // Chance outcomes are not policy actions; a valid index all the same.
        ActionKind::DealMerchant | ActionKind::DealGolem => REST_AT,
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::Game;

    fn start() -> Century {
        Century::new_game(3, &mut ChaCha8Rng::seed_from_u64(5))
    }

    fn observe(state: &Century, seat: usize) -> Vec<f32> {
        let mut out = vec![0.0; OBSERVATION_SIZE];
        state.observation(seat, &mut out);
        out
    }

    #[test]
    fn crystals_piled_on_a_row_card_are_counted_past_fifteen() {
        let text = start().to_text().unwrap();
        let line = text
            .lines()
            .find(|l| l.starts_with("crystals = ["))
            .expect("the row's crystals");
        let piled = format!(
            "crystals = [\"{}\", \"g\", \"\", \"\", \"\", \"\"]",
            "y".repeat(20)
        );
        let state = Century::from_text(&text.replacen(line, &piled, 1)).unwrap();
        let out = observe(&state, 0);
        let slot0 = MERCHANT_ROW_AT + MERCHANT_COUNT;
        assert_eq!(out[slot0..slot0 + 4], [20.0, 0.0, 0.0, 0.0]);
        let slot1 = MERCHANT_ROW_AT + MERCHANT_SLOT_SIZE + MERCHANT_COUNT;
        assert_eq!(out[slot1..slot1 + 4], [0.0, 1.0, 0.0, 0.0]);
    }

    #[test]
    fn seats_are_rotated_so_the_observer_comes_first() {
        let mut state = start();
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        state.apply(legal[0]);
        assert_eq!(state.turn(), Turn::Player(1));
        // Seat 1 is to move: relative seat 1 for seat 0, 0 for seat 1, 2 for seat 2.
        for (observer, relative) in [(0, 1), (1, 0), (2, 2)] {
            let out = observe(&state, observer);
            let to_move: Vec<usize> = (0..MAX_PLAYERS)
                .filter(|&k| out[TO_MOVE_AT + k] == 1.0)
                .collect();
            assert_eq!(to_move, [relative]);
            assert_eq!(
                out[PLAYERS_AT..PLAYERS_AT + MAX_PLAYERS],
                [0.0, 0.0, 1.0, 0.0, 0.0]
            );
            // The observer's own caravan opens the seat blocks.
            let own = state.seat(observer).crystals();
            let lanes: Vec<f32> = own.lanes().iter().map(|&n| n as f32).collect();
            assert_eq!(out[SEATS_AT..SEATS_AT + 4], lanes[..]);
        }
    }
}
