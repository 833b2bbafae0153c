//! Race and bear-off plays judged by GNU Backgammon at 2 plies (issue 37:
//! "our first play is gnubg's best, within 0.005, ≥ 92 % of the time").
//!
//! `cargo run --release -p backgammon-bot --example race_judge -- make OUT GAMES SEED`
//!
//! Plays GAMES cubeless money games of the default bot (3 plies) against
//! itself, dice from SEED; at every race or bear-off decision (no contact
//! before the roll) whose roll reaches at least two different positions,
//! every play is valued by gnubg at 2 plies (cubeless money equity of the
//! position reached, pruning on, as its world class; a play that wins is
//! valued exactly) and gnubg's own 2-ply choice (its `hint`) is noted.
//! Keeps the decisions with a real choice (a play loses more than 0.005
//! against the best) and writes the set (`set.rs`: the plays within 0.05
//! of the best, best first).
//!
//! `cargo run --release -p backgammon-bot --example race_judge -- check SET [--plies 0|2|3] [--race-model FILE] [--at-least PCT] [--worst N]`
//!
//! Our bot's play (the default, 3 plies, unless `--plies`; the race
//! network of FILE instead of the shipped one with `--race-model`) at
//! every decision of SET: how often it reaches gnubg's best position, how
//! often it is within 0.005 of the best by gnubg's equities, the mean
//! loss (a play not listed counts the set's margin), by kind, and the
//! worst N decisions. With `--at-least PCT` the run fails (exit status 1)
//! when fewer than PCT % of the plays are within 0.005.

mod set;

use std::path::Path;
use std::process::ExitCode;

use backgammon::score::win_kind;
use backgammon::{Game, Phase, Play, Position, Roll, Rules};
use backgammon_bot::eval::race::{install_race_net, RaceNet};
use backgammon_bot::eval::Evaluator;
use backgammon_bot::net::{equity, outcome};
use backgammon_bot::players::gnubg::Gnubg;
use backgammon_bot::{by_name, BgBot};
use neural::td::game_seed;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use set::Decision;

/// The plays listed in the set: those within this of the best.
const MARGIN: f64 = 0.05;
/// A play "within" gnubg's best.
const WITHIN: f64 = 0.005;

fn rules() -> Rules {
    Rules {
        cube: false,
        ..Rules::standard()
    }
}

/// The different positions `roll` reaches from `pos`, one play each.
fn choices(pos: &Position, roll: Roll, rules: &Rules) -> Vec<(Play, Position)> {
    let mut out: Vec<(Play, Position)> = Vec::new();
    for p in pos.legal_plays(roll, rules).iter() {
        let after = pos.play_unchecked(p);
        if !out.iter().any(|(_, a)| *a == after) {
            out.push((*p, after));
        }
    }
    out
}

/// The decision judged by gnubg at 2 plies.
fn judge(gnubg: &mut Gnubg, pos: &Position, roll: Roll, rules: &Rules) -> Decision {
    let mover = pos.turn();
    let all = choices(pos, roll, rules);
    let mut valued: Vec<(f64, Play, Position)> = all
        .iter()
        .map(|&(p, after)| {
            let e = if after.winner() == Some(mover) {
                equity(&outcome(
                    mover,
                    win_kind(&after, mover, rules.preset),
                    mover,
                )) as f64
            } else {
                let c = gnubg.chances_at(&after, 2).expect("gnubg's evaluation");
                -(2.0 * c[0] - 1.0 + c[1] - c[3] + c[2] - c[4])
            };
            (e, p, after)
        })
        .collect();
    valued.sort_by(|a, b| b.0.total_cmp(&a.0));
    let hint = gnubg
        .best_play_at(pos, roll, rules, 2)
        .expect("gnubg's play");
    let hint_after = pos.play_unchecked(&hint);
    let best = valued[0].0;
    let hint_is_best = valued
        .iter()
        .any(|(e, _, a)| *a == hint_after && *e >= best - 1e-9);
    // The set's positions have White on roll (a Position ID does not say
    // who is White): the plays are written in the mover's numbering.
    Decision {
        pos: Position::from_position_id(&pos.to_position_id(), backgammon::Side::White)
            .expect("our own Position ID"),
        roll,
        kind: match Evaluator::of(pos) {
            Evaluator::BearoffDb => "bearoff",
            _ => "race",
        }
        .to_string(),
        choices: all.len(),
        hint_is_best,
        plays: valued
            .iter()
            .filter(|(e, _, _)| *e >= best - MARGIN)
            .map(|(e, p, _)| (p.to_string(), *e))
            .collect(),
    }
}

fn make(a: &[String]) {
    let out = Path::new(&a[2]);
    let games: u64 = a[3].parse().expect("games");
    let seed: u64 = a[4].parse().expect("seed");
    let rules = rules();
    let mut gnubg = Gnubg::start(&rules).expect("gnubg");
    let header = |played: u64, n: usize, trivial: usize| {
        vec![
            format!(
                "# Race and bear-off decisions of {played} cubeless games of the default bot against itself (seed {seed}), judged by gnubg 2-ply (cubeless money equity, pruning on)."
            ),
            format!("# Made by: cargo run --release -p backgammon-bot --example race_judge -- make {} {played} {seed}", a[2]),
            "# POSITION_ID ROLL KIND PLAYS HINT | PLAY EQUITY | ... (examples/race_judge/set.rs)".into(),
            format!("# {n} decisions with a real choice (a play loses more than {WITHIN}); {trivial} left out where every play is within {WITHIN} of the best."),
            format!("# margin {MARGIN}"),
        ]
    };
    let mut lines: Vec<String> = Vec::new();
    let t0 = std::time::Instant::now();
    let mut trivial = 0usize;
    for k in 0..games {
        let mut players: [Box<dyn BgBot>; 2] = [
            by_name("neural", k).expect("neural"),
            by_name("neural", k).expect("neural"),
        ];
        let mut dice = ChaCha8Rng::seed_from_u64(game_seed(seed, k));
        let mut g = Game::money(rules);
        loop {
            let r = match g.phase() {
                Phase::Opening | Phase::Roll(_) => g.roll_with(&mut dice),
                Phase::Play(side, roll) => {
                    let pos = *g.position();
                    if Evaluator::of(&pos) != Evaluator::Contact
                        && choices(&pos, roll, &rules).len() > 1
                    {
                        let d = judge(&mut gnubg, &pos, roll, &rules);
                        // A real choice: some play loses more than WITHIN.
                        if d.plays.len() < d.choices
                            || d.plays.last().is_some_and(|p| d.best() - p.1 > WITHIN)
                        {
                            lines.push(d.line());
                        } else {
                            trivial += 1;
                        }
                    }
                    let p = players[side as usize].choose_play(&g);
                    g.play(&p)
                }
                Phase::Over(_) => break,
                Phase::Doubled { .. } => unreachable!("cube off"),
            };
            r.expect("a legal action");
        }
        // Written after every game: a run stopped early leaves the set of
        // the games played (the same as the command of its header).
        let mut text = header(k + 1, lines.len(), trivial);
        text.extend(lines.iter().cloned());
        text.push(String::new());
        std::fs::write(out, text.join("\n")).expect("the set written");
        eprintln!(
            "game {} decisions {} secs {:.0}",
            k + 1,
            lines.len(),
            t0.elapsed().as_secs_f64()
        );
    }
}

/// Counts for one kind of decision.
#[derive(Default)]
struct Tally {
    n: u32,
    best: u32,
    within: u32,
    unlisted: u32,
    loss: f64,
}

impl Tally {
    fn add(&mut self, loss: Option<f64>, margin: f64) {
        self.n += 1;
        let l = loss.unwrap_or(margin);
        self.best += (l <= 1e-9) as u32;
        self.within += (l <= WITHIN) as u32;
        self.unlisted += loss.is_none() as u32;
        self.loss += l;
    }

    fn within_pct(&self) -> f64 {
        100.0 * self.within as f64 / self.n.max(1) as f64
    }

    fn print(&self, name: &str) {
        let n = self.n.max(1) as f64;
        println!(
            "{name:>8}: {} decisions, gnubg's best {:.1} %, within {WITHIN} {} ({:.1} %), mean loss {:.4}, {} beyond {}",
            self.n,
            100.0 * self.best as f64 / n,
            self.within,
            self.within_pct(),
            self.loss / n,
            self.unlisted,
            MARGIN
        );
    }
}

fn check(a: &[String]) -> ExitCode {
    let text = std::fs::read_to_string(&a[2]).expect("the set");
    let (margin, decisions) = set::parse(&text).expect("a valid set");
    let opt = |name: &str| {
        a.iter()
            .position(|x| x == name)
            .and_then(|i| a.get(i + 1))
            .cloned()
    };
    if let Some(f) = opt("--race-model") {
        let net = RaceNet::load(Path::new(&f)).expect("a race model");
        assert!(install_race_net(net), "the race network is not in use yet");
    }
    let name = match opt("--plies").as_deref() {
        None | Some("3") => "neural",
        Some("2") => "neural2",
        Some("0") => "neural0",
        Some(p) => panic!("--plies {p}: 0, 2 or 3"),
    };
    let mut bot = by_name(name, 0).expect("the bot");
    let rules = rules();
    let (mut all, mut race, mut bearoff) = (Tally::default(), Tally::default(), Tally::default());
    let mut losses = Vec::new();
    for d in &decisions {
        let mut g = Game::from_position(rules, d.pos);
        g.roll(d.roll).expect("a roll");
        let p = bot.choose_play(&g);
        let loss = d.loss(&p, &rules);
        all.add(loss, margin);
        if d.kind == "bearoff" {
            bearoff.add(loss, margin);
        } else {
            race.add(loss, margin);
        }
        losses.push((loss.unwrap_or(margin), d, p));
    }
    println!("{} ({name}), {} decisions", a[2], decisions.len());
    race.print("race");
    bearoff.print("bear-off");
    all.print("all");
    let hint_best = decisions.iter().filter(|d| d.hint_is_best).count();
    println!(
        "gnubg's own 2-ply choice (hint) is the best of all plays in {hint_best} of {}",
        decisions.len()
    );
    let worst: usize = opt("--worst").and_then(|w| w.parse().ok()).unwrap_or(10);
    losses.sort_by(|x, y| y.0.total_cmp(&x.0));
    for (l, d, p) in losses.iter().take(worst) {
        println!(
            "  loss {l:.4} {} {} {}: ours {p}, gnubg's best {} {:+.4}",
            d.pos.to_position_id(),
            d.roll,
            d.kind,
            d.plays[0].0,
            d.plays[0].1
        );
    }
    match opt("--at-least").map(|x| x.parse::<f64>().expect("a percentage")) {
        Some(pct) if all.within_pct() < pct => {
            println!(
                "FAIL: {:.1} % within {WITHIN}, below {pct} %",
                all.within_pct()
            );
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}

fn main() -> ExitCode {
    let a: Vec<String> = std::env::args().collect();
    match a.get(1).map(String::as_str) {
        Some("make") if a.len() == 5 => {
            make(&a);
            ExitCode::SUCCESS
        }
        Some("check") if a.len() >= 3 => check(&a),
        _ => {
            eprintln!("race_judge make OUT GAMES SEED | check SET [--plies 0|2|3] [--race-model FILE] [--at-least PCT] [--worst N]");
            ExitCode::FAILURE
        }
    }
}
