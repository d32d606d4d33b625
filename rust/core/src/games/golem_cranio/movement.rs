//! Moving Golems (spec §4.2, §5.5): every distinct result of a move, its canonical text,
//! and reading a written move back against the position.
//!
//! A **result** is the final layout of the player's Golems (district, section,
//! orientation), the Knowledge and VP paid for entries onto costly sections, and in
//! phase 2 the overflow penalty. One micro-action per distinct result (§9); the text names
//! the result, never which of two interchangeable Golems went where.

use super::action::{MoveAct, MoveToken, MAX_MOVE_TOKENS};
use super::components::vocab::Resource;
use super::components::Components;
use super::golems::{GolemRef, Golems};
use super::state::{State, DISTRICTS, SECTIONS};

/// What a move may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRules {
    /// Steps available.
    pub steps: u32,
    /// Phase 2: exactly `steps` (or every Golem to X with the overflow penalty); otherwise
    /// up to `steps`.
    pub exact: bool,
    /// Golems may also move back (each Golem one direction only, §5.5).
    pub backward: bool,
    /// Only one Golem may move (`golems = one`).
    pub one_golem: bool,
    /// Cost of a forward step onto each section (index section − 1).
    pub entry_cost: [u8; SECTIONS],
    /// Currencies an entry may be paid in, each entry wholly in one.
    pub pay_in_vp: bool,
    pub pay_in_knowledge: bool,
    /// Knowledge the player holds (Knowledge payments must be affordable; VP may go below 0).
    pub knowledge: u32,
    /// VP lost per unusable step, and at most per own Golem on the board.
    pub overflow_per_step: u32,
    pub overflow_cap_per_golem: u32,
}

impl MoveRules {
    /// The numbers of `comp`, for `steps` steps and the player's `knowledge`.
    pub fn from_components(comp: &Components, steps: u32, knowledge: u32) -> MoveRules {
        let currencies = &comp.board.block_entry_currencies;
        MoveRules {
            steps,
            exact: true,
            backward: false,
            one_golem: false,
            entry_cost: comp.board.block_entry_cost,
            pay_in_vp: currencies.contains(&Resource::Vp),
            pay_in_knowledge: currencies.contains(&Resource::Knowledge),
            knowledge,
            overflow_per_step: comp.rules.overflow_penalty_vp_per_step as u32,
            overflow_cap_per_golem: comp.rules.overflow_penalty_cap_per_golem as u32,
        }
    }
}

/// One distinct result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MoveResult {
    pub after: Golems,
    pub kn: u8,
    pub vp: u8,
    /// Overflow penalty in VP (phase 2).
    pub penalty: u16,
}

/// Every distinct result of moving `before` under `rules`, in [`MoveResult`] order (see
/// [`listing_key`] for the listing order). Empty only when nothing can be paid (never in
/// phase 2, where VP always pays).
pub fn move_results(before: Golems, rules: &MoveRules) -> Vec<MoveResult> {
    let mut pieces = [GolemRef::new(0, 1, false); MAX_MOVE_TOKENS];
    let mut count = 0;
    for g in before.pieces() {
        pieces[count] = g;
        count += 1;
    }
    let pieces = &pieces[..count];
    let capacity = before.capacity();
    let mut out = Vec::with_capacity(32);
    if rules.exact && rules.steps > capacity {
        // Every Golem ends on X; the unusable steps cost the penalty.
        let mut after = Golems::EMPTY;
        let mut entries = [0u32; SECTIONS];
        for &g in pieces {
            let to = SECTIONS as u8;
            after.add(GolemRef::new(g.district, to, g.lying && g.section == to));
            for s in g.section + 1..=to {
                entries[s as usize - 1] += 1;
            }
        }
        let penalty = (rules.overflow_per_step * (rules.steps - capacity))
            .min(rules.overflow_cap_per_golem * pieces.len() as u32);
        add_payments(&mut out, after, &entries, penalty, rules);
    } else {
        let mut targets = [0u8; MAX_MOVE_TOKENS];
        assign(pieces, 0, rules, 0, &mut targets, &mut out);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Chooses a final section for piece `i` onward.
fn assign(
    pieces: &[GolemRef],
    i: usize,
    rules: &MoveRules,
    used: u32,
    targets: &mut [u8; MAX_MOVE_TOKENS],
    out: &mut Vec<MoveResult>,
) {
    if i == pieces.len() {
        if rules.exact && used != rules.steps {
            return;
        }
        let mut after = Golems::EMPTY;
        let mut entries = [0u32; SECTIONS];
        for (g, &to) in pieces.iter().zip(targets.iter()) {
            let moved = to != g.section;
            after.add(GolemRef::new(g.district, to, g.lying && !moved));
            for s in g.section + 1..=to {
                entries[s as usize - 1] += 1;
            }
        }
        add_payments(out, after, &entries, 0, rules);
        return;
    }
    let g = pieces[i];
    let left = rules.steps - used;
    // Interchangeable pieces (same place) take non-decreasing targets: the multiset is
    // what counts.
    let same_as_previous = i > 0 && pieces[i - 1] == g;
    let moved_before = targets[..i]
        .iter()
        .zip(pieces)
        .any(|(&t, p)| t != p.section);
    let low = if rules.backward {
        g.section.saturating_sub(left.min(255) as u8).max(1)
    } else {
        g.section
    };
    let high = (g.section as u32 + left).min(SECTIONS as u32) as u8;
    for to in low..=high {
        if same_as_previous && to < targets[i - 1] {
            continue;
        }
        if rules.one_golem && moved_before && to != g.section {
            continue;
        }
        targets[i] = to;
        let cost = (to as i32 - g.section as i32).unsigned_abs();
        assign(pieces, i + 1, rules, used + cost, targets, out);
    }
}

/// Adds one result per distinct (Knowledge, VP) split of the entry costs.
fn add_payments(
    out: &mut Vec<MoveResult>,
    after: Golems,
    entries: &[u32; SECTIONS],
    penalty: u32,
    rules: &MoveRules,
) {
    let mut push = |kn: u32, vp: u32| {
        out.push(MoveResult {
            after,
            kn: kn as u8,
            vp: vp as u8,
            penalty: penalty as u16,
        })
    };
    let entered_cost = |s: usize| entries[s] > 0 && rules.entry_cost[s] > 0;
    if !(0..SECTIONS).any(entered_cost) {
        // Nothing to pay: the common case, without the subset sums.
        push(0, 0);
        return;
    }
    let costs = (0..SECTIONS)
        .flat_map(|s| std::iter::repeat_n(rules.entry_cost[s] as u32, entries[s] as usize))
        .filter(|&c| c > 0);
    let total: u32 = costs.clone().sum();
    // Achievable Knowledge totals: subset sums of the entry costs.
    let mut sums = vec![false; total as usize + 1];
    sums[0] = true;
    for c in costs {
        for v in (c as usize..=total as usize).rev() {
            sums[v] |= sums[v - c as usize];
        }
    }
    for (kn, &ok) in sums.iter().enumerate() {
        let kn = kn as u32;
        let vp = total - kn;
        if !ok
            || (kn > 0 && !rules.pay_in_knowledge)
            || (vp > 0 && !rules.pay_in_vp)
            || kn > rules.knowledge
        {
            continue;
        }
        push(kn, vp);
    }
}

/// The canonical tokens from `before` to `after` (§9 "move"): per district, remove the
/// (section, orientation) pairs found both before and after, pair the remaining starts and
/// ends in ascending order (standing before lying, §15.5).
pub fn tokens(before: Golems, after: Golems) -> [MoveToken; MAX_MOVE_TOKENS] {
    let mut out = [MoveToken::default(); MAX_MOVE_TOKENS];
    let mut n = 0;
    for d in 0..DISTRICTS {
        let (b, a) = (before.0[d], after.0[d]);
        if a == b {
            continue;
        }
        // At most 6 Golems: the changed places in listing order (3-bit fields, section
        // ascending, standing first), starts and ends paired by rank.
        let mut starts = [GolemRef::new(d as u8, 1, false); MAX_MOVE_TOKENS];
        let mut ends = [0u8; MAX_MOVE_TOKENS];
        let (mut n_starts, mut n_ends) = (0, 0);
        let mut changed = a ^ b;
        while changed != 0 {
            let field = changed.trailing_zeros() / 3;
            let shift = 3 * field;
            changed &= !(7 << shift);
            let (was, now) = ((b >> shift & 7) as usize, (a >> shift & 7) as usize);
            let g = GolemRef::new(d as u8, field as u8 / 2 + 1, field % 2 == 1);
            for _ in now..was {
                starts[n_starts] = g;
                n_starts += 1;
            }
            for _ in was..now {
                ends[n_ends] = g.section;
                n_ends += 1;
            }
        }
        debug_assert_eq!(n_starts, n_ends, "Golems stay in their district");
        for (&from, &to) in starts[..n_starts].iter().zip(&ends[..n_ends]) {
            out[n] = MoveToken::new(from, to);
            n += 1;
        }
    }
    out
}

/// The micro-action of a result.
pub fn action_of(before: Golems, r: &MoveResult, ignore: bool) -> MoveAct {
    MoveAct {
        tokens: tokens(before, r.after),
        pay_kn: r.kn,
        pay_vp: r.vp,
        ignore,
    }
}

/// A move's place in the listing, as one number (see [`listing_key`]).
pub type MoveListingKey = u128;

/// Listing order of move actions (§9): `move none` first, then token by token (district
/// r y b, from section, standing first, to section; fewer tokens first on a common
/// prefix), then the amounts paid (Knowledge descending, then VP descending: the `pay`
/// mixes of §15.4 list the earlier resource of the written order descending), then
/// without `ignore` before with it.
///
/// Packed most significant first: 16 bits per token slot (district, from section, lying,
/// to section; an empty slot is 0, below any real token, whose section is at least 1),
/// then 255 − Knowledge, 255 − VP and `ignore`. Sorting by one integer is several times
/// faster than by a tuple.
pub fn listing_key(m: &MoveAct) -> MoveListingKey {
    let mut slots = [0u128; MAX_MOVE_TOKENS];
    for (slot, token) in slots.iter_mut().zip(m.tokens()) {
        let f = token.from();
        *slot = (f.district as u128) << 10
            | (f.section as u128) << 6
            | (f.lying as u128) << 5
            | token.to_section() as u128;
    }
    let mut key = slots.iter().fold(0u128, |key, &slot| key << 16 | slot);
    key = key << 8 | (255 - m.pay_kn) as u128;
    key = key << 8 | (255 - m.pay_vp) as u128;
    key << 1 | m.ignore as u128
}

/// The layout a written move denotes: each token takes a Golem from its place and stands
/// it on the named section of the same district. `None` if a token names a Golem the
/// player does not have there.
pub fn apply_tokens(before: Golems, m: &MoveAct) -> Option<Golems> {
    let mut after = before;
    for t in m.tokens() {
        let from = t.from();
        if after.count(from) == 0 {
            return None;
        }
        after.remove(from);
        after.add(GolemRef::new(from.district, t.to_section(), false));
    }
    // Tokens taken from the pieces first, then added: a chain `r3>5 r5>7` is read on the
    // Golems before the move.
    let mut check = before;
    for t in m.tokens() {
        if check.count(t.from()) == 0 {
            return None;
        }
        check.remove(t.from());
    }
    Some(after)
}

/// Phase 2 for the player to move: every legal `move` with its result, in listing order.
/// The steps are the Golem-track level's plus the active Character's; with g5 upgraded the
/// reduced count (without the Character's) adds the results it alone reaches, marked
/// `ignore` (§15.8).
pub fn phase2_moves(state: &State, seat: usize) -> Vec<(MoveAct, MoveResult)> {
    let (full, reduced) = phase2_steps(state, seat);
    let p = &state.players[seat];
    let before = p.golems;
    let rules = MoveRules::from_components(&state.comp, full, p.res[2] as u32);
    let mut out: Vec<(MoveAct, MoveResult)> = move_results(before, &rules)
        .into_iter()
        .map(|r| (action_of(before, &r, false), r))
        .collect();
    if let Some(reduced) = reduced {
        let rules = MoveRules {
            steps: reduced,
            ..rules
        };
        for r in move_results(before, &rules) {
            if !out.iter().any(|(_, o)| *o == r) {
                out.push((action_of(before, &r, true), r));
            }
        }
    }
    sort_for_listing(&mut out);
    out
}

/// Sorts moves into listing order ([`listing_key`], computed once per move). Keys are
/// distinct: the tokens name the layout, `ignore` the penalty.
pub fn sort_for_listing(moves: &mut [(MoveAct, MoveResult)]) {
    moves.sort_by_cached_key(|(m, _)| listing_key(m));
}

/// Phase 2 steps: (all steps, the reduced count when g5 lets the player leave out the
/// Character's steps and that changes the count).
pub fn phase2_steps(state: &State, seat: usize) -> (u32, Option<u32>) {
    let comp = &state.comp;
    let p = &state.players[seat];
    let level_steps = comp
        .player_board
        .golem_track
        .level_of(p.golem_track)
        .map_or(0, |l| l.steps as u32);
    let character = state.board.palace[state.round as usize - 1];
    let char_steps = comp
        .characters
        .get(character as usize)
        .map_or(0, |c| c.golem_steps as u32);
    let reduced =
        (may_ignore_character_steps(state, seat) && char_steps > 0).then_some(level_steps);
    (level_steps + char_steps, reduced)
}

/// Whether an upgraded Golem Development lets the player leave out the Character's steps.
pub fn may_ignore_character_steps(state: &State, seat: usize) -> bool {
    use super::components::Ability;
    let devs = state.players[seat].developments;
    state
        .comp
        .player_board
        .golem_developments
        .iter()
        .enumerate()
        .any(|(i, dev)| {
            devs >> (6 + i) & 1 == 1
                && dev
                    .abilities
                    .iter()
                    .any(|a| matches!(a, Ability::MayIgnoreCharacterSteps))
        })
}

/// The result of a legal phase-2 move, read from its text: the layout its tokens denote,
/// the amounts it pays and the overflow penalty of the steps it uses (all steps, or the
/// reduced count with `ignore`). Listing the moves to find it would cost as much as
/// the listing itself.
pub fn phase2_result(state: &State, seat: usize, m: &MoveAct) -> MoveResult {
    let before = state.players[seat].golems;
    let (full, reduced) = phase2_steps(state, seat);
    let steps = if m.ignore {
        reduced.unwrap_or(full)
    } else {
        full
    };
    let capacity = before.capacity();
    let comp = &state.comp;
    let penalty = if steps > capacity {
        (comp.rules.overflow_penalty_vp_per_step as u32 * (steps - capacity))
            .min(comp.rules.overflow_penalty_cap_per_golem as u32 * before.pieces().count() as u32)
    } else {
        0
    };
    let r = MoveResult {
        after: apply_tokens(before, m).expect("a legal move names the player's Golems"),
        kn: m.pay_kn,
        vp: m.pay_vp,
        penalty: penalty as u16,
    };
    debug_assert!(
        phase2_moves(state, seat).contains(&(*m, r)),
        "{m:?} is a legal phase-2 move with result {r:?}"
    );
    r
}

/// Applies a phase-2 result to `seat`: the layout, the entry costs, the penalty.
pub fn apply_result(state: &mut State, seat: usize, r: &MoveResult) {
    state.set_golems(seat, r.after);
    if r.kn > 0 {
        state.add_res(seat, 2, -(r.kn as i32));
    }
    let vp = r.vp as i32 + r.penalty as i32;
    if vp > 0 {
        state.add_vp(seat, -vp);
    }
}

/// Reads a written phase-2 move: the legal move whose result the text denotes, with its
/// canonical value (any pairing of the tokens that reaches the same layout is accepted).
pub fn parse_phase2(state: &State, seat: usize, m: &MoveAct) -> Result<MoveAct, String> {
    let before = state.players[seat].golems;
    let after = apply_tokens(before, m).ok_or("a token names a Golem that is not there")?;
    let legal = phase2_moves(state, seat);
    let (full, reduced) = phase2_steps(state, seat);
    let steps = if m.ignore {
        reduced.ok_or("'ignore' needs Golem Development 5 and Character steps to leave out")?
    } else {
        full
    };
    let rules = MoveRules::from_components(&state.comp, steps, state.players[seat].res[2] as u32);
    let wanted = move_results(before, &rules)
        .into_iter()
        .find(|r| r.after == after && r.kn == m.pay_kn && r.vp == m.pay_vp)
        .ok_or("not a legal result of this Golem Movement")?;
    legal
        .into_iter()
        .find(|(_, r)| *r == wanted)
        .map(|(a, _)| a)
        .ok_or_else(|| "not a legal result of this Golem Movement".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::golem_cranio::action::Action;

    fn layout(text: &str) -> Golems {
        let mut g = Golems::EMPTY;
        for w in text.split_whitespace() {
            g.add(GolemRef::parse(w).unwrap());
        }
        g
    }

    /// The builtin rules: entries onto VIII/IX/X cost 1/2/3 in VP or Knowledge, overflow
    /// 5 VP per step, at most 5 per Golem.
    fn rules(steps: u32, knowledge: u32) -> MoveRules {
        MoveRules::from_components(Components::builtin(), steps, knowledge)
    }

    fn texts(before: Golems, rules: &MoveRules) -> Vec<String> {
        let mut acts: Vec<MoveAct> = move_results(before, rules)
            .iter()
            .map(|r| action_of(before, r, false))
            .collect();
        acts.sort_by_key(listing_key);
        acts.into_iter()
            .map(|m| Action::Move(m).to_text())
            .collect()
    }

    /// The listing order spelled out as a tuple (tokens as a list, so a shorter list on a
    /// common prefix sorts first): what the packed [`listing_key`] must agree with.
    type PlainKey = (
        Vec<(u8, u8, bool, u8)>,
        std::cmp::Reverse<u8>,
        std::cmp::Reverse<u8>,
        bool,
    );

    fn plain_key(m: &MoveAct) -> PlainKey {
        let tokens = m
            .tokens()
            .map(|t| {
                (
                    t.from().district,
                    t.from().section,
                    t.from().lying,
                    t.to_section(),
                )
            })
            .collect();
        (
            tokens,
            std::cmp::Reverse(m.pay_kn),
            std::cmp::Reverse(m.pay_vp),
            m.ignore,
        )
    }

    /// The changed places between two layouts, counted the slow way (every place).
    fn plain_tokens(before: Golems, after: Golems) -> Vec<MoveToken> {
        let mut out = Vec::new();
        for d in 0..DISTRICTS as u8 {
            let (mut starts, mut ends) = (Vec::new(), Vec::new());
            for s in 1..=SECTIONS as u8 {
                for l in [false, true] {
                    let g = GolemRef::new(d, s, l);
                    let (b, a) = (before.count(g), after.count(g));
                    starts.extend(std::iter::repeat_n(g, b.saturating_sub(a) as usize));
                    ends.extend(std::iter::repeat_n(s, a.saturating_sub(b) as usize));
                }
            }
            out.extend(
                starts
                    .into_iter()
                    .zip(ends)
                    .map(|(g, s)| MoveToken::new(g, s)),
            );
        }
        out
    }

    #[test]
    fn packed_listing_keys_and_tokens_agree_with_the_plain_definitions() {
        let layouts = ["r1 r1 y3l b9", "r3 r5l y1 y1 b2 b8l", "r8 r9l y10 b1 b1 b1"];
        let mut checked = 0;
        for text in layouts {
            let before = layout(text);
            for (steps, backward, ignore) in [(3, false, false), (5, true, true), (9, false, false)]
            {
                let r = MoveRules {
                    exact: false,
                    backward,
                    ..rules(steps, 6)
                };
                let mut acts: Vec<MoveAct> = move_results(before, &r)
                    .iter()
                    .map(|m| {
                        let act = action_of(before, m, ignore);
                        let tokens: Vec<MoveToken> = act.tokens().collect();
                        assert_eq!(tokens, plain_tokens(before, m.after), "{text}");
                        act
                    })
                    .collect();
                let mut plain = acts.clone();
                acts.sort_by_key(listing_key);
                plain.sort_by_key(plain_key);
                assert_eq!(acts, plain, "{text}, {steps} steps");
                checked += acts.len();
            }
        }
        assert!(checked > 100, "only {checked} moves compared");
    }

    #[test]
    fn the_builtin_entry_costs_are_the_specs_placeholders() {
        let r = rules(0, 0);
        assert_eq!(r.entry_cost, [0, 0, 0, 0, 0, 0, 0, 1, 2, 3]);
        assert!(r.pay_in_vp && r.pay_in_knowledge);
        assert_eq!((r.overflow_per_step, r.overflow_cap_per_golem), (5, 5));
    }

    #[test]
    fn two_golems_in_one_district_split_the_steps_as_multisets() {
        // r1 r1, 2 steps: {r1, r3} or {r2, r2}; interchangeable Golems give 2 results, not 3.
        let before = layout("r1 r1");
        assert_eq!(texts(before, &rules(2, 0)), ["move r1>2 r1>2", "move r1>3"]);
        // Golems in two districts: 3 distinct splits.
        let before = layout("r1 y1");
        assert_eq!(
            texts(before, &rules(2, 0)),
            ["move r1>2 y1>2", "move r1>3", "move y1>3"]
        );
    }

    #[test]
    fn moved_golems_stand_up_and_the_pairing_is_ascending() {
        // r3 standing, r5 lying, 2 steps.
        let before = layout("r3 r5l");
        assert_eq!(
            texts(before, &rules(2, 0)),
            ["move r3>4 r5l>6", "move r3>5", "move r5l>7"]
        );
        // r3>5 leaves r5l lying: the result has one Golem standing and one lying on V.
        let r = move_results(before, &rules(2, 0));
        assert!(r.iter().any(|r| r.after == layout("r5 r5l")));
        // 4 steps: r3>7 and r3>5 + r5l>7 give {r5l, r7} and {r5, r7}; r3>6 + r5l>6 gives
        // {r6, r6}: pairing is ascending whatever Golem went where.
        let t = texts(before, &rules(4, 0));
        assert!(t.contains(&"move r3>5 r5l>7".to_string()), "{t:?}");
        assert!(t.contains(&"move r3>7".to_string()), "{t:?}");
        assert!(t.contains(&"move r3>6 r5l>6".to_string()), "{t:?}");
    }

    #[test]
    fn two_golems_trading_sections_write_a_stand_up_in_place() {
        // With backward moves (an effect moving Golems either way), r7 back to 5 and r5l
        // forward to 7 leave {r5, r7}: the common r7 is removed, leaving r5l>5.
        let before = layout("r5l r7");
        let r = MoveRules {
            exact: false,
            backward: true,
            ..rules(4, 0)
        };
        let results = move_results(before, &r);
        let traded = results
            .iter()
            .find(|x| x.after == layout("r5 r7") && x.kn == 0 && x.vp == 0)
            .expect("r5l>5 is a result");
        assert_eq!(
            Action::Move(action_of(before, traded, false)).to_text(),
            "move r5l>5"
        );
        // ... and it differs from doing nothing (the Golem stood up).
        assert!(results.iter().any(|x| x.after == before));
    }

    #[test]
    fn entry_costs_are_paid_wholly_in_vp_or_knowledge_per_entry() {
        // r7 with 2 steps: enters VIII (1) and IX (2): totals 3 split 3/0, 2/1, 1/2, 0/3
        // (Knowledge descending, §15.4 extended to `kn` and `vp`).
        let before = layout("r7");
        assert_eq!(
            texts(before, &rules(2, 5)),
            [
                "move r7>9 pay 3kn",
                "move r7>9 pay 2kn+1vp",
                "move r7>9 pay 1kn+2vp",
                "move r7>9 pay 3vp",
            ]
        );
        // Knowledge must be affordable; VP need not be.
        assert_eq!(
            texts(before, &rules(2, 1)),
            ["move r7>9 pay 1kn+2vp", "move r7>9 pay 3vp"]
        );
        // Two entries of the same cost give one split per distinct total.
        let before = layout("r7 y7");
        assert_eq!(
            texts(before, &rules(2, 9)),
            [
                "move r7>8 y7>8 pay 2kn",
                "move r7>8 y7>8 pay 1kn+1vp",
                "move r7>8 y7>8 pay 2vp",
                "move r7>9 pay 3kn",
                "move r7>9 pay 2kn+1vp",
                "move r7>9 pay 1kn+2vp",
                "move r7>9 pay 3vp",
                "move y7>9 pay 3kn",
                "move y7>9 pay 2kn+1vp",
                "move y7>9 pay 1kn+2vp",
                "move y7>9 pay 3vp",
            ]
        );
    }

    #[test]
    fn overflow_sends_every_golem_to_x_and_costs_5_vp_per_step_capped_per_golem() {
        // r8 and y9: capacity 2 + 1 = 3; 5 steps: 2 unusable, 2 Golems: 10 VP.
        let before = layout("r8 y9");
        let r = move_results(before, &rules(5, 0));
        // Entries IX, X (red) and X (yellow): 2 + 3 + 3 = 8, all in VP without Knowledge.
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].after, layout("r10 y10"));
        assert_eq!((r[0].kn, r[0].vp, r[0].penalty), (0, 8, 10));
        // 9 steps: 6 unusable, capped at 5 per Golem: 10 VP.
        assert_eq!(move_results(before, &rules(9, 0))[0].penalty, 10);
        // Exactly the capacity: no penalty.
        assert_eq!(move_results(before, &rules(3, 0))[0].penalty, 0);
        // Every Golem already on X (§15.7): `move none`, still the penalty.
        let before = layout("b10l b10");
        let r = move_results(before, &rules(2, 0));
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].after, before, "a Golem that cannot move stays lying");
        assert_eq!(r[0].penalty, 10);
        assert_eq!(
            Action::Move(action_of(before, &r[0], false)).to_text(),
            "move none"
        );
        // One Golem on X, one with room: all to X.
        let before = layout("r10 y9");
        let r = move_results(before, &rules(3, 0));
        assert_eq!((r[0].after, r[0].penalty), (layout("r10 y10"), 10));
    }

    #[test]
    fn up_to_moves_offer_no_step_and_one_golem_effects_move_one() {
        let before = layout("r1 y1");
        let r = MoveRules {
            exact: false,
            one_golem: true,
            ..rules(2, 0)
        };
        assert_eq!(
            texts(before, &r),
            [
                "move none",
                "move r1>2",
                "move r1>3",
                "move y1>2",
                "move y1>3"
            ]
        );
    }

    #[test]
    fn written_moves_read_back_through_any_pairing() {
        let before = layout("r3 r5l");
        // The canonical pairing and a physical one that reaches the same layout.
        let m = match Action::parse("move r5l>6 r3>4").unwrap() {
            Action::Move(m) => m,
            _ => unreachable!(),
        };
        assert_eq!(apply_tokens(before, &m), Some(layout("r4 r6")));
        let m = match Action::parse("move r3>5 r5l>7").unwrap() {
            Action::Move(m) => m,
            _ => unreachable!(),
        };
        assert_eq!(apply_tokens(before, &m), Some(layout("r5 r7")));
        let m = match Action::parse("move r4>5").unwrap() {
            Action::Move(m) => m,
            _ => unreachable!(),
        };
        assert_eq!(apply_tokens(before, &m), None);
    }
}
