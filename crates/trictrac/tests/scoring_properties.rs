//! Properties of scoring over random legal games: points are always even,
//! each side's total is the sum of its jans, the filtered plays are a
//! subset of the movement plays, and every jan has consistent ways.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trictrac::{Beneficiary, Jan, Position, Roll, RollContext, Rules, Way};

fn random_roll(rng: &mut ChaCha8Rng) -> Roll {
    Roll::new(rng.gen_range(1..=6), rng.gen_range(1..=6))
}

#[test]
fn points_are_even_and_sum_of_jans() {
    let rules = Rules {
        old_jans: trictrac::OldJans::ALL,
        ..Rules::DEFAULT
    };
    let mut rng = ChaCha8Rng::seed_from_u64(20261122);
    let mut scored = 0u32;
    for _game in 0..60 {
        let mut pos = Position::start();
        for _ply in 0..300 {
            // Score every roll from this position, then play a random one.
            for roll in Roll::ALL {
                let (s, plays) = pos.score_roll_with(roll, &rules, &RollContext::default());
                assert!(!plays.is_empty());
                let movement = pos.movement_plays(roll, &rules);
                for p in &plays {
                    assert!(
                        movement.contains(p),
                        "{pos} {roll}: filtered play not a movement play"
                    );
                }
                let m: u32 = s
                    .jans
                    .iter()
                    .filter(|e| e.beneficiary == Beneficiary::Mover)
                    .map(|e| e.points)
                    .sum();
                let o: u32 = s
                    .jans
                    .iter()
                    .filter(|e| e.beneficiary == Beneficiary::Opponent)
                    .map(|e| e.points)
                    .sum();
                assert_eq!((m, o), (s.mover_points, s.opponent_points));
                assert_eq!(s.mover_points % 2, 0, "{pos} {roll}");
                assert_eq!(s.opponent_points % 2, 0, "{pos} {roll}");
                for e in &s.jans {
                    assert!(e.points > 0, "{pos} {roll}: {:?} with no points", e.jan);
                    match e.jan {
                        Jan::TrueHit(_) | Jan::Fill(_) => {
                            assert!(
                                !e.ways.is_empty()
                                    && e.ways.len() <= if roll.is_double() { 2 } else { 3 }
                            );
                            let per = e.points / e.ways.len() as u32;
                            assert_eq!(per * e.ways.len() as u32, e.points);
                        }
                        Jan::FalseHit(_) => assert_eq!(e.ways.as_slice(), &[Way::ToutDUne]),
                        Jan::Unplayable => assert_eq!(e.points, 2 * e.ways.len() as u32),
                        _ => {}
                    }
                    scored += 1;
                }
            }
            let roll = random_roll(&mut rng);
            let plays = pos.legal_plays(roll);
            let play = plays[rng.gen_range(0..plays.len())];
            pos.play_unchecked(&play);
            if pos.all_off(!pos.turn()) {
                break;
            }
        }
    }
    assert!(scored > 1000, "too few jans seen: {scored}");
}
