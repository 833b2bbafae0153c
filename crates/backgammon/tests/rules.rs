//! One test (at least) per rule of docs/BACKGAMMON.md, named after its id;
//! both presets where they differ.

use backgammon::{
    BySide, Cube, Die, EndReason, Game, HitCover, MatchState, Phase, Play, PlayText, Point,
    Position, Preset, Roll, Rules, Setup, SetupProblem, Side, WinKind,
};

/// A position from (point, checkers) lists in each side's own numbering
/// (25 = the bar); the rest of the 15 are borne off.
fn pos(white: &[(usize, u8)], black: &[(usize, u8)], turn: Side) -> Position {
    let side = |l: &[(usize, u8)]| {
        let mut c = [0u8; 26];
        for &(p, n) in l {
            c[p] += n;
        }
        c[0] = 15 - c.iter().map(|&n| n as u32).sum::<u32>() as u8;
        c
    };
    Position::from_setup(Setup {
        counts: BySide::new(side(white), side(black)),
        turn,
    })
    .expect("a valid test position")
}

fn plays(p: &Position, roll: Roll, rules: &Rules) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_plays(roll, rules)
        .iter()
        .map(|x| x.to_string())
        .collect();
    v.sort();
    v
}

fn resolve(p: &Position, roll: Roll, text: &str, rules: &Rules) -> Result<Play, String> {
    let t: PlayText = text.parse().map_err(|e| format!("{e}"))?;
    p.resolve_play(roll, &t, rules).map_err(|e| e.to_string())
}

const STD: Rules = Rules::standard();
const SEED: Rules = Rules::seed();

#[test]
fn bg_1_1_fifteen_checkers_each_no_shared_point() {
    let mut s = Position::start().to_setup();
    s.counts.white[6] = 4;
    s.counts.black[1] = 1; // Black's 1 is White's 24, where White has 2
    let e = Position::from_setup(s).unwrap_err();
    assert!(e.problems.contains(&SetupProblem::CheckerCount {
        side: Side::White,
        count: 14
    }));
    assert!(e.problems.contains(&SetupProblem::CheckerCount {
        side: Side::Black,
        count: 16
    }));
    assert!(e
        .problems
        .contains(&SetupProblem::SharedPoint { white_point: 24 }));
    assert!(e.to_string().contains("BG-1.1"));
}

#[test]
fn bg_1_2_each_player_numbers_from_his_side() {
    assert_eq!(Point::new(1).other(), Point::new(24));
    assert!(Point::new(6).is_home() && !Point::new(7).is_home());
    // Black's plays are written in Black's numbering too.
    let p = Position::start().with_turn(Side::Black);
    let v = plays(&p, Roll::new(3, 1), &STD);
    assert!(v.contains(&"8/5 6/5".to_string()));
}

#[test]
fn bg_1_3_line_names_of_the_page() {
    assert_eq!(Point::new(1).line_name(Side::White), "B1");
    assert_eq!(Point::new(12).line_name(Side::White), "B12");
    assert_eq!(Point::new(13).line_name(Side::White), "N12");
    assert_eq!(Point::new(24).line_name(Side::White), "N1");
    assert_eq!(Point::new(1).line_name(Side::Black), "N1");
    assert_eq!(Point::new(24).line_name(Side::Black), "B1");
    // White's jan intérieur is B7-B12, his points 7-12.
    assert_eq!(Point::new(7).line_name(Side::White), "B7");
}

#[test]
fn bg_1_4_position_ids_as_gnubg_writes_them() {
    assert_eq!(Position::start().to_position_id(), "4HPwATDgc/ABMA");
    // After 8/5 6/5 from the start, Black on roll: gnubg's own `show board`
    // prints this ID (the player not on roll first).
    let p = Position::start();
    let play = resolve(&p, Roll::new(3, 1), "8/5 6/5", &STD).unwrap();
    let after = p.play_unchecked(&play);
    assert_eq!(after.to_position_id(), "sGfwATDgc/ABMA");
    assert_eq!(
        Position::from_position_id("sGfwATDgc/ABMA", Side::Black).unwrap(),
        after
    );
    for bad in ["", "4HPwATDgc/ABM", "4HPwATDgc/AB!A", "//////////////"] {
        let e = Position::from_position_id(bad, Side::White).unwrap_err();
        assert!(e.to_string().contains("BG-1.4"), "{bad}: {e}");
    }
}

#[test]
fn bg_2_1_start_position() {
    let p = Position::start();
    for side in Side::ALL {
        let c = p.counts(side);
        assert_eq!((c[24], c[13], c[8], c[6]), (2, 5, 3, 5));
        assert_eq!(p.pip_count(side), 167);
    }
}

#[test]
fn bg_2_2_opening_standard_plays_the_two_dice() {
    let mut g = Game::money(STD);
    g.opening(Die::new(2), Die::new(2)).unwrap();
    assert_eq!(g.phase(), Phase::Opening, "equal dice are thrown again");
    g.opening(Die::new(2), Die::new(5)).unwrap();
    assert_eq!(g.phase(), Phase::Play(Side::Black, Roll::new(5, 2)));
    assert!(g.roll(Roll::new(1, 1)).is_err());
}

#[test]
fn bg_2_2_opening_seed_the_starter_throws_both_dice() {
    let mut g = Game::money(SEED);
    g.opening(Die::new(6), Die::new(1)).unwrap();
    assert_eq!(g.phase(), Phase::Roll(Side::White));
    g.roll(Roll::new(4, 4)).unwrap();
    assert_eq!(g.phase(), Phase::Play(Side::White, Roll::new(4, 4)));
}

#[test]
fn bg_3_1_one_play_per_resulting_position() {
    let p = Position::start();
    let v = plays(&p, Roll::new(3, 1), &STD);
    assert_eq!(v.len(), 16);
    // 24/21/20 and 24/23/20 reach one position: listed once, as 24/20.
    assert_eq!(v.iter().filter(|s| *s == "24/20").count(), 1);
    let a = resolve(&p, Roll::new(3, 1), "24/21 21/20", &STD).unwrap();
    let b = resolve(&p, Roll::new(3, 1), "24/23 23/20", &STD).unwrap();
    assert_eq!(a, b);
    let e = resolve(&p, Roll::new(3, 1), "24/22 13/11", &STD).unwrap_err();
    assert!(e.contains("BG-3.1"), "{e}");
}

#[test]
fn bg_3_2_a_double_is_played_four_times() {
    let p = Position::start();
    let list = p.legal_plays(Roll::new(6, 6), &STD);
    assert!(list.iter().all(|x| x.len() == 4));
    assert!(plays(&p, Roll::new(6, 6), &STD).contains(&"24/18(2) 13/7(2)".to_string()));
}

#[test]
fn bg_3_3_no_landing_on_two_opponent_checkers() {
    // From the start Black holds White's 19 (5 checkers) and 17 (3).
    let p = Position::start();
    let e = resolve(&p, Roll::new(5, 2), "24/19 24/22", &STD).unwrap_err();
    assert!(e.contains("BG-3.3"), "{e}");
    assert!(!plays(&p, Roll::new(5, 5), &STD)
        .iter()
        .any(|s| s.contains("24/19")));
}

#[test]
fn bg_3_4_both_dice_if_possible_else_the_higher() {
    // White checker on 8, 14 off; Black holds White's 2 (8-6) and 1.
    let p = pos(&[(8, 1)], &[(23, 2), (24, 13)], Side::White);
    // 6-5: 8/2 blocked (Black on White's 2 = Black's 23), 8/3 open, then
    // 3/off needs all home: it is (the last checker): 8/3/off? 3 with 6:
    // bears off. Both dice: 8/3 then 3/off.
    assert_eq!(plays(&p, Roll::new(6, 5), &STD), vec!["8/off"]); // 8/3/off, one chain
                                                                 // Both dice can be played: every play uses both.
    assert!(Position::start()
        .legal_plays(Roll::new(6, 1), &STD)
        .iter()
        .all(|x| x.len() == 2));
    // Now a position where only the lower die could follow the higher:
    // single checker on 13, Black holds White's 7 (13-6) and 6 (7-1) and
    // 12-6 = 6: 13/12 then 12/6 blocked; 13/7 blocked. Only one die: 13/12
    // (the 1), because the 6 cannot be played at all.
    let p = pos(&[(13, 1)], &[(18, 2), (19, 2), (1, 11)], Side::White);
    assert_eq!(plays(&p, Roll::new(6, 1), &STD), vec!["13/12"]);
    // When either die alone can be played but not both, the higher must be.
    // Checker on 8: 8/2 (6) open, 8/7 (1) open, but after 8/2, 2/1 is
    // blocked, and after 8/7, 7/1 is blocked. Black holds White's 1.
    let p = pos(&[(8, 1)], &[(24, 2), (1, 13)], Side::White);
    assert_eq!(plays(&p, Roll::new(6, 1), &STD), vec!["8/2"]);
    let e = resolve(&p, Roll::new(6, 1), "8/7", &STD).unwrap_err();
    assert!(e.contains("BG-3.4"), "{e}");
}

#[test]
fn bg_3_5_a_play_is_only_committed_by_the_game() {
    // Resolving or checking a play changes nothing: the game changes only
    // when `play` commits it, so a player may try plays until then.
    let mut g = Game::money(STD);
    g.opening(Die::new(3), Die::new(1)).unwrap();
    let before = *g.position();
    let t: PlayText = "24/23 13/10".parse().unwrap();
    let p = g
        .position()
        .resolve_play(Roll::new(3, 1), &t, &STD)
        .unwrap();
    assert_eq!(*g.position(), before);
    g.play(&p).unwrap();
    assert_ne!(*g.position(), before);
}

#[test]
fn bg_4_1_a_hit_sends_the_blot_to_the_bar() {
    // White on 8, Black's blot on White's 5 (Black's 20).
    let p = pos(&[(8, 2), (6, 13)], &[(20, 1), (1, 14)], Side::White);
    let play = resolve(&p, Roll::new(3, 1), "8/5* 6/5", &STD).unwrap();
    assert!(play.hits());
    assert_eq!(play.to_string(), "8/5* 6/5");
    let after = p.play_unchecked(&play);
    assert_eq!(after.on_bar(Side::Black), 1);
}

#[test]
fn bg_4_2_enter_from_the_bar_first() {
    // White has one on the bar; Black's home is open except his 6 and 5
    // points (White's 19, 20).
    let p = pos(
        &[(25, 1), (13, 14)],
        &[(6, 2), (5, 2), (1, 11)],
        Side::White,
    );
    // 6-5: bar/19 and bar/20 blocked (Black's 6 and 5): nothing can be played.
    assert_eq!(plays(&p, Roll::new(6, 5), &STD), vec!["--"]);
    // 4-3: enters with either die, then plays the other with any checker.
    let v = plays(&p, Roll::new(4, 3), &STD);
    assert!(v.iter().all(|s| s.starts_with("bar/")), "{v:?}");
    let e = resolve(&p, Roll::new(4, 3), "13/9 13/10", &STD).unwrap_err();
    assert!(e.contains("BG-4.2"), "{e}");
}

#[test]
fn bg_4_3_seed_a_hit_in_points_7_to_12_stays_alone() {
    // White on 13 (2) and 11; Black's blot on White's 9 (Black's 16).
    let p = pos(
        &[(13, 2), (11, 1), (6, 12)],
        &[(16, 1), (1, 14)],
        Side::White,
    );
    let roll = Roll::new(4, 2);
    // Standard: hit and cover (13/9* 11/9) is legal.
    assert!(resolve(&p, roll, "13/9* 11/9", &STD).is_ok());
    // Seed: the hitter must stay alone on 9 until the next roll.
    let e = resolve(&p, roll, "13/9* 11/9", &SEED).unwrap_err();
    assert!(e.contains("BG-4.3"), "{e}");
    // ... nor may it move on (13/9*/7).
    let e = resolve(&p, roll, "13/9*/7", &SEED).unwrap_err();
    assert!(e.contains("BG-4.3"), "{e}");
    // Hitting and moving another checker elsewhere is fine.
    assert!(resolve(&p, roll, "13/9* 6/4", &SEED).is_ok());
    // The option's other readings: home (points 1-6) does not restrict 9.
    let home = Rules {
        hit_cover: HitCover::Home,
        ..SEED
    };
    assert!(resolve(&p, roll, "13/9* 11/9", &home).is_ok());
    let anywhere = Rules {
        hit_cover: HitCover::Anywhere,
        ..STD
    };
    assert!(resolve(&p, roll, "13/9* 11/9", &anywhere).is_err());
}

/// BG-4.3, `hit-cover=opponent`: "son jan intérieur" read as the
/// opponent's (his points 7–12, the hitter's 13–18). A position where
/// this reading differs from every other: a hit on the hitter's 16.
#[test]
fn bg_4_3_opponent_reading_restricts_the_hitters_13_to_18() {
    // White on 20 (2) and 18; Black's blot on White's 16 (Black's 9).
    let p = pos(
        &[(20, 2), (18, 1), (6, 12)],
        &[(9, 1), (1, 14)],
        Side::White,
    );
    let roll = Roll::new(4, 2);
    let opponent = Rules {
        hit_cover: HitCover::Opponent,
        ..SEED
    };
    // Hit on 16 and cover it with 18/16: refused only by this reading
    // (and by `anywhere`, which restricts every point).
    let e = resolve(&p, roll, "20/16* 18/16", &opponent).unwrap_err();
    assert!(e.contains("BG-4.3") && e.contains("opponent"), "{e}");
    for cover in [HitCover::Allowed, HitCover::Inner, HitCover::Home] {
        let r = Rules {
            hit_cover: cover,
            ..SEED
        };
        assert!(resolve(&p, roll, "20/16* 18/16", &r).is_ok(), "{cover:?}");
    }
    // The hitter may not move on either; hitting and playing elsewhere is fine.
    assert!(resolve(&p, roll, "20/16*/14", &opponent).is_err());
    assert!(resolve(&p, roll, "20/16* 6/4", &opponent).is_ok());
    // A hit on the hitter's 9 (his own 7–12) is free under this reading.
    let q = pos(
        &[(13, 2), (11, 1), (6, 12)],
        &[(16, 1), (1, 14)],
        Side::White,
    );
    assert!(resolve(&q, roll, "13/9* 11/9", &opponent).is_ok());
    assert_eq!(
        "seed hit-cover=opponent".parse::<Rules>().unwrap(),
        opponent
    );
    assert_eq!(opponent.to_string(), "seed hit-cover=opponent");
}

/// The seed page's scoring: no Jacoby rule under `seed` (the page counts
/// 2 for a gammon, 3 for a backgammon, times the videau, turned or not).
#[test]
fn bg_6_2_seed_preset_counts_gammons_without_the_videau_turned() {
    assert!(!Rules::seed().jacoby);
    assert!(Rules::standard().jacoby);
    let r: Rules = "seed jacoby=on".parse().unwrap();
    assert!(r.jacoby, "Jacoby stays an option under seed");
    assert_eq!(r.to_string(), "seed jacoby=on");
}

#[test]
fn bg_4_3_seed_then_bg_3_4_applies_to_the_plays_that_remain() {
    // The only way to play both dice would cover the hit: with the
    // restriction, a single die is played.
    // White: one checker on 11 and 13 off... White 11 (1), Black blot on
    // White's 9; everything else borne off. 2-1: 11/9* then 9/8 moves the
    // hitter on (illegal in seed), 11/10/8? 10 then 8: no hit; 11/10 then
    // 10/8 passes... with 2-1 the plays are 11/9*/8 (hit then move on),
    // 11/10/8 (no hit: legal).
    let p = pos(&[(11, 1)], &[(16, 1), (1, 14)], Side::White);
    let roll = Roll::new(2, 1);
    let std = plays(&p, roll, &STD);
    let seed = plays(&p, roll, &SEED);
    assert!(std.contains(&"11/9*/8".to_string()), "{std:?}");
    assert!(!seed.contains(&"11/9*/8".to_string()), "{seed:?}");
    assert!(seed.contains(&"11/8".to_string()), "{seed:?}");
}

#[test]
fn bg_5_1_bear_off_only_when_all_home() {
    let p = pos(&[(7, 1), (6, 14)], &[(1, 15)], Side::White);
    let e = resolve(&p, Roll::new(6, 5), "6/off 6/1", &STD).unwrap_err();
    assert!(e.contains("BG-5.1"), "{e}");
    // 7/1 brings the last checker home, then 6/off is allowed.
    assert!(resolve(&p, Roll::new(6, 6), "7/1 6/off(3)", &STD).is_ok());
}

#[test]
fn bg_5_2_higher_die_bears_off_the_farthest() {
    let p = pos(&[(4, 1), (2, 1)], &[(1, 15)], Side::White);
    // 6-5: both checkers off (6 takes the 4, then 5 takes the 2).
    assert_eq!(plays(&p, Roll::new(6, 5), &STD), vec!["4/off 2/off"]);
    // 3-1 with checkers on 5 and 4: the 3 cannot bear off the 4 while the
    // 5 is there; it is played inside (5/2) or after the 1 (4/3/off).
    let p = pos(&[(5, 1), (4, 1)], &[(1, 15)], Side::White);
    assert_eq!(
        plays(&p, Roll::new(3, 1), &STD),
        vec!["4/off", "5/1", "5/2 4/3"] // 5/4 4/1 reaches the position of 5/1
    );
    // The 6 bears off the farthest checker, the 5.
    assert!(plays(&p, Roll::new(6, 1), &STD).contains(&"5/off 4/3".to_string()));
    assert!(resolve(&p, Roll::new(6, 1), "5/off 4/3", &STD).is_ok());
}

#[test]
fn bg_5_3_the_game_ends_when_fifteen_are_off() {
    let mut g = Game::money(Rules {
        jacoby: false,
        ..STD
    });
    g.opening(Die::new(6), Die::new(1)).unwrap();
    assert!(g.result().is_none());
    let p = pos(&[(1, 1)], &[(1, 15)], Side::White);
    assert_eq!(p.winner(), None);
    let after = p.play_unchecked(&p.legal_plays(Roll::new(2, 1), &STD)[0]);
    assert_eq!(after.winner(), Some(Side::White));
}

#[test]
fn bg_6_1_standard_single_gammon_backgammon() {
    use backgammon::score::win_kind;
    let won = |black: &[(usize, u8)]| pos(&[], black, Side::Black);
    assert_eq!(
        win_kind(&won(&[(1, 10)]), Side::White, Preset::Standard),
        WinKind::Single
    );
    assert_eq!(
        win_kind(&won(&[(10, 15)]), Side::White, Preset::Standard),
        WinKind::Gammon
    );
    // A Black checker in White's home (Black's 19-24) or on the bar.
    assert_eq!(
        win_kind(&won(&[(10, 14), (20, 1)]), Side::White, Preset::Standard),
        WinKind::Backgammon
    );
    assert_eq!(
        win_kind(&won(&[(10, 14), (25, 1)]), Side::White, Preset::Standard),
        WinKind::Backgammon
    );
}

#[test]
fn bg_6_2_seed_scoring_bar_counts_three_whatever_is_off() {
    use backgammon::score::win_kind;
    let won = |black: &[(usize, u8)]| pos(&[], black, Side::Black);
    assert_eq!(
        win_kind(&won(&[(1, 10)]), Side::White, Preset::Seed),
        WinKind::Single
    );
    assert_eq!(
        win_kind(&won(&[(10, 15)]), Side::White, Preset::Seed),
        WinKind::Gammon
    );
    // In the winner's home but not on the bar: only a gammon in the seed.
    assert_eq!(
        win_kind(&won(&[(10, 14), (20, 1)]), Side::White, Preset::Seed),
        WinKind::Gammon
    );
    // On the bar with checkers off: 3 in the seed, 1 in the standard game.
    assert_eq!(
        win_kind(&won(&[(25, 1), (1, 3)]), Side::White, Preset::Seed),
        WinKind::Backgammon
    );
    assert_eq!(
        win_kind(&won(&[(25, 1), (1, 3)]), Side::White, Preset::Standard),
        WinKind::Single
    );
}

/// A game at White's turn to roll, with the opening played.
fn game_at_roll(rules: Rules, state: MatchState) -> Game {
    let mut g = Game::new(rules, state);
    g.opening(Die::new(3), Die::new(1)).unwrap();
    if g.phase() == Phase::Roll(Side::White) {
        g.roll(Roll::new(3, 1)).unwrap(); // the seed's opening (BG-2.2)
    }
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    g.roll(Roll::new(2, 1)).unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    assert_eq!(g.phase(), Phase::Roll(Side::White));
    g
}

#[test]
fn bg_7_1_the_videau_goes_to_64_and_no_further() {
    let mut g = game_at_roll(STD, MatchState::money());
    assert_eq!(g.cube(), Cube::centred());
    let mut side = Side::White;
    for v in [2, 4, 8, 16, 32, 64] {
        assert_eq!(g.phase(), Phase::Roll(side));
        g.double().unwrap();
        g.take().unwrap();
        assert_eq!(g.cube().value, v);
        // The doubler rolls and plays; the taker then owns the cube.
        g.roll(Roll::new(2, 1)).unwrap();
        let p = g.legal_plays()[0];
        g.play(&p).unwrap();
        side = !side;
    }
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
    g.roll(Roll::new(2, 1)).unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
    // White may redouble; Black (not the owner) may not.
    assert!(g.can_double(Side::White));
    g.roll(Roll::new(3, 2)).unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
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
    let mut side = g.position().turn();
    for v in [2, 4, 8, 16, 32, 64] {
        assert_eq!(g.phase(), Phase::Roll(side));
        g.double().unwrap();
        g.take().unwrap();
        assert_eq!(g.cube().value, v);
        g.roll(Roll::new(2, 1)).unwrap();
        let p = g.legal_plays()[0];
        g.play(&p).unwrap();
        side = !side;
    }
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
    g.roll(Roll::new(2, 1)).unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
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
    g.roll(Roll::new(2, 1)).unwrap();
    let p = g.legal_plays()[0];
    g.play(&p).unwrap();
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
