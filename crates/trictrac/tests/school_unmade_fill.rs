//! the school of a fill or a conserve not made (issue 35 item 3),
//! with `marking=manual false-moves=table`: the article's *Scuole* 3 and 4
//! ("se un giocatore non completa quando potrebbe farlo dopo aver segnato o
//! meno i punti da completare, è a scuola"; "L'avversario delimita i punti
//! che il giocatore che ha commesso l'infrazione aveva segnato e segna per
//! sé i punti di conservazione") and false move cases 4 and 5 ("Inoltre,
//! il giocatore colpevole viene mandato a scuola").

use trictrac::action::Action;
use trictrac::game::{Game, GameOptions, Phase, SchoolKind};
use trictrac::{Roll, Side};

fn table_manual(tpn: &str) -> Game {
    Game::from_position(
        GameOptions::from_words("marking=manual false-moves=table").unwrap(),
        tpn.parse().unwrap(),
    )
    .unwrap()
}

/// White's petit jan lacks one checker on 6; a 5 from the talon fills it.
const FILL: &str = "w:1x6,2x2,3x2,4x2,5x2,6 b:24x15 w";

/// White's petit jan is full; a 6-5 played from the talon keeps it.
const FULL: &str = "w:1x4,2x2,3x2,4x2,5x2,6x2,7 b:24x15 w";

fn points(g: &Game) -> (u8, u8) {
    (g.score().points.white, g.score().points.black)
}

/// White rolls, marks `declared`, and plays `play` at the table.
fn roll_mark_play(tpn: &str, roll: Roll, declared: u32, play: &str) -> Game {
    let mut g = table_manual(tpn);
    g.roll(roll).unwrap();
    g.declare(declared).unwrap();
    g.play_at_table(&play.parse().unwrap()).unwrap();
    assert_eq!(g.phase(), Phase::Mark(Side::Black));
    g
}

#[test]
fn r_10_3_the_fill_is_owed_and_the_legal_plays_fill() {
    let mut g = table_manual(FILL);
    g.roll(Roll::new(5, 1)).unwrap();
    assert_eq!(g.points_owed(), Some(4), "remplir le petit jan, one way");
}

#[test]
fn r_10_3_a_fill_marked_and_not_made_is_a_school() {
    // White marks the 4 of the fill, then plays 2-7 1-2: distances right,
    // the petit jan not filled (false move case 4).
    let mut g = roll_mark_play(FILL, Roll::new(5, 1), 4, "2-7 1-2");
    assert!(g.false_move().is_some());
    assert_eq!(points(&g), (4, 0));
    assert_eq!(g.open_school(Side::Black), Some((SchoolKind::Remplir, 4)));
    // Before this issue, a right count made this a false school.
    assert_eq!(g.claim_school(Side::Black, 4).unwrap(), SchoolKind::Remplir);
    g.declare(0).unwrap();
    // The 4 White marked for the fill are taken off; Black marks them.
    assert_eq!(points(&g), (0, 4));
    // The false move is settled as ever: correcting it changes nothing of
    // the school (the article: "questo non cambia il trattamento della
    // scuola").
    g.correct_false_move(Side::Black).unwrap();
    assert_eq!(points(&g), (0, 4));
}

#[test]
fn r_10_3_a_fill_not_marked_and_not_made_is_a_school_too() {
    // "dopo aver segnato o meno i punti": White marked nothing.
    let mut g = roll_mark_play(FILL, Roll::new(5, 1), 0, "2-7 1-2");
    assert_eq!(g.claim_school(Side::Black, 4).unwrap(), SchoolKind::Remplir);
    g.declare(0).unwrap();
    assert_eq!(points(&g), (0, 4));
}

#[test]
fn r_10_3_an_excess_beyond_the_fill_is_settled_in_the_same_claim() {
    // White marks 6 for a roll worth 4 and does not fill: the 6 come off,
    // Black marks the fill's 4 and the 2 too many.
    let mut g = roll_mark_play(FILL, Roll::new(5, 1), 6, "2-7 1-2");
    assert_eq!(g.open_school(Side::Black), Some((SchoolKind::Remplir, 6)));
    g.claim_school(Side::Black, 6).unwrap();
    g.declare(0).unwrap();
    assert_eq!(points(&g), (0, 6));
}

#[test]
fn r_10_3_a_conserve_not_made_is_a_school() {
    // The petit jan full; 6-5 keeps it (1-7 1-6); 2-8 3-8 breaks it
    // (false move case 5).
    let mut g = table_manual(FULL);
    g.roll(Roll::new(6, 5)).unwrap();
    let owed = g.points_owed().unwrap();
    assert!(owed >= 4, "conserver le petit jan: {owed}");
    g.declare(owed).unwrap();
    g.play_at_table(&"2-8 3-8".parse().unwrap()).unwrap();
    assert_eq!(
        g.claim_school(Side::Black, 4).unwrap(),
        SchoolKind::Conserver
    );
    g.declare(0).unwrap();
    assert_eq!(points(&g), ((owed - 4) as u8, 4));
}

#[test]
fn r_10_3_no_school_where_the_fill_was_impossible() {
    // 4-3 cannot fill (no 5 from the talon, nor a surcase to 6): White's
    // right count of 0 and a play that does not fill are no school; a
    // claim is a false school, the points named go to White.
    let mut g = table_manual(FILL);
    g.roll(Roll::new(4, 3)).unwrap();
    assert_eq!(g.points_owed(), Some(0));
    g.declare(0).unwrap();
    g.play_at_table(&"1-5 1-4".parse().unwrap()).unwrap();
    assert_eq!(g.phase(), Phase::Mark(Side::Black));
    assert_eq!(g.open_school(Side::Black), None);
    assert_eq!(g.claim_school(Side::Black, 4).unwrap(), SchoolKind::Fausse);
    g.declare(0).unwrap();
    assert_eq!(points(&g), (4, 0));
}

#[test]
fn r_10_3_a_legal_play_that_fills_is_no_school() {
    let mut g = roll_mark_play(FILL, Roll::new(5, 1), 4, "1-6 1-2");
    assert!(g.false_move().is_none());
    assert_eq!(g.open_school(Side::Black), None);
    assert_eq!(g.claim_school(Side::Black, 4).unwrap(), SchoolKind::Fausse);
}

#[test]
fn r_10_3_the_servers_action_claims_it_and_the_record_replays_it() {
    // The server applies engine actions: `school b 4` is the same claim.
    let mut g = roll_mark_play(FILL, Roll::new(5, 1), 4, "2-7 1-2");
    let a = Action::School { side: 'b', n: 4 };
    a.apply(&mut g).unwrap();
    g.declare(0).unwrap();
    assert_eq!(points(&g), (0, 4));
    let header = trictrac::record::Header {
        start: Some(FILL.into()),
        options: "marking=manual false-moves=table".into(),
        ..Default::default()
    };
    let rec = trictrac::Record::from_game(&g, header);
    let text = rec.to_string();
    assert!(text.contains("school b 4"), "{text}");
    let back: trictrac::Record = text.parse().unwrap();
    let replayed = back.replay().unwrap();
    assert_eq!(points(&replayed), (0, 4));
}

// Correcting the other's marking without school points (issue 35 item 4;
// the article, *Scuole*: "è possibile correggere l'errore dell'avversario
// senza segnare punti scuola"): a claim naming 0 points.

fn manual(tpn: &str) -> Game {
    Game::from_position(
        GameOptions::from_words("marking=manual").unwrap(),
        tpn.parse().unwrap(),
    )
    .unwrap()
}

/// White's 6-3 hits Black's lone checker on 16 from 10: 2 points owed.
const HIT: &str = "w:1x14,10 b:16,24x14 w";

fn hit_marked(declared: u32) -> Game {
    let mut g = manual(HIT);
    g.roll(Roll::new(6, 3)).unwrap();
    assert_eq!(g.points_owed(), Some(2));
    g.declare(declared).unwrap();
    g.play_notation(&"1-7 1-4".parse().unwrap()).unwrap();
    assert_eq!(g.phase(), Phase::Mark(Side::Black));
    g
}

#[test]
fn r_10_correcting_a_marking_par_moins_gives_the_declarer_his_points() {
    let mut g = hit_marked(0);
    assert_eq!(g.claim_school(Side::Black, 0).unwrap(), SchoolKind::Moins);
    g.declare(0).unwrap();
    // White's token set right; Black marks nothing for it.
    assert_eq!(points(&g), (2, 0));
    // A correction is not contested.
    assert!(!g.can_contest_school(Side::White));
    assert!(!g.can_contest_school(Side::Black));
}

#[test]
fn r_10_correcting_a_marking_par_trop_takes_the_excess_off_for_nobody() {
    let mut g = hit_marked(6);
    assert_eq!(points(&g), (6, 0));
    assert_eq!(g.claim_school(Side::Black, 0).unwrap(), SchoolKind::Trop);
    g.declare(0).unwrap();
    assert_eq!(points(&g), (2, 0));
}

#[test]
fn r_10_a_right_marking_has_nothing_to_correct() {
    let mut g = hit_marked(2);
    let e = g.claim_school(Side::Black, 0).unwrap_err();
    assert!(e.to_string().contains("nothing to correct"), "{e}");
    // Refused: no false school, the claim may still be made.
    assert!(g.can_claim_school(Side::Black));
    g.declare(0).unwrap();
    assert_eq!(points(&g), (2, 0));
}

#[test]
fn r_10_3_correcting_a_fill_not_made_takes_its_points_off_for_nobody() {
    let mut g = roll_mark_play(FILL, Roll::new(5, 1), 4, "2-7 1-2");
    assert_eq!(g.claim_school(Side::Black, 0).unwrap(), SchoolKind::Remplir);
    g.declare(0).unwrap();
    assert_eq!(points(&g), (0, 0));
}

#[test]
fn r_10_a_correction_is_recorded_and_replays() {
    let mut g = hit_marked(0);
    trictrac::action::Action::School { side: 'b', n: 0 }
        .apply(&mut g)
        .unwrap();
    g.declare(0).unwrap();
    let header = trictrac::record::Header {
        start: Some(HIT.into()),
        options: "marking=manual".into(),
        ..Default::default()
    };
    let text = trictrac::Record::from_game(&g, header).to_string();
    assert!(text.contains("school b 0"), "{text}");
    let back: trictrac::Record = text.parse().unwrap();
    assert_eq!(points(&back.replay().unwrap()), (2, 0));
}
