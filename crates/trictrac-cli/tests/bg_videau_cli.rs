//! Issue 24 items 2 and 3 through the real binary: the `--rules` help
//! quotes the seed page's hit rule and lists every reading, and under
//! `videau=whole-turn` the terminal accepts a double after rolling
//! (BG-7.2); without it the same command is refused with the rule.

mod support;
use support::*;

#[test]
fn the_rules_help_lists_every_hit_cover_reading_with_the_pages_sentence() {
    let text = stdout_of(&["bg", "play", "--help"]);
    for needle in [
        "hit-cover=allowed|inner|home|anywhere|opponent",
        "Il est interdit aussi de frapper et capturer le pion d'adversaire dans son jan intérieur",
        "opponent = on the opponent's points",
        "videau=before-roll|whole-turn",
        "Il est disponible à tout moment",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
}

/// Two people at one keyboard, seed dice 3: White doubles after rolling,
/// Black takes, White then plays the roll he threw.
fn hotseat(rules: &str, input: &str) -> String {
    let dir =
        std::env::temp_dir().join(format!("bg-videau-{}-{}", std::process::id(), rules.len()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = piped_in(
        &dir,
        &["bg", "play", "--hotseat", "--seed", "3", "--rules", rules],
        input,
    );
    std::fs::remove_dir_all(&dir).ok();
    text
}

#[test]
fn bg_7_2_a_double_after_rolling_under_videau_whole_turn() {
    // The opening is thrown by the program; the first player to decide
    // is asked to roll (seed: the winner throws both dice).
    let input = "\ndouble\ntake\n1\nquit\ny\n";
    let text = hotseat("seed videau=whole-turn", input);
    assert!(
        text.contains("(number, play, double, list, hint)"),
        "{text}"
    );
    assert!(!text.contains("cannot double"), "{text}");
    assert!(text.contains("take or drop?"), "{text}");
    let text = hotseat("seed", input);
    assert!(text.contains("cannot double"), "{text}");
    assert!(text.contains("BG-7.2"), "{text}");
}
