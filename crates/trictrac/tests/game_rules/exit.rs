//! the exit ends the relevé.

use super::*;

// R-4.8 ------------------------------------------------------------------

#[test]
fn r_4_8_exit_ends_the_releve_and_the_same_player_starts() {
    let mut g = game("w:24 b:1x2,2x2,3x2,4x2,5x2,6x2,7x3 w");
    g.roll(Roll::new(2, 1)).unwrap();
    play(&mut g, "24-off");
    assert_eq!(g.score().points.white, 4);
    assert_eq!(g.phase(), Phase::Roll(Side::White));
    assert_eq!(g.position().count(Side::White, trictrac::Field::TALON), 15);
    assert_eq!(g.releves(), 2);
}

#[test]
fn r_4_8_pour_tout_the_exit_roll_is_the_first_move() {
    let mut g = Game::from_position(
        GameOptions {
            exit_roll: ExitRoll::PourTout,
            ..GameOptions::default()
        },
        "w:24 b:1x2,2x2,3x2,4x2,5x2,6x2,7x3 w".parse().unwrap(),
    )
    .unwrap();
    g.roll(Roll::new(2, 1)).unwrap();
    play(&mut g, "24-off");
    assert_eq!(g.phase(), Phase::Play(Side::White));
    assert_eq!(g.pending_roll(), Some(Roll::new(2, 1)));
}

#[test]
fn r_4_8_exit_hole_offers_the_choice() {
    let mut g = game("w:24 b:1x2,2x2,3x2,4x2,5x2,6x2,7x3 w score=10.0.0.0 bredouille=w");
    g.roll(Roll::new(2, 1)).unwrap();
    play(&mut g, "24-off");
    assert_eq!(g.phase(), Phase::StayOrLeave(Side::White));
    g.leave().unwrap();
    assert_eq!(g.score().points.white, 0);
    assert_eq!(g.score().holes.white, 2);
    assert_eq!(g.phase(), Phase::Roll(Side::White));
}
