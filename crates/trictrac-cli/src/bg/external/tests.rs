//! Tests of the parent module.
use super::*;
use backgammon::{BySide, Position, Roll};

const START: &str = "0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0";
/// After the board: turn, dice, his dice, cube, may double, the
/// opponent may, doubled, orientation, off, bar, move, forced,
/// Crawford, last.
const ROLL_65: &str = "1:6:5:6:5:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";

fn line(head: &str, board: &str, tail: &str) -> String {
    format!("board:gnubg:root:{head}:{board}:{tail}")
}

#[test]
fn reads_a_move_line() {
    let b = parse_board(&line("3:0:0", START, ROLL_65)).unwrap();
    assert_eq!(b.match_length, 3);
    assert_eq!(b.dice, (6, 5));
    assert_eq!(b.board[24], 2);
    assert_eq!(b.board[1], -2);
    let r = b.request().unwrap();
    assert_eq!(r.position, Position::start());
    assert_eq!(r.question, Question2::Play(Roll::new(6, 5)));
    assert_eq!(r.state.length, 3);
    assert_eq!(r.cube, Cube::centred());
}

#[test]
fn reads_the_cube_and_the_score() {
    // Before rolling, he owns a 2-cube, 2-1 down (his score second).
    let l = line(
        "5:2:1",
        START,
        "1:0:0:0:0:2:1:0:0:1:-1:0:25:0:0:0:0:0:0:0:1",
    );
    let r = parse_board(&l).unwrap().request().unwrap();
    assert_eq!(r.question, Question2::Cube);
    assert!(r.may_double);
    assert_eq!(r.state.score, BySide::new(1, 2));
    assert_eq!(
        r.cube,
        Cube {
            value: 2,
            owner: Some(Side::White)
        }
    );
    // Doubled: turn -1, his score first, the doubler on roll.
    let l = line(
        "5:1:2",
        START,
        "-1:0:0:0:0:1:1:1:1:1:-1:0:25:0:0:0:0:0:0:0:1",
    );
    let r = parse_board(&l).unwrap().request().unwrap();
    assert_eq!(r.question, Question2::Take);
    assert_eq!(r.position.turn(), Side::Black);
    assert_eq!(r.state.score, BySide::new(1, 2));
    assert_eq!(r.cube, Cube::centred());
    // Money: length 0.
    let r = parse_board(&line("0:7:3", START, ROLL_65))
        .unwrap()
        .request()
        .unwrap();
    assert!(r.state.is_money());
}

#[test]
fn the_crawford_game_is_the_last_field() {
    let crawford = ROLL_65.strip_suffix(":1").unwrap().to_string() + ":0";
    let r = parse_board(&line("3:2:0", START, &crawford))
        .unwrap()
        .request()
        .unwrap();
    assert!(r.state.crawford && !r.state.crawford_done);
    let r = parse_board(&line("3:2:0", START, ROLL_65))
        .unwrap()
        .request()
        .unwrap();
    assert!(!r.state.crawford && r.state.crawford_done);
}

#[test]
fn refuses_bad_lines() {
    let sixteen = START.replacen("0:-2:", "0:-3:", 1);
    let shared = START
        .replacen("0:-2:", "0:-2:1:", 1)
        .replacen(":0:0:0:5", ":0:0:5", 1);
    for bad in [
        String::new(),
        "hello".into(),
        "board:a:b:1:2".into(),
        line("3:0:0", &sixteen, ROLL_65),
        line("3:0:0", &shared, ROLL_65),
        line(
            "3:0:0",
            START,
            "1:7:5:6:5:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
        ),
        line(
            "3:0:0",
            START,
            "1:6:5:6:5:1:1:1:0:-1:1:25:0:0:0:0:0:0:0:0:1",
        ),
        line("3:3:0", START, ROLL_65),
        line(
            "3:0:0",
            START,
            "1:6:5:6:5:1:1:1:1:1:-1:0:25:0:0:0:0:0:0:0:1",
        ),
        line(
            "3:0:0",
            START,
            "1:6:0:6:5:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
        ),
        line(
            "3:0:0",
            START,
            "1:6:5:6:5:3:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
        ),
        line("3:0:0", &START.replacen("0:-2:", "0:-2:x:", 1), ROLL_65),
        line("3:0:0", START, ROLL_65) + ":1",
    ] {
        assert!(
            parse_board(&bad).and_then(|b| b.request()).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn answers_legal_plays_in_gnubgs_form() {
    let mut r = Responder::new(backgammon_bot::default_net(), 0, false);
    assert_eq!(
        r.answer(&line("3:0:0", START, ROLL_65)).unwrap(),
        "24/18 18/13"
    );
    // Dancing: his checker on the bar against a closed board.
    let closed = "0:14:0:0:0:0:0:-3:0:0:0:0:0:0:0:0:0:0:0:-2:-2:-2:-2:-2:-2:1";
    let tail = "1:6:6:6:6:1:1:1:0:1:-1:0:25:0:0:1:0:0:0:0:1";
    assert_eq!(r.answer(&line("0:0:0", closed, tail)).unwrap(), "");
    let before = "1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
    assert_eq!(r.answer(&line("3:0:0", START, before)).unwrap(), "roll");
    let doubled = "-1:0:0:0:0:1:1:1:1:1:-1:0:25:0:0:0:0:0:0:0:1";
    assert_eq!(r.answer(&line("0:0:0", START, doubled)).unwrap(), "take");
    assert!(r.answer("board:nonsense").is_err());
}

#[test]
fn a_beaver_of_his_double_is_accepted_when_he_is_ahead_and_refused_when_trapped() {
    // gnubg 1.07 in a money session after he doubled and gnubg beavered:
    // his turn, no dice, "doubled" set, the cube at 2 and gnubg's (BG-7.5).
    let beavered = "1:0:0:0:0:2:0:1:1:1:-1:0:25:0:0:0:0:0:0:0:1";
    // A race he leads on roll: 45 pips against 60.
    let ahead = "0:3:3:3:3:3:0:0:0:0:0:0:0:0:0:0:0:0:0:-3:-3:-3:-3:-3:0:0";
    // Fifteen checkers behind a five-point prime, the opponent home.
    let trapped = "0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:-3:-3:-3:-3:-3:15:0";
    let b = parse_board(&line("0:3:5", ahead, beavered)).unwrap();
    let r = b.request().unwrap();
    assert_eq!(r.question, Question2::Beaver);
    assert_eq!(r.position.turn(), Side::White);
    assert_eq!(
        r.cube,
        Cube {
            value: 2,
            owner: Some(Side::Black)
        }
    );
    for level in [0, 3, 4] {
        let mut p = Responder::new(backgammon_bot::default_net(), level, false);
        assert_eq!(p.answer(&line("0:3:5", ahead, beavered)).unwrap(), "take");
        assert_eq!(p.answer(&line("0:3:5", trapped, beavered)).unwrap(), "drop");
    }
    // Never in a match (no beavers there), nor with the cube his own.
    assert!(parse_board(&line("7:3:5", ahead, beavered))
        .and_then(|b| b.request())
        .is_err());
    let his = "1:0:0:0:0:2:1:0:1:1:-1:0:25:0:0:0:0:0:0:0:1";
    let mut p = Responder::new(backgammon_bot::default_net(), 0, false);
    assert!(p.answer(&line("0:3:5", ahead, his)).is_err());
}

#[test]
fn level_4_plays_the_first_of_the_four_ply_ranking_and_searches_its_takes_deeper() {
    use backgammon_bot::cube::depth::bot_decision_searched;
    let net = backgammon_bot::default_net();
    let mut r = Responder::new(net.clone(), 4, false);
    // A contact position with a 6-5 to play: the answer is the first of
    // `bg hint --plies 4`'s ranking (a money game, the cube centred).
    let board = "0:-2:0:0:0:2:4:0:2:0:0:0:-5:4:0:0:0:-3:0:-4:-1:0:0:0:3:0";
    let b = parse_board(&line("0:0:0", board, ROLL_65)).unwrap();
    let q = b.request().unwrap();
    let Question2::Play(roll) = q.question else {
        panic!("a play is asked")
    };
    let plays = q.position.legal_plays(roll, &r.rules);
    let score = Score {
        state: &q.state,
        cube: q.cube,
    };
    let first = score
        .searching(|v| {
            Searcher::new(&net, &r.rules, v).ranked_4ply(
                &q.position,
                &plays,
                &mut Scratch::default(),
            )
        })
        .first()
        .copied()
        .unwrap();
    // Close enough at 3 plies to be searched a level deeper.
    assert_eq!(first.plies, 4);
    let first = first.play;
    assert_eq!(
        r.answer(&line("0:0:0", board, ROLL_65)).unwrap(),
        external_notation(&first)
    );
    // Doubled at the start (the doubler on roll): a take, decided by the
    // search three levels of rolls deep.
    let doubled = "-1:0:0:0:0:1:1:1:1:1:-1:0:25:0:0:0:0:0:0:0:1";
    assert_eq!(r.answer(&line("0:0:0", START, doubled)).unwrap(), "take");
    let q = parse_board(&line("0:0:0", START, doubled))
        .unwrap()
        .request()
        .unwrap();
    let (_, plies) = bot_decision_searched(
        &net,
        &q.position,
        &r.rules,
        &q.state,
        q.cube,
        Question::Take,
        3,
    );
    assert_eq!(plies, 3);
    // Fifteen checkers behind a five-point prime, the opponent home:
    // doubled there, a drop.
    let trapped = "0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:-3:-3:-3:-3:-3:15:0";
    assert_eq!(r.answer(&line("0:0:0", trapped, doubled)).unwrap(), "drop");
}
