//! The Glicko-2 rating system (classement), as Mark E. Glickman
//! published it in "Example of the Glicko-2 system" (Boston University,
//! 2013): each player has a rating `r`, a rating deviation `RD` (how
//! uncertain `r` is) and a volatility `σ` (how erratic his results are).
//! A rating period's results move all three; this server makes each
//! rated game (or backgammon match) a period of its own.
//!
//! Written from the paper's steps 1 to 8; the paper's worked example is
//! the test below.

/// The scale factor between the Glicko scale (`r`, `RD`) and the
/// Glicko-2 scale (`μ`, `φ`) of the paper, step 2.
const SCALE: f64 = 173.7178;
/// The convergence tolerance of the volatility iteration, step 5.
const EPSILON: f64 = 0.000_001;

/// A player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating `r` (a new player: 1500).
    pub rating: f64,
    /// The rating deviation `RD` (a new player: 350).
    pub deviation: f64,
    /// The volatility `σ` (a new player: 0.06).
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player's rating, as the paper advises (step 1).
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// The system constant `τ`, which bounds how much the volatility moves
/// in one period (the paper: between 0.3 and 1.2; its example uses 0.5).
pub const TAU: f64 = 0.5;

/// The highest deviation a rating may have: a new player's.
pub const MAX_DEVIATION: f64 = 350.0;

/// One game of a rating period: the opponent's rating (before the
/// period) and the score, 1 for a win, 0 for a loss, 0.5 for a draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The opponent's rating before the period.
    pub opponent: Rating,
    /// 1 (won), 0 (lost) or 0.5 (drawn).
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The new volatility σ' (step 5, the Illinois algorithm).
fn volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    let mut steps = 0;
    while (big_b - big_a).abs() > EPSILON && steps < 200 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
        steps += 1;
    }
    (big_a / 2.0).exp()
}

/// The rating after one period with these `games` (steps 2 to 8), with
/// the system constant `tau`. No game: only the deviation grows (step 6).
pub fn update(player: Rating, games: &[Outcome], tau: f64) -> Rating {
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    if games.is_empty() {
        let phi_star = (phi * phi + player.volatility * player.volatility).sqrt();
        return Rating {
            deviation: (phi_star * SCALE).min(MAX_DEVIATION),
            ..player
        };
    }
    // Steps 3 and 4: the estimated variance v and the improvement Δ.
    let mut inv_v = 0.0;
    let mut sum = 0.0;
    for o in games {
        let mu_j = (o.opponent.rating - 1500.0) / SCALE;
        let phi_j = o.opponent.deviation / SCALE;
        let e = expected(mu, mu_j, phi_j);
        inv_v += g(phi_j).powi(2) * e * (1.0 - e);
        sum += g(phi_j) * (o.score - e);
    }
    let v = 1.0 / inv_v;
    let delta = v * sum;
    let sigma = volatility(delta, phi, v, player.volatility, tau);
    // Steps 6 to 8.
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Rating {
        rating: SCALE * mu_new + 1500.0,
        deviation: (SCALE * phi_new).min(MAX_DEVIATION),
        volatility: sigma,
    }
}

/// Both players' ratings after one game between them: `white_score` is
/// White's (1, 0 or 0.5); each is rated against the other's rating
/// before the game.
pub fn game(white: Rating, black: Rating, white_score: f64) -> (Rating, Rating) {
    (
        update(
            white,
            &[Outcome {
                opponent: black,
                score: white_score,
            }],
            TAU,
        ),
        update(
            black,
            &[Outcome {
                opponent: white,
                score: 1.0 - white_score,
            }],
            TAU,
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// The paper's worked example: a player rated 1500 (RD 200, σ 0.06)
    /// beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700
    /// (RD 300), τ = 0.5: r' ≈ 1464.06, RD' ≈ 151.52, σ' ≈ 0.05999.
    #[test]
    fn the_papers_worked_example() {
        let games = [
            Outcome {
                opponent: r(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: r(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: r(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let new = update(r(1500.0, 200.0), &games, 0.5);
        assert!((new.rating - 1464.06).abs() < 0.01, "{new:?}");
        assert!((new.deviation - 151.52).abs() < 0.01, "{new:?}");
        assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let new = update(r(1500.0, 200.0), &[], 0.5);
        assert_eq!(new.rating, 1500.0);
        assert!(new.deviation > 200.0 && new.deviation < 201.0, "{new:?}");
        let capped = update(Rating::default(), &[], 0.5);
        assert_eq!(capped.deviation, MAX_DEVIATION);
    }

    #[test]
    fn the_winner_gains_what_the_loser_loses_between_equals() {
        let (w, b) = game(Rating::default(), Rating::default(), 1.0);
        assert!(w.rating > 1500.0 && b.rating < 1500.0);
        assert!((w.rating - 1500.0 - (1500.0 - b.rating)).abs() < 1e-9);
        assert!(w.deviation < 350.0 && b.deviation < 350.0);
    }
}
