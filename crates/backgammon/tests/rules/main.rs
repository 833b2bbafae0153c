//! One test (at least) per rule of docs/BACKGAMMON.md, named after its id;
//! both presets where they differ.

use backgammon::{
    BySide, Cube, Die, EndReason, Game, HitCover, MatchState, Phase, Play, PlayText, Point,
    Position, Preset, Roll, Rules, Setup, SetupProblem, Side, WinKind,
};

mod board;
mod ending;
mod moves;
mod videau;

/// A position from (point, checkers) lists in each side's own numbering
/// (25 = the bar); the rest of the 15 are borne off.
fn pos(white: &[(usize, u8)], black: &[(usize, u8)], turn: Side) -> Position {
    let side = |l: &[(usize, u8)]| {
        let mut c = [0u8; 26];
        for &(p, n) in l {
            c[p] += n;
        }
        c[0] = 15 - c.iter().map(|&n| n as u32).sum::<u32>() as u8;
        c
    };
    Position::from_setup(Setup {
        counts: BySide::new(side(white), side(black)),
        turn,
    })
    .expect("a valid test position")
}

fn plays(p: &Position, roll: Roll, rules: &Rules) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_plays(roll, rules)
        .iter()
        .map(|x| x.to_string())
        .collect();
    v.sort();
    v
}

fn resolve(p: &Position, roll: Roll, text: &str, rules: &Rules) -> Result<Play, String> {
    let t: PlayText = text.parse().map_err(|e| format!("{e}"))?;
    p.resolve_play(roll, &t, rules).map_err(|e| e.to_string())
}

const STD: Rules = Rules::standard();

const SEED: Rules = Rules::seed();
