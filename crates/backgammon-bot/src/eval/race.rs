//! The race evaluator: a network of its own for positions without
//! contact where a side still has checkers outside his home board (when
//! both sides bear off, the exact database of [`super::bearoff`] values
//! the position instead; in contact, the contact network).
//!
//! Its inputs are the first version's 200 (the checkers of each side
//! point by point, bar, off, pips, race, preset) and, for each side,
//! race measures: the pips still to bring home, the checkers outside,
//! the crossovers (quarters still to cross), and the database's mean
//! number of rolls for the checkers already home (as if the others were
//! off) and for all of them as if the outside ones stood on the 6-point.
//!
//! The shipped network (40 hidden units) is trained on labels from
//! truncated rollouts of our own race play (`examples/race_rollout`,
//! issue 37; docs/STRENGTH.md, "A cheaper race network"). The first was
//! trained by TD(λ) self-play on race positions only (`train::race`):
//! each game starts from the first race position of a game of the
//! shipped player against itself and ends as soon as both sides bear off,
//! with the database's exact value as the target. The training can start
//! from the contact network's weights (it then values races exactly as
//! the contact network did, and learns from there).

use std::cell::Cell;
use std::sync::OnceLock;

use backgammon::{Position, Preset};
use neural::{Features, ModelError, Outputs};

use super::bearoff;
use crate::net::{encode_with, BgNet, N_INPUTS_V1, N_OUTPUTS};

const MAGIC: &[u8; 4] = b"BGRN";
/// Race inputs per side.
pub const PER_SIDE: usize = 5;
/// The race network's inputs.
pub const N_INPUTS: usize = N_INPUTS_V1 + 2 * PER_SIDE;

/// The race network's inputs for `pos` (side on roll first).
pub fn encode(pos: &Position, preset: Preset, f: &mut Features) {
    encode_with(pos, preset, false, f);
    let mut x = [0.0f32; 2 * PER_SIDE];
    race_inputs(pos, &mut x);
    for (j, &v) in x.iter().enumerate() {
        f.push(N_INPUTS_V1 + j, v);
    }
}

/// The race inputs of `pos` (the inputs from [`N_INPUTS_V1`] on), the
/// side on roll's first: the pips still to bring home, the checkers
/// outside, the crossovers, the database's mean rolls for the checkers
/// home and for all of them as if the outside ones stood on the 6-point.
pub(crate) fn race_inputs(pos: &Position, x: &mut [f32; 2 * PER_SIDE]) {
    for (k, side) in [pos.turn(), !pos.turn()].into_iter().enumerate() {
        side_inputs(
            pos.counts(side),
            None,
            &mut x[k * PER_SIDE..(k + 1) * PER_SIDE],
        );
    }
}

/// One side's race inputs (see [`race_inputs`]) from his checkers `c`
/// into `x` ([`PER_SIDE`] values). `same_home`: that side's inputs in a
/// position with the same home board (points 1–6), when the caller knows
/// it (a play that moved only outside checkers): the database's mean
/// rolls of the home board are then taken from them instead of looked up
/// again, and the stacked board's too when the checkers outside are as
/// many.
pub(crate) fn side_inputs(c: &[u8; 26], same_home: Option<&[f32]>, x: &mut [f32]) {
    let (mut outside, mut pips_out, mut cross) = (0u32, 0u32, 0u32);
    for (p, &n) in c.iter().enumerate().skip(7) {
        outside += n as u32;
        pips_out += n as u32 * (p as u32 - 6);
        cross += n as u32 * ((p as u32 - 1) / 6);
    }
    x[0] = pips_out as f32 / 50.0;
    x[1] = outside as f32 / 15.0;
    x[2] = cross as f32 / 30.0;
    let db = || bearoff::db();
    let mut home = [0u8; bearoff::POINTS];
    home.copy_from_slice(&c[1..=bearoff::POINTS]);
    x[3] = match same_home {
        Some(b) => b[3],
        None => db().mean_rolls(&home) / 10.0,
    };
    x[4] = match same_home {
        // The same home board and as many checkers outside: the same
        // stacked board.
        Some(b) if b[1] == x[1] => b[4],
        _ => {
            let mut stacked = home;
            stacked[5] += outside as u8;
            db().mean_rolls(&stacked) / 10.0
        }
    };
}

/// The race network.
#[derive(Clone, Debug, PartialEq)]
pub struct RaceNet(pub neural::Net);

impl RaceNet {
    /// A race network with random weights.
    pub fn new(hidden: usize, seed: u64) -> RaceNet {
        RaceNet(neural::Net::new(N_INPUTS, hidden, N_OUTPUTS, seed))
    }

    /// A race network computing what the first-version contact network
    /// `net` computes (its weights, the race inputs at zero).
    ///
    /// # Panics
    /// If `net` is not of the first version (200 inputs).
    pub fn from_contact(net: &BgNet, seed: u64) -> RaceNet {
        assert_eq!(net.inputs(), N_INPUTS_V1, "a first-version network");
        RaceNet(neural::Net::widened(net, N_INPUTS, net.hidden(), seed))
    }

    /// The outputs for `pos` in the eyes of its side on roll (the
    /// hidden layer's logistic by the fast approximation,
    /// [`neural::Net::eval_fast`], as the contact network's).
    pub fn evaluate(&self, pos: &Position, preset: Preset) -> Outputs {
        let mut f = Features::default();
        encode(pos, preset, &mut f);
        self.0.eval_fast(&f)
    }

    /// [`RaceNet::evaluate`] computed the straightforward way (libm's
    /// logistic, [`neural::Net::eval`]): the reference of the fast
    /// paths' tests.
    pub fn evaluate_exact(&self, pos: &Position, preset: Preset) -> Outputs {
        let mut f = Features::default();
        encode(pos, preset, &mut f);
        self.0.eval(&f)
    }

    /// Reads a model file's bytes.
    ///
    /// # Errors
    /// If they are not a race model.
    pub fn from_bytes(b: &[u8]) -> Result<RaceNet, ModelError> {
        neural::Net::from_bytes(b, MAGIC, "backgammon race", N_INPUTS, N_OUTPUTS).map(RaceNet)
    }

    /// Reads a model file.
    ///
    /// # Errors
    /// If the file cannot be read or is not a race model.
    pub fn load(path: &std::path::Path) -> Result<RaceNet, ModelError> {
        neural::Net::load(path, MAGIC, "backgammon race", N_INPUTS, N_OUTPUTS).map(RaceNet)
    }

    /// Writes the model atomically.
    ///
    /// # Errors
    /// If the file cannot be written.
    pub fn save(&self, path: &std::path::Path) -> Result<(), ModelError> {
        self.0.save(path, MAGIC)
    }
}

/// The shipped race model's bytes (`models/race.bin`; how it was trained:
/// docs/STRENGTH.md).
pub static RACE_MODEL: &[u8] = include_bytes!("../../models/race.bin");

/// The race network of this process: [`install_race_net`]'s, else the
/// shipped one.
static NET: OnceLock<Option<RaceNet>> = OnceLock::new();

/// Makes `net` the race network of this process (a candidate measured in
/// the bots' search: `examples/race_judge`), if no race network has been
/// used yet: whether it was installed (`false` when a race network is
/// already in use).
pub fn install_race_net(net: RaceNet) -> bool {
    NET.set(Some(net)).is_ok()
}

/// The race network, read once: this thread's ([`with_race_net`]) when
/// one is set, else the shipped one unless another was installed
/// ([`install_race_net`]); `None` in a build without one (races are then
/// valued by the contact network).
pub fn race_net() -> Option<&'static RaceNet> {
    if let Some(net) = THREAD_NET.with(Cell::get) {
        return Some(net);
    }
    NET.get_or_init(|| {
        (!RACE_MODEL.is_empty())
            .then(|| RaceNet::from_bytes(RACE_MODEL).expect("the shipped race model is valid"))
    })
    .as_ref()
}

thread_local! {
    /// The race network of this thread while [`with_race_net`] runs.
    static THREAD_NET: Cell<Option<&'static RaceNet>> = const { Cell::new(None) };
}

/// `f` run with `net` as this thread's race network (and the one before
/// restored after): two race networks in one process, each in the bots'
/// own search, as a head to head of a candidate against the shipped one
/// at the bot's depth needs (`examples/race_rollout.rs`, `match3`). The
/// searches of one decision run on the calling thread.
pub fn with_race_net<R>(net: &'static RaceNet, f: impl FnOnce() -> R) -> R {
    let before = THREAD_NET.with(|t| t.replace(Some(net)));
    let r = f();
    THREAD_NET.with(|t| t.set(before));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_s_race_network_is_used_inside_with_race_net_only() {
        let shipped = race_net().map(|n| n as *const RaceNet);
        let other: &'static RaceNet = Box::leak(Box::new(RaceNet::new(8, 1)));
        let inside = with_race_net(other, || {
            // Nested: the innermost network, then the outer one again.
            let inner: &'static RaceNet = Box::leak(Box::new(RaceNet::new(8, 2)));
            let nested = with_race_net(inner, || race_net().unwrap() as *const RaceNet);
            assert_eq!(nested, inner as *const RaceNet);
            race_net().unwrap() as *const RaceNet
        });
        assert_eq!(inside, other as *const RaceNet);
        assert_eq!(race_net().map(|n| n as *const RaceNet), shipped);
        // Another thread keeps the process's network.
        let there = with_race_net(other, || {
            std::thread::spawn(|| race_net().map(|n| n as *const RaceNet as usize))
                .join()
                .unwrap()
        });
        assert_eq!(there, shipped.map(|p| p as usize));
    }
}
