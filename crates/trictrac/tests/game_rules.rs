//! The game state machine, one test (at least) per rule id of RULES.md
//! sections 2 (turns), 4.8 (exit), 8 (holes, bredouille, pavillon,
//! staying or leaving) and 9 (stakes).

use trictrac::game::{ExitRoll, FirstMove, Payout, PointsFrom, ReleveEnd, SchoolKind};
use trictrac::score::Hole;
use trictrac::{
    Bredouille, Die, Event, Game, GameOptions, Phase, Position, Roll, ScoreState, Side,
};

fn game(tpn: &str) -> Game {
    Game::from_position(GameOptions::default(), tpn.parse().unwrap()).unwrap()
}

fn play(g: &mut Game, text: &str) {
    g.play_notation(&text.parse().unwrap())
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn score(tpn_score: &str) -> ScoreState {
    tpn_score.parse().unwrap()
}

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
    let marks: Vec<(Side, PointsFrom)> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Marked { side, from, .. } => Some((*side, *from)),
            _ => None,
        })
        .collect();
    assert_eq!(marks, vec![(Side::Black, PointsFrom::OpponentRoll)]);
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

// R-8.1 ------------------------------------------------------------------

#[test]
fn r_8_1_twelve_points_make_a_hole_and_erase_the_opponent() {
    let mut s = score("score=10.0.6.0 bredouille=n");
    let m = s.mark(Side::White, 4);
    assert_eq!(m.holes, vec![Hole::Simple]);
    assert_eq!((s.points.white, s.holes.white, s.points.black), (2, 1, 0));
    // Less than 12: no hole.
    let mut s = score("score=2.0.6.0 bredouille=n");
    assert!(s.mark(Side::White, 4).holes.is_empty());
    assert_eq!(s.points.white, 6);
}

// R-8.2 ------------------------------------------------------------------

#[test]
fn r_8_2_bredouille_state_machine() {
    let mut s = ScoreState::default();
    s.mark(Side::White, 4);
    assert_eq!(s.bredouille, Bredouille::Side(Side::White));
    // Black scores: White is débredouillé, Black en bredouille.
    s.mark(Side::Black, 2);
    assert_eq!(s.bredouille, Bredouille::Side(Side::Black));
    // White scores again: both interrupted.
    s.mark(Side::White, 2);
    assert_eq!(s.bredouille, Bredouille::Neither);
    // The next hole is simple; with no remainder the state is `either`.
    let m = s.mark(Side::White, 6);
    assert_eq!(m.holes, vec![Hole::Simple]);
    assert_eq!(s.bredouille, Bredouille::Either);
    // After a hole with remainder the winner is en bredouille.
    let m = s.mark(Side::Black, 14);
    assert_eq!(m.holes, vec![Hole::Double]);
    assert_eq!(s.bredouille, Bredouille::Side(Side::Black));
}

#[test]
fn r_8_2_uninterrupted_twelve_is_a_double_hole() {
    let mut s = ScoreState::default();
    s.mark(Side::Black, 6);
    let m = s.mark(Side::Black, 6);
    assert_eq!(m.holes, vec![Hole::Double]);
    assert_eq!(s.holes.black, 2);
}

#[test]
fn r_8_2_mover_points_break_the_opponents_bredouille_before_he_marks() {
    // Lelasseux §176: Black en bredouille with 10; White's roll brings him
    // 2 and gives Black 4 (a false hit): Black's hole is simple.
    // Without White scoring, Black's 10 + 2 (a false hit) is a double hole.
    let mut g = game("w:1x14,11 b:13x2,15x2,17,24x10 w score=0.0.10.0 bredouille=b");
    g.roll(Roll::new(4, 2)).unwrap();
    play(&mut g, "1-5 1-3");
    assert_eq!(g.score().holes.black, 2);
    // When White's roll brings him points first, Black's hole is simple.
    let mut s = score("score=0.0.10.0 bredouille=b");
    s.mark(Side::White, 2); // the mover marks first: Black débredouillé
    let m = s.mark(Side::Black, 4);
    assert_eq!(m.holes, vec![Hole::Simple]);
    assert_eq!((s.points.white, s.points.black), (0, 2));
}

// R-8.3 ------------------------------------------------------------------

#[test]
fn r_8_3_several_holes_in_one_roll() {
    // 8 interrupted points and 28 more: 4 complete a simple hole, each
    // next 12 make a double hole: 5 holes from 36.
    let mut s = score("score=8.0.4.0 bredouille=n");
    let m = s.mark(Side::White, 28);
    assert_eq!(m.holes, vec![Hole::Simple, Hole::Double, Hole::Double]);
    assert_eq!(m.hole_count(), 5);
    assert_eq!(
        (s.points.white, s.holes.white, s.bredouille),
        (0, 5, Bredouille::Either)
    );
    // The example: 8 interrupted and 26: simple, double, 10 points.
    let mut s = score("score=8.0.4.0 bredouille=n");
    let m = s.mark(Side::White, 26);
    assert_eq!(m.holes, vec![Hole::Simple, Hole::Double]);
    assert_eq!((s.points.white, s.holes.white), (10, 3));
    let mut s = score("score=8.0.8.0 bredouille=b");
    let m = s.mark(Side::White, 18);
    assert_eq!(m.holes, vec![Hole::Simple, Hole::Double]);
    assert_eq!(
        (s.points.white, s.bredouille),
        (2, Bredouille::Side(Side::White))
    );
}

// R-8.4 ------------------------------------------------------------------

#[test]
fn r_8_4_pavillon() {
    let mut s = ScoreState::default();
    s.mark(Side::White, 12);
    assert_eq!(s.pavillon, Bredouille::Side(Side::White));
    // Black marks his first hole: he takes the flag.
    s.mark(Side::Black, 12);
    assert_eq!(s.pavillon, Bredouille::Side(Side::Black));
    // White marks again: both broken.
    s.mark(Side::White, 12);
    assert_eq!(s.pavillon, Bredouille::Neither);
}

// R-8.5 / R-8.6 ----------------------------------------------------------

#[test]
fn r_8_6_stay_then_play_and_opponent_marks_from_zero() {
    // White has 10, Black 6; White's 6-6 hits 18 from 12 (2 ways, 8 points):
    // a hole; White stays, plays, then Black marks the false hits.
    let tpn = "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=10.0.6.0 bredouille=n";
    let mut g = game(tpn);
    g.roll(Roll::new(6, 6)).unwrap();
    // 10 + 26 = 36: a simple hole and two double holes.
    assert_eq!(g.phase(), Phase::StayOrLeave(Side::White));
    assert_eq!(g.score().holes.white, 5);
    assert_eq!(
        g.score().points.black,
        0,
        "R-8.1: the hole erased Black's points"
    );
    g.stay().unwrap();
    assert_eq!(g.phase(), Phase::Play(Side::White));
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    // Black marks the 12 of the two false hits from zero: a double hole.
    assert_eq!(g.score().holes.black, 2);
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
}

#[test]
fn r_8_6_leave_starts_a_new_releve() {
    let tpn = "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=10.0.6.0 bredouille=n";
    let mut g = game(tpn);
    g.roll(Roll::new(6, 6)).unwrap();
    g.leave().unwrap();
    // Remainder lost, Black marks nothing, checkers on the talons, White
    // rolls first.
    let s = g.score();
    assert_eq!(
        (s.points.white, s.holes.white, s.points.black, s.holes.black),
        (0, 5, 0, 0)
    );
    assert_eq!(
        g.position()
            .to_string()
            .split(' ')
            .take(3)
            .collect::<Vec<_>>(),
        ["w:1x15", "b:24x15", "w"]
    );
    assert_eq!(g.phase(), Phase::Roll(Side::White));
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::NewReleve {
            reason: ReleveEnd::Leave,
            first: Side::White
        }
    )));
}

#[test]
fn r_8_6_holes_from_the_opponents_roll_give_no_choice() {
    // Black has 10; White's roll gives him 2 (false hit): Black's hole, no
    // decision, Black simply rolls next.
    let mut g = game("w:1x14,11 b:13x2,15x2,17,24x10 w score=0.0.10.0 bredouille=n");
    g.roll(Roll::new(4, 2)).unwrap();
    play(&mut g, "1-5 1-3");
    assert_eq!(g.score().holes.black, 1);
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
    assert!(!g
        .events()
        .iter()
        .any(|e| matches!(e, Event::Decided { .. })));
}

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

// R-5.2 / R-9.1 ----------------------------------------------------------

#[test]
fn r_5_2_game_ends_at_twelve_holes() {
    let mut g = game("w:1x14,11 b:13x2,15x2,17,24x10 w score=0.0.10.11 bredouille=n pavillon=n");
    g.roll(Roll::new(4, 2)).unwrap();
    play(&mut g, "1-5 1-3");
    assert_eq!(g.phase(), Phase::Over(Side::Black));
    assert_eq!(g.winner(), Some(Side::Black));
    assert!(g.roll(Roll::new(1, 1)).is_err());
}

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

// R-10 schools (marking=manual) --------------------------------------------

fn manual(tpn: &str) -> Game {
    let o = GameOptions {
        marking: trictrac::game::MarkingMode::Manual,
        ..GameOptions::default()
    };
    Game::from_position(o, tpn.parse().unwrap()).unwrap()
}

/// White's 6-3 hits Black's lone checker on 16 from 10: 2 points owed.
const HIT: &str = "w:1x14,10 b:16,24x14 w";

#[test]
fn r_10_1_ecole_par_moins() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    assert_eq!(g.phase(), Phase::Mark(Side::White));
    assert_eq!(g.points_owed(), Some(2));
    g.declare(0).unwrap();
    // Not committed before White moves a checker.
    assert!(!g.can_claim_school(Side::Black));
    play(&mut g, "1-7 1-4");
    assert_eq!(g.phase(), Phase::Mark(Side::Black));
    assert_eq!(g.open_school(Side::Black), Some((SchoolKind::Moins, 2)));
    assert_eq!(g.claim_school(Side::Black, 2).unwrap(), SchoolKind::Moins);
    // A school is claimed once.
    assert!(g.claim_school(Side::Black, 2).is_err());
    // school points are marked last, after Black's declaration.
    assert_eq!((g.score().points.white, g.score().points.black), (0, 0));
    g.declare(0).unwrap();
    assert_eq!((g.score().points.white, g.score().points.black), (0, 2));
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
}

#[test]
fn r_10_2_ecole_par_trop() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(6).unwrap();
    assert_eq!(g.score().points.white, 6);
    play(&mut g, "1-7 1-4");
    assert_eq!(g.open_school(Side::Black), Some((SchoolKind::Trop, 4)));
    g.claim_school(Side::Black, 4).unwrap();
    g.declare(0).unwrap();
    // The excess is taken back and marked by Black.
    assert_eq!((g.score().points.white, g.score().points.black), (2, 4));
}

#[test]
fn r_10_2_school_must_be_claimed_before_the_claimant_moves_on() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(6).unwrap();
    play(&mut g, "1-7 1-4");
    // Black marks the points of White's roll first: his window closes.
    g.declare(0).unwrap();
    assert!(g.claim_school(Side::Black, 4).is_err());
    assert_eq!(g.score().points.white, 6);
}

#[test]
fn r_10_1_points_given_by_a_jan_qui_ne_peut() {
    // White's 4-2 gives Black 2 (a false hit). Black declares none; once
    // Black has rolled (committed), White claims them when he marks the
    // points of Black's roll.
    let mut g = manual("w:1x14,11 b:13x2,15x2,17,24x10 w");
    g.roll(Roll::new(4, 2)).unwrap();
    g.declare(0).unwrap();
    play(&mut g, "1-5 1-3");
    assert_eq!(g.points_owed(), Some(2));
    g.declare(0).unwrap();
    assert_eq!(g.phase(), Phase::Roll(Side::Black));
    assert!(
        !g.can_claim_school(Side::White),
        "not while Black is to roll"
    );
    g.roll(Roll::new(2, 1)).unwrap();
    let owed = g.points_owed().unwrap();
    g.declare(owed).unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    assert_eq!(g.phase(), Phase::Mark(Side::White));
    assert_eq!(g.open_school(Side::White), Some((SchoolKind::Moins, 2)));
    let before = g.score().points.white;
    g.claim_school(Side::White, 2).unwrap();
    let owed = g.points_owed().unwrap();
    g.declare(owed).unwrap();
    assert_eq!(g.score().points.white, before + owed as u8 + 2);
}

#[test]
fn r_10_4_fausse_ecole() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(2).unwrap();
    play(&mut g, "1-7 1-4");
    assert_eq!(g.open_school(Side::Black), None);
    assert_eq!(g.claim_school(Side::Black, 4).unwrap(), SchoolKind::Fausse);
    g.declare(0).unwrap();
    // The false claim is a school for White: he marks the points named.
    assert_eq!((g.score().points.white, g.score().points.black), (6, 0));
}

#[test]
fn r_10_4_school_points_are_marked_last_after_the_jans_qui_ne_peut() {
    // White's 6-2 hits truly on 16 from 10 (2 points) and falsely on 19
    // from 11 (rests 17 and 13 closed: 4 to Black, a jan qui ne peut).
    // White declares his 2, right (White en bredouille); Black claims a
    // false school of 4. The school is marked last: Black marks his 4
    // first (White débredouillé, Black en bredouille), then White the
    // school's 4, which breaks Black's run: nobody is en bredouille.
    // Marked before, the school would have left Black en bredouille.
    let mut g = manual("w:1x13,10,11 b:13x2,15x2,16,17x2,19,24x7 w");
    g.roll(Roll::new(6, 2)).unwrap();
    let owed = g.points_owed().unwrap();
    g.declare(owed).unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    let given = g.points_owed().unwrap();
    assert!(given > 0, "the roll gives Black points");
    assert_eq!(g.claim_school(Side::Black, 4).unwrap(), SchoolKind::Fausse);
    g.declare(given).unwrap();
    let order: Vec<(Side, PointsFrom)> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Marked { side, from, .. } => Some((*side, *from)),
            _ => None,
        })
        .collect();
    assert_eq!(
        order[order.len() - 2..],
        [
            (Side::Black, PointsFrom::OpponentRoll),
            (Side::White, PointsFrom::School)
        ]
    );
    assert_eq!(g.score().bredouille, trictrac::Bredouille::Neither);
}

#[test]
fn r_10_2_a_hole_won_only_with_over_marked_points_is_taken_back() {
    // White has 10 points; his roll brings 2 (a hole) — he declares 4
    // instead. A hole either way: the hole stays, the excess 2 come off
    // his remainder. With 8 points and 2 owed, declaring 4 wins a hole the
    // owed points would not have: the hole is taken back.
    let tpn = "w:1x14,10 b:16,24x14 w score=8.0.0.0 bredouille=w";
    let mut g = manual(tpn);
    g.roll(Roll::new(6, 3)).unwrap();
    assert_eq!(g.points_owed(), Some(2));
    g.declare(4).unwrap();
    assert_eq!(g.phase(), Phase::StayOrLeave(Side::White));
    g.stay().unwrap();
    assert_eq!(g.score().holes.white, 2, "a bredouille hole");
    play(&mut g, "1-7 1-4");
    assert_eq!(g.open_school(Side::Black), Some((SchoolKind::Trop, 2)));
    g.claim_school(Side::Black, 2).unwrap();
    g.declare(0).unwrap();
    let s = g.score();
    // White back to 8 + 2 = 10 points and no hole; Black marks the 2.
    assert_eq!((s.points.white, s.holes.white), (10, 0));
    assert_eq!((s.points.black, s.holes.black), (2, 0));
    // White's run is broken by Black's school points.
    assert_eq!(s.bredouille, trictrac::Bredouille::Side(Side::Black));

    // A hole won with the owed points too: it stays.
    let tpn = "w:1x14,10 b:16,24x14 w score=10.0.0.0 bredouille=w";
    let mut g = manual(tpn);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(4).unwrap();
    g.stay().unwrap();
    play(&mut g, "1-7 1-4");
    g.claim_school(Side::Black, 2).unwrap();
    g.declare(0).unwrap();
    let s = g.score();
    assert_eq!((s.points.white, s.holes.white), (0, 2));
    assert_eq!(s.points.black, 2);
}

#[test]
fn r_10_4_augmentation_d_ecole() {
    // White marks 0 of the 2 he won; Black sends him to school (par
    // moins: 2). White wrongly contests before rolling: the school was
    // correct, Black marks it again (augmentation d'école).
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(0).unwrap();
    play(&mut g, "1-7 1-4");
    g.claim_school(Side::Black, 2).unwrap();
    assert!(!g.can_contest_school(Side::White));
    g.declare(0).unwrap();
    assert_eq!(g.score().points.black, 2);
    assert!(g.can_contest_school(Side::White));
    assert!(!g.can_contest_school(Side::Black));
    assert!(g.contest_school(Side::Black).is_err());
    assert_eq!(
        g.contest_school(Side::White).unwrap(),
        SchoolKind::Augmentation
    );
    assert_eq!(g.score().points.black, 4);
    // No escalation: the contest closes the school.
    assert!(g.contest_school(Side::White).is_err());
    // The record replays the contest.
    let header = trictrac::record::Header {
        start: Some(HIT.into()),
        ..Default::default()
    };
    let rec = trictrac::Record::from_game(&g, header);
    assert!(rec.to_string().contains("contest w b+2"), "{rec}");
    let back: trictrac::Record = rec.to_string().parse().unwrap();
    assert_eq!(back.replay().unwrap().score(), g.score());
    // After the next roll nothing can be contested.
    let mut g2 = back.replay().unwrap();
    g2.roll(Roll::new(2, 1)).unwrap();
    assert!(!g2.can_contest_school(Side::White));
}

#[test]
fn r_10_4_a_false_school_insisted_on_is_false_again() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(2).unwrap();
    play(&mut g, "1-7 1-4");
    g.claim_school(Side::Black, 4).unwrap();
    g.declare(0).unwrap();
    assert_eq!(g.score().points.white, 6);
    assert!(g.can_contest_school(Side::Black));
    assert_eq!(g.contest_school(Side::Black).unwrap(), SchoolKind::Fausse);
    assert_eq!(g.score().points.white, 10);
}

#[test]
fn r_10_4_a_school_cannot_name_more_points_than_a_roll_gives() {
    // A claim of 4 294 967 294 points once wrapped the score around and
    // erased the other player's points: it is refused, nothing changes.
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    g.declare(2).unwrap();
    play(&mut g, "1-7 1-4");
    let before = *g.score();
    let e = g.claim_school(Side::Black, 4_294_967_294).unwrap_err();
    assert!(e.to_string().contains("that many points"), "{e}");
    assert_eq!(*g.score(), before);
    assert!(g.declare(4_294_967_294).is_err());
    assert_eq!(*g.score(), before);
}

#[test]
fn r_10_odd_declarations_are_refused() {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    assert!(g.declare(3).is_err());
    assert_eq!(g.phase(), Phase::Mark(Side::White));
}

// R-8.5 / R-8.7 ------------------------------------------------------------

#[test]
fn r_8_5_holes_are_marked_before_the_opponent_marks() {
    // White 10, Black 10 (both interrupted). White's 6-6 brings him 26 and
    // gives Black 12: White's holes come first and erase Black's 10, so
    // Black marks his 12 from zero, uninterrupted: a double hole and no
    // remainder (not 22 points: a simple hole and 10).
    let tpn = "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=10.0.10.0 bredouille=n";
    let mut g = game(tpn);
    g.roll(Roll::new(6, 6)).unwrap();
    let order: Vec<Side> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Marked { side, .. } => Some(*side),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![Side::White]);
    assert_eq!(g.score().points.black, 0);
    g.stay().unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    let s = g.score();
    assert_eq!((s.points.black, s.holes.black), (0, 2));
}

#[test]
fn r_8_7_a_game_is_relevés_between_resets() {
    let mut g = game("w:24 b:1x2,2x2,3x2,4x2,5x2,6x2,7x3 w score=10.0.0.0 bredouille=w");
    assert_eq!(g.releves(), 1);
    g.roll(Roll::new(2, 1)).unwrap();
    play(&mut g, "24-off");
    g.stay().unwrap();
    assert_eq!(g.releves(), 2, "bearing off ends a relevé");
    g.roll(Roll::new(6, 6)).unwrap(); // nothing to mark from the talons
    assert_eq!(g.phase(), Phase::Play(Side::White));
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::NewReleve {
            reason: ReleveEnd::Exit,
            ..
        }
    )));
}

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
