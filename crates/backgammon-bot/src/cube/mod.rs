//! Cube decisions from the cubeless outputs (win, gammon and backgammon
//! chances of both sides, in the eyes of the side on roll).
//!
//! **Money games**: Janowski's model. With `W` the mean points of a win
//! and `L` of a loss (gammons and backgammons counted by the preset), the
//! cubeful equity is `x · live + (1 − x) · dead`, where `dead = p(W + L) − L`
//! is the cubeless equity and `live` is the equity with a perfectly
//! efficient cube: piecewise linear in the winning chances `p` between the
//! ends (`−L` at 0, `W` at 1) and the points where the cube changes hands,
//! the live take point `TP = (L − ½)/(W + L + ½)` and cash point
//! `CP = (L + 1)/(W + L + ½)` ([`money`]). `x` is the cube efficiency or
//! cube-life index, by the kind of position ([`cube_life`]): 0.68 in
//! contact ([`CUBE_EFFICIENCY`]), in a race `0.55 + 0.00125 ×` the pips of
//! the side on roll within 0.60–0.70 (a short race leaves the cube less
//! time to be used), 0.60 when both sides bear off — GNU Backgammon's
//! published values. With the Jacoby rule a centred cube's
//! dead part values every win and loss at 1 (gammons count only once the
//! cube is turned) and its live part cashes instead of playing on
//! ([`jacoby_centred_equity`]).
//!
//! **Matches** ([`match_play`]): the same model (and the same `x`) in
//! match-winning chances, computed on a
//! grid of `p`, level by level of the cube (the owner of cube `c` can
//! redouble to `2c`, whose value is computed first), with the points won
//! or lost turned into match-winning chances by a match equity table
//! ([`met`]) computed here from the gammon rates ([`GAMMON_RATE`]) by the
//! same model at `p = ½`, score by score, the Crawford rule included.
//!
//! **Seed preset**: refusing a redouble loses the game counted on the
//! current position (BG-6.2) times the cube's last value (BG-7.4), so a
//! redouble's drop costs 1, 2 or 3 times the cube and the doubled side
//! takes more often (later redoubles in the model are priced as
//! standard drops).
//!
//! **Depth** ([`depth`]): the bot decides on a cheap estimate of the
//! chances, and takes a close decision again on chances searched two
//! plies deeper. In money play it takes only with a margin to spare
//! ([`depth::TAKE_MARGIN`], measured against gnubg).

pub mod depth;
pub mod match_play;
mod model;
pub mod money;
pub mod mwc;
pub mod score;
pub mod search;

use backgammon::score::win_kind;
use backgammon::{Cube, Game, MatchState, Position, Preset, Rules, Side};
use neural::Outputs;

pub use match_play::{crawford_decision, match_decision, met, MetTable, MET_MAX};
pub use model::{
    cube_life, Decision, Owner, Rates, BACKGAMMON_RATE, BEAROFF_CUBE_LIFE, CUBE_EFFICIENCY,
    GAMMON_RATE, RACE_CUBE_LIFE, RACE_CUBE_LIFE_RANGE,
};
pub use money::{jacoby_centred_equity, money_decision, money_equity};

/// him (BG-7.4): the cube's value; under the seed preset, for a redouble,
/// the game counted as it stands (BG-6.2) times the cube.
pub fn drop_points(pos: &Position, preset: Preset, cube: Cube) -> u32 {
    match (preset, cube.owner) {
        (Preset::Seed, Some(_)) => win_kind(pos, pos.turn(), Preset::Seed).points() * cube.value,
        _ => cube.value,
    }
}

/// Whether the side on roll of `pos` may double under `state` and `cube`
/// (BG-7.2): the cube centred or his, not the Crawford game, below the
/// highest face.
pub fn may_double(pos: &Position, state: &MatchState, cube: Cube) -> bool {
    let me = pos.turn();
    cube.owner.is_none_or(|o| o == me) && !state.crawford && cube.value * 2 <= Cube::MAX
}

/// The cube decision of the side on roll of `pos` (before he rolls, or
/// having doubled), with the outputs `o` in his eyes.
pub fn decide(
    pos: &Position,
    rules: &Rules,
    state: &MatchState,
    cube: Cube,
    o: &Outputs,
) -> Decision {
    let me: Side = pos.turn();
    let owner = match cube.owner {
        None => Owner::Centred,
        Some(s) if s == me => Owner::Me,
        Some(_) => Owner::Opponent,
    };
    let drop = drop_points(pos, rules.preset, cube);
    let x = cube_life(pos);
    if state.is_money() {
        money_decision(
            o,
            owner,
            rules.jacoby,
            f64::from(drop) / f64::from(cube.value),
            x,
        )
    } else {
        let away = |s: Side| state.length.saturating_sub(*state.score.get(s)).max(1);
        if state.crawford {
            // No cube in the Crawford game: the live-cube model would
            // lend the trailer a leverage he does not have here.
            return crawford_decision(o, away(me), away(!me));
        }
        match_decision(
            o,
            away(me),
            away(!me),
            cube.value,
            owner,
            state.crawford || state.crawford_done,
            drop,
            x,
        )
    }
}

/// Whether the side on roll of `game` should double, given the outputs
/// in its eyes.
pub fn should_double(game: &Game, o: &Outputs) -> bool {
    decide(
        game.position(),
        game.rules(),
        game.match_state(),
        game.cube(),
        o,
    )
    .double()
}

/// Whether the doubled side of `game` should take, given the outputs in
/// the doubler's eyes (the doubler is on roll).
pub fn should_take(game: &Game, o: &Outputs) -> bool {
    decide(
        game.position(),
        game.rules(),
        game.match_state(),
        game.cube(),
        o,
    )
    .take()
}

/// What the position of `game` is worth to `me`, in units of the cube,
/// from the outputs `o` in the eyes of the position's side on roll: in a
/// money game played with the cube, the cubeful equity of Janowski's
/// model (the Jacoby rule counted while the cube is centred); otherwise
/// (a match, or no cube) the cubeless equity.
pub fn equity_for(game: &Game, me: Side, o: &Outputs) -> f64 {
    let pos = game.position();
    let mine = if pos.turn() == me {
        *o
    } else {
        crate::net::flip(o)
    };
    let rules = game.rules();
    if !game.match_state().is_money() || !rules.cube {
        let p = f64::from(mine[0]).clamp(0.0, 1.0);
        let (w, l) = Rates::of(&mine).money();
        return p * (w + l) - l;
    }
    score::money_cubeful_value(&mine, me, game.cube(), rules.jacoby, cube_life(pos))
}

/// Whether `me`, offered the other side's resignation of `kind` (times
/// the cube), accepts it: when the points offered are at least what the
/// position is worth to him ([`equity_for`], outputs `o` in the eyes of
/// the side on roll).
pub fn accepts_resignation(game: &Game, me: Side, kind: backgammon::WinKind, o: &Outputs) -> bool {
    f64::from(kind.points()) >= equity_for(game, me, o) - 1e-9
}

#[cfg(test)]
mod resignation_tests {
    use super::*;
    use backgammon::position::Setup;
    use backgammon::{BySide, WinKind};

    fn answer(game: &Game, me: Side, kind: WinKind) -> bool {
        let o = crate::net::default_net().evaluate(game.position(), game.rules().preset);
        accepts_resignation(game, me, kind, &o)
    }

    #[test]
    fn the_bot_accepts_what_the_position_is_worth_and_no_less() {
        // At the start the game is worth about nothing: a single game
        // offered is accepted.
        let start = Game::from_position(Rules::standard(), Position::start());
        assert!(answer(&start, Side::Black, WinKind::Single));
        // White, on roll, bears off his last checker: Black has none off
        // and all fifteen in White's home board, a backgammon.
        let mut w = [0u8; 26];
        w[0] = 14;
        w[1] = 1;
        let mut b = [0u8; 26];
        b[23] = 15;
        let pos = Position::from_setup(Setup {
            counts: BySide::new(w, b),
            turn: Side::White,
        })
        .unwrap();
        // Under the Jacoby rule, the cube centred, the backgammon counts
        // one point unless the cube is turned, and turned it is dropped:
        // the game is worth a single game to White.
        let g = Game::from_position(Rules::standard(), pos);
        assert!(answer(&g, Side::White, WinKind::Single));
        // Without it, the backgammon: only a backgammon is accepted.
        let rules: Rules = "standard jacoby=off".parse().unwrap();
        let g = Game::from_position(rules, pos);
        assert!(!answer(&g, Side::White, WinKind::Single));
        assert!(!answer(&g, Side::White, WinKind::Gammon));
        assert!(answer(&g, Side::White, WinKind::Backgammon));
    }
}
