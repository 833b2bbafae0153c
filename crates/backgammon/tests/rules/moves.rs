//! BG-3 and BG-4: the plays of a roll, hitting and entering.

use super::*;

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
