//! Section 11 (R-11), *Caso falso*: the opponent settles a false play as
//! he likes (`false-moves=table`, issue 24 item 6).

use tables::game::TableGame;
use trictrac::action::Action;
use trictrac::record::Header;
use trictrac::{Event, Game, GameOptions, Phase, Record, Roll, Side};

fn table(tpn: &str) -> Game {
    Game::from_position(
        GameOptions::from_words("false-moves=table").unwrap(),
        tpn.parse().unwrap(),
    )
    .unwrap()
}

fn board(g: &Game) -> String {
    g.position()
        .to_string()
        .split(' ')
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

fn texts(g: &Game) -> Vec<String> {
    g.false_move_corrections()
        .iter()
        .map(|p| p.display(Side::White).to_string())
        .collect()
}

fn record_round_trip(g: &Game, start: &str) -> String {
    let header = Header {
        start: Some(start.into()),
        options: String::new(),
        ..Header::default()
    };
    let rec = Record::from_game(g, header);
    let text = rec.to_string();
    let back: Record = text.parse().unwrap();
    assert_eq!(back.replay().unwrap().position(), g.position(), "{text}");
    text
}

/// 2-1 played `5-9 1-2`: 5-9 is no die (case 1).
const CASE1: &str = "w:1x14,5 b:24x15 w";

fn case1() -> Game {
    let mut g = table(CASE1);
    g.roll(Roll::new(2, 1)).unwrap();
    assert_eq!(g.play_at_table(&"5-9 1-2".parse().unwrap()).unwrap(), None);
    g
}

#[test]
fn r11_case1_the_opponent_corrects_to_the_play_he_chooses() {
    let mut g = case1();
    // "L'avversario è solo padrone delle pedine che hanno contribuito":
    // one checker from 5 and one from 1, never two from the talon.
    let c = texts(&g);
    assert!(c.contains(&"5-7 1-2".to_string()), "{c:?}");
    assert!(c.contains(&"1-3 5-6".to_string()), "{c:?}");
    assert!(!c.iter().any(|p| p == "1-3 1-2"), "{c:?}");
    // Not the smallest: Black chooses 1-3 5-6.
    let p = g
        .correct_false_move_notation(Side::Black, &"5-6 1-3".parse().unwrap())
        .unwrap();
    assert_eq!(p.display(Side::White).to_string(), "1-3 5-6");
    assert!(g.false_move().is_none());
    assert_eq!(board(&g), "w:1x13,3,6 b:24x15");
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::FalseMoveSettled {
            by: Side::Black,
            corrected: Some(_)
        }
    )));
    let text = record_round_trip(&g, CASE1);
    assert!(text.contains("settle b correct 1-3 5-6"), "{text}");
}

#[test]
fn r11_case1_a_correction_moving_other_checkers_is_refused() {
    let mut g = case1();
    let e = g
        .correct_false_move_notation(Side::Black, &"1-3 1-2".parse().unwrap())
        .unwrap_err();
    assert!(e.to_string().contains("section 11"), "{e}");
    assert!(g.false_move().is_some());
}

#[test]
fn r11_the_author_corrects_himself_only_to_the_smallest() {
    let mut g = case1();
    assert!(g
        .correct_false_move_notation(Side::White, &"5-6 1-3".parse().unwrap())
        .is_err());
    g.correct_false_move_notation(Side::White, &"5-7 1-2".parse().unwrap())
        .unwrap();
    assert_eq!(board(&g), "w:1x13,2,7 b:24x15");
}

#[test]
fn r11_case1_a_wrong_distance_is_not_put_back_for_a_replay() {
    let mut g = case1();
    assert!(!g.false_move_may_replay());
    let e = g.replay_false_move(Side::Black).unwrap_err();
    assert!(e.to_string().contains("cases 1 and 2"), "{e}");
}

/// 4-3 played `11-15 1-4`: 15 is in Black's grand jan while he can still
/// fill it (case 6, R-4.6).
const CASE6: &str = "w:1x13,11x2 b:24x15 w";

fn case6() -> Game {
    let mut g = table(CASE6);
    g.roll(Roll::new(4, 3)).unwrap();
    assert_eq!(
        g.play_at_table(&"11-15 1-4".parse().unwrap()).unwrap(),
        None
    );
    g
}

#[test]
fn r11_case6_put_back_the_author_replays_as_he_likes() {
    let mut g = case6();
    assert!(g.false_move_may_replay());
    // Before the opponent asks it, the author may only correct himself to
    // the smallest correction (1-5 1-4), not play as he likes.
    assert!(g
        .correct_false_move_notation(Side::White, &"1-5-8".parse().unwrap())
        .is_err());
    g.replay_false_move(Side::Black).unwrap();
    assert_eq!(board(&g), "w:1x13,11x2 b:24x15");
    assert_eq!(g.false_move_replay().map(|(s, _)| s), Some(Side::White));
    // Black waits for the replay: no roll, no second settlement.
    assert!(g.roll(Roll::new(6, 5)).is_err());
    assert!(g.accept_false_move(Side::Black).is_err());
    assert!(g.can_settle_false_move(Side::White));
    // The replay is a legal play of the roll.
    assert!(g
        .correct_false_move_notation(Side::White, &"11-15 1-4".parse().unwrap())
        .is_err());
    g.correct_false_move_notation(Side::White, &"1-5 1-4".parse().unwrap())
        .unwrap();
    assert!(g.false_move().is_none());
    assert_eq!(board(&g), "w:1x11,4,5,11x2 b:24x15");
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
    let text = record_round_trip(&g, CASE6);
    assert!(
        text.contains("settle b replay\nsettle w correct 1-5 1-4"),
        "{text}"
    );
    g.roll(Roll::new(6, 5)).unwrap();
}

#[test]
fn r11_case6_the_opponent_makes_him_replay_the_same_checker_elsewhere() {
    // "deve possibilmente farlo riprodurre correttamente altrimenti
    // obbligare … un'altra regina": from 11 nothing is legal, so the
    // checker from the talon plays both dice; the smallest correction
    // (1-5 1-4, another checker from the talon) stays a choice.
    let g = case6();
    assert_eq!(texts(&g), vec!["1-5 1-4".to_string(), "1-5-8".to_string()]);
}

#[test]
fn r11_case7_a_lone_checker_on_a_corner_cannot_be_left() {
    let mut g = table("w:1x13,10,11 b:24x15 w");
    g.roll(Roll::new(2, 1)).unwrap();
    assert!(g.play_at_table(&"10-12 1-2".parse().unwrap()).is_err());
    assert!(g.false_move().is_none());
}

#[test]
fn r11_settle_actions_carry_the_choice_and_old_ones_keep_their_meaning() {
    // Stored before the choice: `correct` alone is the smallest correction.
    let mut g = case1();
    let old = Action::from_json(r#"{"k":"settle","side":"b","correct":true}"#).unwrap();
    TableGame::apply(&mut g, &old).unwrap();
    assert_eq!(board(&g), "w:1x13,2,7 b:24x15");
    let mut g = case1();
    let chosen = Action::Settle {
        side: 'b',
        correct: true,
        play: Some("5-6 1-3".into()),
        replay: false,
    };
    let stored = Action::from_json(&chosen.to_json()).unwrap();
    TableGame::apply(&mut g, &stored).unwrap();
    assert_eq!(board(&g), "w:1x13,3,6 b:24x15");
    let mut g = case6();
    let back = Action::Settle {
        side: 'b',
        correct: false,
        play: None,
        replay: true,
    };
    TableGame::apply(&mut g, &Action::from_json(&back.to_json()).unwrap()).unwrap();
    assert_eq!(board(&g), "w:1x13,11x2 b:24x15");
}
