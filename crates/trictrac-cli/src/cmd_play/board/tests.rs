//! Tests of the parent module.
use super::*;
use trictrac::game::GameOptions;
use trictrac::Die;

fn view(viewer: Side, fields: FieldNames) -> View {
    View {
        viewer,
        fields,
        names: BySide::new("you".to_string(), "random".to_string()),
    }
}

/// The board part of a line, without the panel.
fn left(s: &str) -> &str {
    &s[..s.len().min(59)]
}

fn started() -> Game {
    let mut g = Game::new(GameOptions::default());
    g.first_move(Die::new(5), Die::new(2)).unwrap();
    g.roll(Roll::new(6, 5)).unwrap();
    g
}

#[test]
fn the_board_fits_in_80_columns_with_both_talons() {
    let g = started();
    for color in [false, true] {
        for v in [
            view(Side::White, FieldNames::Numbers),
            view(Side::Black, FieldNames::Classical),
        ] {
            let lines = render(&g, Some(Roll::new(6, 5)), &v, &Style { color });
            for l in &lines {
                assert!(strip_len(l) <= 80, "{l}");
            }
            let text = strip(&lines.join("\n"));
            assert_eq!(text.matches("| 15 ").count(), 2, "{text}");
            assert!(text.contains("6-5"));
            assert!(text.contains("talon") && text.contains("coin"));
            assert!(text.contains("white to play"), "{text}");
        }
    }
}

/// The treatises' orientation, as on the web board: both talons on
/// the left, the petit-jan table the left half, the viewer at the
/// bottom.
#[test]
fn white_at_the_bottom_with_its_talon_on_the_left() {
    let g = started();
    let lines = render(
        &g,
        Some(Roll::new(6, 5)),
        &view(Side::White, FieldNames::Numbers),
        &Style { color: false },
    );
    let text = lines.join("\n");
    println!("{text}");
    assert!(lines[1].contains("13") && lines[1].trim_end().ends_with("holes   0"));
    let top_numbers = &left(&lines[1]);
    assert!(top_numbers.trim_start().starts_with("24"), "{top_numbers}");
    assert!(top_numbers.trim_end().ends_with("13"), "{top_numbers}");
    let bottom_numbers = &left(&lines[13]);
    assert!(
        bottom_numbers.trim_start().starts_with("1 "),
        "{bottom_numbers}"
    );
    assert!(bottom_numbers.trim_end().ends_with("12"));
    assert!(lines[0].trim_start().starts_with("talon"), "{}", lines[0]);
    assert!(lines[14].trim_start().starts_with("talon"), "{}", lines[14]);
    // Fifteen on each talon: four checkers and the count.
    assert!(left(&lines[3]).starts_with("  |  X "), "{}", lines[3]);
    assert!(left(&lines[6]).starts_with("  | 15 "), "{}", lines[6]);
    assert!(left(&lines[8]).starts_with("  | 15 "), "{}", lines[8]);
    assert!(left(&lines[11]).starts_with("  |  O "), "{}", lines[11]);
    // Each checker under its number.
    let col_o = lines[11].find('O').unwrap();
    let col_1 = left(&lines[13]).find('1').unwrap();
    assert_eq!(col_o, col_1);
    assert!(lines[7].contains("| 6-5 |"), "{}", lines[7]);
    // Black's side seen from Black.
    let lines = render(
        &g,
        None,
        &view(Side::Black, FieldNames::Numbers),
        &Style { color: false },
    );
    assert!(
        left(&lines[13]).trim_start().starts_with("24"),
        "{}",
        lines[13]
    );
    assert!(
        left(&lines[1]).trim_start().starts_with("1 "),
        "{}",
        lines[1]
    );
}

/// Each side's last roll, with its points, and its last play stay in
/// the panel beside its score.
#[test]
fn the_last_roll_and_play_of_each_side() {
    let mut g = Game::new(GameOptions::default());
    g.first_move(Die::new(5), Die::new(2)).unwrap();
    g.roll(Roll::new(6, 5)).unwrap();
    let play = g.legal_plays()[0];
    g.play(&play).unwrap();
    g.roll(Roll::new(2, 1)).unwrap();
    let v = view(Side::White, FieldNames::Numbers);
    let lines = render(&g, Some(Roll::new(2, 1)), &v, &Style { color: false });
    let text = lines.join("\n");
    println!("{text}");
    let (dice, own, _, played) = last_turn(&g, Side::White).unwrap();
    assert_eq!((dice, played), (Roll::new(6, 5), Some(play)));
    // White at the bottom: its roll and play above its points.
    assert!(lines[10].contains(&format!("rolled 6-5 +{own}")), "{text}");
    let p = format!("played {}", play.display(Side::White));
    assert!(lines[11].contains(&p), "{text}");
    // Black's roll being played: no play yet.
    assert!(
        lines[3].contains("rolled 2-1") || lines[3].contains("2-1 +"),
        "{text}"
    );
    assert!(!lines[4].contains("played"), "{text}");
    for l in &lines {
        assert!(strip_len(l) <= 80, "{l}");
    }
}

/// The token places of the seed article ("Marcatura del punto";
/// RULES-CHOICES.md "Token places", R-8.2): 2 and 4 at the base of
/// fields 2 and 4, outside the row; 6 and 8 at the tips of fields 6 and
/// 7 against the bar; 10 at the tip of the corner against the side band.
#[test]
fn tokens_stand_where_the_article_puts_them() {
    let at = |w: u32, b: u32, bred: &str| {
        let pos: trictrac::Position = format!("w:1x15 b:24x15 w score={w}.0.{b}.0{bred}")
            .parse()
            .unwrap();
        let g = Game::from_position(GameOptions::default(), pos).unwrap();
        render(
            &g,
            None,
            &view(Side::White, FieldNames::Numbers),
            &Style { color: false },
        )
    };
    // Lines: 0 Black's tokens, 6 Black's innermost row (tips), 8
    // White's innermost row, 14 White's tokens; the bar is columns
    // 28..32, the corner's cell 54..57, the side band 58.
    let tokens_at = |l: &str| -> Vec<usize> { l.match_indices('@').map(|(i, _)| i).collect() };
    let lines = at(2, 4, "");
    // Two points: the base of White's field 2 (cell 7..10), toward 3.
    assert_eq!(tokens_at(&lines[14]), vec![column(2) + 3], "{}", lines[14]);
    // Four points: the base of Black's field 4.
    assert_eq!(tokens_at(&lines[0]), vec![column(4) + 3], "{}", lines[0]);
    for l in &lines[1..14] {
        assert!(!l[..58].contains('@'), "no token inside: {l}");
    }
    let lines = at(6, 8, "");
    let bar = MARGIN + 1 + 6 * CELL + 1;
    // Six points: White's tip of field 6, in the bar against it.
    assert_eq!(tokens_at(&lines[8]), vec![bar], "{}", lines[8]);
    assert_eq!(&lines[8][bar - 1..bar + 1], "|@");
    // Eight points: Black's tip of field 7, against the bar.
    assert_eq!(tokens_at(&lines[6]), vec![bar + BAR - 1], "{}", lines[6]);
    assert_eq!(&lines[6][bar + BAR - 1..bar + BAR + 1], "@|");
    assert!(!lines[0].contains('@') && !lines[14].contains('@'));
    // Ten points: the corner's tip against the side band; two tokens
    // en bredouille.
    let lines = at(10, 10, " bredouille=b");
    assert_eq!(tokens_at(&lines[8]), vec![column(12) + 3], "{}", lines[8]);
    assert_eq!(&lines[8][column(12) + 3..column(12) + 5], "@|");
    assert_eq!(
        &lines[6][column(12) + 2..column(12) + 5],
        "@@|",
        "{}",
        lines[6]
    );
    // Eight en bredouille facing White's token at the talons: one
    // token, the run is obvious (issue 24, the article's *A mani
    // vuote*); the panel still says who is en bredouille.
    let lines = at(0, 8, " bredouille=b");
    assert_eq!(&lines[6][bar + BAR - 2..bar + BAR + 1], " @|");
    assert!(lines.join("\n").contains("bredouille: black"));
    // Facing White's points: the second token shows it.
    let lines = at(2, 8, " bredouille=b");
    assert_eq!(&lines[6][bar + BAR - 2..bar + BAR + 1], "@@|");
}

/// The board of the started game seen by `viewer` with `names`: its
/// lines, and its legend (the lines below the board) on one line.
fn labelled(viewer: Side, names: FieldNames) -> (Vec<String>, String) {
    let lines = render(
        &started(),
        None,
        &view(viewer, names),
        &Style { color: false },
    );
    let legend = lines[15.min(lines.len())..]
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    (lines, legend)
}

/// The labels and the legend follow `--fields`: the label line
/// below (13) and above (1) the board start or end as given.
#[test]
fn field_names_on_the_board() {
    // (line, whether the label starts it (else ends it), label)
    let (start, end) = (true, false);
    for (viewer, names, labels, legend) in [
        (
            Side::White,
            FieldNames::Classical,
            &[
                (13, start, "BT  B1"),
                (13, end, "B10 B11"),
                (1, start, "NT  N1"),
            ][..],
            &["coin de repos B11|N11", "coin bourgeois B5,B6|N5,N6"][..],
        ),
        (
            Side::Black,
            FieldNames::Soumille,
            &[(13, start, "&   Z   Y"), (1, start, "A   B   C")],
            &["case du diable H|R"],
        ),
        (
            Side::White,
            FieldNames::Lepeintre,
            &[(13, end, "k   l")],
            &["case des écoliers k|n"],
        ),
    ] {
        let (lines, text) = labelled(viewer, names);
        for &(line, at_start, label) in labels {
            let shown = left(&lines[line]);
            assert!(
                if at_start {
                    shown.trim_start().starts_with(label)
                } else {
                    shown.trim_end().ends_with(label)
                },
                "{names:?}: {}",
                lines[line]
            );
        }
        for words in legend {
            assert!(text.contains(words), "{names:?}: {text}");
        }
        for l in &lines {
            assert!(strip_len(l) <= 80, "{l}");
        }
    }
    let (lines, _) = labelled(Side::White, FieldNames::Lepeintre);
    assert!(
        lines.len() <= 18,
        "a legend of 3 lines at most: {}",
        lines[15..].join("\n")
    );
    let (lines, _) = labelled(Side::White, FieldNames::Numbers);
    assert_eq!(lines.len(), 15);
}
