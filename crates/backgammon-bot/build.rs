//! Computes the bear-off database once, at build time (issue 37: no
//! process rebuilds it): `src/eval/bearoff/gen.rs` writes its file's bytes to
//! `$OUT_DIR/bearoff.bin`, which `src/eval/bearoff.rs` includes in the binary.
//! The package is optimised in every profile (the workspace's
//! `[profile.dev.package.backgammon-bot]`), this script too: about a
//! second in a debug build.

#[allow(dead_code)]
#[path = "src/eval/bearoff/gen.rs"]
mod gen;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/eval/bearoff/gen.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    let bytes = gen::tables().to_bytes();
    std::fs::write(out.join("bearoff.bin"), bytes).expect("the bear-off database written");
}
