//! who starts and the order of a turn; the options' text.

use super::*;

// R-2.2 ------------------------------------------------------------------

#[test]
fn r_2_2_one_die_each_ties_rerolled_higher_starts() {
    let mut g = Game::new(GameOptions::default());
    g.first_move(Die::new(4), Die::new(4)).unwrap();
    assert_eq!(g.phase(), Phase::FirstMove);
    g.first_move(Die::new(2), Die::new(6)).unwrap();
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
    assert_eq!(g.position().turn(), Side::Black);
    // The starter then rolls both dice, and may start with a double.
    g.roll(Roll::new(3, 3)).unwrap();
    assert_eq!(g.phase(), Phase::Play(Side::Black));
}

#[test]
fn r_2_2_coup_et_des_winner_plays_that_roll() {
    let mut g = Game::new(GameOptions {
        first_move: FirstMove::CoupEtDes,
        ..GameOptions::default()
    });
    g.first_move(Die::new(5), Die::new(5)).unwrap();
    assert_eq!(g.phase(), Phase::FirstMove);
    g.first_move(Die::new(3), Die::new(5)).unwrap();
    assert_eq!(g.phase(), Phase::Play(Side::Black));
    assert_eq!(g.pending_roll(), Some(Roll::new(5, 3)));
}

// R-2.4 ------------------------------------------------------------------

#[test]
fn r_2_4_mover_marks_before_playing_then_opponent_after() {
    // The false hit of conformance case false-hit-grand: 2 to Black, marked
    // after White's play.
    let mut g = game("w:1x14,11 b:13x2,15x2,17,24x10 w");
    g.roll(Roll::new(4, 2)).unwrap();
    assert_eq!(
        g.score().points.black,
        0,
        "the opponent marks after the play"
    );
    play(&mut g, "1-5 1-3");
    assert_eq!(g.score().points.black, 2);
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
    let marked = marks(&g);
    assert_eq!(marked, vec![(Side::Black, PointsFrom::OpponentRoll)]);
}

#[test]
fn r_2_4_wrong_actions_are_rejected_with_the_rule() {
    let mut g = game("w:1x15 b:24x15 w");
    let e = g.stay().unwrap_err();
    assert!(e.to_string().contains("R-2.4"), "{e}");
    g.roll(Roll::new(6, 5)).unwrap();
    let e = g.roll(Roll::new(6, 5)).unwrap_err();
    assert!(e.to_string().contains("R-2.4"), "{e}");
    let e = g.play_notation(&"1-12".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("R-4.1"), "{e}");
}

#[test]
fn options_round_trip() {
    let o = GameOptions::default();
    assert_eq!(GameOptions::from_words(&o.to_words()).unwrap(), o);
    assert!(GameOptions::from_words("payout=nope").is_err());
    let _ = Position::start();
    for words in [
        "payout=honneurs",
        "rencontre=2-4 old-jans=rencontre",
        "old-jans=margot,pile",
        "first-move=two-dice-each",
        "game=ecrire",
        "game=ecrire marques=8 consolation=2",
        "false-moves=table",
    ] {
        let o = GameOptions::from_words(words).unwrap();
        assert_eq!(
            GameOptions::from_words(&o.to_words()).unwrap(),
            o,
            "{words}"
        );
    }
    // Default words are unchanged: older records keep their header.
    assert_eq!(
        GameOptions::default().to_words(),
        "first-move=one-die-each exit=parisienne exit-roll=fresh payout=guiton old-jans=off marking=auto"
    );
    for bad in [
        "old-jans=margot,nope",
        "marques=6",
        "game=ecrire marques=5",
        "game=ecrire consolation=3",
        "rencontre=1-2",
        "false-moves=sometimes",
    ] {
        let e = GameOptions::from_words(bad).unwrap_err();
        assert!(e.contains("option `"), "{bad}: {e}");
    }
}

#[test]
fn r_2_2_two_dice_each_higher_total_starts_then_rolls_again() {
    let mut g = Game::new(GameOptions::from_words("first-move=two-dice-each").unwrap());
    // One die each is the other method.
    assert!(g.first_move(Die::new(5), Die::new(2)).is_err());
    // Equal totals: thrown again.
    g.first_move_two(Roll::new(6, 1), Roll::new(4, 3)).unwrap();
    assert_eq!(g.phase(), Phase::FirstMove);
    g.first_move_two(Roll::new(2, 1), Roll::new(4, 3)).unwrap();
    assert_eq!(g.starter(), Some(Side::Black));
    // He rolls both dice again for his first move (a double is possible).
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
    g.roll(Roll::new(5, 5)).unwrap();
    assert_eq!(g.phase(), Phase::Play(Side::Black));
    // The record writes both throws and replays.
    let rec = trictrac::Record::from_game(&g, Default::default());
    let text = rec.to_string();
    assert!(text.contains("first 6-1 4-3\nfirst 2-1 4-3\n"), "{text}");
    let back: trictrac::Record = text.parse().unwrap();
    assert_eq!(back, rec);
    assert_eq!(back.replay().unwrap().phase(), Phase::Play(Side::Black));
}
