//! Storage faults simulated in tests that cannot fill a real disk or
//! remount it read-only (without root), and a panic of the writer.

use crate::error::ServerError;

/// A storage fault to simulate (tests without root, which cannot fill a
/// real disk or remount it read-only).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Every write fails as on a full disk.
    Full,
    /// Every write fails as on a read-only database.
    ReadOnly,
    /// The writer panics once, at its next batch.
    WriterPanic,
}

static FAULT: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Makes every write of every store in this process fail with `fault`
/// (`None`: writes work again).
#[doc(hidden)]
pub fn inject_fault(fault: Option<Fault>) {
    let v = match fault {
        None => 0,
        Some(Fault::Full) => 1,
        Some(Fault::ReadOnly) => 2,
        Some(Fault::WriterPanic) => 3,
    };
    FAULT.store(v, std::sync::atomic::Ordering::SeqCst);
}

/// Whether the writer must panic now (once).
pub(super) fn take_injected_panic() -> bool {
    FAULT
        .compare_exchange(
            3,
            0,
            std::sync::atomic::Ordering::SeqCst,
            std::sync::atomic::Ordering::SeqCst,
        )
        .is_ok()
}

pub(super) fn injected_fault() -> Option<ServerError> {
    match FAULT.load(std::sync::atomic::Ordering::SeqCst) {
        1 => Some(ServerError::Database(
            "cannot store the action: database or disk is full (injected)".into(),
        )),
        2 => Some(ServerError::Database(
            "cannot store the action: attempt to write a readonly database (injected)".into(),
        )),
        _ => None,
    }
}
