//! The analysis board's query read into a [`Setting`]: the position (by
//! XGID, Position ID or board), the dice, the cube and the score, and the
//! depth asked.

use super::*;

/// One field of the analysis board's query, trimmed, empty as absent.
fn field<'a>(
    q: &'a HashMap<String, String>,
    name: &str,
) -> Result<Option<&'a str>, crate::error::AnalysisError> {
    match q.get(name).map(|t| t.trim()).filter(|t| !t.is_empty()) {
        Some(t) if t.len() > TEXT_MAX => {
            Err(format!("{name}: at most {TEXT_MAX} characters").into())
        }
        x => Ok(x),
    }
}

fn side_of(text: &str) -> Result<Side, crate::error::AnalysisError> {
    match text {
        "white" | "w" => Ok(Side::White),
        "black" | "b" => Ok(Side::Black),
        o => Err(format!("turn `{o}`: white or black").into()),
    }
}

/// The checkers placed on the board by clicks: `board`, 24 signed counts
/// on White's points 1..24 (+ White, − Black) separated by commas,
/// `bar` `W-B`; the rest of each side's 15 borne off.
fn from_board(
    board: &str,
    bar: Option<&str>,
    turn: Side,
) -> Result<Position, crate::error::AnalysisError> {
    let cells: Vec<i32> = board
        .split(',')
        .map(|t| {
            t.trim()
                .parse::<i32>()
                .map_err(|_| format!("board: `{}` is not a count of checkers", t.trim()))
        })
        .collect::<Result<_, _>>()?;
    if cells.len() != 24 {
        return Err(format!(
            "board: 24 counts (White's points 1 to 24, + White, − Black), not {}",
            cells.len()
        )
        .into());
    }
    let (bw, bb) = match bar {
        None => (0, 0),
        Some(t) => {
            let bad = || format!("bar `{t}`: White's and Black's checkers on the bar, e.g. 1-0");
            let (a, b) = t.split_once('-').ok_or_else(bad)?;
            (
                a.trim().parse::<u8>().map_err(|_| bad())?,
                b.trim().parse::<u8>().map_err(|_| bad())?,
            )
        }
    };
    let mut counts = BySide::new([0u8; 26], [0u8; 26]);
    for (i, c) in cells.iter().enumerate() {
        let p = i + 1;
        let n = u8::try_from(c.unsigned_abs().min(15)).unwrap_or(15);
        if c.unsigned_abs() > 15 {
            return Err(format!("board: {c} checkers on point {p} (15 a side, BG-1.1)").into());
        }
        if *c > 0 {
            counts.white[p] = n;
        } else if *c < 0 {
            counts.black[25 - p] = n;
        }
    }
    counts.white[25] = bw;
    counts.black[25] = bb;
    for side in [Side::White, Side::Black] {
        let c = counts.get_mut(side);
        let on: u32 = c[1..].iter().map(|&n| u32::from(n)).sum();
        if on > 15 {
            return Err(
                format!("{side} has {on} checkers on the board, more than 15 (BG-1.1)").into(),
            );
        }
        c[0] = 15 - on as u8;
    }
    Position::from_setup(Setup { counts, turn }).map_err(|e| format!("board: {e}").into())
}

/// The setting of the analysis board's query: `position` (a gnubg
/// Position ID, `PositionID:MatchID` or an XGID) or `board`/`bar` (the
/// checkers placed by clicks), `turn`, `dice` (`A-B`, or none for the
/// cube), `double` (`offered`: the side on roll has doubled, the other
/// answers), `cube` and `owner`, `length`, `score` (`W-B`), `crawford`.
///
/// # Errors
/// One line naming the field that is wrong.
pub fn setting(q: &HashMap<String, String>) -> Result<Setting, crate::error::AnalysisError> {
    let turn = field(q, "turn")?.map(side_of).transpose()?;
    let mut s = Setting {
        position: Position::start(),
        dice: None,
        cube: Cube::centred(),
        state: MatchState::money(),
        doubled: false,
        jacoby: None,
    };
    match (field(q, "position")?, field(q, "board")?) {
        (Some(_), Some(_)) => return Err("give a position or a board, not both".into()),
        (Some(text), None) => {
            use backgammon::SettingError as E;
            let r =
                backgammon::read_setting(text, turn.unwrap_or(Side::White), None).map_err(|e| {
                    match e {
                        E::MatchId(e) => format!("match ID: {e}"),
                        e => format!("position: {e}"),
                    }
                })?;
            s.cube = r.cube;
            s.state = r.state;
            s.dice = r.dice;
            s.doubled = r.doubled;
            // The Jacoby rule on is the standard one: kept only when off.
            s.jacoby = r.jacoby.filter(|on| !on);
            // The doubler is on roll in a setting where a double is
            // offered; the notation names the side to answer.
            s.position = if r.doubled {
                r.position.with_turn(!r.position.turn())
            } else {
                r.position
            };
        }
        (None, Some(board)) => {
            s.position = from_board(board, field(q, "bar")?, turn.unwrap_or(Side::White))?;
        }
        (None, None) => {
            return Err(
                "give a position (a Position ID such as 4HPwATDgc/ABMA, or an XGID) or a board"
                    .into(),
            )
        }
    }
    if s.position.winner().is_some() {
        return Err("position: the game is over in it (a side has borne off all 15)".into());
    }
    if let Some(d) = field(q, "dice")? {
        if d == "none" || d == "cube" {
            s.dice = None;
        } else {
            let r: Roll = d
                .parse()
                .map_err(|e| format!("dice `{d}`: {e} (two dice, e.g. 6-4)"))?;
            s.dice = Some(r);
            s.doubled = false;
        }
    }
    match field(q, "double")? {
        None => {}
        Some("offered") if s.dice.is_some() => {
            return Err("double=offered: a double is offered before the roll, not with dice".into())
        }
        Some("offered") => s.doubled = true,
        Some("none") => s.doubled = false,
        Some(o) => return Err(format!("double `{o}`: offered or none").into()),
    }
    if let Some(c) = field(q, "cube")? {
        let v: u32 = c
            .parse()
            .ok()
            .filter(|v: &u32| v.is_power_of_two() && *v <= Cube::MAX)
            .ok_or_else(|| format!("cube `{c}`: 1, 2, 4, … 64 (BG-7.1)"))?;
        s.cube.value = v;
    }
    if let Some(o) = field(q, "owner")? {
        s.cube.owner = match o {
            "centre" | "center" | "centred" | "none" => None,
            o => Some(side_of(o).map_err(|_| format!("owner `{o}`: white, black or centre"))?),
        };
    }
    if s.cube.value == 1 && s.cube.owner.is_some() {
        return Err("cube: a cube at 1 is centred (BG-7.1)".into());
    }
    if let Some(l) = field(q, "length")? {
        s.state.length = l
            .parse()
            .ok()
            .filter(|n| *n <= backgammon::session::MAX_MATCH)
            .ok_or_else(|| {
                format!(
                    "length `{l}`: 0 (money) to {} points",
                    backgammon::session::MAX_MATCH
                )
            })?;
    }
    if let Some(sc) = field(q, "score")? {
        let bad = || format!("score `{sc}`: White's then Black's points, e.g. 2-4");
        let (a, b) = sc.split_once('-').ok_or_else(bad)?;
        s.state.score = BySide::new(
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        );
    }
    if let Some(c) = field(q, "crawford")? {
        s.state.crawford = matches!(c, "1" | "true" | "on" | "yes");
    }
    let st = s.state;
    if st.length == 0 {
        if st.score.white > 0 || st.score.black > 0 || st.crawford {
            return Err("score and crawford are for a match: give a length".into());
        }
    } else {
        if st.score.white >= st.length || st.score.black >= st.length {
            return Err(format!(
                "score {}-{}: ends a {}-point match",
                st.score.white, st.score.black, st.length
            )
            .into());
        }
        let at_crawford = st.score.white + 1 == st.length || st.score.black + 1 == st.length;
        if st.crawford && !at_crawford {
            return Err("crawford: the Crawford game needs a side 1 point away (BG-7.5)".into());
        }
        s.state.crawford_done = at_crawford && !st.crawford;
    }
    if s.doubled && !backgammon_bot::cube::may_double(&s.position, &s.state, s.cube) {
        return Err("a double offered where the cube is not available (BG-7.2)".into());
    }
    Ok(s)
}

/// `plies` of the query: 0, 2 or 3; absent, the default bot's depth
/// ([`analyse`]).
///
/// # Errors
/// Anything else.
pub fn plies(q: &HashMap<String, String>) -> Result<Option<u8>, crate::error::AnalysisError> {
    match field(q, "plies")? {
        None => Ok(None),
        Some("0") => Ok(Some(0)),
        Some("2") => Ok(Some(2)),
        Some("3") => Ok(Some(3)),
        Some(o) => Err(format!("plies `{o}`: 0, 2 or 3").into()),
    }
}
