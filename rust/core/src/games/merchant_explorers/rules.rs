//! The rules that move a state on (spec §3–§7, §11): applying actions and chance outcomes,
//! resolving effects in the fixed order of §6, and the automatic steps between decisions.

use rand::seq::SliceRandom;
use rand::RngCore;

use super::action::Action;
use super::cards::{
    self, era_deck, treasure_kind, treasure_mask, EXPLORE, INVESTIGATE, INVESTIGATE_CODE,
    PLACE_EXPLORER, TOWER_COINS, TREASURE, TWO_COINS,
};
use super::cellset::CellSet;
use super::map::{Map, NO_REGION};
use super::movegen::NO_KEY;
use super::pile::Pile;
use super::state::{
    pack_route, Decks, Options, Phase, Player, Resolution, Stage, State, LOG_CAP, MAX_PLAYERS,
    MAX_ROUTES, NO_CARD,
};
use super::zobrist;

impl State {
    /// The start of a game (§3): objectives `objectives` in dealt order, every deck hidden,
    /// waiting for the first reveal.
    pub fn start(
        map: &'static Map,
        players: usize,
        options: Options,
        objectives: &[usize],
    ) -> State {
        let players = players.clamp(1, MAX_PLAYERS);
        let mut dealt = [NO_CARD; 3];
        for (slot, &o) in dealt.iter_mut().zip(objectives) {
            *slot = o as u8;
        }
        let mut state = State {
            map,
            options,
            players: players as u8,
            era: 1,
            to_move: 0,
            phase: Phase::Reveal,
            player: [Player::default(); MAX_PLAYERS],
            decks: [Decks::full_hidden(); MAX_PLAYERS],
            explore: Pile::hidden(era_deck(1) as u64),
            played: [NO_CARD; 9],
            played_len: 0,
            current: NO_CARD,
            objectives: dealt,
            res: Resolution::new(),
            rest_player: Player::default(),
            rest_decks: Decks::full_hidden(),
            log: [0; LOG_CAP],
            log_len: 0,
            log_full: false,
            board_hash: 0,
        };
        state.refresh_hash();
        state
    }

    /// A new game on `map`: 3 objectives dealt and every deck shuffled by `rng`, the orders
    /// known to the engine (call [`State::hide_decks`] to make them chance).
    pub fn new_with(
        map: &'static Map,
        players: usize,
        rng: &mut dyn RngCore,
        options: Options,
    ) -> State {
        let mut objectives: Vec<usize> = cards::objectives_of(&map.id).collect();
        objectives.shuffle(rng);
        objectives.truncate(3);
        let mut state = State::start(map, players, options, &objectives);
        state.explore = state.explore.shuffled(rng);
        for decks in state.decks.iter_mut() {
            decks.investigate = decks.investigate.shuffled(rng);
            decks.treasure = decks.treasure.shuffled(rng);
        }
        state
    }

    /// Forgets every deck order: all later draws are chance events.
    pub fn hide_decks(&mut self) {
        self.explore.hide();
        for decks in self.decks.iter_mut() {
            decks.investigate.hide();
            decks.treasure.hide();
        }
        self.rest_decks.investigate.hide();
        self.rest_decks.treasure.hide();
    }

    pub(super) fn deck_slot(&self, seat: usize) -> usize {
        if self.options.shared_decks {
            0
        } else {
            seat
        }
    }

    fn seat(&self) -> usize {
        self.to_move as usize
    }

    fn me(&mut self) -> &mut Player {
        &mut self.player[self.to_move as usize]
    }

    fn my_decks(&mut self) -> &mut Decks {
        let slot = self.deck_slot(self.seat());
        &mut self.decks[slot]
    }

    // ---- chance ------------------------------------------------------------------------

    /// Fills `out` with the chance outcomes of a chance node (§11).
    pub(super) fn outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        self.for_each_outcome(|a, p| out.push((a, p)));
    }

    /// Calls `f` with every chance outcome and its probability, in canonical order.
    pub(super) fn for_each_outcome(&self, mut f: impl FnMut(Action, f64)) {
        match self.phase {
            Phase::Reveal => match self.explore.top() {
                Some(top) => f(Action::Reveal(top), 1.0),
                None => {
                    let p = 1.0 / self.explore.len() as f64;
                    for c in crate::util::BitIter(self.explore.cards()) {
                        f(Action::Reveal(c as u8), p);
                    }
                }
            },
            Phase::Offer => {
                let deck = &self.decks[self.deck_slot(self.seat())].investigate;
                if let (Some(a), Some(b)) = (deck.peek(0), deck.peek(1)) {
                    f(Action::Offer(a.min(b), a.max(b)), 1.0);
                    return;
                }
                let n = deck.len() as f64;
                let p = 2.0 / (n * (n - 1.0));
                let cards = deck.cards();
                for a in crate::util::BitIter(cards) {
                    for b in crate::util::BitIter(cards & !((2u64 << a) - 1)) {
                        f(Action::Offer(a as u8, b as u8), p);
                    }
                }
            }
            Phase::Draw => {
                let deck = &self.decks[self.deck_slot(self.seat())].treasure;
                if let Some(top) = deck.top() {
                    f(Action::Draw(treasure_kind(top as usize) as u8), 1.0);
                    return;
                }
                let size = deck.len() as f64;
                for kind in 0..TREASURE.len() {
                    let count = (deck.cards() & treasure_mask(kind)).count_ones();
                    if count > 0 {
                        f(Action::Draw(kind as u8), count as f64 / size);
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether the pending chance event is decided by a known deck order (its one
    /// outcome is then left out of `in_progress`, and replayed without being named).
    pub(super) fn outcome_known(&self) -> bool {
        let decks = &self.decks[self.deck_slot(self.seat())];
        match self.phase {
            Phase::Reveal => self.explore.top().is_some(),
            Phase::Offer => decks.investigate.peek(1).is_some(),
            Phase::Draw => decks.treasure.top().is_some(),
            _ => false,
        }
    }

    // ---- the driver --------------------------------------------------------------------

    /// Applies a legal action or chance outcome, then every automatic step after it.
    pub(super) fn apply_action(&mut self, action: Action) {
        if self.phase == Phase::Over {
            return;
        }
        if (self.log_len as usize) < LOG_CAP {
            self.log[self.log_len as usize] = action.index() as u16;
            self.log_len += 1;
        } else {
            self.log_full = true;
        }
        match action {
            Action::Reveal(card) => self.reveal(card),
            Action::Offer(a, b) => {
                let deck = &mut self.my_decks().investigate;
                // A known deck deals its top two, in either order.
                if deck.top() == Some(b) {
                    deck.take(b);
                    deck.take(a);
                } else {
                    deck.take(a);
                    deck.take(b);
                }
                self.res.offer = [a, b];
                self.phase = Phase::Keep;
            }
            Action::Keep(card) => {
                let other = if self.res.offer[0] == card {
                    self.res.offer[1]
                } else {
                    self.res.offer[0]
                };
                let slot = (EXPLORE[self.current as usize % EXPLORE.len()].era_card as usize)
                    .clamp(1, 3)
                    - 1;
                self.me().kept[slot] = card;
                if other != NO_CARD {
                    self.my_decks().investigate_discard |= 1 << other;
                }
                self.perform(INVESTIGATE_CODE + card);
            }
            Action::Repeat(k) => {
                let card = self.player[self.seat()].kept[k as usize % 3];
                if card == NO_CARD {
                    self.phase = Phase::SeatDone;
                } else {
                    self.perform(INVESTIGATE_CODE + card);
                }
            }
            Action::Place(y) => self.place_for_card(y as usize),
            Action::Stop => self.phase = Phase::SeatDone,
            Action::Village(y) => {
                self.make_village(y as usize);
                self.phase = Phase::Effects;
            }
            Action::Route {
                low,
                high,
                cover_high,
            } => self.make_route(low, high, cover_high),
            Action::Draw(kind) => self.draw(kind as usize),
            Action::Free(y) => self.place_explorer(y as usize, 1),
            Action::FreeNone => {
                self.res.stage = Stage::Draws;
                self.phase = Phase::Effects;
            }
        }
        self.settle();
    }

    /// Runs automatic steps until a decision, a chance event or the end (§12).
    pub(super) fn settle(&mut self) {
        loop {
            match self.phase {
                Phase::Effects => self.continue_effects(),
                Phase::SeatDone => self.end_seat(),
                Phase::Place => {
                    let ctx = self.ctx();
                    if self.placements(&ctx).is_empty() {
                        self.phase = Phase::SeatDone;
                    } else {
                        return;
                    }
                }
                Phase::Offer if self.decks[self.deck_slot(self.seat())].investigate.len() < 2 => {
                    self.phase = Phase::SeatDone;
                }
                Phase::Draw => {
                    let decks = self.my_decks();
                    if decks.treasure.is_empty() {
                        // §7: reshuffle the discard pile; with none, nothing is drawn.
                        decks.treasure = Pile::hidden(decks.treasure_discard);
                        decks.treasure_discard = 0;
                    }
                    if self.my_decks().treasure.is_empty() {
                        self.res.draws = 0;
                        self.phase = Phase::Effects;
                    } else {
                        return;
                    }
                }
                Phase::Free if self.ctx().frontier.is_empty() => self.phase = Phase::Effects,
                _ => return,
            }
        }
    }

    fn reveal(&mut self, card: u8) {
        self.explore.take(card);
        self.current = card;
        self.begin_seat(0);
    }

    /// Seat `seat` starts resolving the current card: its rest point.
    pub(super) fn begin_seat(&mut self, seat: usize) {
        self.to_move = seat as u8;
        self.rest_player = self.player[seat];
        self.rest_decks = self.decks[self.deck_slot(seat)];
        self.log_len = 0;
        self.log_full = false;
        self.res = Resolution::new();
        let card = EXPLORE[self.current as usize % EXPLORE.len()];
        match card.era_card {
            0 => self.perform(self.current),
            4 => self.phase = Phase::Repeat,
            e if e == self.era => self.phase = Phase::Offer,
            e => {
                let kept = self.player[seat].kept[e as usize - 1];
                if kept == NO_CARD {
                    self.phase = Phase::SeatDone;
                } else {
                    self.perform(INVESTIGATE_CODE + kept);
                }
            }
        }
    }

    fn perform(&mut self, code: u8) {
        self.res = Resolution::new();
        self.res.card = code;
        if code >= INVESTIGATE_CODE {
            let card = INVESTIGATE[(code - INVESTIGATE_CODE) as usize];
            self.res.multiplier = card.coin_multiplier;
            self.res.per_ruin = card.treasure_per_ruin;
        }
        self.phase = Phase::Place;
    }

    fn end_seat(&mut self) {
        self.res = Resolution::new();
        if self.seat() + 1 < self.players as usize {
            self.begin_seat(self.seat() + 1);
            return;
        }
        self.check_objectives();
        if (self.played_len as usize) < self.played.len() {
            self.played[self.played_len as usize] = self.current;
            self.played_len += 1;
        }
        self.current = NO_CARD;
        self.to_move = 0;
        self.log_len = 0;
        if !self.explore.is_empty() {
            self.phase = Phase::Reveal;
            return;
        }
        // End of era (§3.4): explorers leave the map.
        for seat in 0..self.players as usize {
            let explorers = self.player[seat].explorers;
            for s in explorers.iter() {
                self.board_hash ^= zobrist::explorer(seat, s);
            }
            self.player[seat].explorers = CellSet::EMPTY;
        }
        if self.era >= 4 {
            self.phase = Phase::Over;
            return;
        }
        self.era += 1;
        self.explore = Pile::hidden(era_deck(self.era) as u64);
        self.played = [NO_CARD; 9];
        self.played_len = 0;
        self.phase = Phase::Reveal;
    }

    // ---- placements and effects --------------------------------------------------------

    fn place_for_card(&mut self, y: usize) {
        let ctx = self.ctx();
        let quiet = self.quiet(&ctx, y);
        let opens_next = self.fit(&self.res, y).is_none();
        let step = self
            .card_steps()
            .get(self.res.step as usize + opens_next as usize)
            .copied();
        // The skip additions are judged before the placement (§12), against the step `y`
        // goes to: a space below it that would now go to the other step is not its peer.
        let below = if step.is_some_and(|s| s.skips()) {
            self.quiet_below(&ctx, y, opens_next)
        } else {
            CellSet::EMPTY
        };
        if opens_next {
            // Goes to the next step: the current one closes for good (§5.2), and its
            // skip set with it.
            self.res.step += 1;
            self.res.reset_step();
        }
        let (key, cost) = self.fit(&self.res, y).unwrap_or((NO_KEY, 1));
        self.res.skip = self.res.skip.union(below);
        let r = &mut self.res;
        let map = self.map;
        if let Some(step) = step {
            if step.line_from_prev {
                if r.step_count == 0 {
                    let a = r.step1.first().unwrap_or(y);
                    r.dir = map.direction(a, y).unwrap_or(0) as u8;
                }
            } else if step.line {
                match r.step_count {
                    0 => r.line_ends = [y as u16; 2],
                    1 => {
                        let a = r.line_ends[0] as usize;
                        r.dir = map.direction(a, y).unwrap_or(0) as u8;
                        r.line_ends[1] = y as u16;
                    }
                    _ => {
                        if map.step(r.line_ends[1] as usize, r.dir as usize % 6) == Some(y) {
                            r.line_ends[1] = y as u16;
                        } else {
                            r.line_ends[0] = y as u16;
                        }
                    }
                }
            }
            if step.same_region {
                r.region = map.region_of[y];
            }
        }
        r.step_count += 1;
        r.step_cost = r.step_cost.saturating_add(cost);
        if key < NO_KEY {
            r.used[key] = r.used[key].saturating_add(1);
        }
        if r.step == 0 {
            r.step1.insert(y);
        }
        r.placed.insert(y);
        r.last = y as u16;
        if (r.order_len as usize) < r.order.len() {
            r.order[r.order_len as usize] = y as u16;
            r.order_len += 1;
        }
        if !quiet {
            r.skip = CellSet::EMPTY;
        }
        let multiplier = r.multiplier;
        self.place_explorer(y, multiplier);
    }

    /// An explorer goes on `y`: coins, tower and crystal now (§6 steps 1–3), the rest as
    /// the effect chain.
    fn place_explorer(&mut self, y: usize, multiplier: u8) {
        let map = self.map;
        let seat = self.seat();
        let cumulative = self.options.crystal_cumulative;
        let space = map.spaces[y];
        let bit = 1u32 << (map.feature[y] as u32 & 31);
        self.board_hash ^= zobrist::explorer(seat, y);
        let p = &mut self.player[seat];
        p.explorers.insert(y);
        if map.land_of[y] != NO_REGION {
            p.lands |= 1 << map.land_of[y];
        }
        p.coins += space.coin as u16 * multiplier as u16;
        if space.tower && p.towers as u32 & bit == 0 {
            let placed = p.towers.count_ones() as usize;
            p.coins += TOWER_COINS[placed.min(TOWER_COINS.len() - 1)];
            p.towers |= bit as u8;
        }
        if space.crystal > 0 && p.crystals & bit == 0 {
            p.crystals |= bit;
            p.coins += if cumulative {
                crate::util::BitIter(p.crystals as u64)
                    .map(|k| map.spaces[map.crystals[k] as usize].crystal as u16)
                    .sum()
            } else {
                space.crystal as u16
            };
        }
        self.res.effect_space = y as u16;
        self.res.stage = Stage::Village;
        self.phase = Phase::Effects;
    }

    /// Region of `x` complete: its blank spaces, if it gets a village (§6 step 4).
    pub(super) fn village_choices(&self, x: usize) -> CellSet {
        let map = self.map;
        let region = map.region_of[x];
        if region == NO_REGION {
            return CellSet::EMPTY;
        }
        let region = &map.regions[region as usize];
        let p = &self.player[self.seat()];
        if region.spaces.is_subset(&p.explorers) {
            region.blanks
        } else {
            CellSet::EMPTY
        }
    }

    fn make_village(&mut self, y: usize) {
        let seat = self.seat();
        self.board_hash ^= zobrist::explorer(seat, y) ^ zobrist::village(seat, y);
        let era = self.era as u16;
        let p = self.me();
        p.explorers.remove(y);
        p.villages.insert(y);
        p.coins += era;
    }

    /// Uncovered cities of `x`'s group (a route is due while there are two).
    pub(super) fn route_cities(&self, x: usize) -> CellSet {
        let seat = self.seat();
        let explored = self.seat_explored(seat);
        let group = self.group_of(&explored, x);
        self.uncovered_cities(seat, &group)
    }

    fn make_route(&mut self, low: u8, high: u8, cover_high: bool) {
        let map = self.map;
        let seat = self.seat();
        let value =
            |c: u8| map.spaces[map.cities[c as usize % map.cities.len()] as usize].city as u16;
        let explored = self.seat_explored(seat);
        let group = self.group_of(&explored, self.res.effect_space as usize);
        let icy = group.intersects(&map.ice);
        let p = &mut self.player[seat];
        p.coins += value(low) * value(high);
        p.posts |= 1 << if cover_high { high } else { low };
        if (p.route_count as usize) < MAX_ROUTES {
            p.routes[p.route_count as usize] = pack_route(low, high, cover_high);
            p.route_count += 1;
        }
        if icy {
            p.ice_route = true;
        }
        self.phase = Phase::Effects;
    }

    /// The effect chain of the last placement (§6 steps 4–6, then the draws).
    fn continue_effects(&mut self) {
        let x = self.res.effect_space as usize;
        match self.res.stage {
            Stage::Village => {
                self.res.stage = Stage::Routes;
                let choices = self.village_choices(x);
                match choices.len() {
                    0 => {}
                    1 => self.make_village(choices.first().unwrap_or(x)),
                    _ => self.phase = Phase::Village,
                }
            }
            Stage::Routes => {
                if self.route_cities(x).len() >= 2 {
                    self.phase = Phase::Route;
                } else {
                    self.res.stage = Stage::Ruin;
                }
            }
            Stage::Ruin => {
                let map = self.map;
                let bit = 1u32 << (map.feature[x] as u32 & 31);
                let per_ruin = self.res.per_ruin;
                let p = self.me();
                if map.ruin_set.contains(x) && p.ruins & bit == 0 {
                    p.ruins |= bit;
                    self.res.draws = self.res.draws.saturating_add(per_ruin);
                }
                self.res.stage = Stage::Draws;
            }
            Stage::Draws => {
                self.phase = if self.res.draws > 0 {
                    Phase::Draw
                } else {
                    Phase::Place
                };
            }
        }
    }

    fn draw(&mut self, kind: usize) {
        let decks = self.my_decks();
        let card = match decks.treasure.top() {
            Some(top) => top,
            None => {
                let of_kind = decks.treasure.cards() & treasure_mask(kind);
                of_kind.trailing_zeros().min(63) as u8
            }
        };
        decks.treasure.take(card);
        self.res.draws = self.res.draws.saturating_sub(1);
        self.res.stage = Stage::Draws;
        self.phase = Phase::Effects;
        match kind {
            TWO_COINS => {
                self.my_decks().treasure_discard |= 1 << card;
                self.me().coins += 2;
            }
            PLACE_EXPLORER => {
                self.my_decks().treasure_discard |= 1 << card;
                self.phase = Phase::Free;
            }
            _ => self.me().hand[kind] += 1,
        }
    }

    // ---- hash ----------------------------------------------------------------------------

    pub(super) fn refresh_hash(&mut self) {
        let mut board = 0;
        for seat in 0..self.players as usize {
            let p = &self.player[seat];
            for s in p.explorers.iter() {
                board ^= zobrist::explorer(seat, s);
            }
            for s in p.villages.iter() {
                board ^= zobrist::village(seat, s);
            }
        }
        self.board_hash = board;
    }

    /// The full hash: the incremental board key and the small remaining fields.
    pub(super) fn full_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = zobrist::Mixer::default();
        self.map.uid.hash(&mut h);
        self.options.hash(&mut h);
        (
            self.players,
            self.era,
            self.to_move,
            self.phase,
            self.current,
        )
            .hash(&mut h);
        for seat in 0..self.players as usize {
            let p = &self.player[seat];
            (
                p.ruins, p.towers, p.crystals, p.posts, p.coins, p.kept, p.hand,
            )
                .hash(&mut h);
            (p.objectives, p.lands, p.ice_route, p.route_count).hash(&mut h);
            p.routes[..p.route_count as usize].hash(&mut h);
        }
        let decks = if self.options.shared_decks {
            1
        } else {
            self.players as usize
        };
        for d in &self.decks[..decks] {
            // Treasure cards of one kind are interchangeable: hash kinds, not card ids.
            (d.investigate, d.investigate_discard).hash(&mut h);
            for kind in 0..TREASURE.len() {
                let mask = treasure_mask(kind);
                let in_deck = (d.treasure.cards() & mask).count_ones();
                (in_deck, (d.treasure_discard & mask).count_ones()).hash(&mut h);
            }
            d.treasure.is_known().hash(&mut h);
            d.treasure
                .top_first()
                .for_each(|c| treasure_kind(c as usize).hash(&mut h));
        }
        self.explore.hash(&mut h);
        self.played[..self.played_len as usize].hash(&mut h);
        self.objectives.hash(&mut h);
        if !matches!(self.phase, Phase::Reveal | Phase::Over) {
            self.res.hash(&mut h);
        }
        self.board_hash ^ h.finish()
    }
}
