//! Dice anyone can verify (issue 38, docs/DICE.md): the dice of an online
//! game come from a server seed committed at the start (its SHA-256
//! shown to both players), mixed with a seed each player contributes,
//! through a deterministic generator; once the game is over the server
//! seed is revealed and anyone recomputes every throw.
//!
//! Die `n` of a game (0 for the first die drawn, counting every die the
//! game draws, a tied opening throw's too) is
//!
//! ```text
//! h = HMAC-SHA256(key = server_seed,
//!                 msg = len(white) ‖ white ‖ len(black) ‖ black ‖ u64_be(n))
//! ```
//!
//! (`len` one byte, the client seeds as bytes), then the first byte `x`
//! of `h` below 252 gives the die `x mod 6 + 1` (252 = 42 × 6: every face
//! equally likely); should all 32 bytes be 252 or more (a chance of
//! 2⁻¹⁹²), `h = HMAC-SHA256(server_seed, h)` and so on.
//!
//! ```
//! use tables::fair::{Seeds, FairDice};
//! use tables::DiceSource;
//! let s = Seeds::new([7; 32], b"ab".to_vec(), Vec::new());
//! let mut d = FairDice::new(s.clone());
//! let first = d.die();
//! assert_eq!(first, s.die(0));
//! assert_eq!(d.drawn, 1);
//! ```

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::dice::{DiceSource, Die};

type HmacSha256 = Hmac<Sha256>;

/// The longest client seed, in bytes (64 hex digits).
pub const CLIENT_SEED_MAX: usize = 32;

/// The name of the generator, written with the seeds in records.
pub const SCHEME: &str = "hmac-sha256-v1";

/// The seeds of a game's dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeds {
    /// The server's secret seed (revealed when the game is over).
    pub server: [u8; 32],
    /// White's client seed (possibly empty).
    pub white: Vec<u8>,
    /// Black's client seed (possibly empty).
    pub black: Vec<u8>,
}

impl Seeds {
    /// Seeds from their parts (client seeds cut at [`CLIENT_SEED_MAX`]).
    pub fn new(server: [u8; 32], mut white: Vec<u8>, mut black: Vec<u8>) -> Seeds {
        white.truncate(CLIENT_SEED_MAX);
        black.truncate(CLIENT_SEED_MAX);
        Seeds {
            server,
            white,
            black,
        }
    }

    /// The commitment: SHA-256 of the server seed, in hex.
    pub fn commitment(&self) -> String {
        commitment_of(&self.server)
    }

    /// Die `n` of the game (see the module's documentation).
    pub fn die(&self, n: u64) -> Die {
        let mut msg = Vec::with_capacity(2 + self.white.len() + self.black.len() + 8);
        msg.push(self.white.len() as u8);
        msg.extend_from_slice(&self.white);
        msg.push(self.black.len() as u8);
        msg.extend_from_slice(&self.black);
        msg.extend_from_slice(&n.to_be_bytes());
        let mut h = hmac(&self.server, &msg);
        loop {
            if let Some(x) = h.iter().find(|&&x| x < 252) {
                return Die::new(x % 6 + 1);
            }
            h = hmac(&self.server, &h);
        }
    }

    /// The seeds as the text stored and written in records:
    /// `scheme=… commitment=HEX server=HEX white=HEX black=HEX`, the
    /// server seed written only when `reveal`.
    pub fn text(&self, reveal: bool) -> String {
        let server = if reveal {
            hex(&self.server)
        } else {
            "hidden".into()
        };
        format!(
            "scheme={SCHEME} commitment={} server={server} white={} black={}",
            self.commitment(),
            dash(&hex(&self.white)),
            dash(&hex(&self.black)),
        )
    }
}

fn dash(s: &str) -> &str {
    if s.is_empty() {
        "-"
    } else {
        s
    }
}

fn hmac(key: &[u8], msg: &[u8]) -> [u8; 32] {
    let mut m = HmacSha256::new_from_slice(key).expect("HMAC takes any key");
    m.update(msg);
    m.finalize().into_bytes().into()
}

/// SHA-256 of `server_seed`, in hex.
pub fn commitment_of(server_seed: &[u8]) -> String {
    hex(&Sha256::digest(server_seed))
}

/// Lower-case hex of `b`.
pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Bytes of hex text.
///
/// # Errors
/// Not hex, or an odd number of digits.
pub fn unhex(s: &str) -> Result<Vec<u8>, String> {
    if !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("`{s}` is not hex (digits 0-9 and a-f)"));
    }
    if !s.len().is_multiple_of(2) {
        return Err(format!("`{s}`: an odd number of hex digits"));
    }
    (0..s.len())
        .step_by(2)
        .map(|i| {
            s.get(i..i + 2)
                .and_then(|d| u8::from_str_radix(d, 16).ok())
                .ok_or_else(|| format!("`{s}` is not hex (digits 0-9 and a-f)"))
        })
        .collect()
}

/// A client seed as a player sends it: hex, at most 64 digits (empty is
/// no seed).
///
/// # Errors
/// Not hex, an odd number of digits, or too long, in one line.
pub fn client_seed(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    if s.len() > 2 * CLIENT_SEED_MAX {
        return Err(format!(
            "seed: at most {} hex digits, not {}",
            2 * CLIENT_SEED_MAX,
            s.len()
        ));
    }
    unhex(&s.to_ascii_lowercase()).map_err(|e| format!("seed: {e}"))
}

/// The seeds of a record's `trictrac dice:` text (see [`Seeds::text`]),
/// with its commitment: the server seed must be revealed and match it.
///
/// # Errors
/// A field missing or wrong, or a server seed not matching the
/// commitment.
pub fn parse_text(text: &str) -> Result<Seeds, String> {
    let mut f = std::collections::HashMap::new();
    for w in text.split_whitespace() {
        if let Some((k, v)) = w.split_once('=') {
            f.insert(k, v);
        }
    }
    if let Some(s) = f.get("scheme") {
        if *s != SCHEME {
            return Err(format!(
                "unknown dice scheme `{s}` (this program: {SCHEME})"
            ));
        }
    }
    let get = |k: &str| {
        f.get(k)
            .copied()
            .ok_or_else(|| format!("no `{k}=` in `{text}`"))
    };
    let server = get("server")?;
    if server == "hidden" {
        return Err(
            "the server seed is not revealed yet (it is, in the record of a finished game)".into(),
        );
    }
    let server: [u8; 32] = unhex(server)
        .map_err(|e| format!("server seed: {e}"))?
        .try_into()
        .map_err(|_| "server seed: 64 hex digits".to_string())?;
    let side = |k: &str| -> Result<Vec<u8>, String> {
        match get(k)? {
            "-" => Ok(Vec::new()),
            v => client_seed(v).map_err(|e| format!("{k} {e}")),
        }
    };
    let seeds = Seeds::new(server, side("white")?, side("black")?);
    let commitment = get("commitment")?;
    if seeds.commitment() != commitment.to_ascii_lowercase() {
        return Err(format!(
            "the server seed does not match the commitment: SHA-256 gives {}, the record {commitment}",
            seeds.commitment()
        ));
    }
    Ok(seeds)
}

/// The `trictrac dice:` text of a record, if it has one: the `dice`
/// field of a JSON record, else a comment line `# trictrac dice: …`
/// (Grand Trictrac's text record) or `; trictrac dice: …` (`.mat`).
pub fn seeds_in_record(text: &str) -> Option<String> {
    if text.trim_start().starts_with('{') {
        let v: serde_json::Value = serde_json::from_str(text).ok()?;
        return v["dice"].as_str().map(String::from);
    }
    text.lines().find_map(|l| {
        let l = l.trim();
        l.strip_prefix("# trictrac dice:")
            .or_else(|| l.strip_prefix("; trictrac dice:"))
            .map(|s| s.trim().to_string())
    })
}

/// The dice of a game: die after die from its [`Seeds`].
#[derive(Clone, Debug)]
pub struct FairDice {
    /// The seeds.
    pub seeds: Seeds,
    /// The dice drawn so far (the next die's number).
    pub drawn: u64,
}

impl FairDice {
    /// From the first die.
    pub fn new(seeds: Seeds) -> FairDice {
        FairDice { seeds, drawn: 0 }
    }
}

impl DiceSource for FairDice {
    fn die(&mut self) -> Die {
        let d = self.seeds.die(self.drawn);
        self.drawn += 1;
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_fixed_and_fair() {
        // A fixed vector: anyone re-implementing docs/DICE.md checks it.
        let s = Seeds::new([0; 32], Vec::new(), Vec::new());
        let dice: Vec<u8> = (0..10).map(|n| s.die(n).value()).collect();
        assert_eq!(dice, VECTOR.to_vec(), "{dice:?}");
        let mut counts = [0u32; 6];
        for n in 0..60_000 {
            counts[usize::from(s.die(n).value() - 1)] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
        // The client seeds change the dice.
        let t = Seeds::new([0; 32], vec![1], Vec::new());
        assert_ne!(
            (0..20).map(|n| t.die(n)).collect::<Vec<_>>(),
            (0..20).map(|n| s.die(n)).collect::<Vec<_>>()
        );
    }

    const VECTOR: [u8; 10] = [3, 6, 6, 4, 3, 3, 6, 1, 4, 1];

    #[test]
    fn texts_round_trip_and_bad_seeds_are_named() {
        let s = Seeds::new([9; 32], vec![0xab, 0xcd], Vec::new());
        assert_eq!(parse_text(&s.text(true)).unwrap(), s);
        assert!(parse_text(&s.text(false))
            .unwrap_err()
            .contains("not revealed"));
        let bad = s.text(true).replace("server=09", "server=0a");
        assert!(parse_text(&bad).unwrap_err().contains("commitment"));
        assert!(client_seed("xyz1").unwrap_err().contains("not hex"));
        assert!(client_seed(&"a".repeat(66))
            .unwrap_err()
            .contains("at most 64"));
        assert_eq!(client_seed("ABcd").unwrap(), vec![0xab, 0xcd]);
        assert_eq!(client_seed("").unwrap(), Vec::<u8>::new());
    }
}
