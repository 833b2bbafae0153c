//! Quizzes: their themes, their margins, and the grading against the
//! bot's ranking.

use super::*;

fn opts(count: usize) -> QuizOptions {
    QuizOptions {
        seed: 1,
        count,
        plies: 0,
        margin: 0.08,
    }
}

/// The shipped network.
fn net() -> std::sync::Arc<BgNet> {
    crate::default_net()
}

#[test]
fn every_theme_gives_clear_quizzes_of_its_kind() {
    let net = net();
    let rules = Rules::standard();
    for theme in Theme::ALL {
        let batch = generate(&net, theme, &opts(2));
        assert_eq!(batch.len(), 2, "{theme:?}");
        for q in &batch {
            let pos = q.position;
            assert_eq!(q.position_id, pos.to_position_id());
            assert_eq!(q.turn, pos.turn().name());
            let me = pos.turn();
            match theme {
                Theme::Opening => assert!(pos.pip_count(me) + pos.pip_count(!me) >= 2 * 167 - 24),
                Theme::Bearoff => assert!(pos.all_home(me)),
                Theme::Blitz => assert!(pos.on_bar(!me) > 0 && home_points(&pos, me) >= 3),
                Theme::Priming => assert!(trapped_behind_prime(&pos, me)),
                Theme::Cube => {}
            }
            match &q.question {
                Question::BestPlay { dice, plays } => {
                    assert_ne!(theme, Theme::Cube);
                    let roll: Roll = dice.parse().unwrap();
                    // The ranking is the analysis, recomputed.
                    assert_eq!(plays, &rank(&net, &pos, roll, &rules, 0));
                    assert!(lead(plays) >= 0.08, "{}: lead {}", q.id, lead(plays));
                    let best = grade_play(q, &plays[0].play.to_string()).unwrap();
                    assert_eq!((best.rank, best.loss), (1, 0.0));
                    let second = grade_play(q, &plays[1].play.to_string()).unwrap();
                    assert_eq!(second.rank, 2);
                    assert!(second.loss >= 0.08);
                    assert_eq!(grade_cube(q, true, true), Err(QuizError::WrongKind));
                }
                Question::Cube { answer } => {
                    assert_eq!(theme, Theme::Cube);
                    let right = grade_cube(q, answer.double, answer.take).unwrap();
                    assert_eq!((right.double_loss, right.take_loss), (0.0, 0.0));
                    let wrong = grade_cube(q, !answer.double, !answer.take).unwrap();
                    assert!(wrong.double_loss >= 0.08, "{wrong:?}");
                    assert!(wrong.take_loss >= 0.08, "{wrong:?}");
                    assert_eq!(*answer, cube_answer(&net, &pos, &rules, 0));
                    assert!(matches!(
                        grade_play(q, "8/5 6/5"),
                        Err(QuizError::WrongKind)
                    ));
                }
            }
        }
    }
}

#[test]
fn quizzes_are_deterministic_by_seed() {
    let net = net();
    let a = generate(&net, Theme::Blitz, &opts(2));
    assert_eq!(a, generate(&net, Theme::Blitz, &opts(2)));
    let other = QuizOptions { seed: 2, ..opts(2) };
    assert_ne!(a, generate(&net, Theme::Blitz, &other));
}

/// At 3 plies the ranking is `bg hint`'s: 8/5 6/5 first for 3-1 from the start.
#[test]
fn three_plies_rank_as_the_hint() {
    let net = net();
    let rules = Rules::standard();
    let ranked = rank(&net, &Position::start(), Roll::new(3, 1), &rules, 3);
    assert_eq!(ranked[0].play.to_string(), "8/5 6/5");
    assert_eq!(ranked[0].loss, 0.0);
    assert!(ranked.iter().all(|r| r.loss >= 0.0));
}

#[test]
fn bad_answers_are_errors() {
    let net = net();
    let q = &generate(&net, Theme::Opening, &opts(1))[0];
    assert!(matches!(
        grade_play(q, "hello"),
        Err(QuizError::Notation(_))
    ));
    assert!(matches!(grade_play(q, "1/off"), Err(QuizError::Illegal(_))));
    assert!(matches!(grade_play(q, ""), Err(QuizError::Notation(_))));
}

#[test]
fn themes_parse_by_name() {
    for t in Theme::ALL {
        assert_eq!(t.id().parse::<Theme>(), Ok(t));
    }
    assert_eq!("Bear-off".parse::<Theme>(), Ok(Theme::Bearoff));
    assert!("endgame".parse::<Theme>().is_err());
}
