//! Fields, plays and states in words: the names of --fields,
//! the named fields, what a phase waits for, a bredouille state.

use trictrac::fields::NamedField;
use trictrac::game::Phase;
use trictrac::{Bredouille, Field, FieldNames, Play, Side};

use super::board::View;

/// The field label in the view's names: `7`, `B6`, `G` or `g`.
pub fn label(f: Field, view: &View) -> String {
    view.fields.name(f.value())
}

/// A play of `side` written in the view's names, e.g. `BT-B6 BT-B5`.
pub fn play_text(play: &Play, side: Side, names: FieldNames) -> String {
    if play.is_pass() {
        return "--".to_string();
    }
    names.play_from_numbers(&play.display(side).to_string())
}

/// The named fields of both sides in `names`, e.g. `talon 1|24,
/// coin bourgeois 6,7|19,18, …`: White's before the bar, Black's after.
pub fn named_fields_text(names: FieldNames) -> String {
    let of = |n: NamedField, side: Side| -> String {
        n.fields()
            .iter()
            .map(|&k| names.name(Field::new(k).to_absolute(side).value()))
            .collect::<Vec<_>>()
            .join(",")
    };
    let items: Vec<String> = NamedField::ALL
        .iter()
        .map(|&n| {
            let also: Vec<&str> = n.also_called().iter().map(|a| a.name).collect();
            let also = if also.is_empty() {
                String::new()
            } else {
                format!(" (also {})", also.join(", "))
            };
            format!(
                "{}{also} {}|{}",
                n.name(),
                of(n, Side::White),
                of(n, Side::Black)
            )
        })
        .collect();
    format!("Named fields, white|black: {} (R-1.6).", items.join(", "))
}

/// What `phase` waits for, e.g. `white to play`.
pub fn turn_text(phase: Phase) -> String {
    match phase {
        Phase::FirstMove => "first move".into(),
        Phase::Roll(s) => format!("{s} to roll"),
        Phase::Play(s) => format!("{s} to play"),
        Phase::StayOrLeave(s) => format!("{s}: stay/leave"),
        Phase::Mark(s) => format!("{s} to mark"),
        Phase::Over(s) => format!("{s} has won"),
    }
}

/// Where the flag stands (R-8.4, as the article places it:
/// `ScoreState::flag`), with the run it shows: `between the pegs`,
/// `between the pegs (white's run)`, `with white`, `aside`.
pub fn flag_text(score: &trictrac::ScoreState) -> String {
    use trictrac::score::Flag;
    match (score.flag(), score.pavillon) {
        (Flag::With(s), _) => format!("with {}", s.name()),
        (Flag::Aside, _) => "aside".into(),
        (Flag::BetweenPegs, Bredouille::Side(s)) => {
            format!("between the pegs ({}'s run)", s.name())
        }
        (Flag::BetweenPegs, _) => "between the pegs".into(),
    }
}

/// A bredouille or pavillon state in words.
pub fn run_text(b: Bredouille) -> &'static str {
    match b {
        Bredouille::Either => "to take",
        Bredouille::Side(Side::White) => "white",
        Bredouille::Side(Side::Black) => "black",
        Bredouille::Neither => "broken",
    }
}
