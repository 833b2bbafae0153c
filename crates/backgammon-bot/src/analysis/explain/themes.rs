//! Ten positions chosen for their themes, each read from an XGID (the
//! upper-case side, Black, on roll: the 26 characters are then his own
//! points 1–24, his checkers upper case), with the differences a strong
//! player names first, the shots counted by hand over the opponent's 36
//! rolls.

use backgammon::{Cube, MatchState, Position, Roll, Rules, Xgid};

use super::{explain_cube, features, why, PlayFeatures, ReasonKind, Why};
use crate::analysis::cubeful;
use crate::cube::score::Score;

/// The position and the roll of an XGID.
fn read(xgid: &str) -> (Position, Roll) {
    let x: Xgid = xgid.parse().expect("a valid XGID");
    let roll = match x.dice {
        backgammon::XgidDice::Rolled(a, b) => Roll::from_dice(a, b),
        _ => panic!("{xgid} has no dice"),
    };
    (x.position, roll)
}

/// The features of the play `text` of the XGID's roll.
fn after(xgid: &str, text: &str) -> PlayFeatures {
    let (pos, roll) = read(xgid);
    let rules = Rules::standard();
    let play = pos
        .resolve_play(roll, &text.parse().expect("a play"), &rules)
        .unwrap_or_else(|e| panic!("{text}: {e:?}"));
    features(&pos, &pos.play_unchecked(&play), &rules)
}

/// Why `a` rather than `b` (the equity difference is not weighed).
fn compare(xgid: &str, a: &str, b: &str) -> Why {
    why((a, &after(xgid, a)), (b, &after(xgid, b)), 0.0)
}

fn kinds(w: &Why) -> Vec<ReasonKind> {
    w.reasons.iter().map(|r| r.kind).collect()
}

fn blot_points(f: &PlayFeatures) -> Vec<u8> {
    f.blots.iter().map(|b| b.point).collect()
}

/// The opening position, Black on roll with `dice`.
fn opening(dice: &str) -> String {
    format!("XGID=-b----E-C---eE---c-e----B-:0:0:1:{dice}:0:0:0:0:10")
}

#[test]
fn theme_1_making_the_bar_point_rather_than_leaving_two_blots() {
    // Opening 6-1. 13/7 6/5 leaves blots 6 and 4 pips in front of the
    // opponent's back checkers (on the mover's 1): the 20 rolls with a 6
    // or a 4 hit directly, and 3-1, 5-1 (2 each), 1-1, 2-2, 3-3: 27.
    let x = opening("61");
    let point = after(&x, "13/7 8/7");
    assert!(point.blots.is_empty());
    assert_eq!(point.points_made, vec![7]);
    assert_eq!(point.prime.length, 3);
    assert_eq!((point.pips.mover, point.pips.lead), (160, 7));
    let blots = after(&x, "13/7 6/5");
    assert_eq!(blot_points(&blots), vec![5, 7]);
    assert_eq!((blots.shots, blots.direct_shots), (27, 20));
    assert_eq!((blots.blots[0].shots, blots.blots[1].shots), (15, 17));
    let w = compare(&x, "13/7 8/7", "13/7 6/5");
    assert_eq!(kinds(&w), vec![ReasonKind::Shots, ReasonKind::Prime]);
    assert_eq!(
        w.reasons[0].sentence,
        "13/7 8/7 leaves no blot; 13/7 6/5 leaves 2 blots (on the 5 and 7): \
         27 shots of 36 (20 direct)"
    );
    assert!((w.reasons[0].weight - 0.4 * 27.0 / 36.0).abs() < 1e-6);
}

#[test]
fn theme_2_keeping_the_full_prime_rather_than_breaking_it() {
    // A six-point prime from the 8 to the 3 traps the opponent's checker
    // on the mover's 1 (only a 1 moves it, to the 2): the blots left by
    // 13/9 13/11 cannot be hit. 8/4 8/6 breaks the 8-point.
    let x = "XGID=-a-BBBBBB----C-----ccbbbb-:0:0:1:42:0:0:0:0:10";
    let keep = after(x, "13/9 13/11");
    assert_eq!(blot_points(&keep), vec![9, 11, 13]);
    assert_eq!((keep.shots, keep.direct_shots), (0, 0));
    assert_eq!(
        (keep.prime.length, keep.prime.high, keep.prime.low),
        (6, 8, 3)
    );
    let broken = after(x, "8/4 8/6");
    assert!(broken.blots.is_empty());
    assert_eq!(broken.points_given_up, vec![8]);
    assert_eq!(broken.prime.length, 5);
    assert_eq!(keep.pips.mover, 99);
    assert_eq!(broken.pips.mover, 99);
    let w = compare(x, "13/9 13/11", "8/4 8/6");
    assert_eq!(kinds(&w), vec![ReasonKind::Prime]);
    assert_eq!(
        w.reasons[0].sentence,
        "13/9 13/11 holds a prime of 6 points (the 8 to the 3), 8/4 8/6 of 5"
    );
}

#[test]
fn theme_3_running_into_a_race_25_pips_ahead() {
    // The last checker back on the 14, the opponent's three on his
    // midpoint (the mover's 12) two pips behind it: 14/11 passes them,
    // a race at 56 against 81; staying leaves the 11 rolls with a 2 and
    // 1-1 (through the 13, open) to hit: 12.
    let x = "XGID=-CCBBBB-----c-A----bbbbbb-:0:0:1:21:0:0:0:0:10";
    let run = after(x, "14/11");
    assert!(run.race);
    assert_eq!(
        (run.pips.mover, run.pips.opponent, run.pips.lead),
        (56, 81, 25)
    );
    assert_eq!(super::summary(&run), "race, pips 56 v 81 (25 ahead)");
    let stay = after(x, "4/2 4/3");
    assert!(!stay.race);
    assert_eq!(blot_points(&stay), vec![14]);
    assert_eq!((stay.shots, stay.direct_shots), (12, 11));
    let w = compare(x, "14/11", "4/2 4/3");
    assert_eq!(
        kinds(&w),
        vec![ReasonKind::Shots, ReasonKind::Prime, ReasonKind::HomeBoard]
    );
    assert_eq!(
        w.reasons[0].sentence,
        "14/11 leaves a blot on the 11-point: 0 shots of 36 (0 direct); \
         4/2 4/3 leaves a blot on the 14-point: 12 shots of 36 (11 direct)"
    );
}

#[test]
fn theme_4_bearing_off_safely_against_an_anchor() {
    // The opponent holds the mover's 1-point. 6-1: 6/off 6/5 clears the
    // 6 without a blot; 6/off 4/3 leaves one on the 6, five pips in
    // front of the anchor: the 11 fives (4-1 and 3-2 are blocked by the
    // mover's 2, 3, 4 and 5).
    let x = "XGID=-bCCCBB------------cccbb--:0:0:1:61:0:0:0:0:10";
    let safe = after(x, "6/off 6/5");
    assert!(safe.blots.is_empty());
    assert_eq!((safe.pips.mover, safe.pips.opponent), (42, 103));
    let open = after(x, "6/off 4/3");
    assert_eq!(blot_points(&open), vec![6]);
    assert_eq!((open.shots, open.direct_shots), (11, 11));
    assert_eq!(open.blots[0].direct_shooters, vec![5]);
    let w = compare(x, "6/off 6/5", "6/off 4/3");
    assert_eq!(kinds(&w), vec![ReasonKind::Shots]);
    assert_eq!(
        w.reasons[0].sentence,
        "6/off 6/5 leaves no blot; 6/off 4/3 leaves a blot on the 6-point: 11 shots of 36 (11 direct)"
    );
}

#[test]
fn theme_5_market_losers_in_a_strong_double_and_none_in_a_quiet_one() {
    let net = crate::default_net();
    let rules = Rules::standard();
    let state = MatchState::money();
    let cube = Cube::centred();
    let explain = |pos: &Position| {
        let a = cubeful::analyse(
            &net,
            pos,
            &rules,
            Score {
                state: &state,
                cube,
            },
            0,
        );
        explain_cube(&net, pos, &rules, &state, cube, &a)
    };
    // The start: no exchange makes a double too good to take.
    let quiet = explain(&Position::start());
    let m = quiet.market.as_ref().expect("a centred cube");
    assert_eq!(m.sequences, 1296);
    assert!(m.fraction < 0.01, "{quiet:?}");
    assert!((quiet.chances.win - 0.5).abs() < 0.1, "{quiet:?}");
    // A race of 59 pips against 65, Black on roll: a double and a
    // take (74% at 0 ply); a double of his and a poor reply leave a
    // pass.
    let x: Xgid = "XGID=-ABCCCC------------ddcbaa-:0:0:1:00:0:0:0:0:10"
        .parse()
        .expect("a valid XGID");
    let pos = x.position;
    let strong = explain(&pos);
    let m = strong.market.as_ref().expect("a centred cube");
    assert!(m.losers > 0 && m.fraction > 0.05, "{strong:?}");
    assert!(!m.examples.is_empty() && m.examples.len() <= 2);
    assert!(m.examples[0].taker_chances < strong.take_point);
    assert!(strong.taker_chances > quiet.taker_chances - 1.0);
    // No gammons in a race; with a dead cube the take point would be
    // 25%, the live cube of the model lowers it.
    assert!(strong.gammon_factor < 0.01, "{strong:?}");
    assert!((0.15..0.25).contains(&strong.take_point), "{strong:?}");
    assert!(
        strong.sentence.starts_with("A double now: "),
        "{}",
        strong.sentence
    );
}

#[test]
fn theme_6_a_blitz_point_on_the_head() {
    // One of the opponent's checkers on the bar, his blot on the mover's
    // 3: 8/3* 6/3 hits it and closes a fourth home point, two on the
    // bar; 13/5 only brings a builder.
    let x = "XGID=a--aBBC-C---dE---c-db-----:0:0:1:53:0:0:0:0:10";
    let blitz = after(x, "8/3* 6/3");
    assert!(blitz.blots.is_empty());
    assert_eq!(blitz.opponent_on_bar, 2);
    assert_eq!(blitz.home_board_points, 4);
    assert_eq!((blitz.pips.mover, blitz.pips.opponent), (117, 160));
    let quiet = after(x, "13/5");
    assert_eq!(quiet.opponent_on_bar, 1);
    assert_eq!(quiet.home_board_points, 3);
    let w = compare(x, "8/3* 6/3", "13/5");
    assert_eq!(
        kinds(&w),
        vec![ReasonKind::OnBar, ReasonKind::HomeBoard, ReasonKind::Prime]
    );
    assert_eq!(
        w.reasons[0].sentence,
        "8/3* 6/3 leaves 2 checkers of the opponent's on the bar, 13/5 1"
    );
    assert_eq!(
        w.reasons[1].sentence,
        "8/3* 6/3 makes the 3-point (home board: 4 points, against 3 for 13/5)"
    );
}

#[test]
fn theme_7_holding_the_anchor_rather_than_running() {
    // The mover holds the opponent's 5-point (his 20). 6-4: 8/2 6/2
    // keeps it and makes the 2; 20/10 leaves a blot on the 20 (the 11
    // ones from the opponent's 6-point, the 11 threes from his 8-point,
    // 20 rolls, and 2-2, 4-4, 6-2 from his midpoint: 24) and one on the
    // 10, which nothing aims at.
    let x = "XGID=-----BD-C---eD---c-eB-b---:0:0:1:64:0:0:0:0:10";
    let hold = after(x, "8/2 6/2");
    assert!(hold.blots.is_empty());
    assert_eq!(hold.anchors, vec![20]);
    assert_eq!(hold.checkers_back, 2);
    let run = after(x, "20/10");
    assert_eq!(blot_points(&run), vec![10, 20]);
    assert_eq!((run.blots[1].shots, run.blots[1].direct_shots), (24, 20));
    assert_eq!(run.blots[0].shots, 0);
    assert_eq!((run.shots_outside, run.checkers_back), (0, 1));
    let w = compare(x, "8/2 6/2", "20/10");
    assert_eq!(
        kinds(&w),
        vec![
            ReasonKind::HomeBoard,
            ReasonKind::Anchors,
            ReasonKind::CheckersBack
        ]
    );
    assert_eq!(
        w.reasons[1].sentence,
        "8/2 6/2 holds an anchor on the 20, 20/10 none"
    );
    assert!(w.reasons[2].weight < 0.0);
}

#[test]
fn theme_8_slotting_the_5_point_against_bringing_a_builder() {
    // Opening 2-1: 13/11 6/5 slots the 5 (15 shots: the 11 fours, 3-1
    // twice, 2-2, 1-1; 6-4 also reaches the 11); 13/10 leaves one blot
    // 9 pips away: 6-3, 5-4 twice each, and 3-3 (5-5 is blocked by the
    // 6-point): 5 shots.
    let x = opening("21");
    let slot = after(&x, "13/11 6/5");
    assert_eq!(blot_points(&slot), vec![5, 11]);
    assert_eq!((slot.shots, slot.direct_shots), (15, 11));
    assert_eq!(slot.blots[1].shots, 2);
    let builder = after(&x, "13/10");
    assert_eq!(blot_points(&builder), vec![10]);
    assert_eq!((builder.shots, builder.direct_shots), (5, 0));
    let w = compare(&x, "13/10", "13/11 6/5");
    assert_eq!(kinds(&w), vec![ReasonKind::Shots]);
    assert_eq!(
        w.reasons[0].sentence,
        "13/10 leaves a blot on the 10-point: 5 shots of 36 (0 direct); \
         13/11 6/5 leaves 2 blots (on the 5 and 11): 15 shots of 36 (11 direct)"
    );
}

#[test]
fn theme_9_hitting_two_leaves_fewer_return_shots_than_hitting_one() {
    // The opponent's blots on the mover's 3 and 7. 5-1: 8/3* 8/7* puts
    // two on the bar: both must enter before anything moves, so only the
    // 11 threes (entering on the blot), 1-1 and 4-4 hit: 13. 13/7* puts
    // one there: the fours from his checker on the 3 (not 6-4, whose 6
    // cannot enter), 6-1, 5-2 entering and going on, 2-2 and 4-4: 14.
    let x = "XGID=---a--EaC---dE---d-e----B-:0:0:1:51:0:0:0:0:10";
    let two = after(x, "8/3* 8/7*");
    assert_eq!(two.opponent_on_bar, 2);
    assert_eq!(blot_points(&two), vec![3, 7, 8]);
    assert_eq!((two.shots, two.direct_shots), (13, 11));
    let one = after(x, "13/7*");
    assert_eq!(one.opponent_on_bar, 1);
    assert_eq!(blot_points(&one), vec![7]);
    // Of those, the fours are direct (from his 3), but the move
    // generator keeps one play per position reached, and 4-3 (entering
    // on the 3 and hitting from it with the 4) reaches the position of
    // entering on the 4 and going on with the 3: it is counted as that
    // indirect play. 4-1, 4-2, 4-5 twice each and 4-4: 7 direct.
    assert_eq!((one.shots, one.direct_shots), (14, 7));
    assert_eq!(two.pips.opponent - one.pips.opponent, 3);
    let w = compare(x, "8/3* 8/7*", "13/7*");
    assert_eq!(
        kinds(&w),
        vec![ReasonKind::OnBar, ReasonKind::Pips, ReasonKind::Shots]
    );
    assert!(w.reasons.iter().all(|r| r.weight > 0.0));
}

#[test]
fn theme_10_running_a_back_checker_to_the_14() {
    // Opening 6-4. 24/14 leaves a blot two pips in front of the
    // opponent's midpoint (the 11 twos: 1-1 is blocked by the 13) and
    // one on the 24 (the 11 fives from his 6-point, 4-1, 3-2, 6-1, 4-3,
    // 6-6, 4-4, 3-3: 22): 29 rolls hit one of them, 20 directly.
    let x = opening("64");
    let run = after(&x, "24/14");
    assert_eq!(blot_points(&run), vec![14, 24]);
    assert_eq!((run.blots[0].shots, run.blots[0].direct_shots), (11, 11));
    assert_eq!(run.blots[1].shots, 22);
    assert_eq!((run.shots, run.direct_shots), (29, 20));
    assert_eq!((run.shots_outside, run.checkers_back), (11, 1));
    assert_eq!(run.points_given_up, vec![24]);
    let point = after(&x, "8/2 6/2");
    assert!(point.blots.is_empty());
    assert_eq!(point.points_made, vec![2]);
    let w = compare(&x, "8/2 6/2", "24/14");
    assert_eq!(
        kinds(&w),
        vec![
            ReasonKind::Shots,
            ReasonKind::HomeBoard,
            ReasonKind::Anchors
        ]
    );
    assert_eq!(
        w.reasons[0].sentence,
        "8/2 6/2 leaves no blot; 24/14 leaves a blot on the 14-point: 11 shots of 36 (11 direct), \
         and a blot on the 24 in the opponent's home board"
    );
}
