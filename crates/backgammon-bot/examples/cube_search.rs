//! The cube decisions of the cubeful search ([`cube::search`]) on a list
//! of positions, for comparing with gnubg's (a scratch tool of
//! docs/ANALYSIS.md): reads lines `POSITION_ID MATCH_ID` from standard
//! input, prints `POSITION_ID MATCH_ID ND DT DP` (normalised money
//! equity, as `bg hint --json` shows them).
//!
//! `cargo run --release -p backgammon-bot --example cube_search -- PLIES [MODEL] < list`
//!
//! MODEL: another network.

use std::io::BufRead;

use backgammon::{MatchId, Position, Rules};
use backgammon_bot::analysis::cubeful;
use backgammon_bot::cube::search::searched_decision;
use backgammon_bot::default_net;

fn main() {
    let plies: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2);
    let net = match std::env::args().nth(2) {
        Some(path) => std::sync::Arc::new(
            backgammon_bot::BgNet::load(std::path::Path::new(&path)).expect("a model"),
        ),
        None => default_net(),
    };
    let rules: Rules = "standard jacoby=off".parse().expect("valid rules");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("standard input");
        let mut f = line.split_whitespace();
        let (Some(pid), Some(mid)) = (f.next(), f.next()) else {
            continue;
        };
        let m: MatchId = mid.parse().expect("a Match ID");
        let pos = Position::from_position_id(pid, m.turn).expect("a Position ID");
        let (state, cube) = (m.match_state(), m.cube());
        let d = searched_decision(&net, &pos, &rules, &state, cube, plies);
        let o = net.evaluate(&pos, rules.preset);
        let a = cubeful::from_decision(&o, &d, &pos, &state, cube);
        println!(
            "{pid} {mid} {:.4} {:.4} {:.4}",
            a.no_double, a.double_take, a.double_pass
        );
    }
}
