//! Golem (Cranio)'s evaluation: [`heuristic_score`], an estimate of a seat's **final**
//! score (spec §8) from any state, in VP. It is the final-score tally of the state plus
//! what the seat has built and can still convert in the time left; at the end of the game
//! it is exactly [`State::final_score`]. Cheap (a few hundred operations, no allocation):
//! search calls it at every horizon and the greedy policy at every one-ply child.
//!
//! **Time left** (for seat p): `A` = rounds of actions left, the current round counted by
//! the share of p's 3 actions still to take (4 during setup, 0 after round 4's Actions);
//! `I` = Income phases still to collect; `C` = Golem Controls still to come. A lookahead
//! reads `A` from its root ([`heuristic_score_at`]), so that the options it compares are
//! judged at one time.
//!
//! **Formula** ([`Weights::DEFAULT`]). With `w = 0.2 + 0.25·A` the worth of one Clay,
//! Coin or Knowledge (1/5 VP at the end, 1.2 VP at the start: early resources still have
//! conversions ahead, 3 Clay → 6 VP on NR09, 5 Coins → 7 VP on NY08), `R` = Clay + Coins +
//! Knowledge and `val(ops)` the value of an effect list (below):
//! ```text
//! H = final_score − ⌊R/5⌋ + w·R                              resources, continuous
//!   + 5 · 3A                                                 the actions still to take
//!   + I · income                                             income to come
//!   + Σ standing Golems  0.5·min(1, A) · val(neighborhood)   pending activations
//!   + Σ lying Golems     0.25·[A ≥ 1] · val(next section)    stood up by the next Movement
//!   − control                                                Golem Control to come
//!   + Σ incomplete k     0.6·f_k · (val(Artifact k)·(1 + max(0, I − 1)) + yellow)
//!   + Σ objectives held or drafted, not done   0.8 · vp · likelihood
//!   + 0.8 · (red · min(reserve, 0.5·A) + blue · min(empty columns, 0.5·A))
//!   + influence (this round) + 0.4 · (final_vp(study + ⌊A⌋) − final_vp(study))
//! ```
//! - `5 · 3A`: greedy self-play makes about 5.5 VP per action (its estimate in round 1
//!   fell short of its final score by 70 VP without this term); the term hardly changes
//!   the greedy's choices (all options share the root's `A`) but keeps a horizon's value
//!   on the scale of final scores and a seat with an action left ahead of one without.
//! - `income` = val of the street income of the 3 Students' sections, of each completed
//!   Artifact (benefit and boosts), of the Study space, of the Golem level and of upgraded
//!   `income` abilities: one Income phase.
//! - `control`: this round's Golem Control computed as §4.8 would with the Knowledge held
//!   now (Knowledge paid at `w`, 5 VP per Golem not paid; nothing with `no_control_cost`),
//!   plus for each later Control `0.5 · Σ min(w · cost, 5)` at today's sections.
//! - `f_k = (gold + 0.3) / (capacity + 0.3)`: how far cauldron k is; the 0.3 lets the
//!   choice of an Artifact tile see its benefits before any Gold. Only while `A > 0`.
//! - `likelihood = clamp(1 − missing / (rate·A + 1), 0, 1)` with `missing` the threshold
//!   less the count now and `rate` the count a player adds per round (Students 1, Golems
//!   built 0.7, Gold 2, Developments 1, Study 1, Books 1.2, killed 0.5). Drafted cards
//!   count so that draft picks and discards are judged by the same number.
//! - `influence`: while this round's Influence is ahead, a seat whose 2 marbles match the
//!   active Character gets `max(3 Coins, val(effect) − cost)`; with 1 marble that still
//!   fits, 0.3 of it.
//! - `val` of an op: gains at their worth (VP 1, Gold 3·w), `gain_per` with the counter
//!   now, `study`/`student` steps 1 each, Golem track 0.5 a space, `create` 2 + discount
//!   (with a Golem in reserve), `kill` 1, `activate` 1.5 each, `move` 0.3 a step (+1.5 with
//!   `then_activate`), `upgrade` and `book` 1.5 + discount, `book_active` 0.7 a Book held,
//!   `artifact_activate` 2 a completed Artifact, `draw_objectives` 1, `use` 1.5, no control
//!   cost 1, `convert` max(0, val(then) − cost), `choice` the best option.
//!
//! The weights were set by hand and checked with `examples/golem_greedy.rs`
//! (docs/golem-cranio.md, "Greedy and evaluation"). The evaluation reads every seat's
//! Objectives, hidden or not: an ISMCTS caller evaluates determinized states.

use super::components::ops::{Ability, CostItem, Op};
use super::components::vocab::{ObjectiveType, Resource};
use super::state::{Phase, State, CAULDRONS, DISTRICTS, NONE, WHITE};
use crate::util::BitIter;

/// The weights of the formula (module documentation), in VP. [`Weights::DEFAULT`] is what
/// [`heuristic_score`] uses; other values are for tuning experiments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Worth of a Clay, Coin or Knowledge at the end, and its growth per round of
    /// actions left (`w = worth_end + worth_per_round · A`).
    pub worth_end: f64,
    pub worth_per_round: f64,
    /// VP a seat is expected to make with each action it has still to take.
    pub action: f64,
    /// Share of a neighborhood's value a standing Golem holds (its activation still needs
    /// an action), and a lying one (it needs the next Movement first).
    pub standing: f64,
    pub lying: f64,
    /// Each later Golem Control, at today's sections (Golems and Students both move
    /// meanwhile).
    pub later_control: f64,
    /// An incomplete cauldron's share of its Artifact, and the Gold counted before any is
    /// placed.
    pub cauldron: f64,
    pub cauldron_prior: f64,
    /// An Objective's VP times its likelihood.
    pub objective: f64,
    /// Menorahs times the Golems and columns still to come, at `growth` a round.
    pub menorah: f64,
    pub growth: f64,
    /// A single marble that still fits the active Character.
    pub match_one: f64,
    /// Final Study VP within reach.
    pub study_potential: f64,
    // Values of ops that are decisions: what a sensible player makes of them, roughly.
    /// A Study or Student step (also as a cost).
    pub step: f64,
    /// A Golem-track space.
    pub track: f64,
    pub create: f64,
    pub kill: f64,
    /// One activation.
    pub activate: f64,
    pub move_step: f64,
    pub upgrade: f64,
    pub book: f64,
    /// `book_active`, per Book held.
    pub book_active: f64,
    /// `artifact_activate`, per completed Artifact.
    pub artifact: f64,
    pub draw: f64,
    pub use_neighborhood: f64,
    pub no_control: f64,
}

impl Weights {
    pub const DEFAULT: Weights = Weights {
        worth_end: 0.2,
        worth_per_round: 0.25,
        action: 5.0,
        standing: 0.5,
        lying: 0.25,
        later_control: 0.5,
        cauldron: 0.6,
        cauldron_prior: 0.3,
        objective: 0.8,
        menorah: 0.8,
        growth: 0.5,
        match_one: 0.3,
        study_potential: 0.4,
        step: 1.0,
        track: 0.5,
        create: 2.0,
        kill: 1.0,
        activate: 1.5,
        move_step: 0.3,
        upgrade: 1.5,
        book: 1.5,
        book_active: 0.7,
        artifact: 2.0,
        draw: 1.0,
        use_neighborhood: 1.5,
        no_control: 1.0,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
}

/// How much of the game is left for one seat (module documentation).
#[derive(Clone, Copy, Debug)]
struct Time {
    /// Rounds of actions left (fractional in the Actions phase).
    actions: f64,
    incomes: f64,
    controls: f64,
}

impl Time {
    /// Time left for `seat`: the rounds of actions (and so the worth of resources) read
    /// from `clock`, the Incomes and Controls still to come from `s`.
    fn of(s: &State, seat: usize, clock: &State) -> Time {
        let rounds = s.comp.rules.rounds as f64;
        let after = |x: &State| rounds - x.round as f64;
        let p = &clock.players[seat];
        let per_round = (s.comp.rules.marble_actions_per_round
            + s.comp.rules.rabbi_actions_per_round)
            .max(1) as f64;
        let actions = match clock.phase {
            Phase::Draft
            | Phase::Discard
            | Phase::Artifact
            | Phase::Start
            | Phase::Place
            | Phase::Refresh
            | Phase::Movement => after(clock) + 1.0,
            Phase::Actions | Phase::Remove => {
                let used = p.marbles.total() as f64 + clock.rabbi_placed(seat) as u8 as f64;
                after(clock) + (1.0 - used / per_round).max(0.0)
            }
            _ => after(clock),
        };
        let income_ahead = match s.phase {
            Phase::Development | Phase::Over => false,
            // The seat to move has collected (or is collecting); later seats have not.
            Phase::Income => {
                let order = s.order();
                let at = |x: u8| order.iter().position(|&o| o == x);
                at(seat as u8) > at(s.to_move)
            }
            _ => true,
        };
        Time {
            actions,
            incomes: after(s) + income_ahead as u8 as f64,
            controls: if s.phase == Phase::Over {
                0.0
            } else {
                after(s) + 1.0
            },
        }
    }

    /// Worth of one Clay, Coin or Knowledge.
    fn worth(&self, k: &Weights) -> f64 {
        k.worth_end + k.worth_per_round * self.actions
    }
}

/// The estimate of `seat`'s final score (module documentation).
pub fn heuristic_score(s: &State, seat: usize) -> f64 {
    heuristic_score_at(s, seat, s)
}

/// [`heuristic_score`] with the time left for actions read from `clock` (the state a
/// lookahead started from) instead of `s`: the states a player's options reach are then
/// judged at one time, so an option is not preferred because it spends no action (a
/// `pass`) or does not end the round. Incomes and Controls still count from `s`, where
/// they may have been collected.
pub fn heuristic_score_at(s: &State, seat: usize, clock: &State) -> f64 {
    heuristic_score_with(s, seat, clock, &Weights::DEFAULT)
}

/// [`heuristic_score_at`] with other weights.
pub fn heuristic_score_with(s: &State, seat: usize, clock: &State, k: &Weights) -> f64 {
    estimate(s, seat, clock, k, &HAND, None)
}

/// Names of the formula's terms (its lines, module documentation), in order.
pub const TERMS: [&str; 11] = [
    "score",
    "resources",
    "actions",
    "income",
    "golems",
    "control",
    "cauldrons",
    "menorahs",
    "study",
    "objectives",
    "influence",
];

/// The terms' weights as set by hand: each line of the formula counted once.
pub const HAND: [f64; TERMS.len()] = [1.0; TERMS.len()];

/// [`heuristic_score`] with the formula's lines weighted by `scale` (one per [`TERMS`]).
pub fn heuristic_score_scaled(s: &State, seat: usize, scale: &[f64; TERMS.len()]) -> f64 {
    estimate(s, seat, s, &Weights::DEFAULT, scale, None)
}

/// The unweighted terms of [`heuristic_score`] for `seat`, one per [`TERMS`].
pub fn terms(s: &State, seat: usize) -> [f64; TERMS.len()] {
    let mut out = [0.0; TERMS.len()];
    estimate(s, seat, s, &Weights::DEFAULT, &HAND, Some(&mut out));
    out
}

/// The running sum of the formula: each term weighted as it is added, and recorded
/// unweighted when asked. With weights of 1 the sum is the plain one to the bit.
struct Sum<'a> {
    total: f64,
    scale: &'a [f64; TERMS.len()],
    terms: Option<&'a mut [f64; TERMS.len()]>,
}

impl Sum<'_> {
    fn add(&mut self, term: usize, value: f64) {
        self.total += self.scale[term] * value;
        if let Some(terms) = self.terms.as_deref_mut() {
            terms[term] += value;
        }
    }
}

fn estimate(
    s: &State,
    seat: usize,
    clock: &State,
    k: &Weights,
    scale: &[f64; TERMS.len()],
    terms: Option<&mut [f64; TERMS.len()]>,
) -> f64 {
    let score = s.final_score(seat) as f64;
    let mut h = Sum {
        total: 0.0,
        scale,
        terms,
    };
    if s.phase == Phase::Over {
        h.add(0, score);
        return h.total;
    }
    let comp = s.comp.0;
    let p = &s.players[seat];
    let t = Time::of(s, seat, clock);
    let w = t.worth(k);
    let v = Valuer { s, seat, w, k };

    let res: u32 = p.res.iter().map(|&r| r as u32).sum();
    let per = comp.rules.resources_per_final_vp.max(1) as u32;
    h.add(0, score - (res / per) as f64);
    h.add(1, w * res as f64);

    let per_round =
        (comp.rules.marble_actions_per_round + comp.rules.rabbi_actions_per_round) as f64;
    h.add(2, k.action * per_round * t.actions);
    h.add(3, t.incomes * income_value(&v));
    h.add(4, golems_value(&v, &t));
    h.add(5, -control_cost(&v, &t));

    let [red, yellow, blue] = s.menorahs(seat);
    if t.actions > 0.0 {
        let completed = s.completed_artifacts(seat);
        for i in 0..CAULDRONS {
            if completed >> i & 1 == 1 {
                continue;
            }
            let cap = comp.rules.cauldron_capacity[i] as f64;
            let f = (p.gold[i] as f64 + k.cauldron_prior) / (cap + k.cauldron_prior);
            let later = (t.incomes - 1.0).max(0.0);
            h.add(
                6,
                k.cauldron * f * (v.artifact(i) * (1.0 + later) + yellow as f64),
            );
        }
        let growth = k.growth * t.actions;
        let empty_columns = (0..comp.rules.book_columns as usize)
            .filter(|&c| p.books_in_column(c) == 0)
            .count() as f64;
        h.add(
            7,
            k.menorah
                * (red as f64 * (s.reserve(seat) as f64).min(growth)
                    + blue as f64 * empty_columns.min(growth)),
        );
        let pb = &comp.player_board;
        let last = pb.study_track.last().map_or(0, |x| x.space);
        let next = (p.study as f64 + t.actions.floor()).min(last as f64) as u8;
        let fvp = |space: u8| pb.study_space(space).map_or(0, |x| x.final_vp) as f64;
        h.add(8, k.study_potential * (fvp(next) - fvp(p.study)));
    }
    h.add(9, objectives_value(s, seat, &t, k));
    h.add(10, influence_value(&v));
    h.total
}

/// Values effect lists for one seat at one resource worth.
struct Valuer<'a> {
    s: &'a State,
    seat: usize,
    w: f64,
    k: &'a Weights,
}

impl Valuer<'_> {
    fn res(&self, res: Resource, n: f64) -> f64 {
        match res {
            Resource::Clay | Resource::Coin | Resource::Knowledge => n * self.w,
            Resource::Gold => n * self.s.comp.rules.gold_price_coins as f64 * self.w,
            Resource::Vp => n,
        }
    }

    fn ops(&self, ops: &[Op]) -> f64 {
        ops.iter().map(|op| self.op(op)).sum()
    }

    fn op(&self, op: &Op) -> f64 {
        let (s, seat, k) = (self.s, self.seat, self.k);
        let p = &s.players[seat];
        match op {
            Op::Gain { res, n } => self.res(*res, *n as f64),
            Op::GainPer { res, n, per } => self.res(*res, *n as f64 * s.counter(seat, *per) as f64),
            Op::Study { n } | Op::Student { n, .. } | Op::StudentAny { n, .. } => {
                k.step * *n as f64
            }
            Op::GolemTrack { n, .. } => k.track * *n as f64,
            Op::CreateGolem { discount } => {
                if s.reserve(seat) > 0 {
                    k.create + self.w * *discount as f64
                } else {
                    0.0
                }
            }
            Op::KillGolem => k.kill * (p.golems.total() > 0) as u8 as f64,
            Op::Activate { n } => k.activate * *n as f64,
            Op::MoveGolems {
                steps,
                then_activate,
                ..
            } => k.move_step * *steps as f64 + if *then_activate { k.activate } else { 0.0 },
            Op::Upgrade { discount, .. } => k.upgrade + self.w * *discount as f64,
            Op::BuyBook {
                discount,
                ignore_card_cost,
            } => k.book + self.w * (*discount as f64 + if *ignore_card_cost { 2.0 } else { 0.0 }),
            Op::BookActive { n } => k.book_active * (*n as u32).min(s.books_owned(seat)) as f64,
            Op::ArtifactActivate { n } => {
                let done = s.completed_artifacts(seat).count_ones();
                k.artifact * (*n as u32).min(done) as f64
            }
            Op::StudentIncome => (0..DISTRICTS).map(|d| self.street(d)).sum(),
            Op::DrawObjectives { .. } => k.draw,
            Op::UseNeighborhood => k.use_neighborhood,
            Op::NoControlCost => k.no_control,
            Op::Convert { cost, then } => {
                if self.payable(cost) {
                    (self.ops(then) - cost.iter().map(|c| self.cost(c)).sum::<f64>()).max(0.0)
                } else {
                    0.0
                }
            }
            Op::Choice { options } => options.iter().map(|o| self.ops(o)).fold(0.0, f64::max),
        }
    }

    fn cost(&self, c: &CostItem) -> f64 {
        match c {
            CostItem::Res { res, n } => self.res(*res, *n as f64),
            CostItem::StudentBack(_) => self.k.step,
            CostItem::StudyDown(n) => self.k.step * *n as f64,
        }
    }

    /// Whether the resources of a conversion's cost are held (Student and Study steps
    /// are taken as payable: their value is counted).
    fn payable(&self, cost: &[CostItem]) -> bool {
        let p = &self.s.players[self.seat];
        cost.iter().all(|c| match c {
            CostItem::Res { res, n } => match res {
                Resource::Clay => p.res[0] >= *n as u16,
                Resource::Coin => p.res[1] >= *n as u16,
                Resource::Knowledge => p.res[2] >= *n as u16,
                _ => true,
            },
            _ => true,
        })
    }

    /// One street income of the Student of district `d`.
    fn street(&self, d: usize) -> f64 {
        let section = self.s.players[self.seat].students[d] as usize;
        self.ops(&self.s.comp.board.street_income[d][section.max(1) - 1])
    }

    /// The neighborhood of `section` of district `d` (§5.3).
    fn neighborhood(&self, d: usize, section: u8) -> f64 {
        let comp = self.s.comp.0;
        match comp
            .board
            .neighborhood_sections
            .iter()
            .position(|&x| x == section)
        {
            Some(i) => {
                let tile = self.s.board.districts[d][i];
                if tile == NONE {
                    0.0
                } else {
                    self.ops(&comp.neighborhood_tiles[tile as usize].effect)
                }
            }
            None => comp.board.printed_neighborhoods[d]
                .iter()
                .find(|x| x.section == section)
                .map_or(0.0, |x| self.ops(&x.effect)),
        }
    }

    /// One activation of Artifact `k`: the benefit of the seat's tile side and the boosts
    /// placed on its spaces.
    fn artifact(&self, k: usize) -> f64 {
        let comp = self.s.comp.0;
        let p = &self.s.players[self.seat];
        if p.artifact_tile == NONE {
            return 0.0;
        }
        let t = p.artifact_tile as usize;
        let mut v = self.ops(&comp.artifact_tiles[t / 2].sides[t % 2].artifacts[k]);
        for dev in 0..5 {
            let placed = p.artifact_devs[dev];
            if p.developments >> dev & 1 == 0 || placed == NONE {
                continue;
            }
            let (side, space) = ((placed >> 7) as usize, (placed & 0x7F) as usize);
            if comp.player_board.artifact_development_spaces[space].artifact as usize != k + 1 {
                continue;
            }
            for a in &comp.player_board.artifact_developments[dev].sides[side] {
                if let Ability::ArtifactBoost { ops } = a {
                    v += self.ops(ops);
                }
            }
        }
        v
    }
}

/// One Income phase (§4.7) of the seat: streets, completed Artifacts, Study space, Golem
/// level, `income` abilities.
fn income_value(v: &Valuer) -> f64 {
    let (s, seat) = (v.s, v.seat);
    let comp = s.comp.0;
    let p = &s.players[seat];
    let pb = &comp.player_board;
    let mut total: f64 = (0..DISTRICTS).map(|d| v.street(d)).sum();
    let completed = s.completed_artifacts(seat);
    total += (0..CAULDRONS)
        .filter(|&k| completed >> k & 1 == 1)
        .map(|k| v.artifact(k))
        .sum::<f64>();
    total += pb.study_space(p.study).map_or(0.0, |x| v.ops(&x.income));
    total += pb
        .golem_track
        .level_of(p.golem_track)
        .map_or(0.0, |l| v.ops(&l.income));
    for (i, dev) in pb.study_developments.iter().enumerate() {
        if p.developments >> (12 + i) & 1 == 1 {
            for a in &dev.abilities {
                if let Ability::Income { ops } = a {
                    total += v.ops(ops);
                }
            }
        }
    }
    total
}

/// Standing Golems hold a pending activation; lying ones stand up at the next Movement.
fn golems_value(v: &Valuer, t: &Time) -> f64 {
    let sections = v.s.comp.board.sections;
    let mut total = 0.0;
    for (g, n) in v.s.players[v.seat].golems.places() {
        let value = if !g.lying {
            v.k.standing * t.actions.min(1.0) * v.neighborhood(g.district as usize, g.section)
        } else if t.actions >= 1.0 {
            let next = (g.section + 1).min(sections);
            v.k.lying * v.neighborhood(g.district as usize, next)
        } else {
            0.0
        };
        total += n as f64 * value;
    }
    total
}

/// Golem Control to come (§4.8): this round's exactly at today's Knowledge, later ones
/// discounted at today's sections.
fn control_cost(v: &Valuer, t: &Time) -> f64 {
    let (s, seat) = (v.s, v.seat);
    let comp = s.comp.0;
    let p = &s.players[seat];
    if p.golems.total() == 0 || t.controls <= 0.0 {
        return 0.0;
    }
    let per = comp.rules.control_cost_per_section as u32;
    let penalty = comp.rules.uncontrolled_golem_penalty_vp as f64;
    let cap = s.control_cap(seat);
    // At most 6 Golems: a fixed buffer, sorted cheapest first.
    let mut costs = [0u32; 8];
    let mut n = 0;
    for g in p.golems.pieces() {
        let ahead = (g.section as u32).saturating_sub(p.students[g.district as usize] as u32);
        let c = ahead * per;
        costs[n] = cap.map_or(c, |cap| c.min(cap));
        n += 1;
        if n == costs.len() {
            break;
        }
    }
    let costs = &mut costs[..n];
    costs.sort_unstable();
    let mut now = 0.0;
    if !p.no_control_cost {
        let mut left = p.res[2] as u32;
        for &c in costs.iter() {
            if c <= left {
                left -= c;
                now += v.w * c as f64;
            } else {
                now += penalty;
            }
        }
    }
    let later: f64 = costs.iter().map(|&c| (v.w * c as f64).min(penalty)).sum();
    now + v.k.later_control * (t.controls - 1.0).max(0.0) * later
}

/// Objectives held (or drafted) and not yet done, by their chance of being done.
fn objectives_value(s: &State, seat: usize, t: &Time, k: &Weights) -> f64 {
    let p = &s.players[seat];
    let mut total = 0.0;
    for o in BitIter((p.objectives | p.drafted) as u64) {
        let card = &s.comp.objectives[o];
        let have = s.objective_count(seat, card.objective_type) as f64;
        let missing = card.threshold as f64 - have;
        if missing <= 0.0 && p.objectives >> o & 1 == 1 {
            continue; // counted by final_score
        }
        let rate = match card.objective_type {
            ObjectiveType::StudentRed
            | ObjectiveType::StudentYellow
            | ObjectiveType::StudentBlue => 1.0,
            ObjectiveType::GolemsBuilt => 0.7,
            ObjectiveType::Gold => 2.0,
            ObjectiveType::Developments => 1.0,
            ObjectiveType::Study => 1.0,
            ObjectiveType::Books => 1.2,
            ObjectiveType::GolemsKilled => 0.5,
        };
        let likelihood = (1.0 - missing.max(0.0) / (rate * t.actions + 1.0)).clamp(0.0, 1.0);
        total += k.objective * card.vp as f64 * likelihood;
    }
    total
}

/// This round's Influence while it is ahead: what matching the active Character is worth.
fn influence_value(v: &Valuer) -> f64 {
    let s = v.s;
    if !matches!(s.phase, Phase::Movement | Phase::Actions | Phase::Remove) {
        return 0.0;
    }
    let ch = s.board.palace[s.round as usize - 1];
    if ch == NONE {
        return 0.0;
    }
    let card = &s.comp.characters[ch as usize];
    let taken = s.players[v.seat].marbles;
    let mine: Vec<u8> = (0..5u8)
        .flat_map(|c| std::iter::repeat_n(c, taken.count(c) as usize))
        .collect();
    let fits = |m: u8, c: u8| m == WHITE || c == WHITE || m == c;
    let (c0, c1) = (card.marbles[0].index() as u8, card.marbles[1].index() as u8);
    let share = match mine[..] {
        [a, b] if (fits(a, c0) && fits(b, c1)) || (fits(b, c0) && fits(a, c1)) => 1.0,
        [a] if fits(a, c0) || fits(a, c1) => v.k.match_one,
        _ => return 0.0,
    };
    let coins = v.res(Resource::Coin, s.comp.rules.influence_decline_coins as f64);
    let bonus = v.ops(&card.effect) - v.res(Resource::Coin, card.cost_coins as f64);
    share * coins.max(bonus)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Turn;
    use crate::games::golem_cranio::components::Components;
    use crate::games::golem_cranio::setup::{new_game_seeded, NewGame};
    use rand::seq::IndexedRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn random_game(players: usize, seed: u64, mut visit: impl FnMut(&State)) -> State {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = new_game_seeded(Components::builtin(), players, seed, NewGame::default());
        while s.phase != Phase::Over {
            visit(&s);
            let a = if s.turn() == Turn::Chance {
                s.sample_chance(&mut rng)
            } else {
                *s.legal().choose(&mut rng).expect("a legal action")
            };
            s.apply(a);
        }
        s
    }

    #[test]
    fn at_the_end_the_estimate_is_the_final_score() {
        for players in 1..=4 {
            let end = random_game(players, 10 + players as u64, |_| {});
            for seat in 0..players {
                assert_eq!(heuristic_score(&end, seat), end.final_score(seat) as f64);
            }
        }
    }

    #[test]
    fn the_estimate_is_finite_everywhere_and_counts_vp_one_for_one() {
        for players in 1..=4 {
            random_game(players, 20 + players as u64, |s| {
                for seat in 0..players {
                    let h = heuristic_score(s, seat);
                    assert!(h.is_finite(), "{h} at {:?}", s.phase);
                    let mut more = *s;
                    more.add_vp(seat, 3);
                    assert!((heuristic_score(&more, seat) - h - 3.0).abs() < 1e-9);
                }
            });
        }
    }

    #[test]
    fn golems_ahead_of_their_students_cost_control() {
        use super::super::golems::{GolemRef, Golems};
        let s = new_game_seeded(Components::builtin(), 2, 3, NewGame::default());
        let mut s = random_until(s, Phase::Actions);
        let seat = s.to_move as usize;
        s.set_student(seat, 0, 1);
        s.add_res(seat, 2, -(s.players[seat].res[2] as i32));
        let cost = |s: &State| {
            let t = Time::of(s, seat, s);
            let k = &Weights::DEFAULT;
            control_cost(
                &Valuer {
                    s,
                    seat,
                    w: t.worth(k),
                    k,
                },
                &t,
            )
        };
        s.set_golems(seat, Golems::EMPTY);
        s.add_golem(seat, GolemRef::new(0, 1, true));
        assert_eq!(
            cost(&s),
            0.0,
            "a Golem level with its Student costs nothing"
        );
        s.set_golems(seat, Golems::EMPTY);
        s.add_golem(seat, GolemRef::new(0, 6, true));
        // 5 sections ahead and no Knowledge: 5 VP this round, more for later rounds.
        let unpaid = cost(&s);
        assert!(unpaid > 5.0, "{unpaid}");
        // The Student level with the Golem: no Control to pay.
        let mut level = s;
        level.set_student(seat, 0, 6);
        assert_eq!(cost(&level), 0.0);
        // Knowledge held must pay this round's Control (§4.8): 5 Knowledge at their worth
        // instead of the 5 VP penalty.
        s.add_res(seat, 2, 5);
        let w = Time::of(&s, seat, &s).worth(&Weights::DEFAULT);
        let paid = cost(&s);
        assert!(
            (paid - unpaid - (5.0 * w - 5.0)).abs() < 1e-9,
            "{paid} vs {unpaid}"
        );
        s.players[seat].no_control_cost = true;
        let later = cost(&s);
        s.round = s.comp.rules.rounds;
        assert!(
            cost(&s) < later && cost(&s) == 0.0,
            "no Control left to pay"
        );
    }

    fn random_until(mut s: State, phase: Phase) -> State {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        while s.phase != phase {
            let a = if s.turn() == Turn::Chance {
                s.sample_chance(&mut rng)
            } else {
                *s.legal().choose(&mut rng).expect("a legal action")
            };
            s.apply(a);
        }
        s
    }
}
