//! Resigning a game of Grand Trictrac (docs/RULES-CHOICES.md, "Resigning"):
//! the resigner loses at the stake gives the winner on the score as
//! it stands; records write and replay it.

use trictrac::game::{GameKind, Payout};
use trictrac::record::Header;
use trictrac::{Die, Event, Game, GameOptions, Phase, Position, Record, Roll, ScoreState, Side};

fn started() -> Game {
    let mut g = Game::new(GameOptions::default());
    g.first_move(Die::new(5), Die::new(2)).unwrap();
    g
}

#[test]
fn r_9_1_a_resigner_without_a_hole_pays_the_grande_bredouille() {
    let mut g = started();
    assert_eq!(g.phase(), Phase::Roll(Side::White));
    // Black resigns on White's turn: White wins, Black has no hole.
    let stake = g.resign(Side::Black).unwrap();
    assert_eq!(stake.to_string(), "x4");
    assert_eq!(g.winner(), Some(Side::White));
    assert_eq!(g.stake(), Some(stake));
    let n = g.events().len();
    assert_eq!(g.events()[n - 2], Event::Resigned { side: Side::Black });
    assert!(matches!(
        g.events()[n - 1],
        Event::Over {
            winner: Side::White,
            ..
        }
    ));
    // Nothing more is played.
    assert!(g.resign(Side::White).is_err());
    assert!(g.roll(Roll::new(3, 1)).is_err());
}

#[test]
fn r_9_1_the_stake_follows_the_score_as_it_stands() {
    // Both have holes (pavillon to neither), the resigner 7: a simple game.
    let score: ScoreState = "score=4.5.2.7 bredouille=n pavillon=n".parse().unwrap();
    let mut pos = Position::start();
    pos.set_score(score).unwrap();
    let mut g = Game::from_position(GameOptions::default(), pos).unwrap();
    let stake = g.resign(Side::Black).unwrap();
    assert_eq!(stake.to_string(), "x1");
    assert_eq!(g.winner(), Some(Side::White));
    // Under payout=none every game is x1.
    let mut g = Game::new(GameOptions {
        payout: Payout::None,
        ..GameOptions::default()
    });
    assert_eq!(g.resign(Side::White).unwrap().to_string(), "x1");
    assert_eq!(g.winner(), Some(Side::Black));
}

#[test]
fn r_9_2_a_partie_a_ecrire_is_not_resigned() {
    let mut g = Game::new(GameOptions {
        game: GameKind::Ecrire {
            marques: 2,
            consolation: 0,
        },
        ..GameOptions::default()
    });
    g.first_move(Die::new(5), Die::new(2)).unwrap();
    let e = g.resign(Side::White).unwrap_err().to_string();
    assert!(e.contains("R-9.2"), "{e}");
    assert_eq!(g.winner(), None);
}

#[test]
fn a_resignation_is_recorded_and_replays() {
    let mut g = started();
    g.roll(Roll::new(6, 5)).unwrap();
    let play = g.legal_plays()[0];
    g.play(&play).unwrap();
    g.resign(Side::White).unwrap();
    let rec = Record::from_game(&g, Header::default());
    let text = rec.to_string();
    assert!(text.lines().any(|l| l.trim() == "resign w"), "{text}");
    let back: Record = text.parse().unwrap();
    let r = back.replay().unwrap();
    assert_eq!(r.winner(), Some(Side::Black));
    assert_eq!(r.events(), g.events());
    assert_eq!(back.header.result, rec.header.result);
    let json = Record::from_json(&rec.to_json()).unwrap();
    assert_eq!(json.replay().unwrap().events(), g.events());
    // A resign line naming nobody is refused.
    let bad = text.replace("resign w", "resign x");
    assert!(bad.parse::<Record>().is_err());
}

/// Found by the fuzzer (tests/fuzz_parsers.rs): a resignation between the
/// roll and the play ends the record after an unfinished roll line; the
/// replay stopped at that line and refused the record ("the record has 3
/// lines, the replayed game 2").
#[test]
fn a_resignation_in_the_middle_of_a_turn_replays() {
    for manual in [false, true] {
        let mut g =
            Game::new(GameOptions::from_words(if manual { "marking=manual" } else { "" }).unwrap());
        g.first_move(Die::new(5), Die::new(2)).unwrap();
        g.roll(Roll::new(6, 5)).unwrap();
        // Resigning before playing (or, manual, before declaring).
        g.resign(Side::Black).unwrap();
        let rec = Record::from_game(&g, Header::default());
        let text = rec.to_string();
        let back: Record = text.parse().unwrap();
        let r = back.replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(r.winner(), Some(Side::White));
        assert_eq!(r.events(), g.events());
    }
}
