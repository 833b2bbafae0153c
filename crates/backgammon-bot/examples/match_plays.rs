//! How often the 3-ply player's play agrees with gnubg's best in match
//! positions, the deepest candidates compared by cubeless money equity
//! ([`ranked_3ply`], the player before) or by match equity
//! (`deep::Searcher::ranked_3ply` at the score, the player now). Reads lines `POSITION_ID
//! MATCH_ID ROLL GNUBG_BEST` (gnubg's play as it writes it) from
//! standard input; `SHOW=1` prints the positions where only the match
//! equity finds gnubg's play. docs/ANALYSIS.md, "The chequer hint in a
//! match".
//!
//! `cargo run --release -p backgammon-bot --example match_plays < list`

use std::io::BufRead;

use backgammon::{MatchId, PlayText, Position, Roll, Rules};
use backgammon_bot::cube::score::Score;
use backgammon_bot::default_net;
use backgammon_bot::search::deep::Searcher;
use backgammon_bot::search::deep::{ranked_3ply, Scratch};

fn main() {
    let net = default_net();
    let rules = Rules::standard();
    let mut scratch = Scratch::default();
    let (mut n, mut a, mut b) = (0u32, 0u32, 0u32);
    let (mut only_a, mut only_b) = (0u32, 0u32);
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("standard input");
        let mut f = line.splitn(4, ' ');
        let (Some(pid), Some(mid), Some(roll), Some(best)) =
            (f.next(), f.next(), f.next(), f.next())
        else {
            continue;
        };
        let m: MatchId = mid.parse().expect("a Match ID");
        let pos = Position::from_position_id(pid, m.turn).expect("a Position ID");
        let roll: Roll = roll.parse().expect("a roll");
        let Ok(text) = best.trim().parse::<PlayText>() else {
            continue;
        };
        let Ok(gbest) = pos.resolve_play(roll, &text, &rules) else {
            continue;
        };
        let target = pos.play_unchecked(&gbest);
        let plays = pos.legal_plays(roll, &rules);
        let state = m.match_state();
        let score = Score {
            state: &state,
            cube: m.cube(),
        };
        let cubeless =
            pos.play_unchecked(&ranked_3ply(&net, &pos, &plays, &rules, &mut scratch)[0].play);
        let in_match = score
            .searching(|v| Searcher::new(&net, &rules, v).ranked_3ply(&pos, &plays, &mut scratch))
            [0]
        .play;
        let by_match = pos.play_unchecked(&in_match);
        n += 1;
        a += u32::from(cubeless == target);
        b += u32::from(by_match == target);
        only_a += u32::from(cubeless == target && by_match != target);
        only_b += u32::from(by_match == target && cubeless != target);
        if std::env::var_os("SHOW").is_some() && by_match == target && cubeless != target {
            println!("{pid} {mid} {roll} gnubg {best} ours {in_match}");
        }
    }
    println!(
        "{n} positions: gnubg's play by cubeless equity {a} ({:.1} %), by match equity {b} ({:.1} %); only the first {only_a}, only the second {only_b}",
        100.0 * f64::from(a) / f64::from(n.max(1)),
        100.0 * f64::from(b) / f64::from(n.max(1))
    );
}
