//! The notation of BG-1.4 checked against GNU Backgammon (Debian's
//! `gnubg`, installed by `.ci/run`): Match IDs as gnubg prints them after
//! setting up match states, XGIDs read by gnubg's `set xgid` give our
//! Position and Match IDs, `.mat` files written here import into gnubg
//! with the same final score, and a match gnubg plays and exports
//! replays here to gnubg's score.
//!
//! Without gnubg the tests say so and pass, except under `CI=true`, where
//! gnubg must be there.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use backgammon::mat::{mat_name, MatFile};
use backgammon::{
    BySide, Die, Event, Game, GameState, MatchId, Phase, Rules, Side, Xgid, XgidDice,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod support;
use support::{gnubg, run_script, scratch, RandomMatch};

/// Runs gnubg's command line on `commands`, returns what it printed.
fn run(gnubg: &PathBuf, dir: &PathBuf, commands: &[String]) -> String {
    let mut child = Command::new(gnubg)
        .args(["-t", "-q", "-r"])
        .env("HOME", dir)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gnubg runs");
    let mut input = commands.join("\n");
    input.push_str("\nquit\ny\n");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The values printed after `label` (e.g. `Match ID   :`), in order.
fn printed(out: &str, label: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.split_once(label))
        .filter_map(|(_, rest)| rest.split_whitespace().next().map(str::to_string))
        .collect()
}

/// The last score gnubg printed: `The score (after N games) is: A a, B b`.
fn last_score(out: &str) -> Option<(u32, u32)> {
    let i = out.rfind("The score (after")?;
    let rest = &out[i..];
    let rest = &rest[rest.find("is:")? + 3..];
    let nums: Vec<u32> = rest
        .split(['(', '\n'])
        .next()?
        .split(',')
        .filter_map(|part| part.split_whitespace().last()?.parse().ok())
        .collect();
    match nums.as_slice() {
        [a, b] => Some((*a, *b)),
        _ => None,
    }
}

/// A random match with doubles, takes and drops (for `length` 0, a money
/// session of five games, Jacoby on): its games and states.
fn random_match(seed: u64, length: u32) -> (Vec<Game>, Vec<Game>) {
    RandomMatch {
        money_games: 5,
        ..RandomMatch::to(length, Rules::standard())
    }
    .games_and_states(seed)
}

#[test]
fn bg_1_4_match_ids_as_gnubg_prints_them() {
    let Some(gnubg) = gnubg() else { return };
    let dir = scratch("matchid");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut commands = vec![
        "set player 0 human".to_string(),
        "set player 1 human".to_string(),
    ];
    let mut expected = Vec::new();
    for case in 0..12 {
        let length = rng.gen_range(3..=15u32);
        // Scores short of length − 1 (gnubg sets the Crawford game itself).
        let score = BySide::new(rng.gen_range(0..length - 1), rng.gen_range(0..length - 1));
        let cube_value = 1u32 << rng.gen_range(0..=6);
        let owner = match rng.gen_range(0..3) {
            0 if cube_value > 1 => Some(Side::White),
            1 if cube_value > 1 => Some(Side::Black),
            _ => None,
        };
        let turn = if rng.gen_bool(0.5) {
            Side::White
        } else {
            Side::Black
        };
        let dice = (rng.gen_range(1..=6u8), rng.gen_range(1..=6u8));
        let n = |s: Side| if s == Side::White { 0 } else { 1 };
        commands.push(format!("new match {length}"));
        commands.push(format!("set score {} {}", score.white, score.black));
        commands.push(format!("set cube value {cube_value}"));
        commands.push(match owner {
            Some(s) => format!("set cube owner {}", n(s)),
            None => "set cube centre".to_string(),
        });
        commands.push(format!("set turn {}", n(turn)));
        let rolled = case % 3 != 0;
        if rolled {
            commands.push(format!("set dice {} {}", dice.0, dice.1));
        }
        commands.push("show board".to_string());
        expected.push(MatchId {
            cube_value,
            cube_owner: owner,
            dice_owner: turn,
            crawford: false,
            state: GameState::Playing,
            turn,
            double_offered: false,
            resignation: None,
            // gnubg keeps the dice high first.
            dice: rolled.then(|| (Die::new(dice.0.max(dice.1)), Die::new(dice.0.min(dice.1)))),
            length,
            score,
            jacoby: false,
        });
    }
    // The Crawford game, and a double offered by player 1.
    commands.extend(
        [
            "new match 5",
            "set score 4 2",
            "set crawford on",
            "set turn 1",
            "show board",
            "new match 7",
            "set score 3 5",
            "set turn 1",
            "double",
            "show board",
        ]
        .map(str::to_string),
    );
    let mut crawford = MatchId {
        cube_value: 1,
        cube_owner: None,
        dice_owner: Side::Black,
        crawford: true,
        state: GameState::Playing,
        turn: Side::Black,
        double_offered: false,
        resignation: None,
        dice: None,
        length: 5,
        score: BySide::new(4, 2),
        jacoby: false,
    };
    expected.push(crawford);
    crawford.crawford = false;
    crawford.length = 7;
    crawford.score = BySide::new(3, 5);
    crawford.double_offered = true;
    crawford.turn = Side::White;
    expected.push(crawford);
    let out = run(&gnubg, &dir, &commands);
    let shown = printed(&out, "Match ID   :");
    for id in &expected {
        let text = id.to_string();
        assert!(
            shown.contains(&text),
            "gnubg never printed {text} for {id:?}; it printed {shown:?}"
        );
        assert_eq!(text.parse::<MatchId>().unwrap(), *id);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same Match ID with the players exchanged.
fn swapped(id: MatchId) -> MatchId {
    MatchId {
        cube_owner: id.cube_owner.map(|s| !s),
        dice_owner: !id.dice_owner,
        turn: !id.turn,
        score: BySide::new(id.score.black, id.score.white),
        ..id
    }
}

#[test]
fn bg_1_4_xgids_read_by_gnubg_give_our_ids() {
    let Some(gnubg) = gnubg() else { return };
    let dir = scratch("xgid");
    let mut cases = Vec::new();
    for seed in 0..4 {
        let (_, states) = random_match(seed, 7);
        let mut rng = ChaCha8Rng::seed_from_u64(100 + seed);
        for g in states {
            if matches!(g.phase(), Phase::Doubled { .. })
                || (matches!(g.phase(), Phase::Roll(_) | Phase::Play(..)) && rng.gen_ratio(1, 12))
            {
                cases.push(Xgid::of_game(&g));
            }
        }
    }
    assert!(cases.len() >= 50, "{} cases", cases.len());
    let input = dir.join("in.txt");
    let output = dir.join("out.txt");
    let lines: Vec<String> = cases.iter().map(|x| x.to_string()).collect();
    std::fs::write(&input, lines.join("\n") + "\n").unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gnubg/xgid.py");
    let out = Command::new(&gnubg)
        .args(["-t", "-q", "-r", "-p"])
        .arg(&script)
        .env("BG_IN", &input)
        .env("BG_OUT", &output)
        .env("HOME", &dir)
        .output()
        .expect("gnubg runs");
    let text = std::fs::read_to_string(&output).unwrap_or_else(|e| {
        panic!(
            "gnubg wrote no output ({e}); stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let (pids, mids): (Vec<&str>, Vec<&str>) = text
        .lines()
        .map(|l| l.split_once(' ').unwrap_or((l, "")))
        .unzip();
    assert_eq!(pids.len(), cases.len(), "one answer per XGID");
    let mut failures = Vec::new();
    for ((x, pid), mid) in cases.iter().zip(&pids).zip(&mids) {
        // gnubg makes the side on roll its player 1 (Black here).
        let ours = x.to_match_id();
        let ours = if x.turn == Side::White {
            swapped(ours)
        } else {
            ours
        };
        let (our_pid, our_mid) = (x.position.to_position_id(), ours.to_string());
        // gnubg 1.07 reads a pending double (`D`) as no double: only the
        // position is compared then.
        let mid_differs = x.dice != XgidDice::Doubled && *mid != our_mid;
        if *pid != our_pid || mid_differs {
            failures.push(format!(
                "{x}: gnubg {pid} {mid}, ours {our_pid} {our_mid} ({:?})",
                mid.parse::<MatchId>()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} XGIDs differ:\n{}",
        failures.len(),
        cases.len(),
        failures[..failures.len().min(5)].join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_1_4_mat_written_here_imports_into_gnubg() {
    let Some(gnubg) = gnubg() else { return };
    let dir = scratch("mat-out");
    let mut seeds = (0..200u64).filter(|&s| random_match(s, 5).0.len() >= 4);
    let mut cases: Vec<(u64, u32)> = seeds.by_ref().take(3).map(|s| (s, 5)).collect();
    // A money session (`0 point match`), scored with the Jacoby rule.
    cases.push((1, 0));
    let mut events = Vec::new();
    for (seed, length) in cases {
        let (games, _) = random_match(seed, length);
        for g in &games {
            events.extend(g.events().iter().map(|e| {
                format!("{e:?}")
                    .split([' ', '{'])
                    .next()
                    .unwrap_or("")
                    .to_string()
            }));
            if g.match_state().crawford {
                events.push("Crawford".to_string());
            }
        }
        let m = MatFile {
            length,
            names: BySide::new("Alice".to_string(), "Bob".to_string()),
            games,
        };
        let file = dir.join(format!("m{seed}-{length}.mat"));
        let text = m.to_string();
        std::fs::write(&file, &text).unwrap();
        let commands = [
            format!("import mat {}", file.display()),
            "show score".to_string(),
        ];
        let out = run(&gnubg, &dir, &commands);
        let s = m.final_score();
        assert_eq!(
            last_score(&out),
            Some((s.white, s.black)),
            "gnubg's final score after importing our file\n{text}\n{out}"
        );
        // gnubg reads every move to the positions we played.
        assert_eq!(
            gnubg_boards(&gnubg, &dir, &file),
            boards_before_moves(&m.games),
            "positions before each move, gnubg's vs ours\n{text}"
        );
    }
    for kind in ["Double", "Take", "Drop", "Crawford"] {
        assert!(events.iter().any(|e| e == kind), "no {kind} in the matches");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_1_4_mat_exported_by_gnubg_replays_here() {
    let Some(gnubg) = gnubg() else { return };
    let dir = scratch("mat-in");
    let file = dir.join("gnubg.mat");
    let mut commands: Vec<String> = ["set seed 7", "set player 0 gnubg", "set player 1 gnubg"]
        .map(str::to_string)
        .to_vec();
    for p in [0, 1] {
        commands.push(format!("set player {p} chequerplay evaluation plies 0"));
        commands.push(format!("set player {p} cubedecision evaluation plies 0"));
    }
    commands.push("new match 5".to_string());
    commands.push(format!("export match mat {}", file.display()));
    commands.push("show score".to_string());
    let out = run(&gnubg, &dir, &commands);
    let (a, b) = last_score(&out).unwrap_or_else(|| panic!("no score in\n{out}"));
    let text = std::fs::read_to_string(&file).unwrap();
    let m = MatFile::parse(&text, Rules::standard()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(m.games.len() >= 2, "{text}");
    assert_eq!(m.final_score(), BySide::new(a, b), "{text}");
    // Every move reaches the positions gnubg's own import holds.
    let theirs = gnubg_boards(&gnubg, &dir, &file);
    let ours = boards_before_moves(&m.games);
    assert_eq!(ours.len(), theirs.len(), "moves: ours vs gnubg's");
    for (o, t) in ours.iter().zip(&theirs) {
        assert_eq!(o, t, "position before a move, ours vs gnubg's\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bg_1_4_mat_names_import_into_gnubg_as_written() {
    let Some(gnubg) = gnubg() else { return };
    let dir = scratch("mat-names");
    let pairs = [
        (" Game 2", "; trictrac bg rules: seed"),
        ("Game", "(Crawford) 2"),
        ("Émile Zoë, 東京: the longest name of all here", "Bob : 3"),
        ("a\tb  c", "  "),
    ];
    for (i, (white, black)) in pairs.iter().enumerate() {
        let (games, _) = random_match(3 + i as u64, 3);
        let m = MatFile {
            length: 3,
            names: BySide::new(white.to_string(), black.to_string()),
            games,
        };
        let file = dir.join(format!("names{i}.mat"));
        let text = m.to_string();
        std::fs::write(&file, &text).unwrap();
        let read = run_script(&gnubg, &dir, "mat_names.py", &file);
        assert_eq!(
            read,
            [
                mat_name(white, Side::White).as_str(),
                mat_name(black, Side::Black).as_str(),
                &m.games.len().to_string(),
            ],
            "gnubg's names and games\n{text}"
        );
        assert_eq!(
            gnubg_boards(&gnubg, &dir, &file),
            boards_before_moves(&m.games),
            "positions before each move, gnubg's vs ours\n{text}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// gnubg imports the `.mat` file: for each move it holds, "GAME PLAYER
/// POSITION_ID D1D2".
fn gnubg_boards(gnubg: &Path, dir: &Path, file: &Path) -> Vec<String> {
    run_script(gnubg, dir, "mat_boards.py", file)
}

/// For each move of `games`, "GAME PLAYER POSITION_ID D1D2": the games'
/// events replayed in fresh games.
fn boards_before_moves(games: &[Game]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let mut r = Game::new(*g.rules(), *g.match_state());
        for e in g.events() {
            match *e {
                Event::Opening { white, black } => r.opening(white, black).unwrap(),
                Event::Roll { roll, .. } => r.roll(roll).unwrap(),
                Event::Play { side, roll, play } => {
                    let player = if side == Side::White { 0 } else { 1 };
                    out.push(format!(
                        "{i} {player} {} {}{}",
                        r.position().to_position_id(),
                        roll.high(),
                        roll.low()
                    ));
                    r.play(&play).unwrap();
                }
                Event::Double { .. } => r.double().unwrap(),
                Event::Take { .. } => r.take().unwrap(),
                Event::Beaver { .. } => r.beaver().unwrap(),
                Event::Drop { .. } => r.drop_double().unwrap(),
                Event::Resign { side, kind } => r.resign(side, kind).unwrap(),
                Event::ResignOffer { side, kind } => r.offer_resignation(side, kind).unwrap(),
                Event::ResignDeclined { side } => r.answer_resignation(side, false).unwrap(),
                Event::ResignWithdrawn { side } => r.withdraw_resignation(side).unwrap(),
            }
        }
    }
    out
}
