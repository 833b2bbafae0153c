//! What a person is asked at each decision of backgammon (roll or
//! double, take or drop, a play) and what his answer does; the hint, the
//! `id` command, what resigning concedes.

use super::terminal_game::resign_kind;
use super::*;
use backgammon::Xgid;
use backgammon_bot::analysis::service::{Analyst, PlayDepth};
use tables_term::game::{Answer, Resignation};

impl BgTerminal<'_> {
    /// The default bot's advice: its ranking of the legal plays (its
    /// 3-ply search, the same as `trictrac bg hint`), best first and
    /// numbered as `list` and the play prompt number them; or at a cube
    /// decision the full cube analysis `trictrac bg hint` prints (No
    /// double / Double, take / Double, pass, the proper action, the
    /// chances), in 80 columns.
    pub(super) fn hint(&mut self, side: Side) -> std::io::Result<()> {
        let g = &self.m.game;
        match g.phase() {
            Phase::Play(..) => {
                let net = backgammon_bot::default_net();
                let legal = g.legal_plays().clone();
                let ranked = Analyst::new(&net).rank(
                    g.position(),
                    &legal,
                    g.rules(),
                    backgammon_bot::cube::score::Score {
                        state: g.match_state(),
                        cube: g.cube(),
                    },
                    PlayDepth::Three,
                );
                // In a match the bot weighs the outcomes by the score.
                let measure = if g.match_state().is_money() {
                    "the bot's cubeless equity after each play, in points per game"
                } else {
                    "the bot's match equity after each play: the match-winning chances of its outcomes, normalised"
                };
                let head = format!(
                    "Hint ({measure}; numbered as in `list`; searched 3 plies deep for the closest, 2 or 0 for the others):"
                );
                for l in tables_term::wrap(&head, 79, 2) {
                    writeln!(self.term, "{l}")?;
                }
                let rows: Vec<(String, String, &crate::bg::hint::Ranked)> = ranked
                    .iter()
                    .take(5)
                    .map(|r| {
                        let n = legal
                            .iter()
                            .position(|p| *p == r.raw)
                            .map_or("-".to_string(), |i| format!("{})", i + 1));
                        (n, self.show_play(&r.raw, side), r)
                    })
                    .collect();
                let mut text = Vec::new();
                crate::bg::hint::write_play_table(&mut text, &rows)?;
                self.term.write_all(&text)?;
                let why = match (&rows[..], g.rules()) {
                    ([a, b, ..], rules) => {
                        let (a, b) = ((a.1.as_str(), a.2), (b.1.as_str(), b.2));
                        super::tutor::explain_plays(g.position(), rules, a, b, ["Best", "Second"])
                    }
                    _ => vec!["There is only one play: nothing to compare.".to_string()],
                };
                self.remember_why(why);
            }
            Phase::Roll(s) if !g.can_double(s) => {
                writeln!(
                    self.term,
                    "Hint: roll (the videau is not yours to turn now)."
                )?;
            }
            Phase::Roll(_) | Phase::Doubled { .. } => {
                let net = backgammon_bot::default_net();
                let a =
                    Analyst::new(&net).cube(g.position(), g.rules(), g.match_state(), g.cube(), 2);
                let mut text = Vec::new();
                crate::bg::hint::write_cube_analysis(
                    &mut text,
                    g.position(),
                    g.match_state(),
                    g.cube(),
                    2,
                    &a,
                )?;
                self.term.write_all(&text)?;
                let advice = match g.phase() {
                    Phase::Doubled { by } => format!(
                        "Hint for {}: {} (the analysis is the doubler's, {}'s).",
                        !by,
                        if a.take { "take" } else { "drop (pass)" },
                        by
                    ),
                    _ => format!(
                        "Hint: {}.",
                        if a.double {
                            "double"
                        } else {
                            "roll (no double)"
                        }
                    ),
                };
                writeln!(self.term, "{advice}")?;
                let rules = *g.rules();
                let e = backgammon_bot::analysis::explain::explain_cube(
                    &net,
                    g.position(),
                    &rules,
                    g.match_state(),
                    g.cube(),
                    &a,
                );
                let mut text = Vec::new();
                crate::bg::explain::write_cube_why(&mut text, &e)?;
                let lines = String::from_utf8_lossy(&text)
                    .lines()
                    .filter(|l| !l.is_empty())
                    .map(str::to_string)
                    .collect();
                self.remember_why(lines);
            }
            _ => {}
        }
        Ok(())
    }

    /// Keeps what `why` will print at this decision.
    fn remember_why(&mut self, lines: Vec<String>) {
        let progress = tables_term::TerminalGame::progress(self);
        self.why = Some((progress, lines));
    }

    /// `why`: the explanation of the last `hint`, at the decision it was
    /// asked at.
    fn why(&mut self) -> std::io::Result<()> {
        let progress = tables_term::TerminalGame::progress(self);
        match &self.why {
            Some((p, lines)) if *p == progress => {
                for l in lines {
                    writeln!(self.term, "{l}")?;
                }
                Ok(())
            }
            _ => writeln!(
                self.term,
                "`why` explains the hint: ask `hint` first at this decision."
            ),
        }
    }

    /// The commands of backgammon only (`id`, `why`); `false` when `line`
    /// is not one.
    pub(super) fn game_command(&mut self, _side: Side, line: &str) -> std::io::Result<bool> {
        match line.trim() {
            "why" => {
                self.why()?;
                Ok(true)
            }
            "id" => {
                let x = Xgid::of_game(&self.m.game);
                writeln!(
                    self.term,
                    "Position ID: {}   Match ID: {}\n{x}",
                    x.position.to_position_id(),
                    x.to_match_id()
                )?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Prints what `side` is asked and returns the prompt (and whether to
    /// list the plays now: no, `list` does).
    pub(super) fn question(&mut self, side: Side, fresh: bool) -> std::io::Result<(String, bool)> {
        if self.hotseat && self.viewer != side {
            self.viewer = side;
            self.drawn = false;
        }
        // The board is in view when a person decides.
        if fresh && !self.drawn {
            self.draw()?;
        }
        let g = &self.m.game;
        if let Some((by, kind)) = g.resignation_offer() {
            let points = g.cube().value * kind_points(kind);
            return Ok((
                format!(
                    "{by} offers to resign {} ({points} point{}): {side}, accept or decline? ",
                    kind_name(kind),
                    if points == 1 { "" } else { "s" }
                ),
                false,
            ));
        }
        let prompt = match g.phase() {
            Phase::Roll(_) if g.can_double(side) => format!("{side}, roll (Enter) or double? "),
            Phase::Roll(_) => format!("{side}, roll (Enter)? "),
            Phase::Doubled { .. } => format!("{side}, take or drop? "),
            // `videau=whole-turn`: the videau may still be offered (BG-7.2).
            Phase::Play(_, roll) if g.can_double(side) => {
                format!("{side} to play {roll} (number, play, double, list, hint): ")
            }
            Phase::Play(_, roll) => format!("{side} to play {roll} (number, play, list, hint): "),
            _ => format!("{side}? "),
        };
        Ok((prompt, false))
    }

    /// What `side` answered at the prompt.
    pub(super) fn answer(&mut self, line: &str) -> std::io::Result<Answer> {
        // A resignation offered: its addressee accepts or declines.
        if let Some((by, _)) = self.m.game.resignation_offer() {
            let accept = match line {
                "accept" | "a" | "yes" | "y" => true,
                "decline" | "no" | "n" => false,
                _ => {
                    writeln!(self.term, "type accept or decline")?;
                    return Ok(Answer::Done);
                }
            };
            if let Err(e) = self.m.game.answer_resignation(!by, accept) {
                writeln!(self.term, "{e}")?;
            }
            return Ok(Answer::Done);
        }
        match self.m.game.phase() {
            Phase::Roll(_) => match line {
                // The shared terminal loop throws the dice.
                "" | "roll" | "r" => return Ok(Answer::Throw),
                "double" | "d" => {
                    if let Err(e) = self.m.game.double() {
                        writeln!(self.term, "cannot double: {e}")?;
                    }
                }
                other => self.unknown(other)?,
            },
            Phase::Doubled { .. } => {
                let r = match line {
                    "take" | "t" => self.m.game.take(),
                    "drop" | "pass" => self.m.game.drop_double(),
                    "beaver" => self.m.game.beaver(),
                    "" => {
                        writeln!(self.term, "type take or drop")?;
                        return Ok(Answer::Done);
                    }
                    other => {
                        self.unknown(other)?;
                        return Ok(Answer::Done);
                    }
                };
                if let Err(e) = r {
                    writeln!(self.term, "{e}")?;
                }
            }
            Phase::Play(_, roll) => {
                if matches!(line, "double" | "d") {
                    // BG-7.2 with `videau=whole-turn`: after rolling,
                    // before moving; otherwise the engine says why not.
                    if let Err(e) = self.m.game.double() {
                        writeln!(self.term, "cannot double: {e}")?;
                    }
                    return Ok(Answer::Done);
                }
                let choice = if line.contains('/') || line == "--" {
                    let read = line.parse::<PlayText>().map_err(|e| e.to_string());
                    match read.and_then(|t| {
                        self.m
                            .game
                            .position()
                            .resolve_play(roll, &t, &self.m.rules)
                            .map_err(|e| e.to_string())
                    }) {
                        Ok(p) => Some(p),
                        Err(e) => {
                            writeln!(self.term, "{e}")?;
                            None
                        }
                    }
                } else {
                    self.unknown(line)?;
                    return Ok(Answer::Done);
                };
                if let Some(p) = choice {
                    if let Err(e) = self.m.game.play(&p) {
                        writeln!(self.term, "{e}")?;
                    }
                }
            }
            _ => {}
        }
        Ok(Answer::Done)
    }

    /// Plays the legal play number `k` (from 0).
    pub(super) fn play_number(&mut self, k: usize) -> std::io::Result<()> {
        let Some(p) = self.m.game.legal_plays().get(k).copied() else {
            return writeln!(self.term, "there is no such play");
        };
        if let Err(e) = self.m.game.play(&p) {
            writeln!(self.term, "{e}")?;
        }
        Ok(())
    }

    fn unknown(&mut self, word: &str) -> std::io::Result<()> {
        let w = word.split_whitespace().next().unwrap_or(word);
        writeln!(self.term, "unknown command `{w}`: type help")
    }

    /// What `side` resigning with `words` would concede, to confirm.
    pub(super) fn resignation(&self, side: Side, words: &str) -> Result<Resignation, String> {
        let kind = resign_kind(words)?;
        let g = &self.m.game;
        if g.result().is_some() {
            return Err("the game is over".into());
        }
        let side = match g.phase() {
            Phase::Doubled { by } => !by,
            _ => side,
        };
        let points = g.cube().value * kind_points(kind);
        Ok(Resignation {
            question: format!(
                "{side} offers to resign {}: {} wins {points} point{} if he accepts. Offer? (yes/no) ",
                kind_name(kind),
                !side,
                if points == 1 { "" } else { "s" }
            ),
        })
    }
}

/// How many times the videau a resignation of `kind` concedes.
pub(super) fn kind_points(kind: WinKind) -> u32 {
    match kind {
        WinKind::Single => 1,
        WinKind::Gammon => 2,
        WinKind::Backgammon => 3,
    }
}

pub(super) fn kind_name(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Single => "a single game",
        WinKind::Gammon => "a gammon",
        WinKind::Backgammon => "a backgammon",
    }
}
