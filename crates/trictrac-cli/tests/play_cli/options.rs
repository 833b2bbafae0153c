//! The game options in the terminal: two dice each, false moves at the
//! table, the partie à écrire, historical field names.

use super::*;

/// with `first-move=two-dice-each`: the terminal throws both dice for
/// each player, tells the throws, and the saved game writes them.
#[test]
fn two_dice_each_first_move_in_the_terminal() {
    let dir = scratch("first-two");
    let text = flat(&piped_in(
        &dir,
        &args("play --seed 3 --bot random --options first-move=two-dice-each"),
        &"1\nstay\n".repeat(6),
    ));
    assert!(
        text.contains("First move (R-2.2, both dice each): White throws"),
        "{text}"
    );
    assert!(!text.contains("White rolls a"), "no one-die throw: {text}");
    assert!(text.contains("starts."), "{text}");
    let rec = std::fs::read_to_string(dir.join("trictrac").join("trictrac-autosave.txt")).unwrap();
    assert!(rec.contains("first-move=two-dice-each"), "{rec}");
    assert!(
        rec.lines().any(|l| l.trim_start().starts_with("first ")),
        "{rec}"
    );
}

/// Section 11 with `false-moves=table`: an illegal play a table allows
/// stands; the opponent, before his roll, has it corrected.
#[test]
fn a_false_move_at_the_table_corrected_by_the_opponent() {
    let dir = scratch("false-move");
    let saved = dir.join("false.txt");
    // Black, its author, is asked first (Enter: he does not correct it).
    let input = format!("24-21 24-23\n\ncorrect\nquit\n{}", "");
    let text = flat(&piped_in(
        &dir,
        &args("play --hotseat --seed 6 --options false-moves=table"),
        &input,
    ));
    assert!(
        text.contains(
            "Black plays 24-21 24-23 — a false move, it stands until settled (section 11)."
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "White, before your roll: `correct` black's false move to 24-22 24-23, or `leave` it"
        ),
        "{text}"
    );
    assert!(
        text.contains("White has the false move corrected to 24-22 24-23 (section 11)."),
        "{text}"
    );
    let rec = std::fs::read_to_string(dir.join("trictrac").join("trictrac-autosave.txt")).unwrap();
    assert!(rec.contains("24-21 24-23 ?"), "{rec}");
    assert!(rec.contains("settle w correct"), "{rec}");
    let _ = saved;
    // Without the option the same play is refused with its rule.
    let text = piped(&["play", "--hotseat", "--seed", "6"], "24-21 24-23\nquit\n");
    assert!(text.contains("Illegal play `24-21 24-23`"), "{text}");
}

/// `game=ecrire`: the marqués, their totals and the payment.
#[test]
fn a_partie_a_ecrire_in_the_terminal() {
    let input = "1\nstay\n".repeat(3000);
    let text = piped(
        &[
            "play",
            "--seed",
            "8",
            "--bot",
            "random",
            "--options",
            "game=ecrire marques=2",
        ],
        &input,
    );
    assert!(
        text.contains(
            "Marqué won by Black, 12 holes to 5: 11 points (R-9.2). Totals: White 0, Black 11."
        ),
        "{text}"
    );
    assert!(
        text.contains("Black wins the partie à écrire, 11 to 10 in marqués: White pays 1 (R-9.2)."),
        "{text}"
    );
    // A partie à écrire is not resigned.
    let text = piped(
        &args("play --seed 8 --bot random --options game=ecrire"),
        "resign\nquit\n",
    );
    assert!(text.contains("is not resigned (R-9.2)"), "{text}");
}

/// `--fields`: the board's labels, the plays listed, told and
/// hinted, and the plays typed use the chosen names; numbers are read too;
/// `names` switches and `fields` names the named fields.
#[test]
fn historical_field_names_in_the_terminal() {
    // Seed 4: White starts with 5-3 (1-6 1-4 or 1-6-9), Black answers 6-2.
    let text = piped(
        &args("play --seed 4 --bot random --fields soumille"),
        "A-F A-D\nhint\nfields\nnames lepeintre\nlist\nQ-Z\nresign\nyes\n",
    );
    // The board's labels: Black's row & … N, White's A … M.
    assert!(text.contains(" & Z Y X V T S R Q P O N holes"), "{text}");
    assert!(text.contains(" A B C D E F G H I K L M holes"), "{text}");
    assert!(text.contains("1) A-F A-D 2) A-F-I"), "{text}");
    // The play typed in Soumille's letters, told in them.
    assert!(text.contains("White plays A-F A-D."), "{text}");
    assert!(text.contains("Black plays &-S-Q."), "{text}");
    assert!(text.contains("played &-S-Q"), "the panel: {text}");
    // The hint in Soumille's letters too: its best play has no digit.
    let best = text
        .split("Hint: the best play is ")
        .nth(1)
        .and_then(|r| r.split(" (").next())
        .expect("a hint");
    assert!(
        !best.is_empty() && !best.chars().any(|c| c.is_ascii_digit()),
        "{best}"
    );
    // The legend and `fields`: each side's named fields.
    assert!(text.contains("coin de repos M|N"), "{text}");
    assert!(text.contains("case du diable H|R"), "{text}");
    // Issue 24 item 8: the tenth field's other names (seed, note 46).
    assert!(
        text.contains("case des écoliers (also case du diable, le Travanais) L|O"),
        "{text}"
    );
    // Lepeintre's letters after `names lepeintre`.
    assert!(text.contains(" y x v u t s r q p o n m holes"), "{text}");
    assert!(text.contains("played y-r-p"), "{text}");
    assert!(text.contains("1) a-d a-b 2) a-d f-g"), "{text}");
    assert!(
        text.contains("`Q` is not a field in lepeintre names"),
        "{text}"
    );

    // Numbers are always read; classical names are told.
    let text = piped(
        &args("play --seed 4 --bot random --fields classical"),
        "1-6 1-4\nresign\nyes\n",
    );
    assert!(text.contains("1) BT-B5 BT-B3 2) BT-B5-B8"), "{text}");
    assert!(text.contains("White plays BT-B5 BT-B3."), "{text}");
    assert!(text.contains("Black plays NT-N6-N8."), "{text}");
    assert!(text.contains(" BT B1 B2 B3 B4 B5 B6 B7"), "{text}");
    assert!(text.contains("coin bourgeois B5,B6|N5,N6"), "{text}");

    // A bad naming is refused by clap.
    let err = support::stderr_of(&["play", "--fields", "roman"], 2);
    assert!(
        err.contains("soumille") && err.contains("lepeintre"),
        "{err}"
    );
}
