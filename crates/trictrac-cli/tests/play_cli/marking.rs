//! Marking by hand and schools in a pseudo-terminal, and undo
//! (what it takes back, and what it does not).

use super::*;

/// Manual marking: the person counts his points (the engine's count is
/// not shown), the bot claims the schools he leaves, and a school he
/// claims where the bot marked right is a false school.
#[test]
fn manual_marking_and_schools() {
    let Some(mut t) = spawn(&args(
        "play --seed 2 --bot random --marking manual --no-color",
    )) else {
        return;
    };
    let mut marked = 0;
    let mut claimed = false;
    let mut false_school = false;
    let mut contested = false;
    for _ in 0..200 {
        let (before, p) = t.prompt();
        match p {
            Prompt::Play(_) => t.send("1"),
            Prompt::Before => {
                // the school marked against White, contested once.
                assert!(
                    flat(&before).contains("`contest` the school (R-10.4)"),
                    "{before}"
                );
                if contested {
                    t.send("");
                } else {
                    contested = true;
                    t.send("contest");
                    // What the contest gave is told before the next prompt.
                    let (said, p) = t.prompt();
                    let said = flat(&said);
                    assert!(
                        said.contains("augmentation") || said.contains("fausse école"),
                        "{said}"
                    );
                    assert_ne!(p, Prompt::Before, "the school is closed");
                    t.send(match p {
                        Prompt::Play(_) => "1",
                        Prompt::Stay => "stay",
                        _ => "",
                    });
                }
            }
            Prompt::Stay => t.send("stay"),
            Prompt::Mark => {
                assert!(flat(&before).contains("Enter marks 0"), "{before}");
                // The jans of the roll being marked are not shown.
                let since_roll = before.rsplit(" rolls ").next().unwrap_or("");
                assert!(
                    !since_roll.contains("battre à") && !since_roll.contains("The rules gave"),
                    "{before}"
                );
                if flat(&before).contains("`school N` first claims a school") && !claimed {
                    claimed = true;
                    t.send("school 2");
                    let said = t.expect("points you mark> ");
                    false_school = flat(&said).contains("fausse école");
                    assert!(false_school, "{said}");
                    t.send("");
                } else {
                    // Always 0: the bot claims what is missing.
                    t.send("");
                }
                t.expect("You marked 0.");
                marked += 1;
            }
            Prompt::Over => break,
        }
        if claimed && flat(&t.transcript).contains("école par moins") && marked > 5 {
            break;
        }
    }
    assert!(marked > 0);
    assert!(false_school, "no chance to claim a school");
    assert!(contested, "a school was contested (R-10.4)");
    assert!(
        flat(&t.transcript).contains("école par moins, R-10.1"),
        "the bot claims the points not marked"
    );
    assert!(flat(&t.transcript).contains("The rules gave for"));
    t.send("quit");
    t.end();
}

/// Issue 35, items 1 and 2, at one screen: Black's `undo` takes back
/// neither White's play nor the school he claimed (a decision taken is
/// taken: *dame touchée, dame jouée*; undo is off at one screen), and
/// under manual marking the panel shows no count of the roll before the
/// player marks (R-10: each counts for himself).
#[test]
fn at_one_screen_undo_takes_back_neither_the_others_play_nor_a_school() {
    let Some(mut t) = spawn(&args("play --hotseat --seed 4 --marking manual --no-color")) else {
        return;
    };
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Mark);
    assert!(before.contains("rolled 5-3"), "{before}");
    assert!(!before.contains("rolled 5-3 +"), "a count shown: {before}");
    t.send("0");
    assert_eq!(t.prompt().1, Prompt::Play(2));
    t.send("1");
    // Black marks the points of White's roll: his undo is refused.
    assert_eq!(t.prompt().1, Prompt::Mark);
    t.send("undo");
    t.expect("No undo at one screen: a decision taken is taken");
    assert_eq!(t.prompt().1, Prompt::Mark);
    t.send("school 2");
    assert_eq!(t.prompt().1, Prompt::Mark);
    t.send("undo");
    t.expect("No undo at one screen");
    assert_eq!(t.prompt().1, Prompt::Mark);
    t.send("0");
    // The school stands (Black may contest it before his roll).
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Before, "{before}");
    assert!(
        before.contains("White marks 2 points for the school"),
        "{before}"
    );
    t.send("quit");
    t.end();
    assert!(!t.transcript.contains("Undone"), "{}", t.tail());
    // White was asked his play once.
    assert_eq!(t.transcript.matches("White to play 5-3").count(), 1);
}

/// Issue 35, items 1 and 2, against the bot: undo takes back the
/// person's own decision of the turn (the same dice), the game is then
/// unrated and every prompt says so; it never reaches past the bot's
/// action. The count of a roll marked by hand is shown once both players
/// have marked it.
#[test]
fn against_the_bot_undo_works_within_the_turn_and_makes_the_game_unrated() {
    let Some(mut t) = spawn(&args(
        "play --seed 4 --bot random --side w --marking manual --no-color",
    )) else {
        return;
    };
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Mark);
    assert!(!before.contains("rolled 5-3 +"), "a count shown: {before}");
    assert!(!before.contains("[unrated]"), "{before}");
    t.send("0");
    assert_eq!(t.prompt().1, Prompt::Play(2));
    t.send("undo");
    t.expect("Undone: back to your previous decision, with the same dice.");
    t.expect("This game is now unrated");
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Mark);
    assert!(before.ends_with("[unrated] white, "), "{before}");
    assert!(before.contains("rolled 5-3"), "{before}");
    t.send("0");
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Play(2));
    assert!(before.ends_with("[unrated] white, "), "{before}");
    t.send("1");
    // The bot marked and rolled: White's count is shown now, Black's not
    // while White has to mark what Black's roll gave him.
    let (before, p) = t.prompt();
    assert_eq!(p, Prompt::Mark);
    assert!(before.contains("rolled 5-3 +0"), "{before}");
    assert!(
        before.contains("rolled 6-2") && !before.contains("rolled 6-2 +"),
        "{before}"
    );
    t.send("undo");
    t.expect("Nothing to undo: no decision of yours since the opponent's last action");
    t.prompt();
    t.send("quit");
    t.end();
}
