//! The rules that are plain arithmetic: an arena's points
//! (docs/SERVER.md, "Tournaments") and a knock-out's bracket.

/// The points of a win in an arena: 2 per game won, times the game's
/// value (backgammon single games: 1, 2 or 3 for a single game, a gammon
/// or a backgammon, the cube not counted; every other game and a match:
/// 1), doubled when the winner had won his two games before (lichess's
/// streak, without berserk). A loss is worth 0 and ends the streak.
pub fn arena_points(value: u32, streak_before: i64) -> i64 {
    let base = 2 * i64::from(value.clamp(1, 3));
    if streak_before >= 2 {
        2 * base
    } else {
        base
    }
}

/// The value of a finished game for the arena ([`arena_points`]): a
/// backgammon single game's kind read from its result line (`white 2
/// black 0 (gammon, cube 1)`, `… (backgammon resigned, cube 2)`; a
/// dropped double is a single game); anything else 1.
pub fn game_value(game: &str, result: Option<&str>) -> u32 {
    let Some(r) = result.filter(|_| game == "backgammon") else {
        return 1;
    };
    if r.contains("(match to") {
        return 1;
    }
    let how = r.split_once('(').map(|(_, h)| h.trim_start()).unwrap_or("");
    if how.starts_with("backgammon") {
        3
    } else if how.starts_with("gammon") {
        2
    } else {
        1
    }
}

/// The smallest bracket (a power of two, 2 at least) for `n` players.
pub fn bracket_size(n: usize) -> usize {
    n.max(2).next_power_of_two()
}

/// The first round of a knock-out of `n` players seeded 0 (the best)
/// to n-1: for each of the bracket's slots, the two seeds that meet
/// (the second none: a bye). Seeds meet as in tennis draws: 1 against
/// the last, the two best only in the final; the byes go to the best.
pub fn first_round(n: usize) -> Vec<(usize, Option<usize>)> {
    let size = bracket_size(n);
    // The order of seeds down the bracket: [0, 1] → [0, 3, 1, 2] → …
    let mut order = vec![0usize];
    while order.len() < size {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, m - 1 - s]).collect();
    }
    order
        .chunks(2)
        .map(|p| {
            let (a, b) = (p[0].min(p[1]), p[0].max(p[1]));
            (a, (b < n).then_some(b))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arena_points_follow_lichess_and_the_game_value() {
        assert_eq!(arena_points(1, 0), 2);
        assert_eq!(arena_points(1, 1), 2);
        // Two wins before: on fire, doubled.
        assert_eq!(arena_points(1, 2), 4);
        assert_eq!(arena_points(2, 0), 4);
        assert_eq!(arena_points(3, 5), 12);
        assert_eq!(arena_points(9, 0), 6);
    }

    #[test]
    fn a_backgammon_game_is_worth_its_kind() {
        let v = |t| game_value("backgammon", Some(t));
        assert_eq!(v("white 1 black 0 (single, cube 1)"), 1);
        assert_eq!(v("white 4 black 0 (gammon, cube 2)"), 2);
        assert_eq!(v("black 3 white 0 (backgammon, cube 1)"), 3);
        assert_eq!(v("black 3 white 0 (backgammon resigned, cube 1)"), 3);
        assert_eq!(v("black 2 white 0 (double dropped, cube 2)"), 1);
        assert_eq!(v("white 5 black 3 (match to 5)"), 1);
        assert_eq!(game_value("trictrac", Some("white 12 black 7 x2")), 1);
        assert_eq!(game_value("backgammon", None), 1);
    }

    #[test]
    fn brackets_seed_and_give_byes_to_the_best() {
        assert_eq!(bracket_size(3), 4);
        assert_eq!(bracket_size(4), 4);
        assert_eq!(bracket_size(5), 8);
        assert_eq!(first_round(4), vec![(0, Some(3)), (1, Some(2))]);
        assert_eq!(first_round(3), vec![(0, None), (1, Some(2))]);
        let r = first_round(5);
        assert_eq!(r.len(), 4);
        assert_eq!(r.iter().filter(|(_, b)| b.is_none()).count(), 3);
        assert_eq!(r[0], (0, None));
        // Every seed once.
        let mut seen: Vec<usize> = r
            .iter()
            .flat_map(|(a, b)| std::iter::once(*a).chain(*b))
            .collect();
        seen.sort_unstable();
        assert_eq!(seen, vec![0, 1, 2, 3, 4]);
    }
}
