//! BG-7: the videau (doubling cube), its owner, the take, the drop,
//! the beaver, Jacoby and Crawford.

use super::*;

/// A game at White's turn to roll, with the opening played.
fn game_at_roll(rules: Rules, state: MatchState) -> Game {
    let mut g = Game::new(rules, state);
    g.opening(Die::new(3), Die::new(1)).unwrap();
    if g.phase() == Phase::Roll(Side::White) {
        g.roll(Roll::new(3, 1)).unwrap(); // the seed's opening (BG-2.2)
    }
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    roll_and_play(&mut g, Roll::new(2, 1));
    assert_eq!(g.phase(), Phase::Roll(Side::White));
    g
}

/// The side on roll rolls `roll` and plays the first legal play.
fn roll_and_play(g: &mut Game, roll: Roll) {
    g.roll(roll).unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
}

/// From `side` on roll: doubled and taken turn by turn up to 64 (BG-7.1),
/// each doubler then rolling 2-1 and playing, so that the taker owns the
/// cube. The side on roll after.
fn double_to_64(g: &mut Game, mut side: Side) -> Side {
    for v in [2, 4, 8, 16, 32, 64] {
        assert_eq!(g.phase(), Phase::Roll(side));
        g.double().unwrap();
        g.take().unwrap();
        assert_eq!(g.cube().value, v);
        roll_and_play(g, Roll::new(2, 1));
        side = !side;
    }
    side
}

#[test]
fn bg_7_1_the_videau_goes_to_64_and_no_further() {
    let mut g = game_at_roll(STD, MatchState::money());
    assert_eq!(g.cube(), Cube::centred());
    double_to_64(&mut g, Side::White);
    let e = g.double().unwrap_err();
    assert!(e.to_string().contains("BG-7.1"), "{e}");
}

#[test]
fn bg_7_2_only_before_rolling_and_only_the_owner() {
    let mut g = game_at_roll(STD, MatchState::money());
    g.roll(Roll::new(4, 2)).unwrap();
    let e = g.double().unwrap_err();
    assert!(e.to_string().contains("BG-7.2"), "{e}");
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    // Black doubles, White takes: White owns the cube.
    g.double().unwrap();
    g.take().unwrap();
    roll_and_play(&mut g, Roll::new(2, 1));
    // White may redouble; Black (not the owner) may not.
    assert!(g.can_double(Side::White));
    roll_and_play(&mut g, Roll::new(3, 2));
    let e = g.double().unwrap_err();
    assert!(e.to_string().contains("BG-7.2"), "{e}");
}

/// Issue 24 item 3: under `seed` the videau stops at 64 as under
/// `standard`; a redouble of a 64 videau is refused with BG-7.1, and the
/// session lists no double (so no player, bot or page offers one).
#[test]
fn bg_7_1_seed_the_videau_stops_at_64() {
    use tables::TableGame;
    let mut g = game_at_roll(SEED, MatchState::money());
    let first = g.position().turn();
    let side = double_to_64(&mut g, first);
    assert!(!g.can_double(side));
    let e = g.double().unwrap_err();
    assert!(e.to_string().contains("BG-7.1"), "{e}");
    // Through the session: the same sequence, then no double is listed.
    use backgammon::session::{Action, Match};
    let mut m = Match::new(SEED, 0);
    m.apply(&Action::Opening { w: 3, b: 1 }).unwrap();
    for _ in 0..6 {
        assert!(m.legal_actions().contains(&Action::Double));
        m.apply(&Action::Double).unwrap();
        m.apply(&Action::Take).unwrap();
        m.apply(&Action::Roll { a: 2, b: 1 }).unwrap();
        let p = m.legal_actions()[0].clone();
        m.apply(&p).unwrap();
    }
    assert!(!m.legal_actions().contains(&Action::Double));
    assert!(m.apply(&Action::Double).is_err());
}

/// Issue 24 item 3, BG-7.2: "Il est disponible à tout moment … Un joueur,
/// à son tour, peut prendre le Videau". With `videau=whole-turn` the
/// player on roll may also offer it after rolling, before moving; taken,
/// he plays the roll he threw; refused, he wins at once. Without the
/// option (both presets' default) the double after rolling is refused.
#[test]
fn bg_7_2_videau_whole_turn_allows_a_double_after_rolling() {
    let whole: Rules = "seed videau=whole-turn".parse().unwrap();
    assert_eq!(whole.to_string(), "seed videau=whole-turn");
    for rules in [SEED, STD] {
        let mut g = game_at_roll(rules, MatchState::money());
        g.roll(Roll::new(6, 5)).unwrap();
        let e = g.double().unwrap_err();
        assert!(e.to_string().contains("BG-7.2"), "{rules}: {e}");
    }
    let mut g = game_at_roll(whole, MatchState::money());
    let side = g.position().turn();
    g.roll(Roll::new(6, 5)).unwrap();
    assert!(g.can_double(side));
    let before = g.legal_plays().len();
    g.double().unwrap();
    assert_eq!(g.phase(), Phase::Doubled { by: side });
    g.take().unwrap();
    // The doubler plays the roll he threw, with the same legal plays.
    assert_eq!(g.phase(), Phase::Play(side, Roll::new(6, 5)));
    assert_eq!(g.legal_plays().len(), before);
    assert_eq!(g.cube().value, 2);
    assert_eq!(g.cube().owner, Some(!side));
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    assert_eq!(g.phase(), Phase::Roll(!side));
    // The owner redoubles after his roll; refused, the doubler wins the
    // game as it stands times the last value (seed, BG-7.4).
    g.roll(Roll::new(2, 1)).unwrap();
    g.double().unwrap();
    g.drop_double().unwrap();
    let r = g.result().unwrap();
    assert_eq!(r.winner, !side);
    assert_eq!(r.reason, EndReason::Dropped);
    // The loser has borne off nothing: 2 points (BG-6.2) times 2.
    assert_eq!(r.points, 4);
}

/// The session (what the server, the terminal and the bots drive) lists
/// the double among the actions of a play decision under
/// `videau=whole-turn`, and the game goes on after it.
#[test]
fn bg_7_2_videau_whole_turn_through_the_session() {
    use backgammon::session::{Action, Match};
    use tables::TableGame;
    let rules: Rules = "seed videau=whole-turn".parse().unwrap();
    let mut m = Match::new(rules, 0);
    m.apply(&Action::Opening { w: 3, b: 1 }).unwrap();
    m.apply(&Action::Roll { a: 4, b: 3 }).unwrap();
    assert!(m.legal_actions().contains(&Action::Double));
    m.apply(&Action::Double).unwrap();
    m.apply(&Action::Take).unwrap();
    let plays: Vec<Action> = m.legal_actions();
    assert!(!plays.contains(&Action::Double), "the taker owns it now");
    assert!(matches!(plays[0], Action::Play { .. }));
    m.apply(&plays[0]).unwrap();
}

#[test]
fn bg_7_3_take_the_cube_is_the_takers_at_twice_the_value() {
    let mut g = game_at_roll(STD, MatchState::money());
    g.double().unwrap();
    assert!(g.roll(Roll::new(1, 2)).is_err());
    g.take().unwrap();
    assert_eq!(g.cube().value, 2);
    assert_eq!(g.cube().owner, Some(Side::Black));
    assert_eq!(g.phase(), Phase::Roll(Side::White));
}

#[test]
fn bg_7_4_standard_dropping_loses_the_cube_value_before_the_offer() {
    let mut g = game_at_roll(STD, MatchState::money());
    g.double().unwrap();
    g.take().unwrap();
    roll_and_play(&mut g, Roll::new(2, 1));
    g.double().unwrap(); // Black redoubles to 4
    g.drop_double().unwrap();
    let r = g.result().unwrap();
    assert_eq!(
        (r.winner, r.points, r.reason),
        (Side::Black, 2, EndReason::Dropped)
    );
}

#[test]
fn bg_7_4_seed_refused_redouble_counts_the_game_as_it_stands() {
    // First double refused: 1 point.
    let mut g = game_at_roll(SEED, MatchState::money());
    g.double().unwrap();
    g.drop_double().unwrap();
    assert_eq!(g.result().unwrap().points, 1);
    // A redouble refused: BG-6.2 on the position times the last value (2).
    // Nobody has borne off anything: a gammon for the seed (2) x 2 = 4.
    let mut g = game_at_roll(SEED, MatchState::money());
    g.double().unwrap();
    g.take().unwrap();
    roll_and_play(&mut g, Roll::new(2, 1));
    g.double().unwrap();
    g.drop_double().unwrap();
    let r = g.result().unwrap();
    assert_eq!(r.winner, Side::Black);
    assert_eq!(r.kind, WinKind::Gammon);
    assert_eq!(r.points, 4);
}

#[test]
fn bg_7_5_jacoby_beavers_crawford() {
    // Jacoby: in a money game a gammon with a centred cube counts single.
    let mut g = Game::money(STD);
    g.opening(Die::new(3), Die::new(1)).unwrap();
    g.resign(Side::White, WinKind::Gammon).unwrap();
    assert_eq!(
        g.result().unwrap().points,
        2,
        "a resignation concedes what it says"
    );
    // Beavers: off by default; on, the taker redoubles at once.
    let mut g = game_at_roll(STD, MatchState::money());
    g.double().unwrap();
    assert!(g.beaver().is_err());
    let mut g = game_at_roll(
        Rules {
            beavers: true,
            ..STD
        },
        MatchState::money(),
    );
    g.double().unwrap();
    g.beaver().unwrap();
    assert_eq!(g.cube().value, 4);
    assert_eq!(g.cube().owner, Some(Side::Black));
    // Crawford: no double in the game after a side reaches length - 1.
    let mut state = MatchState::to(5);
    state.score = BySide::new(4, 1);
    state.crawford = true;
    let mut g = game_at_roll(STD, state);
    let e = g.double().unwrap_err();
    assert!(e.to_string().contains("Crawford"), "{e}");
    // The game after: doubling again.
    let r = backgammon::GameResult {
        winner: Side::Black,
        kind: WinKind::Single,
        points: 1,
        reason: EndReason::Resigned,
    };
    let next = state.after(&r);
    assert!(!next.crawford && next.crawford_done);
    // Reaching length - 1 makes the next game the Crawford game.
    let s = MatchState::to(5).after(&backgammon::GameResult { points: 4, ..r });
    assert!(s.crawford);
    assert_eq!(s.score.black, 4);
}

#[test]
fn bg_7_5_jacoby_applies_to_a_gammon_won_with_a_centred_cube() {
    use rand::SeedableRng;
    // Play random games until one ends in a gammon with a centred cube:
    // counted 1 under Jacoby, 2 without.
    for seed in 0..500u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        // a: the cube in use, never turned; b: Jacoby off; c: no cube.
        let mut a = Game::money(STD);
        let mut b = Game::money(Rules {
            jacoby: false,
            ..STD
        });
        let mut c = Game::money(Rules { cube: false, ..STD });
        a.roll_with(&mut rng).unwrap();
        if let Some(backgammon::Event::Opening { white, black }) = a.events().last() {
            b.opening(*white, *black).unwrap();
            c.opening(*white, *black).unwrap();
        }
        use rand::Rng;
        while a.result().is_none() {
            match a.phase() {
                Phase::Play(..) => {
                    let i = rng.gen_range(0..a.legal_plays().len());
                    let p = a.legal_plays()[i];
                    a.play(&p).unwrap();
                    b.play(&p).unwrap();
                    c.play(&p).unwrap();
                }
                _ => {
                    a.roll_with(&mut rng).unwrap();
                    if let Phase::Play(_, roll) = a.phase() {
                        b.roll(roll).unwrap();
                        c.roll(roll).unwrap();
                    }
                }
            }
        }
        let (ra, rb, rc) = (
            a.result().unwrap(),
            b.result().unwrap(),
            c.result().unwrap(),
        );
        if ra.kind == WinKind::Gammon {
            assert_eq!(ra.points, 1, "Jacoby: the cube was never turned");
            assert_eq!(rb.points, 2, "jacoby=off");
            assert_eq!(rc.points, 2, "without the cube Jacoby has no object");
            return;
        }
    }
    panic!("no gammon in 500 random games");
}
