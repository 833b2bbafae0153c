//! # neural — the evaluation network and its self-play training
//!
//! What the bots of both games share, written once: a small network with
//! one hidden layer of sigmoid units over sparse inputs ([`Features`]) and
//! one or more sigmoid outputs ([`Net`]), its model file, and the pieces
//! of TD(λ) self-play training that do not depend on the game
//! ([`td`]: λ-returns, per-game seeds, batches played on every core;
//! [`train`]: a run's settings and its batches, for any game's network).
//!
//! The trictrac bot uses one output (the probability that the side to
//! roll wins); the backgammon bot uses five, as GNU Backgammon does (win,
//! win a gammon, win a backgammon, lose a gammon, lose a backgammon).
//!
//! The network is written by hand rather than with a machine-learning
//! crate: it is evaluated millions of times in the bots' inner loop, where
//! a sparse first layer (a few dozen non-zero inputs out of hundreds) and
//! stack buffers matter more than anything a general library offers.
//! The forward pass runs compiled for AVX2 or AVX-512 when the processor
//! has them (the same results); [`Net::eval_fast`] adds a vectorised
//! logistic, and [`Incremental`] values inputs close to a base from the
//! base's first-layer sums (both for the bots' searches, within about
//! 10⁻⁶ of [`Net::eval`]).
//!
//! ```
//! use neural::{Features, Net};
//! let mut net = Net::new(10, 8, 2, 1);
//! let mut f = Features::default();
//! f.push(3, 1.0);
//! f.push(7, 0.5);
//! let before = net.eval(&f);
//! for _ in 0..200 {
//!     net.learn(&f, &[1.0, 0.0], 0.1);
//! }
//! let after = net.eval(&f);
//! assert!(after[0] > before[0] && after[1] < before[1]);
//! ```
#![deny(missing_docs)]
// `unsafe` only to call the forward pass compiled for the processor's
// vector instructions once they are detected (forward.rs, `forward_into`).
#![deny(unsafe_code)]

mod features;
mod forward;
mod incremental;
mod model;
mod net;
mod sigmoid;
pub mod td;
pub mod train;

pub use features::{Features, MAX_FEATURES};
pub use incremental::Incremental;
pub use model::ModelError;
pub use net::{Net, Outputs, TrainInfo, MAX_HIDDEN, MAX_OUTPUTS};
