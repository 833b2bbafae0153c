//! Layer 2, the evaluator: which net or database values a position
//! ([`Evaluator::of`]): the exact one-sided bear-off database when both
//! sides bear off ([`bearoff`]), the race network when there is no
//! contact ([`race`]), the contact network ([`crate::net`]) otherwise;
//! and the value of the position after a play ([`crate::net::BgNet::after_play`]),
//! also from the network's sums of a nearby position ([`near`]).

pub mod bearoff;
mod evaluator;
pub(crate) mod near;
pub mod race;

pub use evaluator::Evaluator;
