//! Tensors and batches for learning (docs/rl.md): legal masks over the policy action
//! space, and a vectorised stepper that plays many games of one kind at once, resolving
//! chance from a seeded stream and starting a new game where one ends.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::playout::apply_random_outcome;
use crate::{Game, PositionError, Turn};

/// The most memory a batch may ask for up front: 4 GiB. A batch of `num_envs` games
/// holds two states, a generator and the step outputs (observation, legal mask, rewards)
/// per game; [`check_batch`] refuses a batch above this before anything is allocated
/// (`VecEnv(num_envs=10**8)` once asked for 32 GB and aborted).
pub const MAX_BATCH_BYTES: usize = 4 << 30;

/// The bytes a batch of `count` games of `G` for `players` seats takes up front (`None`
/// beyond `usize`).
pub fn batch_bytes<G: Game>(count: usize, players: usize) -> Option<usize> {
    let per_game = 2 * std::mem::size_of::<G>()
        + std::mem::size_of::<ChaCha8Rng>()
        + G::OBSERVATION_SIZE * std::mem::size_of::<f32>()
        + G::POLICY_ACTIONS
        + players * std::mem::size_of::<f32>()
        + 1
        + std::mem::size_of::<i64>();
    count.checked_mul(per_game)
}

/// Refuses, naming `field`, a batch of `count` games whose up-front memory is above
/// [`MAX_BATCH_BYTES`].
pub fn check_batch<G: Game>(
    field: &str,
    count: usize,
    players: usize,
) -> Result<(), PositionError> {
    match batch_bytes::<G>(count, players) {
        Some(bytes) if bytes <= MAX_BATCH_BYTES => Ok(()),
        bytes => {
            let per_game = batch_bytes::<G>(1, players).unwrap_or(usize::MAX).max(1);
            let most = MAX_BATCH_BYTES / per_game;
            let asked = bytes.map_or("more than the address space".to_string(), |b| {
                format!("{} MiB", b.div_ceil(1 << 20))
            });
            Err(PositionError::new(
                field,
                format!(
                    "{count} games of {} need {asked}, above the limit of {} MiB (at most {most} games)",
                    G::INFO.name,
                    MAX_BATCH_BYTES >> 20
                ),
            ))
        }
    }
}

/// Writes the legal mask of `state` into `out` (`G::POLICY_ACTIONS` long): true at the
/// policy index of every legal player action; all false at a chance node or once over.
pub fn legal_mask<G: Game>(state: &G, legal: &mut Vec<G::Action>, out: &mut [bool]) {
    out.fill(false);
    mark_legal(state, legal, out);
}

/// [`legal_mask`] on a mask known to be all false: only the legal entries are written, so
/// the pages of a fresh zeroed buffer that hold none are never touched (most of a
/// Century row).
pub fn mark_legal<G: Game>(state: &G, legal: &mut Vec<G::Action>, out: &mut [bool]) {
    if !matches!(state.turn(), Turn::Player(_)) {
        return;
    }
    state.legal_actions(legal);
    for &action in legal.iter() {
        out[state.policy_index(action)] = true;
    }
}

/// Applies chance outcomes drawn from `rng` until a player is to move or the game is
/// over; returns how many were applied.
pub fn resolve_chance<G: Game>(
    state: &mut G,
    rng: &mut ChaCha8Rng,
    outcomes: &mut Vec<(G::Action, f64)>,
) -> usize {
    let mut applied = 0;
    while state.turn() == Turn::Chance && apply_random_outcome(state, outcomes, rng) {
        applied += 1;
    }
    applied
}

/// Whether a game has ended for a learner: over, or a live position with no legal move
/// (which random playouts also treat as the end).
fn ended<G: Game>(state: &G, legal: &mut Vec<G::Action>) -> bool {
    match state.turn() {
        Turn::Terminal => true,
        Turn::Chance => false,
        Turn::Player(_) => {
            state.legal_actions(legal);
            legal.is_empty()
        }
    }
}

/// Many games of one kind stepped together. Game `i` draws its chance outcomes and the
/// setups of its later games from its own stream (seed, stream `i`), so a run repeats
/// from the seed whatever the batch is used for elsewhere.
pub struct VecGames<G: Game> {
    states: Vec<G>,
    starts: Vec<G>,
    rngs: Vec<ChaCha8Rng>,
    players: usize,
    /// Setup options of new games; `None` when the batch was made from given states
    /// (a finished game then starts again from its own start).
    options: Option<Vec<(String, String)>>,
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
    /// Games finished so far, over the whole batch.
    pub episodes: u64,
}

/// One step's arrays, flat and row-major: `[B, OBSERVATION_SIZE]`, `[B, POLICY_ACTIONS]`,
/// `[B, players]`, `[B]`, `[B]`.
pub struct StepOutput<'a> {
    pub observations: &'a mut [f32],
    pub masks: &'a mut [bool],
    pub rewards: &'a mut [f32],
    pub dones: &'a mut [bool],
    pub to_move: &'a mut [i64],
    /// The masks are all false on entry (a fresh zeroed buffer): only the legal entries
    /// are then written, so the pages of a large mask that hold no legal entry are never
    /// touched (for Century's 90,127-wide rows, most of them).
    pub masks_cleared: bool,
}

impl<G: Game> VecGames<G> {
    /// `count` fresh games of `players` seats with setup `options`.
    pub fn new(
        count: usize,
        players: usize,
        options: &[(String, String)],
        seed: u64,
    ) -> Result<Self, PositionError> {
        check_batch::<G>("num_envs", count, players)?;
        let mut batch = VecGames::empty(players, Some(options.to_vec()), seed, count);
        for i in 0..count {
            let state = G::new_game_with(players, &mut batch.rngs[i], options)?;
            batch.starts.push(state);
            batch.states.push(state);
        }
        batch.settle_all();
        Ok(batch)
    }

    /// A batch playing on from `states` (each restarts from itself when it ends).
    pub fn from_states(states: Vec<G>, seed: u64) -> Result<Self, PositionError> {
        let players = states.first().map_or(0, |s| s.num_players());
        if let Some(i) = states.iter().position(|s| s.num_players() != players) {
            return Err(PositionError::new(
                format!("states[{i}]"),
                format!(
                    "{} players; every state of a batch has {players}",
                    states[i].num_players()
                ),
            ));
        }
        check_batch::<G>("states", states.len(), players)?;
        let mut batch = VecGames::empty(players, None, seed, states.len());
        if let Some(i) = states.iter().position(|s| s.is_terminal()) {
            return Err(PositionError::new(
                format!("states[{i}]"),
                "the game is over".to_string(),
            ));
        }
        batch.starts.clone_from(&states);
        batch.states = states;
        batch.settle_all();
        Ok(batch)
    }

    fn empty(
        players: usize,
        options: Option<Vec<(String, String)>>,
        seed: u64,
        count: usize,
    ) -> Self {
        let rngs = (0..count)
            .map(|i| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                rng.set_stream(i as u64);
                rng
            })
            .collect();
        VecGames {
            states: Vec::with_capacity(count),
            starts: Vec::with_capacity(count),
            rngs,
            players,
            options,
            legal: Vec::new(),
            outcomes: Vec::new(),
            episodes: 0,
        }
    }

    fn settle_all(&mut self) {
        for i in 0..self.states.len() {
            resolve_chance(&mut self.states[i], &mut self.rngs[i], &mut self.outcomes);
        }
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn states(&self) -> &[G] {
        &self.states
    }

    /// A new game in slot `i`: a fresh setup from its stream, or its start again.
    fn restart(&mut self, i: usize) {
        self.states[i] = match &self.options {
            Some(options) => {
                G::new_game_with(self.players, &mut self.rngs[i], options).unwrap_or(self.starts[i])
            }
            None => self.starts[i],
        };
        resolve_chance(&mut self.states[i], &mut self.rngs[i], &mut self.outcomes);
    }

    /// Observations, masks and seats to move of the current states (rewards and dones
    /// are left alone).
    pub fn observe(&mut self, out: &mut StepOutput<'_>) {
        let (obs, actions) = (G::OBSERVATION_SIZE, G::POLICY_ACTIONS);
        for (i, state) in self.states.iter().enumerate() {
            let seat = match state.turn() {
                Turn::Player(seat) => seat,
                _ => 0,
            };
            out.to_move[i] = match state.turn() {
                Turn::Player(seat) => seat as i64,
                _ => -1,
            };
            state.observation(seat, &mut out.observations[i * obs..(i + 1) * obs]);
            let row = &mut out.masks[i * actions..(i + 1) * actions];
            if out.masks_cleared {
                mark_legal(state, &mut self.legal, row);
            } else {
                legal_mask(state, &mut self.legal, row);
            }
        }
    }

    /// Plays `actions[i]` (a policy index) in game `i`, resolves chance, and restarts
    /// every game that ended, whose `dones` entry is then true and whose rewards row holds
    /// its returns (zeros elsewhere). Observations are those of the seat to move next.
    /// Nothing is applied if any index is illegal: the error names the first.
    pub fn step(&mut self, actions: &[i64], out: &mut StepOutput<'_>) -> Result<(), PositionError> {
        if actions.len() != self.states.len() {
            return Err(PositionError::new(
                "actions",
                format!(
                    "{} actions for a batch of {} games",
                    actions.len(),
                    self.states.len()
                ),
            ));
        }
        let mut chosen = Vec::with_capacity(actions.len());
        for (i, (&index, state)) in actions.iter().zip(&self.states).enumerate() {
            let action = usize::try_from(index)
                .ok()
                .filter(|&index| index < G::POLICY_ACTIONS)
                .and_then(|index| state.action_from_policy_index(index, &mut self.legal))
                .ok_or_else(|| {
                    PositionError::new(
                        format!("actions[{i}]"),
                        format!("{index} is not a legal action index of game {i}"),
                    )
                })?;
            chosen.push(action);
        }
        out.rewards.fill(0.0);
        out.dones.fill(false);
        let players = self.players;
        for (i, action) in chosen.into_iter().enumerate() {
            let state = &mut self.states[i];
            state.apply(action);
            resolve_chance(state, &mut self.rngs[i], &mut self.outcomes);
            if ended(state, &mut self.legal) {
                for seat in 0..players {
                    out.rewards[i * players + seat] = state.returns(seat) as f32;
                }
                out.dones[i] = true;
                self.episodes += 1;
                self.restart(i);
            }
        }
        self.observe(out);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::century::Century;
    use crate::games::merchant_explorers::State as Explorers;
    use rand::Rng;

    struct Buffers {
        obs: Vec<f32>,
        masks: Vec<bool>,
        rewards: Vec<f32>,
        dones: Vec<bool>,
        to_move: Vec<i64>,
    }

    impl Buffers {
        fn new<G: Game>(batch: usize, players: usize) -> Self {
            Buffers {
                obs: vec![0.0; batch * G::OBSERVATION_SIZE],
                masks: vec![false; batch * G::POLICY_ACTIONS],
                rewards: vec![0.0; batch * players],
                dones: vec![false; batch],
                to_move: vec![0; batch],
            }
        }

        fn out(&mut self) -> StepOutput<'_> {
            StepOutput {
                observations: &mut self.obs,
                masks: &mut self.masks,
                rewards: &mut self.rewards,
                dones: &mut self.dones,
                to_move: &mut self.to_move,
                masks_cleared: false,
            }
        }
    }

    /// Random legal indices from the masks until `episodes` games ended; the rewards of
    /// every finished game sum to at least one winner.
    fn run<G: Game>(players: usize, seed: u64, episodes: u64) -> (Vec<f32>, u64) {
        let mut batch = VecGames::<G>::new(4, players, &[], seed).unwrap();
        let mut buffers = Buffers::new::<G>(4, players);
        batch.observe(&mut buffers.out());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while batch.episodes < episodes {
            let actions: Vec<i64> = (0..4)
                .map(|i| {
                    let mask = &buffers.masks[i * G::POLICY_ACTIONS..(i + 1) * G::POLICY_ACTIONS];
                    let legal: Vec<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
                    legal[rng.random_range(0..legal.len())] as i64
                })
                .collect();
            batch.step(&actions, &mut buffers.out()).unwrap();
            for i in 0..4 {
                if buffers.dones[i] {
                    let total: f32 = buffers.rewards[i * players..(i + 1) * players].iter().sum();
                    assert!(total >= 1.0, "a finished game has a winner");
                }
            }
            steps += 1;
        }
        (buffers.obs, steps)
    }

    #[test]
    fn batches_repeat_from_the_seed_and_finish_games() {
        assert_eq!(run::<Century>(2, 3, 4), run::<Century>(2, 3, 4));
        assert_eq!(run::<Explorers>(2, 5, 2), run::<Explorers>(2, 5, 2));
    }

    #[test]
    fn masks_on_cleared_and_reused_buffers_agree() {
        let mut batch = VecGames::<Century>::new(3, 3, &[], 2).unwrap();
        let mut fresh = Buffers::new::<Century>(3, 3);
        let mut out = fresh.out();
        out.masks_cleared = true;
        batch.observe(&mut out);
        let mut dirty = Buffers::new::<Century>(3, 3);
        dirty.masks.fill(true);
        batch.observe(&mut dirty.out());
        assert_eq!(fresh.masks, dirty.masks);
        assert!(fresh.masks.iter().filter(|&&m| m).count() > 3);
    }

    #[test]
    fn an_illegal_index_is_refused_and_nothing_moves() {
        let mut batch = VecGames::<Century>::new(2, 2, &[], 1).unwrap();
        let before: Vec<u64> = batch.states().iter().map(|s| s.hash()).collect();
        let mut buffers = Buffers::new::<Century>(2, 2);
        batch.observe(&mut buffers.out());
        let good = buffers.masks.iter().position(|&m| m).unwrap() as i64;
        let err = batch.step(&[good, -1], &mut buffers.out()).unwrap_err();
        assert_eq!(err.field, "actions[1]");
        let after: Vec<u64> = batch.states().iter().map(|s| s.hash()).collect();
        assert_eq!(before, after);
    }
}
