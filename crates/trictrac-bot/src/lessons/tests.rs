//! The answers are the engine's scoring, on generated positions and on
//! the article's examples.

use super::*;
use std::path::PathBuf;

/// Every generated exercise: the level accepts it, and its answer is the
/// engine's score of the roll from the position read back from its TPN.
#[test]
fn generated_answers_are_the_engines_scoring() {
    for level in Level::ALL {
        let batch = generate(level, 7, 4);
        assert_eq!(batch.len(), 4, "{level:?}: too few exercises");
        for ex in &batch {
            let pos: Position = ex.position.parse().expect("the TPN reads back");
            let roll: Roll = ex.dice.parse().expect("the dice read back");
            let s = pos.score_roll(roll);
            assert!(level.accepts(&s), "{level:?} {}", ex.id);
            assert_eq!(ex.answer, CountAnswer::from_score(&s), "{}", ex.id);
            let sum = |to_mover: bool| -> u32 {
                ex.answer
                    .jans
                    .iter()
                    .filter(|j| j.to_mover == to_mover)
                    .map(|j| j.points)
                    .sum()
            };
            assert_eq!(sum(true), ex.answer.mover_points, "{}", ex.id);
            assert_eq!(sum(false), ex.answer.opponent_points, "{}", ex.id);
            assert_eq!(ex.mover, pos.turn().name());
        }
    }
}

#[test]
fn levels_have_what_they_train() {
    let has = |level: Level, f: fn(&CountExercise) -> bool| generate(level, 3, 3).iter().all(f);
    assert!(has(Level::Beginner, |e| e.answer.jans.len() == 1));
    assert!(has(Level::Jans, |e| e.answer.jans.len() >= 2));
    assert!(has(Level::Ways, |e| e
        .answer
        .jans
        .iter()
        .any(|j| j.ways.len() >= 2)));
    assert!(has(Level::FalseHits, |e| e.answer.opponent_points > 0
        && e.answer
            .jans
            .iter()
            .any(|j| j.jan == "false-hit" && !j.to_mover)));
    assert!(has(Level::Corner, |e| e
        .answer
        .jans
        .iter()
        .any(|j| j.jan == "hit-corner")));
    assert!(has(Level::Exit, |e| e
        .answer
        .jans
        .iter()
        .any(|j| j.jan == "exit")));
    assert!(has(Level::Doublets, |e| {
        let d: Vec<&str> = e.dice.split('-').collect();
        d[0] == d[1]
    }));
}

#[test]
fn generation_is_deterministic_by_seed() {
    let a = generate(Level::Ways, 11, 3);
    assert_eq!(a, generate(Level::Ways, 11, 3));
    assert_ne!(a, generate(Level::Ways, 12, 3));
}

/// The conformance cases, from the repository and the shared folder.
fn conformance() -> Vec<serde_json::Value> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut dirs = vec![root.join("tests/conformance")];
    if root.join("../shared/conformance").is_dir() {
        dirs.push(root.join("../shared/conformance"));
    }
    let mut cases = Vec::new();
    for dir in dirs {
        for entry in std::fs::read_dir(&dir).expect("the conformance folder") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|x| x == "json") {
                let text = std::fs::read_to_string(&path).expect("readable");
                let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
                cases.extend(v.as_array().expect("a list").iter().cloned());
            }
        }
    }
    cases
}

/// Every lesson: the engine's answer is the article's count, and the
/// lesson is its conformance case (same position, roll and points).
#[test]
fn lessons_are_the_articles_examples() {
    let cases = conformance();
    assert_eq!(lessons().len(), LESSONS.len(), "every lesson parses");
    for (i, l) in LESSONS.iter().enumerate() {
        let ex = lesson(i + 1).expect("the lesson");
        let got = (ex.answer.mover_points, ex.answer.opponent_points);
        assert_eq!(got, l.article, "lesson {} ({})", i + 1, l.title.en);
        if let Some(id) = l.conformance {
            let case = cases
                .iter()
                .find(|c| c["id"] == id)
                .unwrap_or_else(|| panic!("no conformance case {id}"));
            let pos: Position = case["position"].as_str().unwrap().parse().unwrap();
            let mut pos = pos;
            if let Some(r) = case["rolls_played"].as_u64() {
                pos.set_rolls_played(pos.turn(), Some(r as u8));
            }
            let lesson_pos: Position = l.position.parse().unwrap();
            assert_eq!(lesson_pos, pos, "lesson {} is not case {id}", i + 1);
            let dice = format!("{}-{}", case["dice"][0], case["dice"][1]);
            assert_eq!(dice, l.dice, "lesson {}", i + 1);
            let expected = (
                case["mover_points"].as_u64().unwrap() as u32,
                case["opponent_points"].as_u64().unwrap() as u32,
            );
            assert_eq!(got, expected, "lesson {} against case {id}", i + 1);
        }
    }
}

#[test]
fn lesson_numbers_outside_the_series_are_none() {
    assert!(lesson(0).is_none());
    assert!(lesson(LESSONS.len() + 1).is_none());
}

#[test]
fn answers_are_read_and_graded() {
    assert_eq!(
        parse_answer(" 8 "),
        Ok(Given {
            mover: 8,
            opponent: 0
        })
    );
    assert_eq!(
        parse_answer("26/12"),
        Ok(Given {
            mover: 26,
            opponent: 12
        })
    );
    assert_eq!(
        parse_answer("0, 4"),
        Ok(Given {
            mover: 0,
            opponent: 4
        })
    );
    assert_eq!(parse_answer(""), Err(AnswerError::Empty));
    assert!(matches!(
        parse_answer("huit"),
        Err(AnswerError::NotNumbers(_))
    ));
    assert!(matches!(
        parse_answer("1 2 3"),
        Err(AnswerError::NotNumbers(_))
    ));
    assert!(matches!(
        parse_answer("-4"),
        Err(AnswerError::NotNumbers(_))
    ));
    let ex = lesson(16).expect("fig. 36");
    assert!(is_correct(
        &ex,
        Given {
            mover: 26,
            opponent: 12
        }
    ));
    assert!(!is_correct(
        &ex,
        Given {
            mover: 26,
            opponent: 0
        }
    ));
    assert!(!is_correct(
        &ex,
        Given {
            mover: 20,
            opponent: 12
        }
    ));
}

#[test]
fn levels_parse_by_name() {
    for l in Level::ALL {
        assert_eq!(l.id().parse::<Level>(), Ok(l));
    }
    assert_eq!(" False-Hits ".parse::<Level>(), Ok(Level::FalseHits));
    assert!("expert".parse::<Level>().is_err());
}
