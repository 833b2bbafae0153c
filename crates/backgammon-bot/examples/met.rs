//! Prints the computed match equity table (`backgammon_bot::cube::met`):
//! the chances of the side `a` away (rows) against `b` away (columns) at
//! the start of a game before the Crawford game.
//!
//! `cargo run --release -p backgammon-bot --example met -- [N]`

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(11);
    let t = backgammon_bot::cube::met();
    print!("{:>4}", "");
    for b in 1..=n {
        print!("{b:>7}");
    }
    println!();
    for a in 1..=n {
        print!("{a:>4}");
        for b in 1..=n {
            print!("{:>7.3}", t.get(a, b));
        }
        println!();
    }
    print!("post-Crawford, 1-away against:");
    for b in 1..=n {
        print!(" {b}: {:.3}", t.post_crawford(1, b));
    }
    println!();
}
