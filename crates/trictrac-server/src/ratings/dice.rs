//! A player's dice statistics (issue 38, item 3): the rolls he threw in
//! his finished games (the rolls of his turns; not the opening or
//! first-move throws, which both players share), by kind of roll against
//! the expected counts, the doubles, and Pearson's chi-square test of
//! fit (20 degrees of freedom: 21 kinds of roll, doubles 1/36 each, the
//! others 2/36). And entering from the bar (backgammon): of the rolls
//! thrown with checkers on the bar, how many entered against the
//! expected number (the sum, roll by roll, of the share of the 36 rolls
//! that enter against the board as it stood), with the normal test of
//! the difference.

use serde_json::{json, Value};
use tables::Side;

use crate::room::{GameState, Hub};
use crate::store::PlayedGame;

/// Rolls thrown from the bar: how many, how many entered, and the
/// expected count with its variance (a sum of Bernoulli trials).
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Entering {
    tries: u64,
    entered: u64,
    expected: f64,
    variance: f64,
}

impl Entering {
    fn add(&mut self, entered: bool, p: f64) {
        self.tries += 1;
        self.entered += u64::from(entered);
        self.expected += p;
        self.variance += p * (1.0 - p);
    }

    fn json(&self) -> Value {
        if self.tries == 0 {
            return json!({ "tries": 0, "entered": 0, "expected": 0.0, "z": null, "p_value": null });
        }
        let z = if self.variance > 0.0 {
            (self.entered as f64 - self.expected) / self.variance.sqrt()
        } else {
            0.0
        };
        json!({
            "tries": self.tries,
            "entered": self.entered,
            "expected": round(self.expected),
            "z": round(z),
            // Two-sided: z² follows a chi-square with one degree of freedom.
            "p_value": round(chi_square_p(z * z, 1.0)),
        })
    }
}

/// The rolls of `side` in one game's stored actions (replayed to know
/// whose turn each roll was): counts by `[high-1][low-1]`, and the rolls
/// from the bar.
fn rolls_of(
    hub: &Hub,
    g: &PlayedGame,
    actions: &[String],
    counts: &mut [[u64; 6]; 6],
    entering: &mut Entering,
) {
    let side = match g.side.as_str() {
        "white" => Side::White,
        "black" => Side::Black,
        _ => return,
    };
    let Ok(game) = hub.config.games.make(&g.game, &g.options) else {
        return;
    };
    let mut game = GameState(game);
    for a in actions {
        let roller = game.side_to_act();
        let v: Value = serde_json::from_str(a).unwrap_or(Value::Null);
        if v["k"] == "roll" && roller == Some(side) {
            if let (Some(x), Some(y)) = (v["a"].as_u64(), v["b"].as_u64()) {
                if (1..=6).contains(&x) && (1..=6).contains(&y) {
                    let (h, l) = (x.max(y) as usize, x.min(y) as usize);
                    counts[h - 1][l - 1] += 1;
                    if let Some((entered, p)) = game.0.entering(side, h as u8, l as u8) {
                        entering.add(entered, p);
                    }
                }
            }
        }
        if game.0.apply_stored(a).is_err() {
            return;
        }
    }
}

/// The statistics of the player's rolls in `games` (JSON for the
/// player's page): `{rolls, doubles, doubles_expected, kinds: [{roll,
/// count, expected}], chi_square, df, p_value}`.
pub async fn stats(hub: &Hub, games: &[PlayedGame]) -> Value {
    let mut counts = [[0u64; 6]; 6];
    let mut entering = Entering::default();
    for g in games {
        if let Ok(actions) = hub.store.actions(&g.room).await {
            rolls_of(hub, g, &actions, &mut counts, &mut entering);
        }
    }
    let mut v = summary(&counts);
    v["entering"] = entering.json();
    v
}

fn summary(counts: &[[u64; 6]; 6]) -> Value {
    let n: u64 = counts.iter().flatten().sum();
    let mut kinds = Vec::new();
    let mut chi = 0.0;
    let mut doubles = 0;
    for h in (0..6).rev() {
        for l in (0..=h).rev() {
            let c = counts[h][l];
            let p = if h == l { 1.0 / 36.0 } else { 2.0 / 36.0 };
            let e = p * n as f64;
            if h == l {
                doubles += c;
            }
            if e > 0.0 {
                chi += (c as f64 - e).powi(2) / e;
            }
            kinds.push(json!({
                "roll": format!("{}-{}", h + 1, l + 1),
                "count": c,
                "expected": round(e),
            }));
        }
    }
    json!({
        "rolls": n,
        "doubles": doubles,
        "doubles_expected": round(n as f64 / 6.0),
        "kinds": kinds,
        "chi_square": round(chi),
        "df": 20,
        "p_value": if n == 0 { Value::Null } else { json!(round(chi_square_p(chi, 20.0))) },
    })
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The chance of a chi-square at least `x` with `k` degrees of freedom:
/// the regularized upper incomplete gamma function Q(k/2, x/2).
fn chi_square_p(x: f64, k: f64) -> f64 {
    let (a, x) = (k / 2.0, x / 2.0);
    if x <= 0.0 {
        return 1.0;
    }
    let ln_front = a * x.ln() - x - ln_gamma(a);
    if x < a + 1.0 {
        // The series of P, then Q = 1 - P.
        let (mut sum, mut term, mut n) = (1.0 / a, 1.0 / a, a);
        for _ in 0..500 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        (1.0 - sum * ln_front.exp()).clamp(0.0, 1.0)
    } else {
        // Lentz's continued fraction of Q.
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..500 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (ln_front.exp() * h).clamp(0.0, 1.0)
    }
}

/// ln Γ(x) (Lanczos).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 6] = [
        76.180_091_729_471_46,
        -86.505_320_329_416_77,
        24.014_098_240_830_91,
        -1.231_739_572_450_155,
        0.001_208_650_973_866_179,
        -0.000_005_395_239_384_953,
    ];
    let mut y = x;
    let tmp = x + 5.5;
    let tmp = tmp - (x + 0.5) * tmp.ln();
    let mut ser = 1.000_000_000_190_015;
    for g in G {
        y += 1.0;
        ser += g / y;
    }
    -tmp + (2.506_628_274_631_000_5 * ser / x).ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chi_square_test_of_fit_is_right() {
        // Tables: P(χ² ≥ 31.41 | 20) = 0.05, P(χ² ≥ 19.34 | 20) ≈ 0.5.
        assert!((chi_square_p(31.410, 20.0) - 0.05).abs() < 1e-3);
        assert!((chi_square_p(19.337, 20.0) - 0.5).abs() < 1e-3);
        assert!((chi_square_p(3.0, 2.0) - (-1.5f64).exp()).abs() < 1e-9);
        // Exactly the expected counts: χ² = 0, p = 1.
        let mut c = [[0u64; 6]; 6];
        for (h, row) in c.iter_mut().enumerate() {
            for (l, x) in row.iter_mut().enumerate().take(h + 1) {
                *x = if h == l { 10 } else { 20 };
            }
        }
        let s = summary(&c);
        assert_eq!(s["rolls"], 360);
        assert_eq!(s["doubles"], 60);
        assert_eq!(s["chi_square"], 0.0);
        assert_eq!(s["p_value"], 1.0);
        // Only 6-6: far from fair.
        let mut c = [[0u64; 6]; 6];
        c[5][5] = 100;
        assert!(summary(&c)["p_value"].as_f64().unwrap() < 1e-6);
    }

    #[test]
    fn entering_from_the_bar_is_tested_against_its_expected_count() {
        assert_eq!(Entering::default().json()["p_value"], Value::Null);
        // 100 rolls at 3/4 (two points closed): 75 expected, σ² 18.75.
        let mut e = Entering::default();
        for i in 0..100 {
            e.add(i % 4 != 0, 0.75);
        }
        let v = e.json();
        assert_eq!(
            (v["tries"].clone(), v["entered"].clone()),
            (json!(100), json!(75))
        );
        assert_eq!(v["z"], 0.0);
        assert_eq!(v["p_value"], 1.0);
        // 60 entered of 100: z = -15 / 4.33 = -3.46, p ≈ 0.0005 (0.001
        // to three places).
        let mut e = Entering::default();
        for i in 0..100 {
            e.add(i < 60, 0.75);
        }
        let v = e.json();
        assert!((v["z"].as_f64().unwrap() + 3.464).abs() < 1e-3, "{v}");
        assert_eq!(v["p_value"], 0.001, "{v}");
        // z = 1.96: p = 0.05 (two-sided).
        assert!((chi_square_p(1.96 * 1.96, 1.0) - 0.05).abs() < 1e-3);
    }
}
