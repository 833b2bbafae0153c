//! What `bg play` prints: the IDs of the position, the opening throw.

use super::*;

/// `id` prints the gnubg Position ID, Match ID and XGID of the position
/// as it stands, the dice of the roll to play included (issue 23, item 1).
#[test]
fn bg_play_prints_the_ids_of_the_position() {
    let dir = scratch("id");
    let text = run(&dir, "bg play --seed 3 --hotseat", "id\nquit\n");
    // The start, white on roll with the opening dice.
    let at = text.find(" to play ").expect(&text);
    let roll = &text[at + " to play ".len()..][..3];
    let (hi, lo) = (&roll[..1], &roll[2..]);
    assert!(
        text.contains("Position ID: 4HPwATDgc/ABMA Match ID: "),
        "{text}"
    );
    let xgid = text
        .split(' ')
        .find(|w| w.starts_with("XGID="))
        .expect(&text);
    assert!(
        xgid.starts_with("XGID=-b----E-C---eE---c-e----B-:0:0:"),
        "{xgid}"
    );
    assert!(xgid.contains(&format!(":{hi}{lo}:")), "{roll}: {xgid}");
    // The XGID reads back in `bg hint`, which names the same Position ID.
    let out = support::trictrac()
        .args(["bg", "hint", "--position", xgid])
        .assert()
        .success()
        .get_output()
        .clone();
    let hint = String::from_utf8(out.stdout).unwrap();
    assert!(hint.contains("4HPwATDgc/ABMA"), "{hint}");
}

/// Under the `seed` preset the terminal shows both opening dice, who won
/// the throw, and that he then throws both dice (issue 24, item 4); the
/// standard preset plays the opening dice.
#[test]
fn bg_play_tells_the_opening_throw() {
    let dir = scratch("opening");
    for seed in ["1", "2", "3", "4", "5", "6"] {
        let text = run(
            &dir,
            &format!("bg play --seed {seed} --rules seed --hotseat"),
            "quit\n",
        );
        let at = text
            .find("wins the opening throw (BG-2.2): white throws ")
            .expect(&text);
        let starter = if text[..at].ends_with("white ") {
            "white"
        } else {
            "black"
        };
        let dice = &text[at + "wins the opening throw (BG-2.2): white throws ".len()..];
        let w: u8 = dice[..1].parse().unwrap();
        let b: u8 = dice[", black ".len() + 1..][..1].parse().unwrap();
        assert_ne!(w, b, "{text}");
        assert_eq!(starter == "white", w > b, "{text}");
        assert!(
            text.contains(&format!(
                "{starter} starts and throws both dice (the seed page's rules)"
            )),
            "{text}"
        );
        assert!(text.contains(&format!("{starter}, roll (Enter)")), "{text}");
    }
    let text = run(&dir, "bg play --seed 3 --hotseat", "quit\n");
    assert!(text.contains("plays the opening dice"), "{text}");
}
