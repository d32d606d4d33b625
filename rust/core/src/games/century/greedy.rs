//! Century's `greedy` bot: a one-ply heuristic, the baseline search bots must beat.
//!
//! 1. **Claim** when it can: the golem worth the most points counting the coin above it
//!    (gold 3, silver 1); ties to the one that leaves the richer caravan.
//! 2. Otherwise pick a **target**: the golem in the row that is cheapest to complete, by
//!    [`distance`] (ties to more points with the coin, then the lower slot).
//! 3. Score every other legal action by the caravan and hand it leaves:
//!    - *reach*: the distance to the target after the action, or after one more play of
//!      any card then in hand, whichever is smaller (so a take is worth the card it adds, a
//!      rest the cards it returns);
//!    - *now*: the distance to the target right after the action;
//!    - *worth*: the caravan's value (y 1, g 2, b 3, p 4), more is better.
//!
//!    The action with the smallest (reach, now, -worth) wins; exact ties are broken
//!    uniformly at random with the bot's RNG.

use rand::{Rng, RngCore};

use super::cards::{Effect, GOLEMS, MERCHANTS};
use super::crystals::Crystals;
use super::movegen::{for_each_kept, for_each_upgrade};
use super::{caravan_worth, Action, ActionKind, BitIter, Century, Coin};
use crate::bots::{Bot, Policies};
use crate::{Game, Turn};

/// The `greedy` bot (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Greedy;

impl Policies for Century {
    const POLICIES: &'static [&'static str] = &["greedy"];

    fn policy(name: &str) -> Option<Box<dyn Bot<Self>>> {
        (name == "greedy").then(|| Box::new(Greedy) as Box<dyn Bot<Self>>)
    }
}

/// How far `have` is from paying `cost`, in single steps: every crystal can only be
/// upgraded (y→g→b→p, one step each), a missing crystal costs one gain plus the upgrades
/// to its colour. Equals `worth(cost) - worth(crystals used)` for the best choice of
/// crystals used, which is found by serving the dearest colours first from the highest
/// crystal not above them.
pub fn distance(have: Crystals, cost: Crystals) -> u32 {
    let mut left = have.lanes();
    let mut steps = 0;
    for colour in (0..4).rev() {
        let mut need = cost.get(colour);
        for from in (0..=colour).rev() {
            let used = need.min(left[from]);
            left[from] -= used;
            need -= used;
            steps += used * (colour - from) as u32;
        }
        steps += need * (colour as u32 + 1);
    }
    steps
}

/// Points a claim from `slot` is worth now, the coin included.
pub(super) fn claim_value(state: &Century, golem: u8) -> i32 {
    claim_value_at(state, state.golem_slot(golem))
}

/// [`claim_value`] of the golem in row `slot`.
pub(super) fn claim_value_at(state: &Century, slot: usize) -> i32 {
    let golem = state.golem_row()[slot];
    let coin = match state.coin_above(slot) {
        Some(Coin::Gold) => 3,
        Some(Coin::Silver) => 1,
        None => 0,
    };
    GOLEMS[golem as usize].points as i32 + coin
}

/// The smallest distance to `cost` that playing `card` once from `caravan` can reach.
fn best_play(card: usize, caravan: Crystals, cost: Crystals) -> u32 {
    let mut best = u32::MAX;
    let mut consider = |c: Crystals| best = best.min(distance(c, cost));
    match MERCHANTS[card].effect {
        Effect::Gain(gain) => for_each_kept(caravan.plus(gain), &mut consider),
        Effect::Upgrade(steps) => for_each_upgrade(caravan, steps as u32, &mut consider),
        Effect::Trade { pay, get } => {
            let mut current = caravan;
            while current.covers(pay) {
                current = current.minus(pay).plus(get);
                for_each_kept(current, &mut consider);
            }
        }
    }
    best
}

/// Picks the smallest key among `candidates`, exact ties uniformly at random.
fn pick_min<K: Ord>(
    candidates: impl Iterator<Item = (K, Action)>,
    rng: &mut dyn RngCore,
) -> Option<Action> {
    let mut best: Option<(K, Action)> = None;
    let mut ties = 0u32;
    for (key, action) in candidates {
        match &best {
            Some((top, _)) if key > *top => {}
            Some((top, _)) if key == *top => {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = Some((key, action));
                }
            }
            _ => {
                best = Some((key, action));
                ties = 1;
            }
        }
    }
    best.map(|(_, action)| action)
}

impl Bot<Century> for Greedy {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&self, state: &Century, rng: &mut dyn RngCore) -> Option<Action> {
        let Turn::Player(me) = state.turn() else {
            return None;
        };
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let claims = legal.iter().filter(|a| a.kind == ActionKind::Claim);
        let claim = pick_min(
            claims.map(|&a| {
                let worth = caravan_worth(Crystals::from_nibbles(a.caravan));
                ((-claim_value(state, a.index), -worth), a)
            }),
            rng,
        );
        if claim.is_some() {
            return claim;
        }

        let caravan = state.seat(me).crystals();
        let target = state
            .golem_row()
            .iter()
            .enumerate()
            .min_by_key(|&(slot, &golem)| {
                let cost = GOLEMS[golem as usize].cost;
                (distance(caravan, cost), -claim_value(state, golem), slot)
            })
            .map(|(_, &golem)| GOLEMS[golem as usize].cost);
        let Some(target) = target else {
            // No golem left to aim at: any move will do.
            return pick_min(legal.iter().map(|&a| ((), a)), rng);
        };

        let scored = legal.iter().map(|&action| {
            let mut next = *state;
            next.apply(action);
            let seat = next.seat(me);
            let after = seat.crystals();
            let now = distance(after, target);
            let reach = BitIter(seat.hand)
                .map(|card| best_play(card, after, target))
                .fold(now, u32::min);
            ((reach, now, -caravan_worth(after)), action)
        });
        pick_min(scored, rng)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::super::position::{sketch, SeatSketch as S};
    use super::*;

    const ROW: [&str; 6] = ["yyy>p", "ggg>bbb", "bb>pp", "p>bb", "pp>gggbb", "bbb>ppp"];

    /// Seat 0 to move with `caravan`, `hand` and `played`; seat 1 a plain start.
    fn position(golems: &[&str], caravan: &str, hand: &[&str], played: &[&str]) -> Century {
        let seats = [
            S(caravan, hand, played, &[], 0, 0),
            S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
        ];
        sketch(0, &ROW, &[], golems, &seats).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Greedy's move under several seeds: they must agree (no tie decides it).
    fn greedy_move(state: &Century) -> String {
        let moves: Vec<String> = (0..8)
            .map(|seed| {
                let action = Greedy.choose(state, &mut ChaCha8Rng::seed_from_u64(seed));
                state.action_to_text(action.expect("a move"))
            })
            .collect();
        assert!(moves.iter().all(|m| *m == moves[0]), "{moves:?}");
        moves[0].clone()
    }

    fn c(text: &str) -> Crystals {
        Crystals::parse(text).unwrap()
    }

    #[test]
    fn distance_counts_upgrade_steps_and_missing_crystals() {
        assert_eq!(distance(c("yygg"), c("yygg")), 0);
        assert_eq!(distance(c("yyyy"), c("yygg")), 2);
        // Two greens from yellows (1 each), one yellow missing (1).
        assert_eq!(distance(c("yyy"), c("yygg")), 3);
        // A pink cannot pay for a yellow: both yellows are missing.
        assert_eq!(distance(c("pp"), c("yy")), 2);
        // Surplus does not help, and nothing from nothing costs the full worth.
        assert_eq!(distance(c("pppp"), c("")), 0);
        assert_eq!(distance(c(""), c("ygbp")), 10);
        // The blue is served by the green (1 step), not by a yellow (2 steps).
        assert_eq!(distance(c("yg"), c("yb")), 1);
    }

    #[test]
    fn claims_the_golem_worth_most_points() {
        // yygg (6 + gold 3), gggg (8 + silver 1), yybb (8) and ggbb (10) are affordable.
        let state = position(
            &["yygg", "gggg", "yybb", "ggbb", "pppp"],
            "yyggggbb",
            &[],
            &[],
        );
        assert_eq!(greedy_move(&state), "claim ggbb");
    }

    #[test]
    fn counts_the_coin_when_choosing_a_claim() {
        // yyggg is 8 points but 11 with the gold above slot 0; ggbb is 10 without a coin.
        let state = position(
            &["yyggg", "pppp", "ggbb", "bbbb", "ppppp"],
            "yyggggbb",
            &[],
            &[],
        );
        assert_eq!(greedy_move(&state), "claim yyggg");
    }

    #[test]
    fn works_toward_the_cheapest_golem() {
        // yygg is 3 steps from yyy, the other golems much further. U2 gets within one
        // step now and +yy finishes it next turn; +yy first would leave two steps.
        let golems = ["bbbb", "yygg", "pppp", "ggpp", "ybbp"];
        let state = position(&golems, "yyy", &["+yy", "U2"], &[]);
        assert_eq!(greedy_move(&state), "play U2 yy>gg");
        let state = position(&golems, "ygg", &["+yy"], &["U2"]);
        assert_eq!(greedy_move(&state), "play +yy");
    }

    #[test]
    fn rests_when_its_played_cards_would_help() {
        // Nothing in hand; no card in the row brings yygg closer; U2 and +yy would.
        let state = position(
            &["yygg", "bbbb", "pppp", "ggpp", "ybbp"],
            "yy",
            &[],
            &["+yy", "U2"],
        );
        assert_eq!(greedy_move(&state), "rest");
    }

    #[test]
    fn takes_a_card_that_reaches_the_target() {
        // +gg (slot 1, one crystal to pay) completes yygg with the yellows left over
        // next turn; the starting cards alone need two more turns.
        let row = ["yyy>p", "+gg", "bb>pp", "p>bb", "pp>gggbb", "bbb>ppp"];
        let seats = [
            S("yyy", &["U2"], &["+yy"], &[], 0, 0),
            S("yyyy", &["+yy", "U2"], &[], &[], 0, 0),
        ];
        let state = sketch(
            0,
            &row,
            &[],
            &["bbbb", "yygg", "pppp", "ggpp", "ybbp"],
            &seats,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(greedy_move(&state), "take +gg pay y");
    }
}
