//! What the test suites of the workspace's crates share, taken as a
//! dev-dependency (`test-support = { workspace = true }`): how a test
//! says that a tool it needs is missing here ([`missing`]), the third
//! game of the tests ([`race`]) and the perft tables' runner ([`perft`]).
#![deny(missing_docs)]

pub mod perft;
pub mod race;

/// A test needs a tool that is missing here (`kind`: BROWSER, GNUBG,
/// POSTGRES, ROOT, PTY). It fails, so that no test passes without having
/// run (issue 36), unless the developer skips such tests explicitly with
/// `TRICTRAC_SKIP_<kind>=1` — never under `CI=true`, where `.ci/run`
/// installs every tool. Returns when the test is to be skipped.
///
/// # Panics
/// When the tool is missing and its tests are not skipped: that is the
/// test failing.
pub fn missing(kind: &str, why: &str) {
    let var = format!("TRICTRAC_SKIP_{kind}");
    let ci = std::env::var("CI").as_deref() == Ok("true");
    if !ci && std::env::var(&var).as_deref() == Ok("1") {
        eprintln!("skipped ({var}=1): {why}");
        return;
    }
    panic!("{why}: install it (`.ci/run` does), or set {var}=1 to skip the tests that need it");
}
