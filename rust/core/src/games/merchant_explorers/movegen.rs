//! Where a seat may place (spec §4, §5.2, §5.4, §12): card placements with steps, quotas,
//! shapes and the skip rule; treasure placements; and the quiet/eventful test.

use super::cards::{Filter, Step, KEY_ANY, KEY_LAND, UNLIMITED};
use super::cellset::CellSet;
use super::map::{MAX_FEATURES, NO_REGION};
use super::state::{Resolution, State};

/// No quota key: a wild space counts only against `max`.
pub const NO_KEY: usize = 6;

/// What a movegen pass needs about the seat's explored spaces.
pub struct Ctx {
    /// Unexplored spaces next to an explored one (§4).
    pub frontier: CellSet,
    /// For each group holding an uncovered city: the group and its neighbours.
    city_reach: [CellSet; MAX_FEATURES],
    reach_len: usize,
}

impl State {
    pub(super) fn seat_explored(&self, seat: usize) -> CellSet {
        let p = &self.player[seat];
        let mut explored = p.explorers.union(p.villages);
        explored.insert(self.map.capital as usize);
        explored
    }

    /// The group (connected explored spaces) of `seed`.
    pub(super) fn group_of(&self, explored: &CellSet, seed: usize) -> CellSet {
        let mut group = CellSet::single(seed);
        let mut frontier = group;
        while !frontier.is_empty() {
            let mut next = CellSet::EMPTY;
            for s in frontier.iter() {
                next = next.union(self.map.adjacent[s]);
            }
            frontier = next.intersection(*explored).minus(group);
            group = group.union(frontier);
        }
        group
    }

    /// The unexplored spaces adjacent to `explored` (a seat's explored spaces).
    pub(super) fn frontier_of(&self, explored: &CellSet) -> CellSet {
        let mut near = CellSet::EMPTY;
        for s in explored.iter() {
            near = near.union(self.map.adjacent[s]);
        }
        near.minus(*explored)
    }

    pub(super) fn ctx(&self) -> Ctx {
        let seat = self.to_move as usize;
        let map = self.map;
        let explored = self.seat_explored(seat);
        let mut ctx = Ctx {
            frontier: self.frontier_of(&explored),
            city_reach: [CellSet::EMPTY; MAX_FEATURES],
            reach_len: 0,
        };
        for city in self.uncovered_cities(seat, &explored).iter() {
            let group = self.group_of(&explored, city);
            let mut reach = group;
            for s in group.iter() {
                reach = reach.union(map.adjacent[s]);
            }
            ctx.city_reach[ctx.reach_len] = reach;
            ctx.reach_len += 1;
        }
        ctx
    }

    /// Explored city spaces without this seat's trading post.
    pub(super) fn uncovered_cities(&self, seat: usize, within: &CellSet) -> CellSet {
        let map = self.map;
        let mut cities = map.city_set.intersection(*within);
        for (k, &c) in map.cities.iter().enumerate() {
            if self.player[seat].posts >> k & 1 == 1 {
                cities.remove(c as usize);
            }
        }
        cities
    }

    /// A placement on `y` covers nothing and makes no route (§12).
    pub(super) fn quiet(&self, ctx: &Ctx, y: usize) -> bool {
        let map = self.map;
        let p = &self.player[self.to_move as usize];
        let bit = 1u32 << (map.feature[y] as u32 & 31);
        if map.ruin_set.contains(y) && p.ruins & bit == 0 {
            return false;
        }
        if map.crystal_set.contains(y) && p.crystals & bit == 0 {
            return false;
        }
        let mut cities = (map.city_set.contains(y) && p.posts & bit == 0) as usize;
        cities += ctx.city_reach[..ctx.reach_len]
            .iter()
            .filter(|r| r.contains(y))
            .count();
        cities <= 1
    }

    pub(super) fn card_steps(&self) -> &'static [Step] {
        super::cards::card_steps(self.res.card)
    }

    /// Whether `y` fits the step `r.step` of the card as `r` stands: the quota key it uses
    /// and its cost against `max` (§5.2, §5.4).
    pub(super) fn fit(&self, r: &Resolution, y: usize) -> Option<(usize, u8)> {
        let map = self.map;
        let step = self.card_steps().get(r.step as usize)?;
        match step.filter {
            Filter::City if !map.city_set.contains(y) => return None,
            Filter::Coin if !map.coins.contains(y) => return None,
            _ => {}
        }
        let (key, cost) = if map.wild.contains(y) {
            if step.same_region {
                return None;
            }
            if self.options.ice && map.ice.contains(y) {
                if step.no_ice {
                    return None;
                }
                (NO_KEY, if step.quota[KEY_ANY] > 0 { 1 } else { 2 })
            } else {
                (NO_KEY, 1)
            }
        } else {
            let t = map.spaces[y].terrain as usize;
            let key = if step.quota[t] > 0 {
                t
            } else if t < 3 && step.quota[KEY_LAND] > 0 {
                KEY_LAND
            } else if step.quota[KEY_ANY] > 0 {
                KEY_ANY
            } else {
                return None;
            };
            if step.quota[key] != UNLIMITED && r.used[key] >= step.quota[key] {
                return None;
            }
            (key, 1)
        };
        if step.max != UNLIMITED && r.step_cost as u16 + cost as u16 > step.max as u16 {
            return None;
        }
        if step.same_region {
            let region = map.region_of[y];
            if region == NO_REGION || (r.step_count > 0 && region != r.region) {
                return None;
            }
        }
        let adjacent = &map.adjacent[y];
        if step.connected && r.step_count > 0 && !adjacent.intersects(&r.placed) {
            return None;
        }
        if step.path && r.step_count > 0 && !adjacent.contains(r.last as usize) {
            return None;
        }
        if step.adjacent_to_prev_step && !adjacent.intersects(&r.step1) {
            return None;
        }
        if step.line_from_prev {
            let a = r.step1.first()?;
            if r.step_count == 0 {
                map.direction(a, y)?;
            } else if map.step(r.last as usize, r.dir as usize % 6) != Some(y) {
                return None;
            }
        } else if step.line {
            let [a, b] = r.line_ends.map(|e| e as usize);
            match r.step_count {
                0 => {}
                1 => {
                    map.direction(a, y)?;
                }
                _ => {
                    let d = r.dir as usize % 6;
                    if map.step(b, d) != Some(y) && map.step(a, (d + 3) % 6) != Some(y) {
                        return None;
                    }
                }
            }
        }
        if step.village_lines > 0 && !self.runs_fit(r, step, y) {
            return None;
        }
        Some((key, cost))
    }

    /// two-villages-lines: the card's spaces plus `y` split into at most `village_lines`
    /// runs, each leaving a different village straight outward, in placement order.
    fn runs_fit(&self, r: &Resolution, step: &Step, y: usize) -> bool {
        let mut cells = [0usize; 7];
        let n = r.order_len as usize + 1;
        for (slot, &c) in cells.iter_mut().zip(&r.order[..n - 1]) {
            *slot = c as usize;
        }
        cells[n - 1] = y;
        let cells = &cells[..n];
        for mask in 0u32..(1 << (n - 1)) {
            let mut runs = [[0usize; 7]; 2];
            let mut lens = [0usize; 2];
            for (i, &c) in cells.iter().enumerate() {
                let run = if i == 0 {
                    0
                } else {
                    (mask >> (i - 1) & 1) as usize
                };
                runs[run][lens[run]] = c;
                lens[run] += 1;
            }
            if lens[1] > 0 && step.village_lines < 2 {
                continue;
            }
            let (first, n0) = self.run_villages(&runs[0][..lens[0]], step.per_line);
            if n0 == 0 {
                continue;
            }
            if lens[1] == 0 {
                return true;
            }
            let (second, n1) = self.run_villages(&runs[1][..lens[1]], step.per_line);
            let distinct = first[..n0]
                .iter()
                .any(|a| second[..n1].iter().any(|b| a != b));
            if distinct {
                return true;
            }
        }
        false
    }

    /// The villages a run could leave (at most 6, one per neighbour of its first space).
    fn run_villages(&self, run: &[usize], per_line: u8) -> ([usize; 6], usize) {
        let mut found = ([0usize; 6], 0);
        if run.is_empty() || run.len() > per_line as usize {
            return found;
        }
        let map = self.map;
        let villages = &self.player[self.to_move as usize].villages;
        for back in 0..6 {
            let Some(v) = map.step(run[0], back) else {
                continue;
            };
            let out = (back + 3) % 6;
            if villages.contains(v) && run.windows(2).all(|w| map.step(w[0], out) == Some(w[1])) {
                found.0[found.1] = v;
                found.1 += 1;
            }
        }
        found
    }

    /// The resolution as it would be if the next step started now.
    pub(super) fn next_step_view(&self) -> Option<Resolution> {
        let steps = self.card_steps();
        let r = &self.res;
        if r.step as usize + 1 >= steps.len() || r.step_count == 0 {
            return None;
        }
        let mut next = *r;
        next.step += 1;
        next.reset_step();
        Some(next)
    }

    /// Legal card placements (§5.2 with the skip rule of §12).
    pub(super) fn placements(&self, ctx: &Ctx) -> CellSet {
        let mut legal = CellSet::EMPTY;
        let Some(step) = self.card_steps().get(self.res.step as usize) else {
            return legal;
        };
        let next = self.next_step_view();
        for y in ctx.frontier.iter() {
            if self.fit(&self.res, y).is_some() {
                if step.skips() && self.res.skip.contains(y) && self.quiet(ctx, y) {
                    continue;
                }
                legal.insert(y);
            } else if let Some(next) = &next {
                if self.fit(next, y).is_some() {
                    legal.insert(y);
                }
            }
        }
        legal
    }

    /// Quiet placements below `x` that would go to the same step as `x` if made now
    /// (added to the skip set): the current step's, or with `to_next` the next step's.
    /// A space that fits the current step is never a peer of a placement that opens the
    /// next one: placed first, it would land in the current step (another step split).
    pub(super) fn quiet_below(&self, ctx: &Ctx, x: usize, to_next: bool) -> CellSet {
        let next = if to_next {
            match self.next_step_view() {
                Some(next) => Some(next),
                None => return CellSet::EMPTY,
            }
        } else {
            None
        };
        let mut out = CellSet::EMPTY;
        for y in ctx.frontier.intersection(CellSet::below(x)).iter() {
            let fits_current = self.fit(&self.res, y).is_some();
            let same_step = match &next {
                None => fits_current,
                Some(next) => !fits_current && self.fit(next, y).is_some(),
            };
            if same_step && self.quiet(ctx, y) {
                out.insert(y);
            }
        }
        out
    }
}
