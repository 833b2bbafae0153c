//! The review's cube decisions (BG-7.2, BG-7.4): what judges them.
//! gnubg's analysis judges every cube decision at its 2-ply, the cubeful
//! search two levels of rolls deep ([`analyse`] at 2); the review settles
//! the clear no-doubles, which it does not count, on the bot's cheap
//! estimate (the cube model on [`cube_outputs`] at 2 plies), and judges
//! every decision it may count by the search.

use backgammon::{MatFile, MatchId, Position, Rules};
use backgammon_bot::analysis::cubeful::{analyse, analyse_outputs, cube_outputs, CubeAnalysis};
use backgammon_bot::analysis::review::{review, CubeReview, Options, Review};
use backgammon_bot::cube::depth::DEEP_MARGIN;
use backgammon_bot::cube::score::Score;
use backgammon_bot::{default_net, BgNet};

/// The position and the analysis of `c`: the cheap estimate when
/// `searched` is false, else the cubeful search two levels deep.
fn analysis_at(net: &BgNet, c: &CubeReview, searched: bool) -> (Position, CubeAnalysis) {
    let m: MatchId = c.match_id.parse().expect("a valid Match ID");
    // The Match ID of an answer names the doubled side on roll; the
    // position is the doubler's.
    let doubler = if m.double_offered { !m.turn } else { m.turn };
    let pos = Position::from_position_id(&c.position_id, doubler).expect("a valid Position ID");
    let rules = Rules::standard();
    let (state, cube) = (m.match_state(), m.cube());
    let a = if searched {
        analyse(
            net,
            &pos,
            &rules,
            Score {
                state: &state,
                cube,
            },
            2,
        )
    } else {
        let o = cube_outputs(net, &pos, &rules, 2);
        analyse_outputs(&o, &pos, &rules, &state, cube)
    };
    (pos, a)
}

/// The review at 0 ply of the `.mat` file `text`.
fn reviewed(net: &BgNet, text: &str) -> Review {
    let mat = MatFile::parse(text, Rules::standard()).expect("a valid file");
    review(
        net,
        &mat,
        &Rules::standard(),
        Options::one_thread(0),
        &|| {},
    )
    .expect("reviewed")
}

#[test]
fn a_double_far_from_its_turning_point_and_its_pass_are_judged_by_the_search() {
    // Black doubles after White's opening 31: a wrong double by far, and
    // White passes it (BG-7.4).
    let text = " 5 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5               Doubles => 2\n  2)  Drops\n                                  Wins 1 point\n";
    let net = default_net();
    let r = reviewed(&net, text);
    let cubes = &r.games[0].cubes;
    let dbl = cubes
        .iter()
        .find(|c| c.action == "double")
        .expect("the double");
    // On the cheap estimate the decision is far from the turning points:
    // the bot's own cube analysis would not search it deeper.
    let (_, cheap) = analysis_at(&net, dbl, false);
    assert!(
        cheap.double_margin() >= DEEP_MARGIN && cheap.take_margin() >= DEEP_MARGIN,
        "{cheap:?}"
    );
    let (_, deep) = analysis_at(&net, dbl, true);
    assert_ne!(cheap.no_double, deep.no_double);
    assert_eq!(dbl.plies, 2, "{dbl:?}");
    assert_eq!(dbl.analysis, deep, "{dbl:?}");
    assert!(dbl.counted);
    assert!(
        (dbl.lost - deep.doubler_error(true)).abs() < 1e-12,
        "{dbl:?}"
    );
    let pass = cubes.iter().find(|c| c.action == "pass").expect("the pass");
    assert_eq!(pass.plies, 2, "{pass:?}");
    assert_eq!(pass.analysis, deep, "{pass:?}");
    assert!(
        (pass.lost - deep.taker_error(false)).abs() < 1e-12,
        "{pass:?}"
    );
}

#[test]
fn clear_no_doubles_are_settled_on_the_cheap_estimate_and_the_others_searched() {
    let text = " 5 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5               65: 24/13\n  2) 42: 8/4 6/4               64: 24/14\n  3) 55: 13/3(2)               21: 13/11 6/5\n";
    let net = default_net();
    let r = reviewed(&net, text);
    let cubes = &r.games[0].cubes;
    assert!(cubes.iter().all(|c| c.action == "no double"), "{cubes:?}");
    assert!(cubes.len() >= 4, "{cubes:?}");
    let mut cheap_seen = 0;
    for c in cubes {
        let (_, cheap) = analysis_at(&net, c, false);
        let clear = cheap.double_margin() >= DEEP_MARGIN
            && cheap.take_margin() >= DEEP_MARGIN
            && cheap.doubler_error(false) == 0.0;
        if clear {
            cheap_seen += 1;
            assert_eq!((c.plies, &c.analysis), (1, &cheap), "{c:?}");
            assert!(!c.counted && c.lost == 0.0, "{c:?}");
        } else {
            let (_, deep) = analysis_at(&net, c, true);
            assert_eq!((c.plies, &c.analysis), (2, &deep), "{c:?}");
        }
    }
    assert!(cheap_seen > 0, "{cubes:?}");
}
