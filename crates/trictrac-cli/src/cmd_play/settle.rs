//! A false play settled at the terminal (RULES.md section 11,
//! `false-moves=table`): its opponent leaves it, has it corrected to the
//! smallest correction or to the play he chooses, or has the checkers put
//! back for its author to replay; its author corrects himself, or replays.
//! A false play left by the opponent's roll with a checker in his grand
//! jan may still be claimed late (case 6): `claim`.

use super::*;

impl TrictracTerminal<'_> {
    /// The author of the last false play of the game (section 11).
    pub(super) fn false_author(&self) -> Option<Side> {
        self.game.events().iter().rev().find_map(|e| match e {
            Event::FalsePlay { side, .. } => Some(*side),
            _ => None,
        })
    }

    /// The plays a number in `correct N` / `replay N` picks from: the
    /// author's replay, else the opponent's corrections.
    fn settle_list(&self) -> Vec<Play> {
        match self.game.false_move_replay() {
            Some((_, plays)) => plays,
            None => self.game.false_move_corrections(),
        }
    }

    fn numbered(&self, plays: &[Play], author: Side) -> String {
        plays
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}) {}", i + 1, self.play_text(p, author)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The late false move's faulty checkers, named as on the board.
    pub(super) fn late_fields(&self) -> String {
        self.game
            .late_false_move()
            .map(|l| {
                l.fields
                    .iter()
                    .map(|f| self.view.fields.name(f.value()))
                    .collect::<Vec<_>>()
                    .join(" and ")
            })
            .unwrap_or_default()
    }

    /// What the terminal says when `by` claims the late false move.
    pub(super) fn late_claim_told(&self, by: Side) -> String {
        format!(
            "  {} claims the false move late: {}'s next roll must carry the checker on {} into the last quadrant, if a legal play can (section 11, case 6).",
            cap(by),
            (!by).name(),
            self.late_fields()
        )
    }

    /// What `side` may do with the false play standing, for the question
    /// before the roll; `None` when he has nothing to settle.
    pub(super) fn settle_offer(&self, side: Side) -> Option<String> {
        if self.game.can_claim_late_false_move(side) {
            let author = !side;
            return Some(format!(
                "`claim` {}'s false move, left by your roll: it passed a checker to {} in your grand jan while you could still fill it; {} must then carry it into the last quadrant with his next roll (section 11, case 6)",
                author.name(),
                self.late_fields(),
                author.name()
            ));
        }
        let (author, correction) = self.game.false_move()?;
        if !self.game.can_settle_false_move(side) {
            return None;
        }
        if self.game.false_move_replay().is_some() {
            return Some(format!(
                "{} had the checkers of your false move put back: play the roll again as you like, `replay N` or `replay PLAY`, N among {} (section 11)",
                cap(!author),
                self.numbered(&self.settle_list(), author)
            ));
        }
        let fix = self.play_text(&correction, author);
        if author == side {
            return Some(format!("`correct` your false move to {fix} (section 11)"));
        }
        let mut t = format!(
            "`correct` {}'s false move to {fix}, or `leave` it as it stands, or `correct N` / `correct PLAY` to the play you choose, N among {}",
            author.name(),
            self.numbered(&self.settle_list(), author)
        );
        if self.game.false_move_may_replay() {
            t.push_str(&format!(
                "; or `replay`: the checkers go back and {} plays the roll again as he likes",
                author.name()
            ));
        }
        t.push_str(" (section 11)");
        Some(t)
    }

    /// Whether `side` must still replay a false play put back (Enter does
    /// not go on then).
    pub(super) fn must_replay(&self, side: Side) -> bool {
        self.game
            .false_move_replay()
            .is_some_and(|(author, _)| author == side)
    }

    /// `side`'s answer about the false play: `None` when `line` is not a
    /// settlement word, else what it did (an error to show).
    pub(super) fn settle_answer(&mut self, side: Side, line: &str) -> Option<Result<(), String>> {
        let line = line.trim();
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(a, b)| (a, b.trim()));
        let word = word.to_lowercase();
        let done = |r: Result<(), GameError>| r.map_err(|e| e.to_string());
        Some(match (word.as_str(), rest) {
            ("leave" | "accept", "") => done(self.game.accept_false_move(side)),
            ("claim", "") => done(self.game.claim_late_false_move(side)),
            ("correct", "") if !self.must_replay(side) => {
                done(self.game.correct_false_move(side).map(|_| ()))
            }
            ("replay", "") if !self.must_replay(side) => done(self.game.replay_false_move(side)),
            ("correct" | "replay", "") => {
                Err("name the play you replay: its number or its notation".into())
            }
            ("correct" | "replay", play) => {
                if word == "replay" && !self.must_replay(side) {
                    return Some(Err(
                        "`replay` alone puts the checkers back; `correct PLAY` chooses the correction"
                            .into(),
                    ));
                }
                let list = self.settle_list();
                match play.parse::<usize>() {
                    Ok(n) => match list.get(n.wrapping_sub(1)) {
                        Some(p) => done(self.game.correct_false_move_to(side, p)),
                        None => Err(format!("no play numbered {n}: 1 to {}", list.len())),
                    },
                    Err(_) => self
                        .view
                        .fields
                        .play_to_numbers(play)
                        .map_err(|e| e.to_string())
                        .and_then(|t| t.parse::<PlayNotation>().map_err(|e| e.to_string()))
                        .and_then(|n| {
                            done(self.game.correct_false_move_notation(side, &n).map(|_| ()))
                        }),
                }
            }
            _ => return None,
        })
    }
}
