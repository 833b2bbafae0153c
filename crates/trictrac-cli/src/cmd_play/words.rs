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
/// coin bourgeois 6,7|19,18, …`: White's before the bar, Black's after;
/// with `also`, the other names a field has (`case des écoliers (also
/// case du diable, le Travanais)`).
pub fn named_fields_text(names: FieldNames, also: bool) -> String {
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
            let others: Vec<&str> = n.also_called().iter().map(|a| a.name).collect();
            let also = if !also || others.is_empty() {
                String::new()
            } else {
                format!(" (also {})", others.join(", "))
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
/// `ScoreState::flag`): `to take` (between the pegs), `white run` (still
/// between the pegs: White has marked holes, Black none), `with white`
/// (the second to mark holes took it), `aside`.
pub fn flag_text(score: &trictrac::ScoreState) -> String {
    use trictrac::score::Flag;
    // Short: the panel has 20 columns at 80.
    match (score.flag(), score.pavillon) {
        (Flag::With(s), _) => format!("with {}", s.name()),
        (Flag::Aside, _) => "aside".into(),
        (Flag::BetweenPegs, Bredouille::Side(s)) => format!("{} run", s.name()),
        (Flag::BetweenPegs, _) => "to take".into(),
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
