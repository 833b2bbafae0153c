//! `trictrac bg refine` (issue 22): a labelled set with the same bytes
//! for a seed whatever the threads and the interruptions, and a refined
//! model the neural bot plays with.

mod support;
use support::*;

#[test]
fn bg_refine_labels_a_set_resumably_and_trains_a_model_the_bot_plays_with() {
    let dir = scratch("bg-refine");
    let (a, b, m) = (dir.join("a.set"), dir.join("b.set"), dir.join("m.bin"));
    let (a, b, m) = (
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        m.to_str().unwrap(),
    );
    let label = |out: &str, n: &str, jobs: &str| {
        stdout_of(&[
            "bg",
            "refine",
            "label",
            "--positions",
            n,
            "--seed",
            "5",
            "--jobs",
            jobs,
            "--out",
            out,
        ])
    };
    let text = label(a, "1100", "1");
    assert!(text.contains("labelled 1100 positions"), "{text}");
    // Stopped after 1 024, continued on two threads: the same bytes.
    label(b, "1024", "2");
    let text = label(b, "1100", "2");
    assert!(text.contains("(76 in this run)"), "{text}");
    assert_eq!(std::fs::read(a).unwrap(), std::fs::read(b).unwrap());
    let e = error_of(
        &[
            "bg",
            "refine",
            "label",
            "--positions",
            "1100",
            "--seed",
            "6",
            "--out",
            a,
        ],
        2,
    );
    assert!(e.contains("seed 5, not 6"), "{e}");
    let text = stdout_of(&[
        "bg", "refine", "train", "--set", a, "--epochs", "2", "--out", m,
    ]);
    assert!(
        text.contains("refined on 1045 positions (55 held out) for 2 epochs"),
        "{text}"
    );
    assert!(text.contains("held-out error"), "{text}");
    let text = stdout_of(&[
        "bg", "match", "--white", "neural0", "--black", "random", "--model", m, "--games", "2",
    ]);
    assert!(text.contains("points per game"), "{text}");
    let e = error_of(&["bg", "refine", "train", "--set", m, "--out", m], 2);
    assert!(e.contains("not a labelled backgammon set"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
