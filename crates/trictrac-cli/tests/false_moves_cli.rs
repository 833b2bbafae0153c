//! Section 11, *Caso falso*, in the terminal through the real
//! binary: in hot-seat the opponent of a false move settles it as he
//! likes — a correction of his choice, or the checkers put back for the
//! author to replay — and the saved record keeps it (issue 24 item 6).

use std::path::Path;

mod support;
use support::{args, flat, scratch};

/// `trictrac ARGS` in `dir` (its data directory too), `input` piped in;
/// the output, flattened.
fn piped_in(dir: &Path, args: &[&str], input: &str) -> String {
    flat(&support::piped_in(dir, args, input))
}

fn autosave(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("trictrac").join("trictrac-autosave.txt")).unwrap()
}

#[test]
fn r11_case1_the_opponent_corrects_a_false_move_to_the_play_he_chooses() {
    // Seed 6: Black rolls 2-1 first and plays 24-21 24-23 (3 pips: no
    // die). White is asked after Black, chooses 24-22-21, not the
    // smallest correction 24-22 24-23.
    let dir = scratch("case1");
    let text = piped_in(
        &dir,
        &args("play --hotseat --seed 6 --options false-moves=table"),
        "24-21 24-23\n\ncorrect 24-22-21\nquit\n",
    );
    assert!(
        text.contains("Black, before white's roll: `correct` your false move to 24-22 24-23"),
        "{text}"
    );
    assert!(
        text.contains("`correct N` / `correct PLAY` to the play you choose, N among 1) 24-22 24-23, 2) 24-22-21"),
        "{text}"
    );
    assert!(
        text.contains("White has the false move corrected to 24-22-21 (section 11)."),
        "{text}"
    );
    let rec = autosave(&dir);
    assert!(
        rec.contains("24-21 24-23 ?\nsettle w correct 24-22-21\n"),
        "{rec}"
    );
}

#[test]
fn r11_case6_the_opponent_has_it_put_back_and_the_author_replays() {
    // White's 4-3 played 11-15 1-4: 15 is in Black's grand jan while he
    // can still fill it (R-4.6, the article's case 6). Resumed from the
    // record, the author declines to correct himself (Enter), Black has
    // the checkers put back, White may not go on without replaying, then
    // replays 1-5-8.
    let dir = scratch("case6");
    std::fs::write(
        dir.join("case6.txt"),
        "[Event \"Grand Trictrac\"]\n[White \"human\"]\n[Black \"human\"]\n\
         [Start \"w:1x13,11x2 b:24x15 w\"]\n[Options \"false-moves=table\"]\n\n\
         w 4-3 : 11-15 1-4 ?\n",
    )
    .unwrap();
    let text = piped_in(
        &dir,
        &["play", "--hotseat", "--load", "case6.txt"],
        "\nreplay\n\nreplay 2\nquit\n",
    );
    assert!(
        text.contains("or `replay`: the checkers go back and white plays the roll again as he likes (section 11)"),
        "{text}"
    );
    assert!(
        text.contains("Black has the checkers of the false move put back: white plays the roll again (section 11)."),
        "{text}"
    );
    assert!(
        text.contains("Replay the roll first: `replay N` or `replay PLAY`."),
        "{text}"
    );
    assert!(
        text.contains("White plays the roll again: 1-5-8 (section 11)."),
        "{text}"
    );
    let rec = autosave(&dir);
    assert!(
        rec.contains("11-15 1-4 ?\nsettle b replay\nsettle w correct 1-5-8\n"),
        "{rec}"
    );
}

/// White's 6-5 played `10-16 1-6` into Black's grand jan while he could
/// still fill it (R-4.6, the article's case 6); Black rolled without a
/// word (the false play is left, seen by neither) and played.
const LATE: &str = "[Event \"Grand Trictrac\"]\n[White \"human\"]\n[Black \"human\"]\n\
    [Start \"w:1x13,10,11 b:24,20x7,19x7 w\"]\n[Options \"false-moves=table\"]\n\n\
    w 6-5 : 10-16 1-6 ?\nb 2-1 b+2 {b true-hit 2} : 19-17 19-18\n";

#[test]
fn r11_case6_late_claim_binds_the_authors_play_and_replays() {
    // Resumed at White's 6-2 (the record's last line): Black is offered
    // the late claim at White's prompt, claims it, the list narrows to the
    // plays carrying the checker of 16 into the last quadrant, another
    // play is refused; `trictrac replay` replays the saved record.
    let dir = scratch("late-play");
    std::fs::write(
        dir.join("late.txt"),
        format!("{LATE}w 6-2 w+8 {{w true-hit 2, w true-hit 2, w true-hit 4}}\n"),
    )
    .unwrap();
    let text = piped_in(
        &dir,
        &["play", "--hotseat", "--load", "late.txt"],
        "claim\n1-7 1-3\n2\nquit\n",
    );
    assert!(
        text.contains("White to play 6-2: 5 legal plays. Black, before white plays: `claim` his false move late, the checker on 16 in your grand jan"),
        "{text}"
    );
    assert!(
        text.contains("Black claims the false move late: white's next roll must carry the checker on 16 into the last quadrant"),
        "{text}"
    );
    assert!(
        text.contains("White to play 6-2: 2 legal plays. 1) 16-22 1-3 2) 16-22 6-8"),
        "{text}"
    );
    assert!(
        text.contains("Not possible now: the opponent claimed the late false move: this roll must carry the checker on 16 into the last quadrant"),
        "{text}"
    );
    assert!(text.contains("White plays 16-22 6-8."), "{text}");
    let rec = autosave(&dir);
    assert!(
        rec.contains(
            "w 6-2 w+8 {w true-hit 2, w true-hit 2, w true-hit 4} : 16-22 6-8\nsettle b late\n"
        ),
        "{rec}"
    );
    let saved = dir.join("trictrac").join("trictrac-autosave.txt");
    let replayed = piped_in(&dir, &["replay", saved.to_str().unwrap()], "");
    assert!(replayed.contains("lines replayed"), "{replayed}");
}

#[test]
fn r11_case6_late_claim_is_offered_before_the_authors_roll() {
    // Resumed at Black's play: Black plays, and before White's roll he is
    // offered the claim; the record keeps it.
    let dir = scratch("late-roll");
    let rec = LATE.replace(" : 19-17 19-18\n", "\n");
    std::fs::write(dir.join("late.txt"), rec).unwrap();
    let text = piped_in(
        &dir,
        &["play", "--hotseat", "--load", "late.txt"],
        "19-17 19-18\nclaim\n\nquit\n",
    );
    assert!(
        text.contains("Black, before white's roll: `claim` white's false move, left by your roll: it passed a checker to 16 in your grand jan while you could still fill it"),
        "{text}"
    );
    assert!(text.contains("Black claims the false move late"), "{text}");
    let rec = autosave(&dir);
    assert!(rec.contains(": 19-17 19-18\nsettle b late\nw "), "{rec}");
    let saved = dir.join("trictrac").join("trictrac-autosave.txt");
    let replayed = piped_in(&dir, &["replay", saved.to_str().unwrap()], "");
    assert!(replayed.contains("lines replayed"), "{replayed}");
}

/// White's petit jan lacks one checker on 6 and his 5-1 fills it (1-6);
/// he marked the 4 of the fill and played 2-7 1-2, which does not fill.
const UNMADE_FILL: &str = "[Event \"Grand Trictrac\"]\n[White \"human\"]\n[Black \"human\"]\n\
    [Start \"w:1x6,2x2,3x2,4x2,5x2,6 b:24x15 w\"]\n\
    [Options \"marking=manual false-moves=table\"]\n\n\
    w 5-1 w=4 w+4 {w fill 4} : 2-7 1-2 ?\n";

#[test]
fn r_10_3_a_school_is_claimed_on_a_fill_not_made() {
    // The article's case (Scuole 3, false move case 4): Black claims a
    // school of 4 and gets the fill's points; White's 4 are taken off.
    let dir = scratch("unmade-fill");
    std::fs::write(dir.join("fill.txt"), UNMADE_FILL).unwrap();
    let text = piped_in(
        &dir,
        &["play", "--hotseat", "--load", "fill.txt"],
        "school 4\n\nquit\n",
    );
    assert!(
        text.contains("Black claims a school of 4: White could fill and did not (école du remplissage, R-10.3)"),
        "{text}"
    );
    assert!(!text.contains("fausse école"), "{text}");
    let rec = autosave(&dir);
    assert!(rec.contains("school b 4"), "{rec}");
}

#[test]
fn r_10_3_no_school_where_the_fill_was_impossible() {
    // 4-3 cannot fill the petit jan: White's 0 is right, the claim is a
    // false school and White marks the 4 named.
    let dir = scratch("no-fill");
    std::fs::write(
        dir.join("nofill.txt"),
        UNMADE_FILL.replace(
            "w 5-1 w=4 w+4 {w fill 4} : 2-7 1-2 ?",
            "w 4-3 w=0 : 1-5 1-4",
        ),
    )
    .unwrap();
    let text = piped_in(
        &dir,
        &["play", "--hotseat", "--load", "nofill.txt"],
        "school 4\n\nquit\n",
    );
    assert!(
        text.contains("Black claims a school of 4, but White marked right: a false school (fausse école, R-10.4)"),
        "{text}"
    );
    assert!(!text.contains("R-10.3"), "{text}");
}

#[test]
fn r_10_the_other_marking_is_corrected_without_school_points() {
    // White's 6-3 hit is worth 2; he marked 0. Black corrects it with
    // `school 0`: White's 2 are his, Black marks nothing (the article: "è
    // possibile correggere l'errore dell'avversario senza segnare punti
    // scuola"); a correction where White marked right is refused.
    let dir = scratch("correct-marking");
    let rec = |declared: u32| {
        format!(
            "[Event \"Grand Trictrac\"]\n[White \"human\"]\n[Black \"human\"]\n\
             [Start \"w:1x14,10 b:16,24x14 w\"]\n[Options \"marking=manual\"]\n\n\
             w 6-3 w={declared}{} {{w true-hit 2}} : 1-7 1-4\n",
            if declared > 0 {
                format!(" w+{declared}")
            } else {
                String::new()
            }
        )
    };
    std::fs::write(dir.join("under.txt"), rec(0)).unwrap();
    let text = piped_in(
        &dir,
        &["play", "--hotseat", "--load", "under.txt"],
        "school 0\n\nquit\n",
    );
    assert!(
        text.contains("Black corrects white's marking without school points (R-10): White marked fewer points than won: the 2 missing are his."),
        "{text}"
    );
    let saved = autosave(&dir);
    assert!(saved.contains("school b 0"), "{saved}");
    std::fs::write(dir.join("right.txt"), rec(2)).unwrap();
    let text = piped_in(
        &dir,
        &["play", "--hotseat", "--load", "right.txt"],
        "school 0\n\nquit\n",
    );
    assert!(
        text.contains(
            "No correction: the other player marked right: there is nothing to correct (R-10)."
        ),
        "{text}"
    );
}
