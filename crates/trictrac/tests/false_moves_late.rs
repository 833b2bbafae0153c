//! Section 11, *Caso falso*, case 6, the late false move
//! (`false-moves=table`, issue 24 item 6): a false play that passed a
//! checker into the opponent's grand jan while he could still fill it
//! seen by neither player before the opponent's roll. The
//! opponent "potrebbe costringere il giocatore in fallo a giocare la mossa
//! successiva con la regina … per passarla in l'ultimo quadrante. Ma
//! questo colpo successivo fosse passato, o non essendo più possibile il
//! gran jan, l'avversario non avrebbe più alcun diritto sulla regina
//! guasta"; in the fourth quadrant, once the opponent has rolled, "non
//! sarebbe più possibile tornare su di essa".

use tables::game::TableGame;
use trictrac::action::Action;
use trictrac::record::Header;
use trictrac::{Event, Field, Game, GameError, GameOptions, Phase, Record, Roll, Side};

fn table(tpn: &str) -> Game {
    Game::from_position(
        GameOptions::from_words("false-moves=table").unwrap(),
        tpn.parse().unwrap(),
    )
    .unwrap()
}

/// White to roll. Black can no longer fill his petit jan (one checker
/// left on his talon) but can still fill his grand jan: White may
/// not pass to Black's grand jan (14–18) and may enter the return jan.
const START: &str = "w:1x13,10,11 b:24,20x7,19x7 w";

/// White's 6-5 played `10-16 1-6`: 10-16 enters Black's grand jan while he
/// can still fill it (case 6, third quadrant). Black rolls 2-1 without a
/// word: the false play is left, seen by neither player.
fn late() -> Game {
    let mut g = table(START);
    g.roll(Roll::new(6, 5)).unwrap();
    assert_eq!(
        g.play_at_table(&"10-16 1-6".parse().unwrap()).unwrap(),
        None
    );
    assert!(g.false_move().is_some());
    // Before Black's roll the ordinary window is open: no late claim yet.
    assert!(!g.can_claim_late_false_move(Side::Black));
    g.roll(Roll::new(2, 1)).unwrap();
    assert!(g.false_move().is_none());
    g
}

/// Black plays his 2-1 within his own jans.
fn black_plays(g: &mut Game) {
    assert_eq!(g.phase(), Phase::Play(Side::Black));
    g.play_notation(&"19-17 19-18".parse().unwrap()).unwrap();
    assert_eq!(g.phase(), Phase::Roll(Side::White));
}

fn carries_16_on(p: &trictrac::Play) -> bool {
    let t = p.display(Side::White).to_string();
    t.contains("16-2") || t.contains("16-19")
}

fn record_text(g: &Game) -> String {
    let header = Header {
        start: Some(START.into()),
        options: "false-moves=table".into(),
        ..Header::default()
    };
    let text = Record::from_game(g, header).to_string();
    let back: Record = text.parse().unwrap();
    let again = back.replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.position(), g.position(), "{text}");
    assert_eq!(again.events(), g.events(), "{text}");
    text
}

#[test]
fn r11_case6_the_opponent_claims_after_his_roll_and_binds_the_next_roll() {
    let mut g = late();
    let l = g.late_false_move().expect("a late false move open");
    assert_eq!(l.author, Side::White);
    assert_eq!(l.fields, vec![Field::new(16)]);
    assert!(!l.claimed);
    // "l'avversario": only the opponent claims, after his roll.
    assert!(g.can_claim_late_false_move(Side::Black));
    assert!(!g.can_claim_late_false_move(Side::White));
    assert!(g.claim_late_false_move(Side::White).is_err());
    black_plays(&mut g);
    // "dopo aver fatto la propria mossa": after his play, before White's roll.
    g.claim_late_false_move(Side::Black).unwrap();
    assert!(!g.can_claim_late_false_move(Side::Black), "claimed once");
    assert!(g
        .events()
        .iter()
        .any(|e| matches!(e, Event::LateFalseMoveClaimed { by: Side::Black })));
    g.roll(Roll::new(6, 5)).unwrap();
    assert!(g.late_false_move().unwrap().binding);
    // "giocare la mossa successiva con la regina … per passarla in
    // l'ultimo quadrante": every play left carries the checker of 16 on.
    let plays = g.legal_plays().to_vec();
    assert!(!plays.is_empty());
    assert!(plays.iter().all(carries_16_on), "{plays:?}");
    // A legal play of the roll that leaves it is refused, naming the claim.
    let e = g.play_notation(&"1-7 1-6".parse().unwrap()).unwrap_err();
    assert!(matches!(e, GameError::LateClaim(ref f) if f == "16"), "{e}");
    let e = g.play_at_table(&"1-7 1-6".parse().unwrap()).unwrap_err();
    assert!(matches!(e, GameError::LateClaim(_)), "{e}");
    g.play_notation(&"16-22 1-6".parse().unwrap()).unwrap();
    // The next roll is past: the claim is spent.
    assert!(g.late_false_move().is_none());
    let text = record_text(&g);
    assert!(text.contains("settle b late"), "{text}");
}

#[test]
fn r11_case6_a_claim_after_the_authors_roll_binds_it_at_once() {
    let mut g = late();
    black_plays(&mut g);
    g.roll(Roll::new(6, 5)).unwrap();
    assert!(g.legal_plays().iter().any(|p| !carries_16_on(p)));
    // Until the author has played his next roll.
    assert!(g.can_claim_late_false_move(Side::Black));
    g.claim_late_false_move(Side::Black).unwrap();
    let plays = g.legal_plays().to_vec();
    assert!(plays.iter().all(carries_16_on), "{plays:?}");
    g.play_notation(&"16-21 1-7".parse().unwrap()).unwrap();
    assert!(g.late_false_move().is_none());
    // The record puts the claim after the roll's line and replays it
    // before the roll's play.
    let text = record_text(&g);
    let lines: Vec<&str> = text.lines().collect();
    let claim = lines.iter().position(|l| *l == "settle b late").unwrap();
    assert!(lines[claim - 1].starts_with("w 6-5"), "{text}");
}

#[test]
fn r11_case6_no_claim_once_the_next_roll_is_past() {
    let mut g = late();
    black_plays(&mut g);
    g.roll(Roll::new(6, 5)).unwrap();
    g.play_notation(&"1-7 1-6".parse().unwrap()).unwrap();
    // "questo colpo successivo fosse passato": no right any more.
    assert!(g.late_false_move().is_none());
    assert!(!g.can_claim_late_false_move(Side::Black));
    assert!(g.claim_late_false_move(Side::Black).is_err());
    let a = Action::LateClaim { side: 'b' };
    assert!(TableGame::apply(&mut g, &a).is_err());
}

#[test]
fn r11_case6_no_claim_when_the_grand_jan_is_no_longer_possible() {
    // White can fill neither of his jans; Black has exactly twelve
    // checkers up to his grand jan (one on his talon, eleven on his 6th
    // field): he can still fill it, just. White's 6-1 played `10-16 20-21`.
    let start = "w:10,20x4,21x4,22x3,23x3 b:24,19x11,5x3 w";
    let mut g = table(start);
    g.roll(Roll::new(6, 1)).unwrap();
    assert_eq!(
        g.play_at_table(&"10-16 20-21".parse().unwrap()).unwrap(),
        None
    );
    g.roll(Roll::new(6, 5)).unwrap();
    assert!(g.can_claim_late_false_move(Side::Black));
    // Black plays a checker of his 6th field past his grand jan (to his
    // 17th, absolute 8): he cannot fill it any more.
    let past = *g
        .legal_plays()
        .iter()
        .find(|p| {
            p.moves()
                .iter()
                .any(|m| m.to() == trictrac::Dest::Field(Field::new(17)))
        })
        .expect("19-8 tout d'une");
    g.play(&past).unwrap();
    // "o non essendo più possibile il gran jan": no right any more.
    assert!(!g.can_claim_late_false_move(Side::Black));
    assert!(g.claim_late_false_move(Side::Black).is_err());
}

#[test]
fn r11_case6_an_explicit_leave_means_he_saw_it() {
    let mut g = table(START);
    g.roll(Roll::new(6, 5)).unwrap();
    g.play_at_table(&"10-16 1-6".parse().unwrap()).unwrap();
    // "nessuno dei giocatori abbia visto": Black saw it and left it.
    g.accept_false_move(Side::Black).unwrap();
    g.roll(Roll::new(2, 1)).unwrap();
    assert!(g.late_false_move().is_none());
    assert!(!g.can_claim_late_false_move(Side::Black));
}

#[test]
fn r11_case6_the_fourth_quadrant_is_never_claimed_late() {
    // Black can still fill his petit jan (all on his talon): White's
    // 14-19 enters the return jan falsely (fourth quadrant).
    let start = "w:1x14,14 b:24x15 w";
    let mut g = table(start);
    g.roll(Roll::new(6, 5)).unwrap();
    assert_eq!(
        g.play_at_table(&"14-19 1-7".parse().unwrap()).unwrap(),
        None
    );
    g.roll(Roll::new(2, 1)).unwrap();
    // "avendo l'avversario lanciato i suoi dadi, non sarebbe più
    // possibile tornare su di essa".
    assert!(g.late_false_move().is_none());
    assert!(!g.can_claim_late_false_move(Side::Black));
}

#[test]
fn r11_case6_a_roll_that_cannot_carry_it_on_is_played_freely() {
    let mut g = late();
    black_plays(&mut g);
    g.claim_late_false_move(Side::Black).unwrap();
    // 2-1: 16-18 and 16-17 stay in Black's grand jan, 16-19 lands on his
    // checkers: no legal play carries the checker on.
    g.roll(Roll::new(2, 1)).unwrap();
    let l = g.late_false_move().unwrap();
    assert!(l.claimed && !l.binding);
    assert!(g.legal_plays().iter().all(|p| !carries_16_on(p)));
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    assert!(g.late_false_move().is_none());
    record_text(&g);
}

#[test]
fn r11_case6_the_claim_is_an_action_of_the_opponent_out_of_turn() {
    let mut g = late();
    black_plays(&mut g);
    // White is to roll: Black's claim is offered among the legal actions
    // of the side to act only when it is his; the action works out of turn.
    assert_eq!(
        TableGame::actor(&g, &Action::LateClaim { side: 'b' }),
        Some(Side::Black)
    );
    TableGame::apply(&mut g, &Action::LateClaim { side: 'b' }).unwrap();
    assert!(g.late_false_move().unwrap().claimed);
}
