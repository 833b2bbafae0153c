//! The game-independent parts of TD(λ) self-play training.
//!
//! Training plays games in **batches**: every game of a batch is played
//! with the same frozen copy of the network, so the games can be played
//! in parallel ([`parallel_map`]), each with dice drawn from its own seed
//! ([`game_seed`]). Each game gives the states where a side is about to
//! roll, `s_0 … s_T−1`, with the frozen network's outputs `y_t` in the
//! eyes of the side to roll at `t`, and the final result. The targets are
//! the λ-returns ([`lambda_returns`]), computed backwards:
//!
//! ```text
//! G_T−1 = the result, in the eyes of the last state's roller
//! G_t   = (1 − λ) · y'_t+1 + λ · G'_t+1
//! ```
//!
//! where `y'` and `G'` are turned into the eyes of the side to roll at `t`
//! (a game-given `flip` when the other side rolls next). Then, game after
//! game in the order of their numbers, the network takes one gradient
//! step per state towards `G_t`: the offline λ-return form of TD(λ)
//! (Sutton and Barto, *Reinforcement Learning*, 2nd ed., §12.1). The
//! result depends on the seed and the batch size only, not on the number
//! of threads, and a run resumed between batches continues exactly as if
//! it had not stopped.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::net::Outputs;

/// SplitMix64: the seed of game `i` of a run seeded with `seed`.
///
/// ```
/// use neural::td::game_seed;
/// assert_ne!(game_seed(1, 0), game_seed(1, 1));
/// assert_eq!(game_seed(7, 3), game_seed(7, 3));
/// ```
pub fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(i.wrapping_add(1).wrapping_mul(0xbf58_476d_1ce4_e5b9));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One state of a training game: who rolls (0 or 1) and the frozen
/// network's outputs in his eyes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StateValue {
    /// The side about to roll, 0 or 1.
    pub roller: u8,
    /// The frozen network's outputs, in the roller's eyes.
    pub value: Outputs,
}

/// The λ-returns of a game's states, one per state, each in the eyes of
/// that state's roller. `last` is the target of the last state (the
/// game's result, or its own value if the game was cut), in the eyes of
/// the last state's roller; `flip` turns outputs in one side's eyes into
/// the other's (for one win-probability output: `1 − v`).
///
/// ```
/// use neural::td::{lambda_returns, StateValue};
/// let v = |roller, x| { let mut o = [0.0; 8]; o[0] = x; StateValue { roller, value: o } };
/// let flip = |o: &[f32; 8]| { let mut f = *o; f[0] = 1.0 - o[0]; f };
/// let mut won = [0.0; 8];
/// won[0] = 1.0;
/// let g = lambda_returns(&[v(0, 0.5), v(1, 0.4), v(1, 0.3)], won, 0.5, flip);
/// assert_eq!(g[2][0], 1.0);
/// // The same side rolls twice: the same eyes.
/// assert!((g[1][0] - (0.5 * 0.3 + 0.5 * 1.0)).abs() < 1e-6);
/// // The other side's state seen by side 0.
/// assert!((g[0][0] - (0.5 * 0.6 + 0.5 * (1.0 - g[1][0]))).abs() < 1e-6);
/// ```
pub fn lambda_returns(
    states: &[StateValue],
    last: Outputs,
    lambda: f32,
    flip: impl Fn(&Outputs) -> Outputs,
) -> Vec<Outputs> {
    let n = states.len();
    let mut g = vec![[0.0f32; crate::MAX_OUTPUTS]; n];
    if n == 0 {
        return g;
    }
    g[n - 1] = last;
    for t in (0..n - 1).rev() {
        let next = &states[t + 1];
        let (y, gn) = if next.roller == states[t].roller {
            (next.value, g[t + 1])
        } else {
            (flip(&next.value), flip(&g[t + 1]))
        };
        let mut out = [0.0f32; crate::MAX_OUTPUTS];
        for k in 0..crate::MAX_OUTPUTS {
            out[k] = (1.0 - lambda) * y[k] + lambda * gn[k];
        }
        g[t] = out;
    }
    g
}

/// `f(0) … f(n − 1)` computed on `jobs` threads, in order. The results
/// do not depend on `jobs`.
///
/// ```
/// let squares = neural::td::parallel_map(5, 2, |k| k * k);
/// assert_eq!(squares, vec![0, 1, 4, 9, 16]);
/// ```
pub fn parallel_map<T: Send>(n: usize, jobs: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    if n == 0 {
        return Vec::new();
    }
    let next = AtomicUsize::new(0);
    let mut out: Vec<Option<T>> = (0..n).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs.clamp(1, n))
            .map(|_| {
                let next = &next;
                let f = &f;
                scope.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= n {
                            return done;
                        }
                        done.push((k, f(k)));
                    }
                })
            })
            .collect();
        for h in handles {
            match h.join() {
                Ok(done) => {
                    for (k, x) in done {
                        out[k] = Some(x);
                    }
                }
                Err(e) => std::panic::resume_unwind(e),
            }
        }
    });
    out.into_iter()
        .map(|x| x.expect("every index was computed"))
        .collect()
}
