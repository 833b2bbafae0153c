//! Properties of whole random games: every game ends with a winner at 12
//! holes, holes never decrease, points stay even in 0..=10, and the
//! record (text and JSON) replays to the same final state.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trictrac::game::{
    ExitRoll, FalseMoves, FirstMove, GameKind, MarkingMode, Payout, PointsFrom, SchoolKind,
};
use trictrac::record::Header;
use trictrac::Event;
use trictrac::{ExitMethod, Game, GameOptions, Phase, Record, Rules, Side};

fn options(rng: &mut ChaCha8Rng) -> GameOptions {
    GameOptions {
        rules: Rules {
            exit: if rng.gen_bool(0.2) {
                ExitMethod::Provinciale
            } else {
                ExitMethod::Parisienne
            },
            old_jans: trictrac::OldJans {
                rencontre: rng.gen_bool(0.3),
                margot: rng.gen_bool(0.3),
                pile: rng.gen_bool(0.3),
            },
            rencontre: if rng.gen_bool(0.5) {
                trictrac::RencontreValue::TwoFour
            } else {
                trictrac::RencontreValue::FourSix
            },
        },
        first_move: [
            FirstMove::OneDieEach,
            FirstMove::CoupEtDes,
            FirstMove::TwoDiceEach,
        ][rng.gen_range(0..3)],
        exit_roll: if rng.gen_bool(0.3) {
            ExitRoll::PourTout
        } else {
            ExitRoll::Fresh
        },
        payout: [
            Payout::Guiton,
            Payout::Soumille,
            Payout::Jollyvet,
            Payout::Honneurs,
            Payout::None,
        ][rng.gen_range(0..5)],
        marking: if rng.gen_bool(0.3) {
            MarkingMode::Manual
        } else {
            MarkingMode::Auto
        },
        game: if rng.gen_bool(0.2) {
            GameKind::Ecrire {
                marques: 2,
                consolation: 4,
            }
        } else {
            GameKind::Douze
        },
        false_moves: if rng.gen_bool(0.3) {
            FalseMoves::Table
        } else {
            FalseMoves::Refused
        },
    }
}

/// Plays one random game, checking invariants after every action.
fn random_game(seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut dice = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut g = Game::new(options(&mut rng));
    let mut holes = (0u8, 0u8);
    for _ in 0..20_000 {
        let logged = g.events().len();
        match g.phase() {
            // R-10.4: sometimes a school is wrongly contested (it doubles).
            Phase::Roll(_)
                if Side::ALL.iter().any(|&s| g.can_contest_school(s)) && rng.gen_bool(0.3) =>
            {
                let s = *Side::ALL
                    .iter()
                    .find(|&&s| g.can_contest_school(s))
                    .unwrap();
                g.contest_school(s).unwrap();
            }
            // Section 11: a false play is left, corrected by the opponent
            // or by its author, or left by rolling.
            Phase::Roll(s) if g.false_move().is_some() && rng.gen_bool(0.6) => {
                let (author, _) = g.false_move().unwrap();
                assert!(g.can_settle_false_move(s) && g.can_settle_false_move(author));
                match rng.gen_range(0..3) {
                    0 => g.accept_false_move(s).unwrap(),
                    1 => {
                        g.correct_false_move(s).unwrap();
                    }
                    _ => {
                        g.correct_false_move(author).unwrap();
                    }
                }
            }
            Phase::FirstMove | Phase::Roll(_) => g.roll_with(&mut dice).unwrap(),
            Phase::Play(side)
                if g.options().false_moves == FalseMoves::Table && rng.gen_bool(0.2) =>
            {
                // A legal play with one checker carried one field too far:
                // played at the table when a table allows it.
                let plays = g.legal_plays();
                let p = plays[rng.gen_range(0..plays.len())];
                let text = p.display(side).to_string();
                let mut notation: trictrac::PlayNotation = text.parse().unwrap();
                if let Some(m) = notation.moves.first_mut() {
                    if let trictrac::Dest::Field(f) = m.to {
                        let v = f.value();
                        let next = match side {
                            Side::White if v < 24 => Some(v + 1),
                            Side::Black if v > 1 => Some(v - 1),
                            _ => None,
                        };
                        if let Some(n) = next {
                            m.to = trictrac::Dest::Field(trictrac::Field::new(n));
                            m.rest = None;
                        }
                    }
                }
                if g.play_at_table(&notation).is_err() {
                    g.play(&p).unwrap();
                }
            }
            Phase::StayOrLeave(_) => {
                if rng.gen_bool(0.3) {
                    g.leave().unwrap()
                } else {
                    g.stay().unwrap()
                }
            }
            Phase::Play(_) => {
                let plays = g.legal_plays();
                assert!(!plays.is_empty());
                let p = plays[rng.gen_range(0..plays.len())];
                g.play(&p).unwrap();
            }
            Phase::Mark(side) => {
                // Schools first (R-10.5), sometimes false ones; then a
                // declaration that is sometimes wrong.
                if g.open_school(side).is_some() && rng.gen_bool(0.7) {
                    let (_, p) = g.open_school(side).unwrap();
                    g.claim_school(side, p).unwrap();
                } else if g.can_claim_school(side) && rng.gen_bool(0.05) {
                    g.claim_school(side, 2).unwrap();
                } else {
                    let owed = g.points_owed().unwrap();
                    let points = match rng.gen_range(0..10) {
                        0 => owed + 2,
                        1 => owed.saturating_sub(2),
                        _ => owed,
                    };
                    g.declare(points).unwrap();
                }
            }
            Phase::Over(_) => break,
        }
        let s = g.score();
        let new_marque = g.events()[logged..]
            .iter()
            .any(|e| matches!(e, Event::MarqueEnd { .. }));
        if !new_marque && (s.holes.white < holes.0 || s.holes.black < holes.1) {
            // Only a school par trop takes a hole back (R-10.2): a hole
            // won only with over-marked points.
            let new = &g.events()[logged..];
            assert!(
                new.iter().any(|e| matches!(
                    e,
                    Event::Marked {
                        from: PointsFrom::School,
                        ..
                    }
                )) && g.events().iter().any(|e| matches!(
                    e,
                    Event::School {
                        kind: SchoolKind::Trop,
                        ..
                    }
                )),
                "holes decreased without a school par trop"
            );
        }
        holes = (s.holes.white, s.holes.black);
        for side in Side::ALL {
            let p = *s.points.get(side);
            assert!(p <= 10 && p.is_multiple_of(2), "points {p}");
        }
        assert!(g.position().is_consistent());
    }
    let w = g.winner().expect("the game ends");
    if let GameKind::Ecrire {
        marques,
        consolation,
    } = g.options().game
    {
        // R-9.2: the agreed marqués won, the winner ahead on the totals.
        let won = g.marques().iter().filter(|m| m.winner.is_some()).count();
        assert!(won >= usize::from(marques));
        let t = g.marque_totals();
        assert!(t.get(w) > t.get(!w));
        // R-9.2: the partie is paid by the difference of the totals, not
        // by a stake multiplier (R-9.1 does not apply to the whole).
        assert_eq!(g.stake(), None);
        assert_eq!(g.points_won(), Some(f64::from(t.get(w) - t.get(!w))));
        for m in g.marques() {
            let h = m.holes;
            assert_eq!(m.winner.is_none(), h.white == h.black);
            if let Some(mw) = m.winner {
                // A marqué en grande bredouille is worth double (R-9.1).
                let base = u32::from(h.get(mw) - h.get(!mw)) + u32::from(consolation);
                let want = if m.grande_bredouille { 2 * base } else { base };
                assert_eq!(m.value, want, "{m:?}");
                if *h.get(!mw) == 0 {
                    assert!(m.grande_bredouille, "the loser has no hole: {m:?}");
                }
            }
            assert!(
                h.white >= 6 || h.black >= 6,
                "a marqué ends at six holes or more"
            );
        }
    } else {
        assert_eq!(*g.score().holes.get(w), 12);
        assert!(*g.score().holes.get(!w) < 12);
    }
    g
}

#[test]
fn random_games_end_and_replay() {
    let n = if cfg!(debug_assertions) { 300 } else { 3000 };
    // The rarer paths are exercised: false plays settled each way (section
    // 11), contested schools (R-10.4), marqués (R-9.2), two-dice throws.
    let mut seen = [0usize; 5];
    for seed in 0..n {
        let g = random_game(seed);
        for e in g.events() {
            match e {
                Event::FalsePlay { .. } => seen[0] += 1,
                Event::FalseMoveSettled {
                    corrected: Some(_), ..
                } => seen[1] += 1,
                Event::Contested { .. } => seen[2] += 1,
                Event::MarqueEnd { .. } => seen[3] += 1,
                Event::FirstMoveRolls { .. } => seen[4] += 1,
                _ => {}
            }
        }
        let header = Header {
            event: "property test".into(),
            seed: Some(seed),
            ..Header::default()
        };
        let rec = Record::from_game(&g, header);
        let text = rec.to_string();
        let parsed: Record = text
            .parse()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(parsed, rec, "seed {seed}: text round trip");
        let json = Record::from_json(&rec.to_json()).unwrap();
        assert_eq!(json, rec, "seed {seed}: JSON round trip");
        let mut dice = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        let replayed = parsed
            .replay_with_dice(Some(&mut dice))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(replayed.score(), g.score(), "seed {seed}");
        assert_eq!(replayed.position(), g.position(), "seed {seed}");
        assert_eq!(replayed.winner(), g.winner());
        assert_eq!(replayed.events(), g.events(), "seed {seed}");
    }
    assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
}

#[test]
fn a_tampered_record_is_refused() {
    let g = random_game(7);
    let mut rec = Record::from_game(&g, Header::default());
    // Change the points of the first roll that marked any.
    let i = rec
        .rolls
        .iter()
        .position(|r| r.white_points + r.black_points > 0)
        .unwrap();
    rec.rolls[i].white_points += 2;
    let e = rec.replay().unwrap_err();
    assert!(e.to_string().contains("the rules give"), "{e}");
    // An illegal play.
    let mut rec = Record::from_game(&g, Header::default());
    let i = rec
        .rolls
        .iter()
        .position(|r| r.play.as_deref().is_some_and(|p| p != "--"))
        .unwrap();
    rec.rolls[i].play = Some("1-25".into());
    assert!(rec.replay().is_err());
    // Dice that the seed does not give.
    let rec = Record::from_game(&g, Header::default());
    let mut other = ChaCha8Rng::seed_from_u64(12345);
    let e = rec.replay_with_dice(Some(&mut other)).unwrap_err();
    assert!(e.to_string().contains("the seed gives"), "{e}");
}

#[test]
fn a_record_saved_mid_turn_replays_to_the_waiting_game() {
    let g = random_game(11);
    let rec = Record::from_game(&g, Header::default());
    // Keep the lines up to a roll that was played, and drop its play.
    let k = rec
        .rolls
        .iter()
        .position(|r| {
            (r.side == "w" || r.side == "b")
                && r.play
                    .as_deref()
                    .is_some_and(|p| p != "--" && !p.ends_with(" ?"))
        })
        .unwrap();
    let mut cut = rec.clone();
    cut.rolls.truncate(k + 1);
    let played = cut.rolls[k].play.take().unwrap();
    let mut game = cut.replay().unwrap();
    assert!(matches!(game.phase(), Phase::Play(_)), "{:?}", game.phase());
    // Playing the dropped play continues the same game.
    game.play_notation(&played.parse().unwrap()).unwrap();
    // A missing play before the last roll line is still an error.
    let mut bad = rec.clone();
    bad.rolls[k].play = None;
    assert!(bad.replay().is_err());
}

/// Found by the fuzzer (tests/fuzz_parsers.rs): a header value with a
/// quote was written with `'` instead, so a player's name changed on its
/// way through the text form. Quotes and backslashes are now escaped as in
/// PGN; older records (and values without quotes) still read.
#[test]
fn header_values_keep_their_quotes_and_backslashes() {
    let g = random_game(3);
    let header = Header {
        white: "Jean \"le Grand\" Dupont".into(),
        black: r"C:\joueurs\noir\".into(),
        event: "a\nb".into(),
        date: "a\rb".into(),
        ..Header::default()
    };
    let rec = Record::from_game(&g, header);
    let text = rec.to_string();
    assert!(
        text.contains(r#"[White "Jean \"le Grand\" Dupont"]"#),
        "{text}"
    );
    let back: Record = text.parse().unwrap();
    assert_eq!(back.header.white, rec.header.white);
    assert_eq!(back.header.black, rec.header.black);
    // A line break would end the header: it is written as a space.
    assert_eq!(back.header.event, "a b");
    // A carriage return inside a line is kept (found by the fuzzer).
    assert_eq!(back.header.date, "a\rb");
    // An older record's quote written as ' and a value without quotes.
    let old: Record = "[White \"Jean 'le Grand'\"]\n[Black Noir]\n"
        .parse()
        .unwrap();
    assert_eq!(old.header.white, "Jean 'le Grand'");
    assert_eq!(old.header.black, "Noir");
}
