//! Section 11: false moves, refused or left to the opponent.

use super::*;

// Section 11: false moves at the table (false-moves=table) ------------------

fn table(tpn: &str) -> Game {
    Game::from_position(
        GameOptions::from_words("false-moves=table").unwrap(),
        tpn.parse().unwrap(),
    )
    .unwrap()
}

#[test]
fn s11_a_false_move_is_refused_without_the_table_option() {
    let mut g = game("w:1x14,5 b:24x15 w");
    g.roll(Roll::new(2, 1)).unwrap();
    let e = g.play_at_table(&"5-9 1-2".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("R-"), "{e}");
    assert_eq!(g.phase(), Phase::Play(Side::White));
}

#[test]
fn s11_the_opponent_leaves_a_false_move_or_has_it_corrected_smallest() {
    // 2-1: White moves 5-9 (4, not a die) and 1-2. The smallest correction
    // moves the false checker where it should have gone: 5-7 1-2.
    let mut g = table("w:1x14,5 b:24x15 w");
    g.roll(Roll::new(2, 1)).unwrap();
    assert_eq!(g.play_at_table(&"5-9 1-2".parse().unwrap()).unwrap(), None);
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
    assert_eq!(g.position().count(Side::White, trictrac::Field::new(9)), 1);
    let (author, correction) = g.false_move().unwrap();
    assert_eq!(author, Side::White);
    assert_eq!(correction.display(Side::White).to_string(), "5-7 1-2");
    assert!(g.can_settle_false_move(Side::Black));
    assert!(
        g.accept_false_move(Side::White).is_err(),
        "the author cannot accept"
    );
    let mut corrected = g.clone();
    assert_eq!(
        corrected.correct_false_move(Side::Black).unwrap(),
        correction
    );
    assert_eq!(
        corrected.position().to_string().split(' ').next(),
        Some("w:1x13,2,7")
    );
    assert_eq!(corrected.phase(), Phase::Roll(Side::Black));
    // Left as it is: the false play stands.
    g.accept_false_move(Side::Black).unwrap();
    assert!(g.false_move().is_none());
    assert_eq!(
        g.position().to_string().split(' ').next(),
        Some("w:1x13,2,9")
    );
    // The record writes the false play (`?`) and the settlement, and replays.
    let header = trictrac::record::Header {
        start: Some("w:1x14,5 b:24x15 w".into()),
        options: String::new(),
        ..Default::default()
    };
    let rec = trictrac::Record::from_game(&g, header.clone());
    let text = rec.to_string();
    assert!(text.contains(": 5-9 1-2 ?\nsettle b accept"), "{text}");
    let back: trictrac::Record = text.parse().unwrap();
    assert_eq!(back, rec);
    assert_eq!(back.replay().unwrap().position(), g.position());
    let rec = trictrac::Record::from_game(&corrected, header);
    let text = rec.to_string();
    assert!(text.contains("settle b correct"), "{text}");
    let back: trictrac::Record = text.parse().unwrap();
    assert_eq!(back.replay().unwrap().position(), corrected.position());
}

#[test]
fn s11_the_author_corrects_his_own_before_the_opponent_rolls_and_a_roll_leaves_it() {
    let mut g = table("w:1x14,5 b:24x15 w");
    g.roll(Roll::new(2, 1)).unwrap();
    g.play_at_table(&"5-9 1-2".parse().unwrap()).unwrap();
    // Dame lâchée, dame jouée: only the smallest correction.
    let c = g.correct_false_move(Side::White).unwrap();
    assert_eq!(c.display(Side::White).to_string(), "5-7 1-2");
    // Once the opponent rolls, nothing can be settled any more.
    let mut g = table("w:1x14,5 b:24x15 w");
    g.roll(Roll::new(2, 1)).unwrap();
    g.play_at_table(&"5-9 1-2".parse().unwrap()).unwrap();
    g.roll(Roll::new(3, 1)).unwrap();
    assert!(g.false_move().is_none());
    assert!(g.correct_false_move(Side::White).is_err());
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::FalseMoveSettled {
            by: Side::Black,
            corrected: None
        }
    )));
}

#[test]
fn s11_false_moves_a_table_never_allows_are_refused() {
    let mut g = table("w:1x13,10,11 b:24x15 w");
    g.roll(Roll::new(2, 1)).unwrap();
    // A lone checker on the corner must be replayed (case 7, R-4.1).
    let e = g.play_at_table(&"10-12 1-2".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("R-4.1"), "{e}");
    // Backwards, or onto the opponent's checkers.
    assert!(g.play_at_table(&"11-10 1-2".parse().unwrap()).is_err());
    assert!(g.play_at_table(&"11-24 1-2".parse().unwrap()).is_err());
    assert_eq!(g.phase(), Phase::Play(Side::White));
    // A legal play is simply played.
    assert!(g
        .play_at_table(&"1-3 1-2".parse().unwrap())
        .unwrap()
        .is_some());
}
