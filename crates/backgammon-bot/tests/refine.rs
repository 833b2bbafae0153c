//! The supervised refinement (issue 22): positions gathered from
//! self-play, labelled by our own 2-ply search, written as a set file
//! with the same bytes for the same seed, and a network that learns them.

use backgammon::{Game, Phase, PlayList, Preset, Rules};
use backgammon_bot::eval::Evaluator;
use backgammon_bot::net::flip;
use backgammon_bot::train::refine::{
    self, label, positions, read_set, rollout_label, rules_of, write_set, LabelWriter,
    RefineConfig, Refiner, Sample, SetError,
};
use backgammon_bot::{default_net, BgNet};
use rand::SeedableRng;

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bg-refine-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&dir);
    dir
}

fn labelled(n: usize, seed: u64) -> Vec<Sample> {
    let net = default_net();
    let mut buf = PlayList::new();
    positions(n, seed, &net, 1)
        .into_iter()
        .map(|(pos, preset)| {
            let o = label(&net, &pos, preset, &mut buf);
            let mut target = [0.0f32; 5];
            target.copy_from_slice(&o[..5]);
            Sample {
                pos,
                preset,
                target,
            }
        })
        .collect()
}

#[test]
fn the_positions_are_distinct_contact_positions_of_both_presets_and_do_not_depend_on_the_threads() {
    let net = default_net();
    let a = positions(300, 4, &net, 1);
    assert_eq!(a, positions(300, 4, &net, 2));
    // A prefix of a longer gathering: a set can be extended.
    assert_eq!(a[..100], positions(100, 4, &net, 1)[..]);
    let distinct: std::collections::HashSet<_> = a.iter().collect();
    assert_eq!(distinct.len(), a.len());
    assert!(a
        .iter()
        .all(|(p, _)| Evaluator::of(p) == Evaluator::Contact));
    // Odd games under the seed preset (as the TD training).
    assert!(a.iter().any(|(_, preset)| *preset == Preset::Seed));
    assert!(a.iter().any(|(_, preset)| *preset == Preset::Standard));
    assert_ne!(a, positions(300, 5, &net, 1));
}

#[test]
fn a_label_is_the_value_the_2ply_search_gives_the_position() {
    // Positions before a roll, met in a game; the side that just played
    // chose among his plays by `best_play_2ply`, whose value for each
    // play is the position's label in the other side's eyes.
    let net = default_net();
    for preset in [Preset::Standard, Preset::Seed] {
        let rules = rules_of(preset);
        let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let mut g = Game::money(rules);
        let mut buf = PlayList::new();
        let mut checked = 0;
        while checked < 6 {
            match g.phase() {
                Phase::Opening | Phase::Roll(_) => g.roll_with(&mut dice).unwrap(),
                Phase::Play(..) => {
                    let pos = *g.position();
                    let plays = g.legal_plays().to_vec();
                    let (play, o) =
                        net.best_play_2ply(&pos, &plays, &rules, plays.len(), f32::INFINITY);
                    let after = pos.play_unchecked(&play);
                    if after.winner().is_none() && plays.len() > 1 {
                        let l = label(&net, &after, preset, &mut buf);
                        let want = flip(&o);
                        for k in 0..5 {
                            assert!((l[k] - want[k]).abs() < 1e-6, "{k}: {l:?} {want:?}");
                        }
                        checked += 1;
                    }
                    g.play(&play).unwrap();
                }
                _ => break,
            }
        }
        assert_eq!(checked, 6, "the game went on long enough");
    }
}

#[test]
fn a_label_is_the_mean_over_the_21_rolls_of_the_best_play() {
    // Computed here from the engine's legal plays and 0-ply values.
    let net = default_net();
    let (pos, preset) = positions(40, 8, &net, 1)[39];
    let rules = Rules {
        cube: false,
        ..Rules::of(preset)
    };
    let me = pos.turn();
    let mut want = [0.0f32; 5];
    for roll in backgammon::Roll::ALL {
        let mut plays = PlayList::new();
        pos.legal_plays_into(roll, &rules, &mut plays);
        let best = plays
            .iter()
            .map(|p| net.after_play(&pos.play_unchecked(p), me, preset))
            .max_by(|a, b| {
                backgammon_bot::net::equity(a).total_cmp(&backgammon_bot::net::equity(b))
            })
            .unwrap();
        for k in 0..5 {
            want[k] += roll.weight() as f32 / 36.0 * best[k];
        }
    }
    let l = label(&net, &pos, preset, &mut PlayList::new());
    for k in 0..5 {
        assert!((l[k] - want[k]).abs() < 1e-5, "{k}: {l:?} {want:?}");
    }
}

#[test]
fn a_set_file_has_the_same_bytes_for_a_seed_whatever_the_threads_and_the_interruptions() {
    let net = default_net();
    let ps = positions(2 * refine::CHUNK + 50, 3, &net, 1);
    let (a, b) = (temp("a.set"), temp("b.set"));
    let mut w = LabelWriter::open(&a, 3).unwrap();
    w.run(&net, &ps, 1, |_| ()).unwrap();
    // Stopped after a chunk (and a partly written record), then resumed
    // on two threads.
    let mut w = LabelWriter::open(&b, 3).unwrap();
    w.run(&net, &ps[..refine::CHUNK], 2, |_| ()).unwrap();
    drop(w);
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new().append(true).open(&b).unwrap();
        f.write_all(&[1, 0, 3]).unwrap();
    }
    let mut w = LabelWriter::open(&b, 3).unwrap();
    assert_eq!(w.done(), refine::CHUNK);
    w.run(&net, &ps, 2, |_| ()).unwrap();
    let (ba, bb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(ba, bb);
    assert_eq!(
        ba.len(),
        refine::HEADER_BYTES + ps.len() * refine::RECORD_BYTES
    );
    // Read back: the positions in order, each with its label.
    let (seed, samples) = read_set(&a).unwrap();
    assert_eq!(seed, 3);
    assert_eq!(samples.len(), ps.len());
    let mut buf = PlayList::new();
    for (s, (pos, preset)) in samples.iter().zip(&ps).step_by(97) {
        assert_eq!((s.pos, s.preset), (*pos, *preset));
        assert_eq!(s.target[..], label(&net, pos, *preset, &mut buf)[..5]);
    }
    // Another seed does not continue it.
    assert!(matches!(
        LabelWriter::open(&a, 4),
        Err(SetError::OtherSeed { found: 3, .. })
    ));
    std::fs::write(&b, b"not a set").unwrap();
    assert!(matches!(read_set(&b), Err(SetError::NotASet(_))));
    let _ = std::fs::remove_file(&a);
    let _ = std::fs::remove_file(&b);
}

#[test]
fn a_short_refinement_lowers_the_loss_on_its_set() {
    let samples = labelled(400, 6);
    let path = temp("c.set");
    write_set(&path, 6, &samples).unwrap();
    let (_, read) = read_set(&path).unwrap();
    assert_eq!(read, samples);
    let _ = std::fs::remove_file(&path);
    let config = RefineConfig {
        epochs: 4,
        alpha: 0.02,
        alpha_end: 0.005,
        seed: 1,
    };
    let start: BgNet = (*default_net()).clone();
    let mut r = Refiner::new(start.clone(), samples, config);
    assert_eq!(r.sizes(), (380, 20));
    let before = r.train_loss();
    for _ in 0..4 {
        r.epoch_step(|_| ());
    }
    let after = r.train_loss();
    assert!(after.mse < 0.9 * before.mse, "{before:?} -> {after:?}");
    assert!(after.equity < before.equity, "{before:?} -> {after:?}");
    assert_eq!(r.epoch(), 4);
    // The same seed, the same network.
    let mut again = Refiner::new(start, labelled(400, 6), config);
    for _ in 0..4 {
        again.epoch_step(|_| ());
    }
    assert_eq!(again.net(), r.net());
}

#[test]
fn a_deep_label_is_the_mean_of_the_2ply_values_of_the_bots_plays_and_exact_in_a_bear_off() {
    use backgammon::{Position, Roll, Side};
    use backgammon_bot::cube::depth::deep_outputs;
    use backgammon_bot::search::{SEARCH_KEEP, SEARCH_MARGIN};
    use backgammon_bot::train::refine::label_at;
    let net = default_net();
    let mut buf = PlayList::new();
    let label_deep =
        |pos: &Position, preset, buf: &mut PlayList| label_at(3, &net, pos, preset, buf);
    // A contact position met in self-play: the mean over the 21 rolls,
    // each weighted 1 or 2 of 36, of the 2-ply outputs of the play the
    // default bot's search chooses.
    let (pos, preset) = positions(40, 8, &net, 1)[39];
    let rules = rules_of(preset);
    let deep = label_deep(&pos, preset, &mut buf);
    let mut want = [0.0f64; 5];
    let mut plays = PlayList::new();
    for roll in Roll::ALL {
        plays.clear();
        pos.legal_plays_into(roll, &rules, &mut plays);
        let (_, o) = net.best_play_2ply(&pos, &plays, &rules, SEARCH_KEEP, SEARCH_MARGIN);
        for k in 0..5 {
            want[k] += f64::from(roll.weight()) / 36.0 * f64::from(o[k]);
        }
    }
    for k in 0..5 {
        assert!(
            (f64::from(deep[k]) - want[k]).abs() < 1e-5,
            "{k}: {deep:?} {want:?}"
        );
    }
    // The same chances as the bot's close cube decisions.
    assert_eq!(deep_outputs(&net, &pos, &rules), deep);
    assert_eq!(
        label_at(2, &net, &pos, preset, &mut buf),
        label(&net, &pos, preset, &mut buf)
    );
    // A bear-off valued by the exact database: White, on roll, has one
    // checker on his 6-point, Black one on his 1-point. White wins only
    // if he bears off at once (27 rolls of 36 take a checker off from the
    // 6-point in one roll); the deeper label finds it exactly.
    let (mut white, mut black) = ([0u8; 26], [0u8; 26]);
    (white[0], white[6]) = (14, 1);
    (black[0], black[1]) = (14, 1);
    let pos = Position::from_setup(backgammon::Setup {
        counts: backgammon::BySide::new(white, black),
        turn: Side::White,
    })
    .expect("a position");
    let deep = label_deep(&pos, Preset::Standard, &mut buf);
    assert!((deep[0] - 27.0 / 36.0).abs() < 1e-5, "{deep:?}");
}

#[test]
fn a_set_keeps_the_depth_of_its_labels() {
    use backgammon_bot::train::refine::read_set_plies;
    let net = default_net();
    let ps = positions(6, 9, &net, 1);
    let path = temp("deep.set");
    let mut w = LabelWriter::open_at(&path, 9, 3).unwrap();
    w.run(&net, &ps, 1, |_| ()).unwrap();
    drop(w);
    let (seed, plies, samples) = read_set_plies(&path).unwrap();
    assert_eq!((seed, plies, samples.len()), (9, 3, 6));
    // A 2-ply run does not continue a 3-ply set.
    assert!(matches!(
        LabelWriter::open(&path, 9),
        Err(SetError::OtherPlies {
            found: 3,
            wanted: 2,
            ..
        })
    ));
    assert_eq!(LabelWriter::open_at(&path, 9, 3).unwrap().done(), 6);
    let _ = std::fs::remove_file(&path);
}

/// A rollout label's weights (each first roll 1 or 2 of 36, `games`
/// times) sum to one, and it is in the eyes of the side on roll: games
/// judged right after his first play, in his opponent's eyes, give the
/// judge's outputs flipped.
#[test]
fn a_rollout_label_is_the_weighted_mean_in_the_rollers_eyes() {
    let root = backgammon::Position::start();
    let label = rollout_label(
        &root,
        Preset::Standard,
        2,
        7,
        |pos, _roll| pos.with_turn(!pos.turn()),
        |_| Some([0.6, 0.2, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0]),
    );
    let want = flip(&[0.6, 0.2, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0]);
    for k in 0..5 {
        assert!(
            (label[k] - want[k]).abs() < 1e-6,
            "{label:?} against {want:?}"
        );
    }
}
