//! The labelled set as a binary file: a header (magic, version, seed,
//! plies of the labels) and one record a position ([`Sample`]), so that
//! the training can be re-run; written by [`write_set`] or, in chunks,
//! by [`super::LabelWriter`], read by [`read_set`].

use std::io::Read;
use std::path::Path;

use backgammon::{Position, Preset, Setup, Side};

use crate::net::N_OUTPUTS;

const MAGIC: &[u8; 4] = b"BGRS";
const VERSION: u32 = 2;
/// The bytes of the file's header: magic, version, seed, plies of the
/// labels (a first-version file, 16 bytes, has no plies: 2).
pub const HEADER_BYTES: usize = 20;
const HEADER_BYTES_V1: usize = 16;
/// The bytes of one labelled position: side on roll, preset, the counts
/// of White then Black (26 each, BG-1.2), five `f32` outputs.
pub const RECORD_BYTES: usize = 2 + 52 + 4 * N_OUTPUTS;
/// A labelled position: the outputs in the eyes of its side on roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The position, before its side on roll rolls.
    pub pos: Position,
    /// The scoring preset.
    pub preset: Preset,
    /// The five outputs (win, gammon, backgammon, lose a gammon, lose a
    /// backgammon).
    pub target: [f32; N_OUTPUTS],
}

/// Why a labelled set could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum SetError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// The file is not a labelled set of this version.
    #[error("{0}: not a labelled backgammon set (trictrac bg refine label writes them)")]
    NotASet(String),
    /// The file holds another seed's positions.
    #[error("{path}: its positions are those of seed {found}, not {wanted}")]
    OtherSeed {
        /// The file.
        path: String,
        /// Its seed.
        found: u64,
        /// The seed asked.
        wanted: u64,
    },
    /// The file holds labels of another depth.
    #[error("{path}: its labels are at {found} plies, not {wanted}")]
    OtherPlies {
        /// The file.
        path: String,
        /// Its labels' plies.
        found: u8,
        /// The plies asked.
        wanted: u8,
    },
    /// A record is not a valid position.
    #[error("{path}: record {index} is not a valid position")]
    BadRecord {
        /// The file.
        path: String,
        /// The record's index.
        index: usize,
    },
}

pub(super) fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> SetError + '_ {
    move |source| SetError::Io {
        path: path.display().to_string(),
        source,
    }
}

pub(super) fn header(seed: u64, plies: u8) -> [u8; HEADER_BYTES] {
    let mut h = [0u8; HEADER_BYTES];
    h[..4].copy_from_slice(MAGIC);
    h[4..8].copy_from_slice(&VERSION.to_le_bytes());
    h[8..16].copy_from_slice(&seed.to_le_bytes());
    h[16..20].copy_from_slice(&u32::from(plies).to_le_bytes());
    h
}

/// One sample's bytes ([`RECORD_BYTES`]).
pub fn record(s: &Sample) -> [u8; RECORD_BYTES] {
    let mut r = [0u8; RECORD_BYTES];
    r[0] = (s.pos.turn() == Side::Black) as u8;
    r[1] = (s.preset == Preset::Seed) as u8;
    r[2..28].copy_from_slice(s.pos.counts(Side::White));
    r[28..54].copy_from_slice(s.pos.counts(Side::Black));
    for (k, t) in s.target.iter().enumerate() {
        r[54 + 4 * k..58 + 4 * k].copy_from_slice(&t.to_le_bytes());
    }
    r
}

fn sample_of(r: &[u8]) -> Option<Sample> {
    let turn = match r[0] {
        0 => Side::White,
        1 => Side::Black,
        _ => return None,
    };
    let preset = match r[1] {
        0 => Preset::Standard,
        1 => Preset::Seed,
        _ => return None,
    };
    let mut white = [0u8; 26];
    let mut black = [0u8; 26];
    white.copy_from_slice(&r[2..28]);
    black.copy_from_slice(&r[28..54]);
    let pos = Position::from_setup(Setup {
        counts: backgammon::BySide::new(white, black),
        turn,
    })
    .ok()?;
    let mut target = [0.0f32; N_OUTPUTS];
    for (k, t) in target.iter_mut().enumerate() {
        *t = f32::from_le_bytes(r[54 + 4 * k..58 + 4 * k].try_into().ok()?);
    }
    Some(Sample {
        pos,
        preset,
        target,
    })
}

/// Writes `samples` as a labelled set of `seed`.
///
/// # Errors
/// If the file cannot be written.
pub fn write_set(path: &Path, seed: u64, samples: &[Sample]) -> Result<(), SetError> {
    let mut b = Vec::with_capacity(HEADER_BYTES + samples.len() * RECORD_BYTES);
    b.extend_from_slice(&header(seed, 2));
    for s in samples {
        b.extend_from_slice(&record(s));
    }
    std::fs::write(path, b).map_err(io_error(path))
}

/// Reads a labelled set: its seed and its samples (a partly written last
/// record is left out).
///
/// # Errors
/// If the file cannot be read or is not a labelled set.
pub fn read_set(path: &Path) -> Result<(u64, Vec<Sample>), SetError> {
    read_set_plies(path).map(|(seed, _, samples)| (seed, samples))
}

/// Reads a labelled set: its seed, the plies of its labels and its
/// samples.
///
/// # Errors
/// If the file cannot be read or is not a labelled set.
pub fn read_set_plies(path: &Path) -> Result<(u64, u8, Vec<Sample>), SetError> {
    read_with_header(path).map(|(seed, plies, _, samples)| (seed, plies, samples))
}

/// A set's seed, plies, header bytes and samples.
pub(super) fn read_with_header(path: &Path) -> Result<(u64, u8, usize, Vec<Sample>), SetError> {
    let mut b = Vec::new();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut b))
        .map_err(io_error(path))?;
    let name = || path.display().to_string();
    let version = (b.len() >= HEADER_BYTES_V1 && &b[..4] == MAGIC)
        .then(|| u32::from_le_bytes(b[4..8].try_into().expect("4 bytes")));
    let (start, plies) = match version {
        Some(1) => (HEADER_BYTES_V1, 2),
        Some(VERSION) if b.len() >= HEADER_BYTES => (
            HEADER_BYTES,
            u32::from_le_bytes(b[16..20].try_into().expect("4 bytes")).min(255) as u8,
        ),
        _ => return Err(SetError::NotASet(name())),
    };
    let seed = u64::from_le_bytes(b[8..16].try_into().expect("8 bytes"));
    let samples = b[start..]
        .chunks_exact(RECORD_BYTES)
        .enumerate()
        .map(|(index, r)| {
            sample_of(r).ok_or(SetError::BadRecord {
                path: name(),
                index,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((seed, plies, start, samples))
}
