//! Reading backgammon positions, rolls, rules and plays from the command
//! line.

use backgammon::{Position, Roll, Rules, Side};

use crate::error::CliError;

/// The start position's gnubg Position ID, the default of `--position`.
pub const START_ID: &str = "4HPwATDgc/ABMA";

/// `--rules`: a preset and options (e.g. `seed`, `standard jacoby=off`).
pub fn rules(text: &str) -> Result<Rules, CliError> {
    text.parse::<Rules>()
        .map_err(|e| CliError::input(format!("invalid --rules `{text}`: {e}")))
}

/// `--turn`: the side on roll of a Position ID.
pub fn side(text: &str) -> Result<Side, CliError> {
    match text {
        "white" | "w" => Ok(Side::White),
        "black" | "b" => Ok(Side::Black),
        _ => Err(CliError::input(format!(
            "invalid side `{text}`: expected white or black"
        ))),
    }
}

/// `--position`: a gnubg Position ID with `turn` on roll, or an XGID
/// (its own side on roll), or a gnubg `PositionID:MatchID`.
pub fn position(id: &str, turn: Side) -> Result<Position, CliError> {
    setting(id, turn, None).map(|s| s.position)
}

/// A roll written `A-B`.
pub fn roll(text: &str) -> Result<Roll, CliError> {
    text.trim()
        .parse::<Roll>()
        .map_err(|e| CliError::input(format!("invalid --dice: {e}")))
}

/// A position with what its notation says around it: an XGID gives the
/// dice, cube, score and match length too; a Position ID only the
/// checkers (the side on roll from `--turn` or the Match ID).
#[derive(Clone, Debug)]
pub struct PositionInput {
    /// The checkers, the side on roll set.
    pub position: Position,
    /// The dice already rolled, if the notation gives them.
    pub dice: Option<Roll>,
    /// The cube.
    pub cube: backgammon::Cube,
    /// The match (money when the length is 0).
    pub state: backgammon::MatchState,
    /// The Jacoby rule, when the notation says (money).
    pub jacoby: Option<bool>,
    /// Whether the notation gave the cube and score (XGID or Match ID).
    pub has_match_info: bool,
}

/// `--position`: a gnubg Position ID (with `turn` on roll), a gnubg
/// `PositionID:MatchID` pair, or an XGID; `match_id`: `--match-id`.
pub fn setting(text: &str, turn: Side, match_id: Option<&str>) -> Result<PositionInput, CliError> {
    use backgammon::SettingError as E;
    let s = backgammon::read_setting(text, turn, match_id).map_err(|e| match e {
        E::Xgid(e) => CliError::input(format!("invalid --position: {e}")),
        E::PositionId(e) => CliError::input(format!("invalid --position: {e}")),
        E::MatchId(e) => CliError::input(format!("invalid --match-id: {e}")),
        E::XgidWithMatchId => {
            CliError::input("--match-id goes with a Position ID: an XGID already holds the match")
        }
        E::MatchIdTwice => {
            CliError::input("--match-id given twice: in --position (ID:MatchID) and alone")
        }
    })?;
    // The command line reads a double offered as the position of the
    // side to answer it, without dice.
    Ok(PositionInput {
        position: s.position,
        dice: s.dice,
        cube: s.cube,
        state: s.state,
        jacoby: s.jacoby,
        has_match_info: s.has_match_info(),
    })
}

/// The match around a position: a Match ID, or the length, score and
/// Crawford flag given one by one (they override what the position's
/// notation says).
#[derive(Debug, Clone, clap::Args)]
pub struct MatchOptions {
    /// A gnubg Match ID (cube, score, match length, side on roll, dice)
    #[arg(long, value_name = "ID")]
    pub match_id: Option<String>,

    /// Match length (0: money)
    #[arg(long = "match", value_name = "N")]
    pub length: Option<u32>,

    /// Score, White's then Black's, e.g. 2-4
    #[arg(long, value_name = "W-B")]
    pub score: Option<String>,

    /// This game is the Crawford game
    #[arg(long)]
    pub crawford: bool,
}

/// `--position` and the match options together.
pub fn setting_with(text: &str, turn: Side, m: &MatchOptions) -> Result<PositionInput, CliError> {
    let mut s = setting(text, turn, m.match_id.as_deref())?;
    if let Some(n) = m.length {
        s.state.length = n;
        s.has_match_info = true;
    }
    if let Some(sc) = &m.score {
        let bad = || CliError::input(format!("invalid --score `{sc}`: expected W-B, e.g. 2-4"));
        let (a, b) = sc.split_once('-').ok_or_else(bad)?;
        let a: u32 = a.trim().parse().map_err(|_| bad())?;
        let b: u32 = b.trim().parse().map_err(|_| bad())?;
        s.state.score = backgammon::BySide::new(a, b);
    }
    if m.crawford {
        s.state.crawford = true;
    }
    let st = s.state;
    if st.length > 0 {
        if st.score.white >= st.length || st.score.black >= st.length {
            return Err(CliError::input(format!(
                "invalid --score: {}-{} ends a {}-point match",
                st.score.white, st.score.black, st.length
            )));
        }
        let at_crawford = st.score.white + 1 == st.length || st.score.black + 1 == st.length;
        if st.crawford && !at_crawford {
            return Err(CliError::input(
                "invalid --crawford: the Crawford game needs a side 1 point away",
            ));
        }
        s.state.crawford_done = at_crawford && !st.crawford;
    } else if m.score.is_some() || m.crawford {
        return Err(CliError::input(
            "--score and --crawford need a match: give --match N",
        ));
    }
    Ok(s)
}

/// `--cube N --owner white|black|centre` over the setting's cube.
pub fn apply_cube(
    s: &mut PositionInput,
    value: Option<u32>,
    owner: Option<&str>,
) -> Result<(), CliError> {
    if let Some(v) = value {
        if !v.is_power_of_two() || v > backgammon::Cube::MAX {
            return Err(CliError::input(format!(
                "invalid --cube {v}: 1, 2, 4, … 64 (BG-7.1)"
            )));
        }
        s.cube.value = v;
        if v == 1 {
            s.cube.owner = None;
        }
    }
    if let Some(o) = owner {
        s.cube.owner = match o {
            "centre" | "center" | "centred" | "centered" | "none" => None,
            other => Some(side(other).map_err(|_| {
                CliError::input(format!(
                    "invalid --owner `{other}`: expected white, black or centre"
                ))
            })?),
        };
    }
    if s.cube.value > 1 && s.cube.owner.is_none() {
        return Err(CliError::input(
            "a cube above 1 has an owner: give --owner white or black",
        ));
    }
    Ok(())
}

/// The Position ID, Match ID and XGID of a setting (the dice if rolled).
pub fn ids(s: &PositionInput, dice: Option<Roll>, rules: &Rules) -> (String, String, String) {
    let turn = s.position.turn();
    let money = s.state.length == 0;
    let jacoby = money && s.jacoby.unwrap_or(rules.jacoby);
    let dice_pair = dice.map(|r| (r.high(), r.low()));
    let m = backgammon::MatchId {
        cube_value: s.cube.value,
        cube_owner: s.cube.owner,
        dice_owner: turn,
        crawford: s.state.crawford,
        state: backgammon::GameState::Playing,
        turn,
        double_offered: false,
        resignation: None,
        dice: dice_pair,
        length: s.state.length,
        score: s.state.score,
        jacoby,
    };
    let x = backgammon::Xgid {
        position: s.position,
        cube: s.cube,
        turn,
        dice: dice_pair.map_or(backgammon::XgidDice::NotRolled, |(a, b)| {
            backgammon::XgidDice::Rolled(a, b)
        }),
        score: s.state.score,
        length: s.state.length,
        crawford: s.state.crawford,
        jacoby,
        beavers: money && rules.beavers,
        max_cube_log2: backgammon::Cube::MAX.trailing_zeros(),
    };
    (s.position.to_position_id(), m.to_string(), x.to_string())
}

/// The network of `--model`, else the shipped one.
///
/// # Errors
/// When the model file cannot be read.
pub fn net(
    model: Option<&std::path::Path>,
) -> Result<std::sync::Arc<backgammon_bot::BgNet>, CliError> {
    match model {
        Some(p) => Ok(std::sync::Arc::new(
            backgammon_bot::BgNet::load(p).map_err(CliError::input)?,
        )),
        None => Ok(backgammon_bot::default_net()),
    }
}

/// Refuses a position whose game is over: nothing to analyse.
///
/// # Errors
/// When a side has borne off all its checkers (BG-5.3).
pub fn not_over(pos: &Position) -> Result<(), CliError> {
    match pos.winner() {
        Some(_) => Err(CliError::input(
            "the game is over in this position (BG-5.3)",
        )),
        None => Ok(()),
    }
}
