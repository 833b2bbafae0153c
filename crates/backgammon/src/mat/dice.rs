//! Checking the dice of a `.mat` record against the seeds of a fair game.

use tables::{Die, Roll};

use crate::rules::{Preset, Rules};

/// Checks the dice of an online game's `.mat` text against its seeds
/// (issue 38, `tables::fair`, docs/DICE.md), reading only the rolls
/// (`DD:` in order, game after game; the plays are not replayed, so
/// that a die changed is named as such): each game's opening (one die
/// each, thrown again while equal — the tied throws are not in a `.mat`;
/// under the standard rules the two dice are the starter's first roll,
/// under the seed rules the starter then throws both), then every roll.
/// The number of throws checked.
///
/// # Errors
/// The first throw that does not match: its line, the dice the seeds
/// give and the record's.
pub fn verify_dice(text: &str, rules: &Rules, seeds: tables::fair::Seeds) -> Result<usize, String> {
    use tables::DiceSource;
    let mut d = tables::fair::FairDice::new(seeds);
    let mut throws = 0;
    let mut opening = false;
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim();
        if t.starts_with(';') || t.starts_with('#') {
            continue;
        }
        if t.to_ascii_lowercase().starts_with("game ") {
            opening = true;
            continue;
        }
        // Move lines: `N) …`.
        let Some((n, rest)) = t.split_once(')') else {
            continue;
        };
        if n.trim().parse::<u32>().is_err() {
            continue;
        }
        for w in rest.split_whitespace() {
            let b = w.as_bytes();
            if !(b.len() == 3
                && b[2] == b':'
                && (b'1'..=b'6').contains(&b[0])
                && (b'1'..=b'6').contains(&b[1]))
            {
                continue;
            }
            let roll = Roll::from_dice(Die::new(b[0] - b'0'), Die::new(b[1] - b'0'));
            let drawn = if opening {
                opening = false;
                let (w, b) = loop {
                    throws += 1;
                    let (w, b) = (d.die(), d.die());
                    if w != b {
                        break (w, b);
                    }
                };
                match rules.preset {
                    Preset::Standard => Roll::from_dice(w, b),
                    Preset::Seed => {
                        throws += 1;
                        Roll::from_dice(d.die(), d.die())
                    }
                }
            } else {
                throws += 1;
                Roll::from_dice(d.die(), d.die())
            };
            if drawn != roll {
                return Err(format!(
                    ".mat line {}: throw {throws}: the dice do not match the seeds: \
                     the seeds give {drawn}, the record {roll}",
                    i + 1
                ));
            }
        }
    }
    Ok(throws)
}
