//! The model file of a [`Net`]: little-endian binary, a four-byte magic
//! chosen by the game (`TTNN` for trictrac, `BGNN` for backgammon), a format version,
//! the layer sizes, how it was trained ([`TrainInfo`]), then the weights
//! as `f32`. Version 1 (trictrac's first models) has one output and no
//! output count; version 2 stores the output count.

use std::fmt;

use crate::net::{transposed, Net, TrainInfo, MAX_HIDDEN, MAX_OUTPUTS};

const VERSION_1: u32 = 1;
const VERSION_2: u32 = 2;

/// Why a model file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelError(pub String);

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ModelError {}

impl Net {
    /// The model file's bytes, with the game's four-byte `magic`. A
    /// one-output network is written in format version 1 (readable by the
    /// first trictrac programs), others in version 2.
    pub fn to_bytes(&self, magic: &[u8; 4]) -> Vec<u8> {
        let mut b = Vec::with_capacity(64 + 4 * (self.w1.len() + self.w2.len() + self.hidden));
        b.extend_from_slice(magic);
        let version = if self.outputs == 1 {
            VERSION_1
        } else {
            VERSION_2
        };
        b.extend_from_slice(&version.to_le_bytes());
        b.extend_from_slice(&(self.inputs as u32).to_le_bytes());
        b.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        if version == VERSION_2 {
            b.extend_from_slice(&(self.outputs as u32).to_le_bytes());
        }
        let i = &self.info;
        b.extend_from_slice(&i.games.to_le_bytes());
        b.extend_from_slice(&i.seed.to_le_bytes());
        b.extend_from_slice(&i.alpha.to_le_bytes());
        b.extend_from_slice(&i.alpha_end.to_le_bytes());
        b.extend_from_slice(&i.alpha_games.to_le_bytes());
        b.extend_from_slice(&i.lambda.to_le_bytes());
        b.extend_from_slice(&i.batch.to_le_bytes());
        for x in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            b.extend_from_slice(&x.to_le_bytes());
        }
        b
    }

    /// Reads a model file's bytes: `magic` names the game (`what` is its
    /// name in messages), `inputs` is the number of inputs this program's
    /// encoding has, `outputs` the number of outputs it expects.
    ///
    /// # Errors
    /// If the bytes are not a model of a known version with these sizes.
    pub fn from_bytes(
        b: &[u8],
        magic: &[u8; 4],
        what: &str,
        inputs: usize,
        outputs: usize,
    ) -> Result<Net, ModelError> {
        let bad = |why: &str| ModelError(format!("not a {what} model file: {why}"));
        let mut r = Reader { b, at: 0 };
        if r.take(4).ok_or_else(|| bad("too short"))? != magic {
            return Err(bad("wrong magic bytes"));
        }
        let version = r.u32().ok_or_else(|| bad("too short"))?;
        if version != VERSION_1 && version != VERSION_2 {
            return Err(ModelError(format!(
                "model format version {version} is not supported (expected {VERSION_1} or {VERSION_2})"
            )));
        }
        let n_in = r.u32().ok_or_else(|| bad("too short"))? as usize;
        let hidden = r.u32().ok_or_else(|| bad("too short"))? as usize;
        let n_out = if version == VERSION_2 {
            r.u32().ok_or_else(|| bad("too short"))? as usize
        } else {
            1
        };
        if n_in != inputs {
            return Err(ModelError(format!(
                "the model has {n_in} inputs; this program's evaluation has {inputs}"
            )));
        }
        if n_out != outputs {
            return Err(ModelError(format!(
                "the model has {n_out} outputs; this program's evaluation has {outputs}"
            )));
        }
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(bad("hidden layer size out of range"));
        }
        if !(1..=MAX_OUTPUTS).contains(&n_out) {
            return Err(bad("output count out of range"));
        }
        let short = || bad("truncated");
        let info = TrainInfo {
            games: r.u64().ok_or_else(short)?,
            seed: r.u64().ok_or_else(short)?,
            alpha: r.f32().ok_or_else(short)?,
            alpha_end: r.f32().ok_or_else(short)?,
            alpha_games: r.u64().ok_or_else(short)?,
            lambda: r.f32().ok_or_else(short)?,
            batch: r.u32().ok_or_else(short)?,
        };
        let expected = 4 * (n_in * hidden + hidden + n_out * hidden + n_out);
        if b.len() - r.at != expected {
            return Err(bad(if b.len() - r.at < expected {
                "truncated"
            } else {
                "trailing bytes"
            }));
        }
        let mut floats =
            |n: usize| -> Vec<f32> { (0..n).map(|_| r.f32().unwrap_or(0.0)).collect() };
        let w1 = floats(n_in * hidden);
        let b1 = floats(hidden);
        let w2 = floats(n_out * hidden);
        let b2 = floats(n_out);
        if w1
            .iter()
            .chain(&b1)
            .chain(&w2)
            .chain(&b2)
            .any(|x| !x.is_finite())
        {
            return Err(bad("weights are not finite"));
        }
        Ok(Net {
            inputs: n_in,
            hidden,
            outputs: n_out,
            w1,
            b1,
            w2t: transposed(&w2, hidden, n_out),
            w2,
            b2,
            info,
        })
    }

    /// Reads a model file (see [`Net::from_bytes`]).
    ///
    /// # Errors
    /// If the file cannot be read or is not such a model.
    pub fn load(
        path: &std::path::Path,
        magic: &[u8; 4],
        what: &str,
        inputs: usize,
        outputs: usize,
    ) -> Result<Net, ModelError> {
        // A model is a few megabytes at most: refuse to read anything far larger.
        const LIMIT: u64 = 256 << 20;
        let len = std::fs::metadata(path)
            .map_err(|e| ModelError(format!("cannot read {}: {e}", path.display())))?
            .len();
        if len > LIMIT {
            return Err(ModelError(format!(
                "{}: {len} bytes is far too large for a model file",
                path.display()
            )));
        }
        let b = std::fs::read(path)
            .map_err(|e| ModelError(format!("cannot read {}: {e}", path.display())))?;
        Net::from_bytes(&b, magic, what, inputs, outputs)
            .map_err(|e| ModelError(format!("{}: {e}", path.display())))
    }

    /// Writes the model file atomically (a temporary file, then a rename).
    ///
    /// # Errors
    /// If the file cannot be written.
    pub fn save(&self, path: &std::path::Path, magic: &[u8; 4]) -> Result<(), ModelError> {
        let tmp = path.with_extension("tmp");
        let err = |e: std::io::Error| ModelError(format!("cannot write {}: {e}", path.display()));
        if let Err(e) = std::fs::write(&tmp, self.to_bytes(magic)) {
            let _ = std::fs::remove_file(&tmp);
            return Err(err(e));
        }
        std::fs::rename(&tmp, path).map_err(err)
    }
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.b.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .and_then(|s| s.try_into().ok())
            .map(u32::from_le_bytes)
    }
    fn u64(&mut self) -> Option<u64> {
        self.take(8)
            .and_then(|s| s.try_into().ok())
            .map(u64::from_le_bytes)
    }
    fn f32(&mut self) -> Option<f32> {
        self.take(4)
            .and_then(|s| s.try_into().ok())
            .map(f32::from_le_bytes)
    }
}
