//! The bredouille token and the pavillon as the seed article draws them
//! (issue 24 item 7; ): the state machine says who is en
//! bredouille, the article says when a token or the flag shows it.

use trictrac::score::{Bredouille, Flag, ScoreState};
use trictrac::{BySide, Side};

fn score(
    points: (u8, u8),
    holes: (u8, u8),
    bredouille: Bredouille,
    pavillon: Bredouille,
) -> ScoreState {
    ScoreState {
        points: BySide {
            white: points.0,
            black: points.1,
        },
        holes: BySide {
            white: holes.0,
            black: holes.1,
        },
        bredouille,
        pavillon,
    }
}

#[test]
fn r_8_2_the_first_scorer_has_no_second_token() {
    // White scores first: Black's token is still at the talons.
    let s = score(
        (6, 0),
        (0, 0),
        Bredouille::Side(Side::White),
        Bredouille::Either,
    );
    assert_eq!(s.bredouille_token(), None);
}

#[test]
fn r_8_2_the_interrupter_marks_with_two_tokens() {
    // Black interrupts White's run: Black is en bredouille, facing White's
    // points on the board, and marks with the second token.
    let s = score(
        (6, 2),
        (0, 0),
        Bredouille::Side(Side::Black),
        Bredouille::Either,
    );
    assert_eq!(s.bredouille_token(), Some(Side::Black));
    // White scores again: both runs broken, the token goes back.
    let s = score((8, 2), (0, 0), Bredouille::Neither, Bredouille::Either);
    assert_eq!(s.bredouille_token(), None);
    // After a hole with remainder points, the opponent's erased: obvious.
    let s = score(
        (0, 4),
        (0, 1),
        Bredouille::Side(Side::Black),
        Bredouille::Either,
    );
    assert_eq!(s.bredouille_token(), None);
}

#[test]
fn r_8_4_the_flag_goes_to_the_second_to_mark_holes() {
    let start = ScoreState::default();
    assert_eq!(start.flag(), Flag::BetweenPegs);
    // White marks holes first: the flag stays between the pegs.
    let s = score(
        (0, 0),
        (3, 0),
        Bredouille::Either,
        Bredouille::Side(Side::White),
    );
    assert_eq!(s.flag(), Flag::BetweenPegs);
    // Black interrupts: he takes the flag.
    let s = score(
        (0, 0),
        (3, 1),
        Bredouille::Either,
        Bredouille::Side(Side::Black),
    );
    assert_eq!(s.flag(), Flag::With(Side::Black));
    // White marks again: the flag is put aside.
    let s = score((0, 0), (4, 1), Bredouille::Either, Bredouille::Neither);
    assert_eq!(s.flag(), Flag::Aside);
}
