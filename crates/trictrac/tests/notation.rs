//! NOTATION.md: TPN positions and play notation — round trips and errors.

use trictrac::{
    Bredouille, BySide, Dest, Field, PlayNotation, PlayParseError, Position, PositionError, Roll,
    Setup, Side, TpnError,
};

/// The three examples of NOTATION.md, verbatim.
const EXAMPLES: [&str; 3] = [
    "w:1x15 b:24x15 w",
    "w:1x9,2x3,3,4,7 b:24x15 w rolls=2 dice=6-5",
    "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w score=8.0.10.0 bredouille=n dice=6-6",
];

#[test]
fn notation_examples_round_trip_exactly() {
    for text in EXAMPLES {
        let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.to_string(), text);
        let setup: Setup = text.parse().unwrap();
        assert_eq!(setup.to_string(), text);
        let again: Position = pos.to_string().parse().unwrap();
        assert_eq!(again, pos);
    }
}

#[test]
fn notation_examples_read_correctly() {
    let start: Position = EXAMPLES[0].parse().unwrap();
    assert_eq!(start, Position::start());

    let second: Position = EXAMPLES[1].parse().unwrap();
    assert_eq!(second.turn(), Side::White);
    assert_eq!(second.rolls_played(Side::White), Some(2));
    assert_eq!(second.dice(), Some(Roll::new(6, 5)));
    let w = |k: u8| second.count(Side::White, Field::new(k));
    assert_eq!(
        [w(1), w(2), w(3), w(4), w(5), w(6), w(7)],
        [9, 3, 1, 1, 0, 0, 1]
    );
    assert_eq!(second.count(Side::Black, Field::TALON), 15);

    let third: Position = EXAMPLES[2].parse().unwrap();
    let s = third.score();
    assert_eq!(s.points, BySide::new(8, 10));
    assert_eq!(s.holes, BySide::new(0, 0));
    assert_eq!(s.bredouille, Bredouille::Neither);
    assert_eq!(s.pavillon, Bredouille::Either);
    assert_eq!(third.dice(), Some(Roll::new(6, 6)));
    assert_eq!(third.rolls_played(Side::White), None);
    // Black's corner is absolute 13, his field 12.
    assert_eq!(third.count(Side::Black, Field::OWN_CORNER), 2);
    assert_eq!(third.board().at(Field::new(13)), Some((Side::Black, 2)));
    assert_eq!(third.board().at(Field::new(12)), Some((Side::White, 2)));
}

#[test]
fn tpn_prints_canonical_forms() {
    // Dice high first, keys in order, defaults omitted, Black's turn.
    let cases = [
        ("w:1x15 b:24x15 w dice=5-6", "w:1x15 b:24x15 w dice=6-5"),
        (
            "w:1x15 b:24x15 w dice=1-2 pavillon=w score=2.1.0.3",
            "w:1x15 b:24x15 w score=2.1.0.3 pavillon=w dice=2-1",
        ),
        (
            "w:1x15 b:24x15 w score=0.0.0.0 bredouille=e pavillon=e",
            "w:1x15 b:24x15 w",
        ),
        ("w:- b:- b", "w:- b:- b"),
        ("w:24,23,22x2 b:1 b rolls=40", "w:22x2,23,24 b:1 b rolls=40"),
        ("w:1x15   b:24x15  w", "w:1x15 b:24x15 w"),
    ];
    for (input, printed) in cases {
        let pos: Position = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(pos.to_string(), printed, "{input}");
        let again: Position = printed.parse().unwrap();
        assert_eq!(again.to_string(), printed);
    }
}

/// The token error of `text`: (1-based index, token).
#[track_caller]
fn token_error(text: &str) -> (usize, String, String) {
    match text.parse::<Setup>() {
        Err(TpnError::Token {
            index,
            token,
            problem,
        }) => (index, token, problem),
        other => panic!("`{text}`: expected a token error, got {other:?}"),
    }
}

/// The position errors of `text` (well formed, not a legal position).
#[track_caller]
fn position_errors(text: &str) -> Vec<PositionError> {
    assert!(
        text.parse::<Setup>().is_ok(),
        "`{text}` should be well formed"
    );
    match text.parse::<Position>() {
        Err(TpnError::Position(e)) => {
            assert!(!e.errors.is_empty());
            assert_eq!(
                e.setup.to_string(),
                text.parse::<Setup>().unwrap().to_string()
            );
            e.errors
        }
        other => panic!("`{text}`: expected position errors, got {other:?}"),
    }
}

#[test]
fn tpn_more_than_15_checkers() {
    let (i, tok, problem) = token_error("w:1x16 b:24x15 w");
    assert_eq!((i, tok.as_str()), (1, "w:1x16"));
    assert!(problem.contains("16 checkers"), "{problem}");
    assert_eq!(
        position_errors("w:1x10,2x6 b:24x15 w"),
        vec![PositionError::TooManyCheckers {
            side: Side::White,
            count: 16
        }]
    );
    assert_eq!(
        position_errors("w:1x15 b:20x8,24x8 w"),
        vec![PositionError::TooManyCheckers {
            side: Side::Black,
            count: 16
        }]
    );
    let err = "w:1x10,2x6 b:24x15 w".parse::<Position>().unwrap_err();
    assert!(err.to_string().contains("16 checkers"), "{err}");
    assert!(err.to_string().contains("R-1.1"), "{err}");
}

#[test]
fn tpn_both_colours_on_a_field() {
    assert_eq!(
        position_errors("w:1x14,5 b:5,24x14 w"),
        vec![PositionError::SharedField {
            field: Field::new(5)
        }]
    );
    let err = "w:1x14,5 b:5,24x14 w".parse::<Position>().unwrap_err();
    assert!(err.to_string().contains("field 5"), "{err}");
}

#[test]
fn tpn_single_checker_on_a_corner() {
    assert_eq!(
        position_errors("w:1x14,12 b:24x15 w"),
        vec![PositionError::LoneCheckerOnCorner {
            side: Side::White,
            field: Field::new(12)
        }]
    );
    assert_eq!(
        position_errors("w:1x15 b:13,24x14 b"),
        vec![PositionError::LoneCheckerOnCorner {
            side: Side::Black,
            field: Field::new(13)
        }]
    );
    // Two on the corner are fine, on either side.
    assert!("w:1x13,12x2 b:13x2,24x13 w".parse::<Position>().is_ok());
}

#[test]
fn tpn_checker_on_the_opponents_corner() {
    assert_eq!(
        position_errors("w:1x13,13x2 b:24x15 w"),
        vec![PositionError::OnOpponentCorner {
            side: Side::White,
            field: Field::new(13)
        }]
    );
    assert_eq!(
        position_errors("w:1x15 b:12x2,24x13 w"),
        vec![PositionError::OnOpponentCorner {
            side: Side::Black,
            field: Field::new(12)
        }]
    );
}

#[test]
fn tpn_every_violation_is_reported() {
    let errors = position_errors("w:1x15,12 b:12,24x14 w score=3.13.0.0");
    assert_eq!(
        errors,
        vec![
            PositionError::TooManyCheckers {
                side: Side::White,
                count: 16
            },
            PositionError::SharedField {
                field: Field::new(12)
            },
            PositionError::LoneCheckerOnCorner {
                side: Side::White,
                field: Field::new(12)
            },
            PositionError::OnOpponentCorner {
                side: Side::Black,
                field: Field::new(12)
            },
            PositionError::BadPoints {
                side: Side::White,
                points: 3
            },
            PositionError::BadHoles {
                side: Side::White,
                holes: 13
            },
        ]
    );
}

#[test]
fn tpn_field_out_of_range() {
    for (text, item) in [
        ("w:1x14,25 b:24x15 w", "25"),
        ("w:0,1x14 b:24x15 w", "0"),
        ("w:1x15 b:24x14,99 w", "99"),
    ] {
        let (i, _, problem) = token_error(text);
        let expected_index = if text.contains("b:24x14,99") { 2 } else { 1 };
        assert_eq!(i, expected_index, "{text}");
        assert!(
            problem.contains(&format!("field {item} is not on the board")),
            "{text}: {problem}"
        );
    }
    let (_, _, problem) = token_error("w:1x14,1000 b:24x15 w");
    assert!(problem.contains("expected a field number"), "{problem}");
}

#[test]
fn tpn_count_must_be_at_least_two() {
    let (i, tok, problem) = token_error("w:1x14,2x1 b:24x15 w");
    assert_eq!((i, tok.as_str()), (1, "w:1x14,2x1"));
    assert!(
        problem.contains("count is written only when 2 or more"),
        "{problem}"
    );
    let (_, _, problem) = token_error("w:1x14,2x0 b:24x15 w");
    assert!(problem.contains("2 or more"), "{problem}");
    let (_, _, problem) = token_error("w:1x b:24x15 w");
    assert!(problem.contains("expected a count"), "{problem}");
    let (_, _, problem) = token_error("w:1x14,1 b:24x15 w");
    assert!(problem.contains("listed twice"), "{problem}");
    let (_, _, problem) = token_error("w: b:24x15 w");
    assert!(problem.contains("checker list"), "{problem}");
}

#[test]
fn tpn_unknown_or_repeated_key() {
    let (i, tok, problem) = token_error("w:1x15 b:24x15 w foo=1");
    assert_eq!((i, tok.as_str()), (4, "foo=1"));
    assert!(problem.contains("unknown key `foo`"), "{problem}");
    let (i, _, problem) = token_error("w:1x15 b:24x15 w rolls=1 rolls=2");
    assert_eq!(i, 5);
    assert!(problem.contains("given twice"), "{problem}");
    let (i, _, problem) = token_error("w:1x15 b:24x15 w dice");
    assert_eq!(i, 4);
    assert!(problem.contains("key=value"), "{problem}");
}

#[test]
fn tpn_bad_score() {
    for text in [
        "w:1x15 b:24x15 w score=8.0.10",
        "w:1x15 b:24x15 w score=8.0.10.0.0",
        "w:1x15 b:24x15 w score=a.0.0.0",
        "w:1x15 b:24x15 w score=",
        "w:1x15 b:24x15 w score=8,0,10,0",
    ] {
        let (i, _, problem) = token_error(text);
        assert_eq!(i, 4, "{text}");
        assert!(problem.contains("score=WP.WH.BP.BH"), "{text}: {problem}");
    }
    assert_eq!(
        position_errors("w:1x15 b:24x15 w score=12.0.0.0"),
        vec![PositionError::BadPoints {
            side: Side::White,
            points: 12
        }]
    );
    assert_eq!(
        position_errors("w:1x15 b:24x15 w score=0.0.5.0"),
        vec![PositionError::BadPoints {
            side: Side::Black,
            points: 5
        }]
    );
    assert_eq!(
        position_errors("w:1x15 b:24x15 w score=0.0.0.13"),
        vec![PositionError::BadHoles {
            side: Side::Black,
            holes: 13
        }]
    );
}

#[test]
fn tpn_bad_turn_and_missing_tokens() {
    let (i, tok, problem) = token_error("w:1x15 b:24x15 x");
    assert_eq!((i, tok.as_str()), (3, "x"));
    assert!(problem.contains("`w` or `b`"), "{problem}");
    let (i, _, _) = token_error("w:1x15 b:24x15 white");
    assert_eq!(i, 3);
    assert!(matches!(
        "w:1x15 b:24x15".parse::<Setup>(),
        Err(TpnError::Missing(_))
    ));
    assert!(matches!(
        "w:1x15".parse::<Setup>(),
        Err(TpnError::Missing(_))
    ));
    assert_eq!("".parse::<Setup>(), Err(TpnError::Empty));
    assert_eq!("   ".parse::<Setup>(), Err(TpnError::Empty));
    // Sides in the wrong order.
    let (i, _, problem) = token_error("b:24x15 w:1x15 w");
    assert_eq!(i, 1);
    assert!(problem.contains("`w:`"), "{problem}");
}

#[test]
fn tpn_bad_bredouille_and_dice() {
    let (i, _, problem) = token_error("w:1x15 b:24x15 w bredouille=x");
    assert_eq!(i, 4);
    assert!(problem.contains("bredouille=e, w, b or n"), "{problem}");
    let (_, _, problem) = token_error("w:1x15 b:24x15 w pavillon=ww");
    assert!(problem.contains("pavillon=e, w, b or n"), "{problem}");
    for bad in ["dice=7-1", "dice=6", "dice=6-5-4", "dice=0-0"] {
        let (_, _, problem) = token_error(&format!("w:1x15 b:24x15 w {bad}"));
        assert!(problem.contains("dice=A-B"), "{bad}: {problem}");
    }
    let (_, _, problem) = token_error("w:1x15 b:24x15 w rolls=x");
    assert!(problem.contains("rolls=N"), "{problem}");
}

#[test]
fn tpn_error_messages_are_readable() {
    let err = "w:1x15 b:24x15 w foo=1".parse::<Position>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "token 4 `foo=1`: unknown key `foo` (known: rolls, score, bredouille, pavillon, dice)"
    );
}

// ------------------------------------------------------------ plays

#[test]
fn play_notation_round_trips() {
    for text in [
        "1-7 1-6",
        "1-4-9",
        "21-off",
        "--",
        "1-4-9 21-off",
        "7-12 8-12",
        "24-18-12",
        "19-23-off",
    ] {
        let p: PlayNotation = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.to_string(), text);
    }
    let p: PlayNotation = "  1-7   1-6 ".parse().unwrap();
    assert_eq!(p.to_string(), "1-7 1-6");
    let t: PlayNotation = "19-23-off".parse().unwrap();
    assert_eq!(t.moves.len(), 1);
    assert_eq!(t.moves[0].from, Field::new(19));
    assert_eq!(t.moves[0].rest, Some(Field::new(23)));
    assert_eq!(t.moves[0].to, Dest::Off);
    let pass: PlayNotation = "--".parse().unwrap();
    assert!(pass.moves.is_empty());
}

/// The move error of `text`: (1-based index, token, problem).
#[track_caller]
fn move_error(text: &str) -> (usize, String, String) {
    match text.parse::<PlayNotation>() {
        Err(PlayParseError::Move {
            index,
            token,
            problem,
        }) => (index, token, problem),
        other => panic!("`{text}`: expected a move error, got {other:?}"),
    }
}

#[test]
fn play_notation_errors() {
    assert_eq!("".parse::<PlayNotation>(), Err(PlayParseError::Empty));
    assert_eq!(" ".parse::<PlayNotation>(), Err(PlayParseError::Empty));

    let (i, tok, problem) = move_error("1-25");
    assert_eq!((i, tok.as_str()), (1, "1-25"));
    assert!(
        problem.contains("destination 25 is not on the board"),
        "{problem}"
    );
    let (_, _, problem) = move_error("0-5");
    assert!(
        problem.contains("origin 0 is not on the board"),
        "{problem}"
    );
    let (_, _, problem) = move_error("1-30-31");
    assert!(problem.contains("rest 30 is not on the board"), "{problem}");
    let (i, tok, problem) = move_error("1-7 1");
    assert_eq!((i, tok.as_str()), (2, "1"));
    assert!(problem.contains("from-to"), "{problem}");
    let (_, _, problem) = move_error("1-2-3-4");
    assert!(problem.contains("from-rest-to"), "{problem}");
    let (_, _, problem) = move_error("a-b");
    assert!(
        problem.contains("expected a field number 1..24 as origin, found `a`"),
        "{problem}"
    );
    let (_, _, problem) = move_error("1-off-3");
    assert!(problem.contains("as rest, found `off`"), "{problem}");
    let (_, _, problem) = move_error("off-3");
    assert!(problem.contains("as origin"), "{problem}");
    let (i, _, problem) = move_error("1-2 --");
    assert_eq!(i, 2);
    assert!(problem.contains("must stand alone"), "{problem}");
    let (i, _, _) = move_error("-- --");
    assert_eq!(i, 1);
    let (_, _, problem) = move_error("1-");
    assert!(problem.contains("as destination"), "{problem}");
}

// historical field names ----------------------------------------------

#[test]
fn r_1_6_classical_soumille_and_lepeintre_names_round_trip_positions_and_plays() {
    use trictrac::fields::FieldNames;
    let tpn = "w:1x9,2x3,3,4,7 b:13x2,19,23,24x11 w rolls=2 dice=6-5";
    let pos: trictrac::Position = tpn.parse().unwrap();
    for names in [
        FieldNames::Classical,
        FieldNames::Soumille,
        FieldNames::Lepeintre,
    ] {
        let written = names.tpn_from_numbers(&pos.to_string());
        let back: trictrac::Position = names.tpn_to_numbers(&written).unwrap().parse().unwrap();
        assert_eq!(back, pos, "{names}: {written}");
        // Every legal play reads back to itself.
        for p in pos.legal_plays(trictrac::Roll::new(6, 5)).iter() {
            let numbers = p.display(trictrac::Side::White).to_string();
            let named = names.play_from_numbers(&numbers);
            let again = names.play_to_numbers(&named).unwrap();
            assert_eq!(again, numbers, "{names}: {named}");
        }
    }
    // The classical names: field k of White is T for 1, k−1 else;
    // Black's half is N11 … NT from 13 to 24.
    let c = FieldNames::Classical;
    assert_eq!(c.tpn_from_numbers("w:1x15 b:24x15 w"), "w:BTx15 b:NTx15 w");
    assert_eq!(c.play_to_numbers("BT-B6 BT-B5").unwrap(), "1-7 1-6");
    assert_eq!(c.play_to_numbers("N5-off").unwrap(), "19-off");
    // Soumille's letters skip J, U and W; Lepeintre's skip w and z (seeds,
    // notes 32, 33); Lepeintre's x is a field, so `xx3` is three on x.
    assert_eq!(FieldNames::Soumille.name(10), "K");
    assert_eq!(FieldNames::Soumille.name(24), "&");
    assert_eq!(FieldNames::Lepeintre.name(23), "x");
    assert_eq!(
        FieldNames::Lepeintre
            .tpn_to_numbers("w:ax12,xx3 b:yx15 b")
            .unwrap(),
        "w:1x12,23x3 b:24x15 b"
    );
    let e = FieldNames::Soumille
        .tpn_to_numbers("w:Jx15 b:&x15 w")
        .unwrap_err();
    assert!(e.to_string().contains("R-1.6"), "{e}");
}

#[test]
fn r_1_6_named_fields() {
    use trictrac::fields::NamedField;
    use trictrac::Field;
    assert_eq!(NamedField::of(Field::new(1)), Some(NamedField::Talon));
    assert_eq!(
        NamedField::of(Field::new(6)),
        Some(NamedField::CoinBourgeois)
    );
    assert_eq!(
        NamedField::of(Field::new(7)),
        Some(NamedField::CoinBourgeois)
    );
    assert_eq!(
        NamedField::of(Field::new(8)),
        Some(NamedField::CaseDuDiable)
    );
    assert_eq!(
        NamedField::of(Field::new(11)),
        Some(NamedField::CaseDesEcoliers)
    );
    assert_eq!(
        NamedField::of(Field::new(12)),
        Some(NamedField::CoinDeRepos)
    );
    assert_eq!(NamedField::of(Field::new(9)), None);
}
