//! Section 11, *Caso falso*: a bot settling the other player's
//! false play chooses, by its evaluation, the correction best for itself
//! (issue 24 item 6).

use trictrac::{Game, GameOptions, Roll, Side};
use trictrac_bot::{false_move_settlement, Evaluator, PointsEval};

fn false_case1(tpn: &str, roll: Roll, play: &str) -> Game {
    let options = GameOptions::from_words("false-moves=table").unwrap();
    let mut g = Game::from_position(options, tpn.parse().unwrap()).unwrap();
    g.roll(roll).unwrap();
    g.play_at_table(&play.parse().unwrap()).unwrap();
    g
}

#[test]
fn r11_case1_a_bot_has_the_false_play_corrected_to_its_best_correction_not_the_smallest() {
    // White's 3-1 played 5-10 7-9 (5 and 2 pips: neither is a die). The
    // smallest correction is 7-10 5-6; for Black, 5-8-9 (one checker, both
    // dice) is better than leaving it and than the smallest.
    let g = false_case1("w:1x13,5,7 b:13x2,24x13 w", Roll::new(3, 1), "5-10 7-9");
    let rules = trictrac_bot::turn::TurnRules::of(g.options());
    let smallest = g.false_move().unwrap().1;
    assert_eq!(smallest.display(Side::White).to_string(), "7-10 5-6");
    let chosen = false_move_settlement(&g, &PointsEval).expect("corrected");
    assert_eq!(chosen.display(Side::White).to_string(), "5-8-9");
    let (stands, outcomes) = g.false_move_outcomes().unwrap();
    let value = |p| {
        let pos = &outcomes.iter().find(|(q, _)| *q == p).unwrap().1;
        PointsEval.eval(pos, &rules)
    };
    assert!(value(chosen) > value(smallest));
    assert!(value(chosen) > PointsEval.eval(&stands, &rules));
    // The bot as a player of the driver sends the chosen play.
    let mut bot = trictrac_bot::table::TablePlayer(trictrac_bot::by_name("greedy", 1).unwrap());
    let choice = tables::Player::choose(&mut bot, &g).unwrap();
    assert_eq!(
        format!("{choice:?}"),
        format!(
            "{:?}",
            tables::Choice::Act(trictrac::action::Action::Settle {
                side: 'b',
                correct: true,
                play: Some("5-8-9".into()),
                replay: false,
            })
        )
    );
}
