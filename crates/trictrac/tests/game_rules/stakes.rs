//! stakes, and the marque of the *écrire* game.

use super::*;

#[test]
fn r_9_1_stakes_by_payout() {
    use trictrac::game::stake;
    let s = score("score=0.12.0.0 pavillon=w");
    assert_eq!(stake(Payout::Guiton, &s, Side::White).to_string(), "x4");
    assert_eq!(stake(Payout::Soumille, &s, Side::White).to_string(), "x2");
    assert_eq!(stake(Payout::Jollyvet, &s, Side::White).to_string(), "x2");
    assert_eq!(stake(Payout::None, &s, Side::White).to_string(), "x1");
    let s = score("score=0.12.0.3 pavillon=w");
    assert_eq!(stake(Payout::Guiton, &s, Side::White).to_string(), "x3");
    let s = score("score=0.12.0.5 pavillon=n");
    assert_eq!(stake(Payout::Guiton, &s, Side::White).to_string(), "x2");
    assert_eq!(stake(Payout::Soumille, &s, Side::White).to_string(), "x1.5");
    let s = score("score=0.12.0.8 pavillon=n");
    assert_eq!(stake(Payout::Guiton, &s, Side::White).to_string(), "x1");
    assert_eq!(stake(Payout::Soumille, &s, Side::White).to_string(), "x1");
}

#[test]
fn r_9_1_trictrac_a_honneurs_takes_the_seventh_hole() {
    // Guiton's scale with the 7th hole instead of the 6th (seeds, note 45).
    use trictrac::game::stake;
    let s = score("score=0.12.0.6 pavillon=n");
    assert_eq!(stake(Payout::Guiton, &s, Side::White).to_string(), "x1");
    assert_eq!(stake(Payout::Honneurs, &s, Side::White).to_string(), "x2");
    let s = score("score=0.12.0.7 pavillon=n");
    assert_eq!(stake(Payout::Honneurs, &s, Side::White).to_string(), "x1");
    let s = score("score=0.12.0.0 pavillon=w");
    assert_eq!(stake(Payout::Honneurs, &s, Side::White).to_string(), "x4");
    let s = score("score=0.12.0.3 pavillon=w");
    assert_eq!(stake(Payout::Honneurs, &s, Side::White).to_string(), "x3");
}

// partie à écrire ------------------------------------------------------

fn ecrire(tpn: &str, words: &str) -> Game {
    Game::from_position(
        GameOptions::from_words(words).unwrap(),
        tpn.parse().unwrap(),
    )
    .unwrap()
}

#[test]
fn r_9_2_leaving_with_six_holes_ends_the_marque() {
    // White has 5 holes and 10 points; his 6-6 brings him 26: holes 7+.
    // Leaving then ends the marqué: White wins it by the difference of
    // holes plus the consolation (4), doubled: Black has no hole.
    let tpn = "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=10.5.6.0 bredouille=n pavillon=w";
    let mut g = ecrire(tpn, "game=ecrire marques=2");
    g.roll(Roll::new(6, 6)).unwrap();
    let holes = g.score().holes.white;
    assert!(holes >= 6);
    g.leave().unwrap();
    let m = g.marques()[0];
    assert_eq!(m.winner, Some(Side::White));
    assert_eq!(m.value, 2 * (u32::from(holes) + 4));
    // A new marqué: scores back to zero, the leaver rolls first.
    assert!(g.score().is_initial());
    assert_eq!(g.phase(), Phase::Roll(Side::White));
    assert_eq!(g.marque_totals().white, m.value);
    assert!(g.winner().is_none(), "two marqués to play");
}

#[test]
fn r_9_2_leaving_before_six_holes_is_a_relevé_as_usual() {
    let tpn = "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=10.0.6.0 bredouille=n";
    let mut g = ecrire(tpn, "game=ecrire");
    g.roll(Roll::new(6, 6)).unwrap();
    assert!(g.score().holes.white < 6);
    g.leave().unwrap();
    assert!(g.marques().is_empty());
    assert!(g.score().holes.white > 0);
}

#[test]
fn r_9_2_equal_holes_is_a_refait_and_twelve_holes_end_a_marque() {
    // White's hit brings the 2 points of his sixth hole, Black has six:
    // leaving ends the marqué even, a refait that counts for nobody.
    let mut g = ecrire(
        "w:1x14,10 b:16,24x14 w score=10.5.0.6 bredouille=n pavillon=n",
        "game=ecrire marques=2",
    );
    g.roll(Roll::new(6, 3)).unwrap();
    assert_eq!((g.score().holes.white, g.score().holes.black), (6, 6));
    g.leave().unwrap();
    let m = g.marques()[0];
    assert_eq!((m.winner, m.value), (None, 0));
    assert!(g.score().is_initial());
    // Twelve holes end the marqué; the second marqué won ends the partie.
    let tpn = "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=10.11.0.4 bredouille=n pavillon=n";
    let mut g = ecrire(tpn, "game=ecrire marques=2 consolation=2");
    g.roll(Roll::new(6, 6)).unwrap();
    assert_eq!(g.marques().len(), 1);
    assert_eq!(g.marques()[0].value, 12 - 4 + 2);
    assert!(g.winner().is_none());
    assert_eq!(g.phase(), Phase::Roll(Side::White));
}
