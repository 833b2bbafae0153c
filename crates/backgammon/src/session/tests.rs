//! Tests of the parent module.
use super::*;

#[test]
fn options_round_trip() {
    let (r, n) = parse_options("seed match=5").unwrap();
    assert_eq!(r, Rules::seed());
    assert_eq!(n, 5);
    assert_eq!(options_words(&r, n), "seed match=5");
    let (r, n) = parse_options("standard").unwrap();
    assert_eq!((r, n), (Rules::standard(), 0));
    assert!(parse_options("standard match=100").is_err());
    assert!(parse_options("standard nope").is_err());
}

#[test]
fn bg_7_4_a_match_goes_on_to_the_next_game_by_itself() {
    // BG-7.4: a dropped double ends the game; the match goes on.
    let mut m = Match::new(Rules::standard(), 3);
    let mut d = [3u8, 1, 5, 2].into_iter().cycle();
    let mut dice = || Die::new(d.next().unwrap_or(1));
    let mut source = FnDice(&mut dice);
    let out = tables::apply_automatic(&mut m, &mut source).unwrap();
    assert_eq!(out, vec![Action::Opening { w: 3, b: 1 }]);
    Action::Play {
        p: "8/5 6/5".into(),
    }
    .apply(&mut m)
    .unwrap();
    Action::Double.apply(&mut m).unwrap();
    Action::Drop.apply(&mut m).unwrap();
    assert!(!m.over());
    let out2 = tables::apply_automatic(&mut m, &mut source).unwrap();
    assert_eq!(out2.len(), 1);
    assert_eq!(m.done.len(), 1);
    assert_eq!(m.score().get(Side::Black), &1);
    assert!(m.mat_text("A", "B").contains("Game 2"));
    // Replaying the stored actions gives the same match.
    let texts: Vec<String> = [
        Action::Opening { w: 3, b: 1 },
        Action::Play {
            p: "8/5 6/5".into(),
        },
        Action::Double,
        Action::Drop,
        out2[0].clone(),
    ]
    .iter()
    .map(Action::to_json)
    .collect();
    let mut again = Match::new(Rules::standard(), 3);
    for t in &texts {
        TableGame::apply(&mut again, &Action::from_json(t).unwrap()).unwrap();
    }
    assert_eq!(again.game.position(), m.game.position());
    assert_eq!(again.done.len(), 1);
}

struct FnDice<'a>(&'a mut dyn FnMut() -> Die);

impl DiceSource for FnDice<'_> {
    fn die(&mut self) -> Die {
        (self.0)()
    }
}

#[test]
fn bg_7_2_doubling_out_of_turn_names_the_rule() {
    let mut m = Match::new(Rules::standard(), 0);
    Action::Opening { w: 3, b: 1 }.apply(&mut m).unwrap();
    let e = Action::Double.apply(&mut m).unwrap_err();
    assert_eq!(e.rule(), Some("BG-7.2"), "{e}");
}

#[test]
fn bg_7_3_no_throw_while_a_double_waits_with_the_engines_reason() {
    let mut m = Match::new(Rules::standard(), 0);
    Action::Opening { w: 3, b: 1 }.apply(&mut m).unwrap();
    Action::Play {
        p: "8/5 6/5".into(),
    }
    .apply(&mut m)
    .unwrap();
    Action::Double.apply(&mut m).unwrap();
    let mut dice = FnDice(&mut || Die::new(4));
    let e = TableGame::throw(&m, &mut dice).unwrap_err();
    assert_eq!(e.rule(), Some("BG-7.3"), "{e}");
}

#[test]
fn the_stored_form_is_the_servers() {
    for (a, json) in [
        (
            Action::Opening { w: 3, b: 1 },
            r#"{"k":"opening","w":3,"b":1}"#,
        ),
        (
            Action::Play {
                p: "8/5 6/5".into(),
            },
            r#"{"k":"play","p":"8/5 6/5"}"#,
        ),
        (Action::Double, r#"{"k":"double"}"#),
        (Action::Resign { side: 'b' }, r#"{"k":"resign","side":"b"}"#),
    ] {
        assert_eq!(a.to_json(), json);
        assert_eq!(Action::from_json(json).unwrap(), a);
    }
}

#[test]
fn a_resignation_is_offered_then_accepted_or_declined() {
    let mut m = Match::new(Rules::standard(), 0);
    Action::Opening { w: 3, b: 1 }.apply(&mut m).unwrap();
    // White, to play, offers a gammon; Black declines: play goes on.
    let stored = TableGame::apply(
        &mut m,
        &Action::Offer {
            side: 'w',
            kind: "G".into(),
        },
    )
    .unwrap();
    assert_eq!(
        stored.to_json(),
        r#"{"k":"offer","side":"w","kind":"gammon"}"#
    );
    assert_eq!(m.side_to_act(), Some(Side::Black));
    let p = m.pending().unwrap();
    assert_eq!((p.side, p.decision), (Some(Side::Black), Decision::Answer));
    assert_eq!(
        m.legal_actions(),
        vec![Action::Accept { side: 'b' }, Action::Decline { side: 'b' }]
    );
    // Nothing else meanwhile, and nobody answers his own offer.
    let e = Action::Play {
        p: "8/5 6/5".into(),
    }
    .apply(&mut m)
    .unwrap_err();
    assert!(
        e.to_string().contains("black must first accept or decline"),
        "{e}"
    );
    let e = Action::Accept { side: 'w' }.apply(&mut m).unwrap_err();
    assert!(e.to_string().contains("cannot answer his own"), "{e}");
    let e = Action::Offer {
        side: 'b',
        kind: "single".into(),
    }
    .apply(&mut m)
    .unwrap_err();
    assert!(
        e.to_string().contains("must first accept or decline"),
        "{e}"
    );
    let e = Action::Offer {
        side: 'w',
        kind: "double".into(),
    }
    .apply(&mut m)
    .unwrap_err();
    assert!(
        e.to_string().contains("single, gammon or backgammon"),
        "{e}"
    );
    Action::Decline { side: 'b' }.apply(&mut m).unwrap();
    assert_eq!(m.side_to_act(), Some(Side::White));
    Action::Play {
        p: "8/5 6/5".into(),
    }
    .apply(&mut m)
    .unwrap();
    // Black offers and withdraws: accepting it is then refused.
    Action::Offer {
        side: 'b',
        kind: "single".into(),
    }
    .apply(&mut m)
    .unwrap();
    let e = Action::Withdraw { side: 'w' }.apply(&mut m).unwrap_err();
    assert!(e.to_string().contains("only he may withdraw"), "{e}");
    Action::Withdraw { side: 'b' }.apply(&mut m).unwrap();
    let e = Action::Accept { side: 'w' }.apply(&mut m).unwrap_err();
    assert!(e.to_string().contains("no resignation is offered"), "{e}");
    // White offers a backgammon: accepted, 3 points times the cube.
    Action::Offer {
        side: 'w',
        kind: "backgammon".into(),
    }
    .apply(&mut m)
    .unwrap();
    Action::Accept { side: 'b' }.apply(&mut m).unwrap();
    assert!(m.over());
    let r = m.game.result().unwrap();
    assert_eq!(
        (r.winner, r.points, r.reason),
        (Side::Black, 3, EndReason::Resigned)
    );
    assert_eq!(m.outcome().unwrap().points, 3);
    let e = Action::Offer {
        side: 'w',
        kind: "single".into(),
    }
    .apply(&mut m.clone())
    .unwrap_err();
    assert!(e.to_string().contains("the game is over"), "{e}");
    assert!(m.mat_text("A", "B").contains("Wins 3 points"));
}

#[test]
fn an_immediate_resignation_ends_a_pending_offer() {
    // What a time verdict stores: a single game at once.
    let mut m = Match::new(Rules::standard(), 0);
    Action::Opening { w: 3, b: 1 }.apply(&mut m).unwrap();
    Action::Offer {
        side: 'w',
        kind: "gammon".into(),
    }
    .apply(&mut m)
    .unwrap();
    Action::Resign { side: 'b' }.apply(&mut m).unwrap();
    let r = m.game.result().unwrap();
    assert_eq!((r.winner, r.points), (Side::White, 1));
    assert_eq!(m.game.resignation_offer(), None);
}

#[test]
fn random_matches_through_the_driver_end() {
    use rand::SeedableRng;
    for seed in 0..10 {
        let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut w = tables::RandomPlayer::new(rand_chacha::ChaCha8Rng::seed_from_u64(seed + 100));
        let mut b = tables::RandomPlayer::new(rand_chacha::ChaCha8Rng::seed_from_u64(seed + 200));
        let mut m = Match::new(Rules::standard(), 3);
        let o = tables::play_out(&mut m, BySide::new(&mut w, &mut b), &mut dice, 100_000).unwrap();
        assert!(m.score().get(o.winner) >= &3, "{}", o.text);
    }
}

#[test]
fn the_chance_nodes_are_the_opening_throws_and_the_21_rolls() {
    // BG-2.2: 36 ordered throws of one die each; BG-1.1: 21 rolls.
    let mut m = Match::new(Rules::standard(), 0);
    let opening = m.chance_outcomes();
    assert_eq!(opening.len(), 36);
    let total: f64 = opening.iter().map(|o| o.1).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // The same throws, with the same chances, as found from `throw`.
    let found = tables::chance::outcomes_of_throw(|d| m.throw(d).ok());
    assert_eq!(found, opening);
    m.apply(&Action::Opening { w: 3, b: 1 }).unwrap();
    assert!(m.chance_outcomes().is_empty(), "a play is due");
    m.apply(&Action::Play {
        p: "8/5 6/5".into(),
    })
    .unwrap();
    let rolls = m.chance_outcomes();
    assert_eq!(rolls.len(), 21);
    let total: f64 = rolls.iter().map(|o| o.1).sum();
    assert!((total - 1.0).abs() < 1e-12);
    for (a, _) in &rolls {
        m.clone().apply(a).unwrap();
    }
}
