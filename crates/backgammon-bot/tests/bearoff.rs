//! The bear-off database against values computed independently: a slow
//! recursion over the engine's own legal plays for small boards, and
//! values worked out by hand.

use std::collections::HashMap;

use backgammon::{Position, Roll, Rules, Setup, Side};
use backgammon_bot::eval::bearoff::{
    self, board, index, BearoffDb, MAX_ROLLS, N_POSITIONS, POINTS,
};

/// White's home board `h`, Black's 15 checkers far away on his 24-point
/// area... kept on his 19–24 (his home), which White's home never meets.
fn position(h: &[u8; POINTS]) -> Position {
    let mut w = [0u8; 26];
    w[1..=POINTS].copy_from_slice(h);
    w[0] = 15 - h.iter().sum::<u8>();
    let mut b = [0u8; 26];
    b[1] = 15;
    Position::from_setup(Setup {
        counts: backgammon::BySide::new(w, b),
        turn: Side::White,
    })
    .unwrap()
}

/// The mean and distribution of the rolls to bear off, by the engine's
/// legal plays, choosing the play of least mean: a memoised recursion.
fn reference(
    h: [u8; POINTS],
    memo: &mut HashMap<[u8; POINTS], (f64, Vec<f64>)>,
) -> (f64, Vec<f64>) {
    if let Some(v) = memo.get(&h) {
        return v.clone();
    }
    let mut d = vec![0.0; MAX_ROLLS];
    if h.iter().all(|&n| n == 0) {
        d[0] = 1.0;
        memo.insert(h, (0.0, d.clone()));
        return (0.0, d);
    }
    let rules = Rules::standard();
    let pos = position(&h);
    for roll in Roll::ALL {
        let w = roll.weight() as f64 / 36.0;
        let mut best: Option<(f64, Vec<f64>)> = None;
        for p in pos.legal_plays(roll, &rules).iter() {
            let after = pos.play_unchecked(p);
            let mut n = [0u8; POINTS];
            n.copy_from_slice(&after.counts(Side::White)[1..=POINTS]);
            let r = reference(n, memo);
            if best.as_ref().is_none_or(|b| r.0 < b.0) {
                best = Some(r);
            }
        }
        let (_, sd) = best.unwrap();
        for k in 0..MAX_ROLLS - 1 {
            d[k + 1] += w * sd[k];
        }
    }
    let m = d.iter().enumerate().map(|(n, p)| n as f64 * p).sum();
    memo.insert(h, (m, d.clone()));
    (m, d)
}

fn db() -> &'static BearoffDb {
    bearoff::db()
}

#[test]
fn small_boards_match_a_slow_reference_over_the_engines_plays() {
    let mut memo = HashMap::new();
    let mut checked = 0;
    for i in 0..N_POSITIONS {
        let h = board(i);
        if h.iter().sum::<u8>() > 4 {
            continue;
        }
        let (_, d) = reference(h, &mut memo);
        let got = db().rolls(&h);
        for k in 0..MAX_ROLLS {
            assert!(
                (got[k] as f64 - d[k]).abs() < 1e-4,
                "{h:?} at {k}: {} vs {}",
                got[k],
                d[k]
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 210);
}

#[test]
fn the_generators_successors_are_the_engines_plays() {
    let rules = Rules::standard();
    for i in (0..N_POSITIONS).step_by(97) {
        let h = board(i);
        if h.iter().all(|&n| n == 0) {
            continue;
        }
        let pos = position(&h);
        for roll in Roll::ALL {
            let mut engine: Vec<usize> = pos
                .legal_plays(roll, &rules)
                .iter()
                .map(|p| {
                    let mut n = [0u8; POINTS];
                    n.copy_from_slice(&pos.play_unchecked(p).counts(Side::White)[1..=POINTS]);
                    index(&n)
                })
                .collect();
            engine.sort_unstable();
            engine.dedup();
            let mut ours = Vec::new();
            let (a, b) = (roll.high().value(), roll.low().value());
            bearoff::successors(&h, a, b, &mut |n| ours.push(index(n)));
            ours.sort_unstable();
            ours.dedup();
            assert_eq!(ours, engine, "{h:?} with {roll}");
        }
    }
}

#[test]
fn known_values() {
    let d = db().rolls(&[1, 0, 0, 0, 0, 0]);
    assert!((d[1] - 1.0).abs() < 1e-6);
    // One checker on the 6: 27 rolls of 36 take it off at once (any 6,
    // two dice of 6 or more, 2-2 and above), the other 9 in two.
    let d = db().rolls(&[0, 0, 0, 0, 0, 1]);
    assert!((d[1] - 0.75).abs() < 1e-4 && (d[2] - 0.25).abs() < 1e-4);
    // Two on the 6: only 3-3, 4-4, 5-5 and 6-6 in one roll.
    let d = db().rolls(&[0, 0, 0, 0, 0, 2]);
    assert!((d[1] - 4.0 / 36.0).abs() < 1e-4);
    // Fifteen on the 1: doubles take four, other rolls two: at least four rolls.
    let d = db().rolls(&[15, 0, 0, 0, 0, 0]);
    assert!(d[..4].iter().all(|&p| p == 0.0));
    assert!((d.iter().sum::<f32>() - 1.0).abs() < 1e-3);
    // The first checker off from fifteen on the 6: a 6 (11 rolls), 5-1
    // and 4-2 (one checker all the way), 3-3 or 2-2 (4-4 and 5-5 leave
    // checkers above the one moved in): 17 rolls.
    let f = db().first_off(&[0, 0, 0, 0, 0, 15]);
    assert!((f[1] - 17.0 / 36.0).abs() < 1e-4, "{}", f[1]);
}

#[test]
fn the_file_round_trips() {
    let b = db().to_bytes();
    assert!(b.len() < 2_000_000, "{} bytes", b.len());
    assert_eq!(&BearoffDb::from_bytes(&b).unwrap(), db());
    assert!(BearoffDb::from_bytes(&b[..b.len() - 1]).is_err());
}

/// The database in the binary (computed by the build script) is the one
/// this program computes, byte for byte, and is read in milliseconds.
#[test]
fn the_built_database_is_the_generated_one() {
    let t = std::time::Instant::now();
    let built = BearoffDb::from_bytes(bearoff::BUILT).unwrap();
    let read = t.elapsed();
    assert_eq!(built, BearoffDb::generate());
    assert_eq!(bearoff::BUILT, &BearoffDb::generate().to_bytes()[..]);
    // Generous for a loaded machine: the read is a few milliseconds.
    assert!(read.as_millis() < 500, "read in {read:?}");
}

#[test]
fn two_sided_chances() {
    // Each side one checker on his 1-point: the side on roll wins.
    let mut w = [0u8; 26];
    w[0] = 14;
    w[1] = 1;
    let p = Position::from_setup(Setup {
        counts: backgammon::BySide::new(w, w),
        turn: Side::White,
    })
    .unwrap();
    let o = bearoff::evaluate(&p);
    assert!((o[0] - 1.0).abs() < 1e-6 && o[1] == 0.0 && o[3] == 0.0);
    // One on my 6 against one on his 1: I win 27 of 36.
    let mut me = [0u8; 26];
    me[0] = 14;
    me[6] = 1;
    let p = Position::from_setup(Setup {
        counts: backgammon::BySide::new(me, w),
        turn: Side::White,
    })
    .unwrap();
    assert!((bearoff::evaluate(&p)[0] - 0.75).abs() < 1e-4);
}

/// The position: with 6-4 the bot bears two checkers off (5/off
/// 4/off, 0.531 to win, as gnubg says) rather than 5/1 5/off (0.465).
#[test]
fn the_bot_bears_off_two_checkers_with_6_4() {
    use backgammon::{Game, Phase};
    use backgammon_bot::eval::Evaluator;
    let pos = Position::from_position_id("qg0AAJseAAAAAA", Side::White).unwrap();
    assert_eq!(Evaluator::of(&pos), Evaluator::BearoffDb);
    assert_eq!(Evaluator::of(&Position::start()), Evaluator::Contact);
    let mut g = Game::from_position(Rules::standard(), pos);
    g.roll(Roll::new(6, 4)).unwrap();
    assert!(matches!(g.phase(), Phase::Play(..)));
    for name in ["neural", "neural0"] {
        let mut bot = backgammon_bot::by_name(name, 1).unwrap();
        let p = bot.choose_play(&g);
        let after = pos.play_unchecked(&p);
        assert_eq!(
            after.borne_off(Side::White),
            pos.borne_off(Side::White) + 2,
            "{name}: {p}"
        );
        let o = backgammon_bot::net::flip(&bearoff::evaluate(&after));
        assert!((o[0] - 0.531).abs() < 0.001, "{}", o[0]);
    }
}
