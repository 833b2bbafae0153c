//! The plays a network chooses at 0 and 2 ply on many positions, one
//! line per decision, to compare two versions of the evaluation code
//! (issue 22, item 5: the speed work must not change the choices):
//!
//!     cargo run --release -p backgammon-bot --example decisions -- MODEL.bin|- GAMES SEED > a.txt
//!
//! The positions are those of `GAMES` games of the network's 0-ply player
//! against itself (one play in ten at random, so that the games vary),
//! cube off, dice from `SEED`: every decision with more than one legal
//! play. Each line: Position ID, side, roll, the 0-ply play, the 2-ply
//! play, then the 2-ply play's equity (6 decimals) after a `|`, so that
//! `cut -d'|' -f1` compares the plays and the rest the values.
//!
//!     cargo run --release -p backgammon-bot --example decisions -- MODEL.bin|- replay a.txt > b.txt
//!
//! decides again the positions and rolls of such a file (its first three
//! columns), so that a change of one decision does not change the
//! positions after it.

use std::sync::Arc;

use backgammon::{Game, Phase, PlayList, Position, Roll, Rules, Side};
use backgammon_bot::net::equity;
use backgammon_bot::search::{SEARCH_KEEP, SEARCH_MARGIN};
use backgammon_bot::{default_net, BgNet};
use rand::Rng;

#[path = "../../backgammon/benches/workloads/mod.rs"]
mod workloads;

/// Prints the line of one decision.
fn decide(net: &BgNet, pos: &Position, roll: Roll, rules: &Rules) {
    let plays = pos.legal_plays(roll, rules);
    let p0 = net.best_play(pos, &plays, rules.preset).0;
    let (p2, o) = net.best_play_2ply(pos, &plays, rules, SEARCH_KEEP, SEARCH_MARGIN);
    let side = if pos.turn() == Side::White { "w" } else { "b" };
    println!(
        "{} {side} {roll} {p0} {p2} | {:.6}",
        pos.to_position_id(),
        equity(&o)
    );
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let usage = "usage: decisions MODEL.bin|- GAMES SEED";
    let net = match a.get(1).map(String::as_str) {
        Some("-") => default_net(),
        Some(p) => Arc::new(BgNet::load(std::path::Path::new(p)).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        })),
        None => {
            eprintln!("{usage}");
            std::process::exit(2)
        }
    };
    if a.get(2).map(String::as_str) == Some("replay") {
        let text = std::fs::read_to_string(a.get(3).expect(usage)).expect("a decisions file");
        for line in text.lines() {
            let w: Vec<&str> = line.split_whitespace().collect();
            let side = if w[1] == "w" {
                Side::White
            } else {
                Side::Black
            };
            let pos = Position::from_position_id(w[0], side).expect("a Position ID");
            let roll: Roll = w[2].parse().expect("a roll");
            decide(&net, &pos, roll, &Rules::standard());
        }
        return;
    }
    let games: u64 = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let seed: u64 = a.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let rules = Rules {
        cube: false,
        ..Rules::standard()
    };
    workloads::money_games(games, seed, |g, roll, rng| {
        let pos = *g.position();
        let plays = g.legal_plays().to_vec();
        let p0 = net.best_play(&pos, &plays, rules.preset).0;
        if plays.len() > 1 {
            decide(&net, &pos, roll, &rules);
        }
        let p = if rng.gen_range(0..10) == 0 {
            plays[rng.gen_range(0..plays.len())]
        } else {
            p0
        };
        g.play(&p).expect("a legal play");
    });
}
