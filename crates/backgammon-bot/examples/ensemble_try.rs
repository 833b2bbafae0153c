//! Experiment: an ensemble of networks (mean of their outputs) against one.
//! `ensemble_try A.bin,B.bin[,w] C.bin GAMES SEED PLIES`
use std::sync::Arc;

use backgammon::{Game, Play, PlayList, Position, Roll, Rules, Side};
use backgammon_bot::neural::{equity, flip};
use backgammon_bot::{play_out, BgNet, NeuralPlayer, Player};
use neural::Outputs;
use rand::SeedableRng;

struct Ens {
    nets: Vec<Arc<BgNet>>,
    w: Vec<f32>,
    plies: u8,
}

impl Ens {
    fn after(&self, after: &Position, mover: Side, rules: &Rules) -> Outputs {
        let mut o = [0.0f32; neural::MAX_OUTPUTS];
        for (n, w) in self.nets.iter().zip(&self.w) {
            let x = n.after_play(after, mover, rules.preset);
            for k in 0..neural::MAX_OUTPUTS {
                o[k] += w * x[k];
            }
        }
        o
    }
    fn after2(&self, after: &Position, mover: Side, rules: &Rules, buf: &mut PlayList) -> Outputs {
        if after.winner() == Some(mover) {
            return self.after(after, mover, rules);
        }
        let opp = !mover;
        let mut sum = [0.0f32; neural::MAX_OUTPUTS];
        for roll in Roll::ALL {
            buf.clear();
            after.legal_plays_into(roll, rules, buf);
            let mut best = (f32::NEG_INFINITY, [0.0f32; neural::MAX_OUTPUTS]);
            for p in buf.iter() {
                let o = self.after(&after.play_unchecked(p), opp, rules);
                let e = equity(&o);
                if e > best.0 {
                    best = (e, o);
                }
            }
            let w = roll.weight() as f32 / 36.0;
            for (s, x) in sum.iter_mut().zip(flip(&best.1)) {
                *s += w * x;
            }
        }
        sum
    }
}

impl Player for Ens {
    fn name(&self) -> &str {
        "ens"
    }
    fn choose_play(&mut self, game: &Game) -> Play {
        let plays = game.legal_plays();
        if plays.len() == 1 {
            return plays[0];
        }
        let pos = game.position();
        let rules = game.rules();
        let mover = pos.turn();
        let mut ranked: Vec<(f32, Play, Position)> = plays
            .iter()
            .map(|p| {
                let a = pos.play_unchecked(p);
                (equity(&self.after(&a, mover, rules)), *p, a)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        if self.plies == 0 {
            return ranked[0].1;
        }
        let top = ranked[0].0;
        let mut buf = PlayList::new();
        let mut best = (f32::NEG_INFINITY, ranked[0].1);
        for (e0, p, a) in ranked.iter().take(5) {
            if *e0 < top - 0.16 {
                break;
            }
            let e = equity(&self.after2(a, mover, rules, &mut buf));
            if e > best.0 {
                best = (e, *p);
            }
        }
        best.1
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let parts: Vec<&str> = a[1].split(',').collect();
    let mut nets = Vec::new();
    let mut w = Vec::new();
    let wa: f32 = parts.get(2).map_or(0.5, |x| x.parse().unwrap());
    for (i, p) in parts.iter().take(2).enumerate() {
        nets.push(Arc::new(
            BgNet::load(std::path::Path::new(p)).expect("model"),
        ));
        w.push(if i == 0 { wa } else { 1.0 - wa });
    }
    let net_b = Arc::new(BgNet::load(std::path::Path::new(&a[2])).expect("model B"));
    let games: u64 = a[3].parse().unwrap();
    let seed: u64 = a[4].parse().unwrap();
    let plies: u8 = a[5].parse().unwrap();
    let rules = Rules {
        cube: false,
        ..Rules::standard()
    };
    let pairs = games.div_ceil(2);
    let mut per_pair = Vec::new();
    for k in 0..pairs {
        let dice_seed = neural::td::game_seed(seed, k);
        let mut pair = 0i64;
        for a_side in [Side::White, Side::Black] {
            let mut pa = Ens {
                nets: nets.clone(),
                w: w.clone(),
                plies,
            };
            let mut pb = if plies == 2 {
                NeuralPlayer::two_ply(net_b.clone())
            } else {
                NeuralPlayer::new(net_b.clone())
            };
            let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(dice_seed);
            let mut g = Game::money(rules);
            let r = if a_side == Side::White {
                play_out(&mut g, &mut pa, &mut pb, &mut dice)
            } else {
                play_out(&mut g, &mut pb, &mut pa, &mut dice)
            };
            pair += if r.winner == a_side {
                r.points as i64
            } else {
                -(r.points as i64)
            };
        }
        per_pair.push(pair as f64 / 2.0);
    }
    let n = per_pair.len() as f64;
    let mean = per_pair.iter().sum::<f64>() / n;
    let var = per_pair.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "ens {} vs {} plies {plies}: {} games, {:+.3} ({:+.3} to {:+.3})",
        a[1],
        a[2],
        2 * pairs,
        mean,
        mean - half,
        mean + half
    );
}
