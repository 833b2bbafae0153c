//! BG-5 and BG-6: bearing off, the end of the game and how it counts.

use super::*;

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

/// What White wins when Black has `black` left, under `preset` (BG-6).
fn white_wins(black: &[(usize, u8)], preset: Preset) -> WinKind {
    backgammon::score::win_kind(&pos(&[], black, Side::Black), Side::White, preset)
}

#[test]
fn bg_6_1_standard_single_gammon_backgammon() {
    for (black, kind) in [
        (&[(1, 10)][..], WinKind::Single),
        (&[(10, 15)], WinKind::Gammon),
        // A Black checker in White's home (Black's 19-24) or on the bar.
        (&[(10, 14), (20, 1)], WinKind::Backgammon),
        (&[(10, 14), (25, 1)], WinKind::Backgammon),
    ] {
        assert_eq!(white_wins(black, Preset::Standard), kind, "{black:?}");
    }
}

#[test]
fn bg_6_2_seed_scoring_bar_counts_three_whatever_is_off() {
    for (black, kind) in [
        (&[(1, 10)][..], WinKind::Single),
        (&[(10, 15)], WinKind::Gammon),
        // In the winner's home but not on the bar: only a gammon in the seed.
        (&[(10, 14), (20, 1)], WinKind::Gammon),
        // On the bar with checkers off: 3 in the seed, 1 in the standard game.
        (&[(25, 1), (1, 3)], WinKind::Backgammon),
    ] {
        assert_eq!(white_wins(black, Preset::Seed), kind, "{black:?}");
    }
    assert_eq!(
        white_wins(&[(25, 1), (1, 3)], Preset::Standard),
        WinKind::Single
    );
}
