//! What happened, in words: the jans of a roll, points and holes marked,
//! schools, decisions and plays.

use trictrac::game::{PointsFrom, SchoolKind, Stake};
use trictrac::score::{Hole, Marking};
use trictrac::{FieldNames, Jan, JanEvent, RollScore, ScoreState, Side, Way};

use crate::jans_json::marker;

/// `White` or `Black`.
pub fn cap(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// One jan of a roll: who marks it, its French name with an English
/// gloss, where, how many ways and the points, e.g. `white: battre à vrai
/// dans la table du petit jan (true hit in the petit-jan table), the
/// checker on 20, 2 ways: 8`.
pub fn jan_text(e: &JanEvent, mover: Side, names: FieldNames) -> String {
    let mut s = format!(
        "{}: {} ({})",
        marker(e, mover).name(),
        e.jan.french_name(),
        e.jan.english_name()
    );
    match e.jan {
        Jan::TrueHit(_) | Jan::FalseHit(_) => {
            if let Some(t) = e.fields.first() {
                s.push_str(&format!(", the checker on {}", names.name(t.value())));
            }
        }
        Jan::Fill(_) => {
            if let Some(t) = e.fields.first() {
                s.push_str(&format!(", completed on {}", names.name(t.value())));
            }
        }
        _ => {}
    }
    match e.jan {
        Jan::Unplayable => {
            let n = e.ways.len().max(1);
            s.push_str(&format!(", {}", plural(n, "die", "dice")));
        }
        _ if e.ways.len() > 1 => {
            let w: Vec<String> = e.ways.iter().map(Way::to_string).collect();
            s.push_str(&format!(", {} ways ({})", e.ways.len(), w.join(", ")));
        }
        _ => {}
    }
    if e.helpless {
        s.push_str(", par impuissance");
    }
    if e.depends_on_play {
        s.push_str(", if the play bears off the last checker");
    }
    s.push_str(&format!(": {} [{}]", e.points, e.jan.rule()));
    s
}

/// The jans of a roll, one text each, or `no jan`.
pub fn jan_texts(score: &RollScore, names: FieldNames) -> Vec<String> {
    if score.jans.is_empty() {
        return vec!["no jan".into()];
    }
    score
        .jans
        .iter()
        .map(|e| jan_text(e, score.side, names))
        .collect()
}

/// The holes of a marking, e.g. `a hole`, `a double hole (bredouille)`.
pub fn holes_phrase(m: &Marking) -> String {
    let parts: Vec<&str> = m
        .holes
        .iter()
        .map(|h| match h {
            Hole::Simple => "a hole",
            Hole::Double => "a double hole (bredouille)",
        })
        .collect();
    parts.join(" and ")
}

/// What marking points did, e.g. `White marks 4 points (8 on the board)`
/// or `White marks 14 points: a double hole (bredouille); 3 holes, 2
/// points left, Black's points erased`. With `points_said` false only
/// the holes are told (manual marking, where the declaration said the
/// points); `None` when there is nothing more to say.
pub fn marked_text(
    side: Side,
    from: PointsFrom,
    m: &Marking,
    after: &ScoreState,
    points_said: bool,
) -> Option<String> {
    let src = match from {
        PointsFrom::OwnRoll => String::new(),
        PointsFrom::Exit => " for the exit (sortie, R-6.10)".into(),
        PointsFrom::OpponentRoll => format!(" given by {}'s roll", (!side).name()),
        PointsFrom::School => " for the school".into(),
    };
    let mut s = if points_said {
        format!(
            "{} marks {}{src}",
            cap(side),
            plural(m.points as usize, "point", "points")
        )
    } else if m.holes.is_empty() {
        return None;
    } else {
        cap(side).to_string()
    };
    if m.holes.is_empty() {
        s.push_str(&format!(" ({} on the board)", after.points.get(side)));
    } else {
        s.push_str(if points_said { ": wins " } else { " wins " });
        s.push_str(&holes_phrase(m));
        if m.won {
            s.push_str(&format!(" and the game ({} holes)", after.holes.get(side)));
        } else {
            s.push_str(&format!(
                " — {} in all, {} left; {}'s points are erased",
                plural(*after.holes.get(side) as usize, "hole", "holes"),
                plural(*after.points.get(side) as usize, "point", "points"),
                (!side).name()
            ));
        }
    }
    s.push('.');
    Some(s)
}

/// A school claimed.
pub fn school_text(claimant: Side, kind: SchoolKind, named: u32, points: u32) -> String {
    let other = !claimant;
    if named == 0 {
        // A correction without school points.
        let what = match kind {
            SchoolKind::Moins => {
                format!("marked fewer points than won: the {points} missing are his")
            }
            SchoolKind::Trop => {
                format!("marked more points than won: the {points} too many are taken off")
            }
            SchoolKind::Remplir => {
                "marked points for a fill he did not make: they are taken off".to_string()
            }
            SchoolKind::Conserver => {
                "marked points for a full quarter he broke: they are taken off".to_string()
            }
            _ => "marked right".to_string(),
        };
        return format!(
            "{} corrects {}'s marking without school points (R-10): {} {what}.",
            cap(claimant),
            other.name(),
            cap(other)
        );
    }
    match kind {
        SchoolKind::Moins => format!(
            "{} claims a school of {named}: {} marked fewer points than won (école par moins, R-10.1); {} marks the {points} missing.",
            cap(claimant),
            cap(other),
            cap(claimant)
        ),
        SchoolKind::Trop => format!(
            "{} claims a school of {named}: {} marked more points than won (école par trop, R-10.2); the {points} too many go to {}.",
            cap(claimant),
            cap(other),
            cap(claimant)
        ),
        SchoolKind::Fausse => format!(
            "{} claims a school of {named}, but {} marked right: a false school (fausse école, R-10.4); {} marks the {points} named.",
            cap(claimant),
            cap(other),
            cap(other)
        ),
        SchoolKind::Augmentation => format!(
            "{} contested a correct school: augmentation d'école (R-10.4); {} marks the {points} again.",
            cap(other),
            cap(claimant)
        ),
        SchoolKind::Remplir => format!(
            "{} claims a school of {named}: {} could fill and did not (école du remplissage, R-10.3); the points he marked for the fill are taken off and {} marks {points}.",
            cap(claimant),
            cap(other),
            cap(claimant)
        ),
        SchoolKind::Conserver => format!(
            "{} claims a school of {named}: {} could keep his full quarter and broke it (école de la conservation, R-10.3); the points he marked for it are taken off and {} marks {points}.",
            cap(claimant),
            cap(other),
            cap(claimant)
        ),
    }
}

/// The end of the game.
pub fn over_text(winner: Side, score: &ScoreState, stake: Stake) -> String {
    let loser = !winner;
    let grande =
        *score.holes.get(loser) == 0 || score.pavillon == trictrac::Bredouille::Side(winner);
    format!(
        "{} wins the game, {} holes to {}{}: stake {stake} (R-9.1).",
        cap(winner),
        score.holes.get(winner),
        score.holes.get(loser),
        if grande { ", en grande bredouille" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use trictrac::{Position, Roll, RollContext, Rules};

    #[test]
    fn a_true_hit_names_the_checker_and_the_ways() {
        // Black's lone checker on 9: White hits it from 3 (6), 4 (5) and
        // tout d'une from talon? No: 1+11 is not a roll of 6-5 from 1.
        let pos: Position = "w:1x13,3,4 b:9,24x14 w".parse().unwrap();
        let (s, _) =
            pos.score_roll_with(Roll::new(6, 5), &Rules::default(), &RollContext::default());
        let texts = jan_texts(&s, FieldNames::Numbers);
        let hit = texts
            .iter()
            .find(|t| t.contains("battre à vrai"))
            .expect("a hit");
        assert!(hit.starts_with("white: "), "{hit}");
        assert!(hit.contains("(true hit"), "{hit}");
        assert!(hit.contains("the checker on 9"), "{hit}");
        assert!(hit.contains("ways"), "{hit}");
        assert!(hit.ends_with("[R-6.1]"), "{hit}");
    }

    #[test]
    fn holes_and_schools_in_words() {
        let mut s = ScoreState::default();
        let m = s.mark(Side::White, 12);
        let t = marked_text(Side::White, PointsFrom::OwnRoll, &m, &s, true).unwrap();
        assert!(t.contains("a double hole (bredouille)"), "{t}");
        assert!(t.contains("2 holes in all"), "{t}");
        assert!(marked_text(
            Side::White,
            PointsFrom::OwnRoll,
            &Marking::default(),
            &s,
            false
        )
        .is_none());
        let t = school_text(Side::Black, SchoolKind::Moins, 4, 4);
        assert!(t.contains("école par moins") && t.contains("R-10.1"), "{t}");
    }
}
