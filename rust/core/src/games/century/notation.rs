//! Move notation: the canonical text of an action, and parsing text back into an action.
//!
//! See `docs/century.md` for the grammar. Parsing computes the caravan (and placement) the
//! text describes and looks it up among the legal actions, so every spelling that leads to
//! the same successor names the same action.

use super::action::{Action, ActionKind};
use super::cards::{golem_by_name, merchant_by_name, Effect, GOLEMS, MERCHANTS};
use super::crystals::{Crystals, CARAVAN_LIMIT, COLOUR_LETTERS};
use super::state::Century;

impl Century {
    pub fn action_text(&self, action: Action) -> String {
        let seat = self.seat(self.to_move());
        let before = seat.crystals();
        let after = Crystals::from_nibbles(action.caravan);
        match action.kind {
            ActionKind::Play => {
                let card = &MERCHANTS[action.index as usize];
                let mut text = format!("play {}", card.name);
                match card.effect {
                    Effect::Gain(gain) => push_drop(&mut text, before.plus(gain), after),
                    Effect::Upgrade(_) => {
                        let (lost, gained) = difference(before, after);
                        if !lost.is_empty() {
                            text.push_str(&format!(" {lost}>{gained}"));
                        }
                    }
                    Effect::Trade { pay, get } => {
                        let (times, held) = smallest_trade_count(before, pay, get, after);
                        if times > 1 {
                            text.push_str(&format!(" x{times}"));
                        }
                        push_drop(&mut text, held, after);
                    }
                }
                text
            }
            ActionKind::Take => {
                let slot = self.merchant_slot(action.index);
                let card = action.index as usize;
                let mut text = format!("take {}", MERCHANTS[card].name);
                let mut paid = Crystals::EMPTY;
                if slot > 0 {
                    text.push_str(" pay ");
                    for before_slot in 0..slot {
                        let colour = action.placed_colour(before_slot);
                        text.push(COLOUR_LETTERS[colour]);
                        paid = paid.plus(Crystals::single(colour));
                    }
                }
                let held = before.minus(paid).plus(self.row_crystals()[slot]);
                push_drop(&mut text, held, after);
                text
            }
            ActionKind::Rest => "rest".to_string(),
            ActionKind::Claim => {
                format!("claim {}", GOLEMS[action.index as usize].name)
            }
            ActionKind::DealMerchant => format!("deal {}", MERCHANTS[action.index as usize].name),
            ActionKind::DealGolem => format!("deal {}", GOLEMS[action.index as usize].name),
        }
    }

    pub fn parse_action(&self, text: &str) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let mut legal = Vec::new();
        self.generate(&mut legal);
        let (verb, rest) = words
            .split_first()
            .ok_or_else(|| "empty move: expected play, take, rest, claim or deal".to_string())?;
        let wanted = match *verb {
            "play" => self.parse_play(rest)?,
            "take" => self.parse_take(rest)?,
            "rest" => {
                expect_end(rest, "rest")?;
                let caravan = self.seat(self.to_move()).caravan;
                Action {
                    kind: ActionKind::Rest,
                    index: 0,
                    placement: 0,
                    caravan,
                }
            }
            "claim" => {
                let (name, tail) = rest.split_first().ok_or("claim needs a golem name")?;
                expect_end(tail, "claim NAME")?;
                let golem = golem_by_name(name).ok_or(format!("'{name}' is not a golem card"))?;
                if !self.golem_row().contains(&golem) {
                    return Err(format!("golem {name} is not in the golem row"));
                }
                let cost = GOLEMS[golem as usize].cost;
                let caravan = self.seat(self.to_move()).crystals();
                if !caravan.covers(cost) {
                    return Err(format!(
                        "cannot afford golem {name}: it costs {cost}, caravan holds {caravan}"
                    ));
                }
                Action {
                    kind: ActionKind::Claim,
                    index: golem,
                    placement: 0,
                    caravan: caravan.minus(cost).to_nibbles(),
                }
            }
            "deal" => {
                let (name, tail) = rest.split_first().ok_or("deal needs a card name")?;
                expect_end(tail, "deal NAME")?;
                if let Some(card) = merchant_by_name(name) {
                    Action::deal_merchant(card)
                } else if let Some(golem) = golem_by_name(name) {
                    Action::deal_golem(golem)
                } else {
                    return Err(format!("'{name}' is not a card name"));
                }
            }
            other => {
                return Err(format!(
                    "unknown move '{other}': expected play, take, rest, claim or deal"
                ))
            }
        };
        if legal.contains(&wanted) {
            Ok(wanted)
        } else {
            Err(format!("'{}' is not legal in this position", text.trim()))
        }
    }

    fn parse_play(&self, words: &[&str]) -> Result<Action, String> {
        let (name, mut tail) = words.split_first().ok_or("play needs a card name")?;
        let card = merchant_by_name(name).ok_or(format!("'{name}' is not a merchant card"))?;
        if self.seat(self.to_move()).hand & (1 << card) == 0 {
            return Err(format!(
                "card {name} is not in the hand of seat {}",
                self.to_move()
            ));
        }
        let before = self.seat(self.to_move()).crystals();
        let held = match MERCHANTS[card as usize].effect {
            Effect::Gain(gain) => before.plus(gain),
            Effect::Upgrade(_) => match tail.first() {
                Some(word) if word.contains('>') => {
                    tail = &tail[1..];
                    let (lost, gained) = word.split_once('>').expect("checked above");
                    let (lost, gained) = (Crystals::parse(lost)?, Crystals::parse(gained)?);
                    if !before.covers(lost) {
                        return Err(format!("cannot upgrade {lost}: caravan holds {before}"));
                    }
                    before.minus(lost).plus(gained)
                }
                _ => before,
            },
            Effect::Trade { pay, get } => {
                let mut times = 1;
                if let Some(word) = tail.first().and_then(|w| w.strip_prefix('x')) {
                    times = word
                        .parse::<u32>()
                        .ok()
                        .filter(|&t| t >= 1)
                        .ok_or(format!("'x{word}' is not a repeat count (x2, x3, ...)"))?;
                    tail = &tail[1..];
                }
                let mut held = before;
                for _ in 0..times {
                    if !held.covers(pay) {
                        return Err(format!("cannot trade {name} {times} times with {before}"));
                    }
                    held = held.minus(pay).plus(get);
                }
                held
            }
        };
        let caravan = apply_drop(held, tail)?;
        Ok(Action {
            kind: ActionKind::Play,
            index: card,
            placement: 0,
            caravan,
        })
    }

    fn parse_take(&self, words: &[&str]) -> Result<Action, String> {
        let (name, mut tail) = words.split_first().ok_or("take needs a card name")?;
        let card = merchant_by_name(name).ok_or(format!("'{name}' is not a merchant card"))?;
        let slot = self
            .merchant_row()
            .iter()
            .position(|&c| c == card)
            .ok_or(format!("card {name} is not in the merchant row"))?;
        let mut placement = 0u16;
        let mut paid = Crystals::EMPTY;
        if tail.first() == Some(&"pay") {
            let letters = tail
                .get(1)
                .ok_or("pay needs the crystals placed, e.g. pay yg")?;
            tail = &tail[2..];
            if letters.chars().count() != slot {
                return Err(format!(
                    "taking {name} from slot {slot} places {slot} crystal(s), not '{letters}'"
                ));
            }
            for (i, ch) in letters.chars().enumerate() {
                let colour = COLOUR_LETTERS
                    .iter()
                    .position(|&c| c == ch)
                    .ok_or(format!("'{ch}' is not a crystal colour"))?;
                placement |= (colour as u16) << (2 * i);
                paid = paid.plus(Crystals::single(colour));
            }
        } else if slot > 0 {
            return Err(format!(
                "taking {name} from slot {slot} needs 'pay' with {slot} crystal(s)"
            ));
        }
        let before = self.seat(self.to_move()).crystals();
        if !before.covers(paid) {
            return Err(format!("cannot pay {paid}: caravan holds {before}"));
        }
        let held = before.minus(paid).plus(self.row_crystals()[slot]);
        let caravan = apply_drop(held, tail)?;
        Ok(Action {
            kind: ActionKind::Take,
            index: card,
            placement,
            caravan,
        })
    }
}

/// Crystals that went down and crystals that went up from `before` to `after`.
fn difference(before: Crystals, after: Crystals) -> (Crystals, Crystals) {
    let (b, a) = (before.lanes(), after.lanes());
    let lost = std::array::from_fn(|c| b[c].saturating_sub(a[c]));
    let gained = std::array::from_fn(|c| a[c].saturating_sub(b[c]));
    (
        Crystals::from_lanes(lost).unwrap(),
        Crystals::from_lanes(gained).unwrap(),
    )
}

/// The smallest repeat count whose result can be cut down to `after`, and the caravan it
/// held before the discard.
fn smallest_trade_count(
    before: Crystals,
    pay: Crystals,
    get: Crystals,
    after: Crystals,
) -> (u32, Crystals) {
    let mut held = before;
    let mut times = 0;
    while held.covers(pay) {
        held = held.minus(pay).plus(get);
        times += 1;
        if held == after || held.total() > CARAVAN_LIMIT && held.covers(after) {
            return (times, held);
        }
    }
    unreachable!("action caravan {after} is not a result of this trade from {before}")
}

fn push_drop(text: &mut String, held: Crystals, kept: Crystals) {
    if held != kept {
        text.push_str(&format!(" drop {}", held.minus(kept)));
    }
}

/// Applies an optional trailing `drop D` and checks the caravan limit.
fn apply_drop(held: Crystals, tail: &[&str]) -> Result<u16, String> {
    let kept = match tail {
        [] => held,
        ["drop", letters] => {
            let dropped = Crystals::parse(letters)?;
            if held.total() <= CARAVAN_LIMIT {
                return Err(format!(
                    "nothing to drop: the caravan holds {} crystals",
                    held.total()
                ));
            }
            if held.total() != CARAVAN_LIMIT + dropped.total() {
                return Err(format!(
                    "drop {} crystal(s) to come down to {CARAVAN_LIMIT}, not {}",
                    held.total() - CARAVAN_LIMIT,
                    dropped.total()
                ));
            }
            if !held.covers(dropped) {
                return Err(format!(
                    "cannot drop {dropped}: the caravan would hold {held}"
                ));
            }
            held.minus(dropped)
        }
        other => {
            return Err(format!(
                "unexpected '{}' (expected 'drop CRYSTALS' or nothing)",
                other.join(" ")
            ))
        }
    };
    if kept.total() > CARAVAN_LIMIT {
        return Err(format!(
            "the caravan would hold {} crystals ({kept}); drop down to {CARAVAN_LIMIT}",
            kept.total()
        ));
    }
    Ok(kept.to_nibbles())
}

fn expect_end(tail: &[&str], form: &str) -> Result<(), String> {
    match tail {
        [] => Ok(()),
        extra => Err(format!("unexpected '{}' after {form}", extra.join(" "))),
    }
}
