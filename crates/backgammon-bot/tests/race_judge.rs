//! The race judge's set (`tests/data/race_judge.txt`, made by
//! `examples/race_judge`: race and bear-off decisions judged by gnubg at
//! 2 plies) reads back, its plays are legal and ranked, and the default
//! bot's plays stay as close to gnubg's best as when the set was made
//! (issue 37; docs/STRENGTH.md, "Race and bear-off plays judged by gnubg
//! 2-ply").

use backgammon::{Game, PlayText, Rules};
use backgammon_bot::by_name;

#[path = "../examples/race_judge/set.rs"]
mod set;

const SET: &str = include_str!("data/race_judge.txt");

fn rules() -> Rules {
    Rules {
        cube: false,
        ..Rules::standard()
    }
}

#[test]
fn the_set_reads_and_its_plays_are_legal_and_ranked() {
    let (margin, decisions) = set::parse(SET).expect("the set reads");
    assert_eq!(margin, 0.05);
    assert!(decisions.len() >= 300, "{} decisions", decisions.len());
    let rules = rules();
    for d in &decisions {
        assert!(d.choices >= 2 && d.plays.len() <= d.choices, "{}", d.line());
        assert!(d.kind == "race" || d.kind == "bearoff", "{}", d.line());
        // A real choice: some play loses more than 0.005.
        assert!(
            d.plays.len() < d.choices || d.best() - d.plays.last().expect("plays").1 > 0.005,
            "{}",
            d.line()
        );
        for (text, e) in &d.plays {
            let t: PlayText = text.parse().expect("a play");
            let p = d
                .pos
                .resolve_play(d.roll, &t, &rules)
                .expect("a legal play");
            assert_eq!(d.loss(&p, &rules), Some(d.best() - e), "{}", d.line());
        }
        // The line is written back as it was read.
        assert_eq!(
            set::parse(&format!("# margin 0.05\n{}", d.line()))
                .expect("a line")
                .1[0],
            *d
        );
    }
}

#[test]
fn a_play_not_listed_loses_more_than_the_margin() {
    // The bear-off of docs/STRENGTH.md, 6-4: two plays, one listed.
    let (_, d) = set::parse(
        "# margin 0.05\nqg0AAJseAAAAAA 6-4 bearoff 2 hint=best | 5/off 4/off +0.06300\n",
    )
    .expect("a line");
    let rules = rules();
    let legal = d[0].pos.legal_plays(d[0].roll, &rules);
    let losses: Vec<Option<f64>> = legal.iter().map(|p| d[0].loss(p, &rules)).collect();
    assert!(
        losses.contains(&Some(0.0)) && losses.contains(&None),
        "{losses:?}"
    );
    assert!(set::parse("# margin 0.05\nqg0AAJseAAAAAA 6-4 bearoff 2 hint=best\n").is_err());
    assert!(set::parse("qg0AAJseAAAAAA 6-4 bearoff 2 hint=best | 5/off 4/off +0.06\n").is_err());
}

/// The default bot (3 plies) within 0.005 of gnubg's 2-ply best in at
/// least this share of the set's decisions (measured when the set was
/// made, 97.6 %, less a margin for changes of the bot that move a few
/// plays).
const AT_LEAST_PCT: f64 = 95.0;

#[test]
fn the_default_bot_plays_within_five_thousandths_of_gnubgs_best() {
    let (margin, decisions) = set::parse(SET).expect("the set reads");
    let rules = rules();
    let mut bot = by_name("neural", 0).expect("the default bot");
    let mut within = 0usize;
    let mut loss = 0.0f64;
    for d in &decisions {
        let mut g = Game::from_position(rules, d.pos);
        g.roll(d.roll).expect("a roll");
        let l = d.loss(&bot.choose_play(&g), &rules).unwrap_or(margin);
        within += (l <= 0.005) as usize;
        loss += l;
    }
    let pct = 100.0 * within as f64 / decisions.len() as f64;
    assert!(
        pct >= AT_LEAST_PCT,
        "{within} of {} within 0.005 ({pct:.1} %), mean loss {:.4}",
        decisions.len(),
        loss / decisions.len() as f64
    );
}
