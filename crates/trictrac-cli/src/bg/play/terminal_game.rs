//! Backgammon's part of the shared terminal loop
//! ([`tables_term::TerminalLoop`]), and the game told from its events: the
//! opening throw with both dice (BG-2.2), the rolls, plays, doubles and
//! answers, the end of each game and of the match.

use std::path::Path;

use super::*;
use tables_term::{Answer, Resignation, TerminalGame};

impl<'a> TerminalGame<'a> for BgTerminal<'a> {
    type Game = Match;

    const COMMAND: &'static str = "trictrac bg play";
    const AUTOSAVE: &'static str = "backgammon-autosave.mat";
    const THRESHOLDS: [f64; 3] = backgammon_bot::analysis::review::THRESHOLDS;
    const TUTORED: &'static str = "plays and cube decisions";

    tables_term::terminal_fields!('a, m);

    fn progress(&self) -> usize {
        self.m.games().map(|g| g.events().len()).sum()
    }

    fn has_moves(&self) -> bool {
        self.any_move()
    }

    fn record_text(&self, path: &Path) -> String {
        self.record(path)
    }

    fn write_record(&self, path: &Path) -> Result<(), String> {
        self.write_mat(path)
    }

    fn save_note(&self) -> &'static str {
        self.roll_note()
    }

    fn tell(&mut self) -> std::io::Result<()> {
        let games: Vec<Game> = self.m.games().skip(self.told.0).cloned().collect();
        let last = games.len().saturating_sub(1);
        for (i, g) in games.iter().enumerate() {
            let number = self.told.0 + i + 1;
            let from = if i == 0 { self.told.1 } else { 0 };
            for e in &g.events()[from.min(g.events().len())..] {
                self.tell_event(g, number, e)?;
            }
            if g.result().is_some() && self.ended < number {
                self.ended = number;
                self.tell_end(g)?;
            }
            if i == last {
                self.told = (self.told.0 + i, g.events().len());
            }
        }
        Ok(())
    }

    fn board(&mut self) -> std::io::Result<()> {
        self.draw()
    }

    fn hint(&mut self, side: Side) -> std::io::Result<()> {
        BgTerminal::hint(self, side)
    }

    fn play_items(&self, side: Side) -> Vec<String> {
        BgTerminal::play_items(self, side)
    }

    fn play_number(&mut self, _side: Side, k: usize) -> std::io::Result<()> {
        BgTerminal::play_number(self, k)
    }

    fn help(&self) -> String {
        HELP.to_string()
    }

    fn command(&mut self, side: Side, line: &str) -> std::io::Result<bool> {
        self.game_command(side, line)
    }

    fn asks_roll(&self) -> bool {
        true
    }

    fn question(&mut self, side: Side, fresh: bool) -> std::io::Result<(String, bool)> {
        BgTerminal::question(self, side, fresh)
    }

    fn answer(&mut self, _side: Side, line: &str) -> std::io::Result<Answer> {
        BgTerminal::answer(self, line)
    }

    fn resignation(&self, side: Side, words: &str) -> Result<Resignation, String> {
        BgTerminal::resignation(self, side, words)
    }

    /// Offers the resignation: the other side answers it (a bot by its
    /// evaluation, a person at his prompt).
    fn resign(&mut self, side: Side, words: &str) -> Result<(), String> {
        let kind = resign_kind(words)?;
        let side = match self.m.game.phase() {
            Phase::Doubled { by } => !by,
            _ => side,
        };
        self.m
            .game
            .offer_resignation(side, kind)
            .map_err(|e| e.to_string())
    }

    fn load(&mut self, path: &Path) -> Result<Option<ChaCha8Rng>, String> {
        let (mat, rules) =
            crate::bg::record::read(path, Some(self.m.rules)).map_err(|e| e.message())?;
        let mut done = mat.games;
        let game = done
            .pop()
            .ok_or_else(|| format!("{} holds no game", path.display()))?;
        let m = Match {
            rules,
            length: mat.length,
            done,
            game,
        };
        if m.over() {
            return Err(format!("{}: that match is over", path.display()));
        }
        self.m = m;
        self.after_undo();
        writeln!(self.term, "Resumed {}", path.display()).map_err(|e| e.to_string())?;
        self.draw().map_err(|e| e.to_string())?;
        Ok(None)
    }

    fn tutor(&mut self, before: &Match, side: Side) -> Option<tables_term::tutor::Advice> {
        BgTerminal::tutor(self, before, side)
    }

    fn alias(&self, word: &str) -> Option<&'static str> {
        match word {
            "b" => Some("board"),
            "l" => Some("list"),
            _ => None,
        }
    }

    fn after_undo(&mut self) {
        self.why = None;
        self.told = (self.m.done.len(), self.m.game.events().len());
        self.ended = self.m.done.len() + usize::from(self.m.game.result().is_some());
    }
}

/// What `resign [gammon|backgammon]` concedes.
pub(super) fn resign_kind(words: &str) -> Result<WinKind, String> {
    match words.split_whitespace().next() {
        None | Some("single") => Ok(WinKind::Single),
        Some("gammon") => Ok(WinKind::Gammon),
        Some("backgammon") => Ok(WinKind::Backgammon),
        Some(w) => Err(format!("resign single, gammon or backgammon, not `{w}`")),
    }
}

impl BgTerminal<'_> {
    /// ` (greedy)` after a bot's side, nothing after a person's.
    fn who(&self, side: Side) -> String {
        if *self.humans.get(side) {
            side.to_string()
        } else {
            format!("{side} ({})", self.bot_name)
        }
    }

    fn tell_event(&mut self, g: &Game, number: usize, e: &Event) -> std::io::Result<()> {
        match *e {
            Event::Opening { white, black } => {
                self.drawn = false;
                let dice = format!("white throws {white}, black {black}");
                if white == black {
                    return writeln!(
                        self.term,
                        "\nGame {number}, opening throw (BG-2.2): {dice}: equal, thrown again"
                    );
                }
                let starter = if white > black {
                    Side::White
                } else {
                    Side::Black
                };
                writeln!(
                    self.term,
                    "\nGame {number}: {starter} wins the opening throw (BG-2.2): {dice}"
                )?;
                match g.rules().preset {
                    backgammon::Preset::Seed => writeln!(
                        self.term,
                        "{} starts and throws both dice (the seed page's rules)",
                        self.who(starter)
                    )?,
                    backgammon::Preset::Standard => {
                        self.draw()?;
                        let roll = backgammon::Roll::from_dice(white, black);
                        let who = self.who(starter);
                        writeln!(self.term, "{who} plays the opening dice {roll}")?;
                    }
                }
            }
            Event::Roll { side, roll } => writeln!(self.term, "{} rolls {roll}", self.who(side))?,
            Event::Play { side, roll, play } => {
                if play.is_pass() {
                    writeln!(
                        self.term,
                        "{} cannot move with {roll} (BG-3.4, BG-4.2)",
                        self.who(side)
                    )?;
                } else {
                    let text = self.show_play(&play, side);
                    writeln!(self.term, "{} plays {text}", self.who(side))?;
                    self.draw()?;
                }
            }
            Event::Double { side, value } => {
                writeln!(self.term, "{} offers the videau at {value}", self.who(side))?
            }
            Event::Take { side } => writeln!(
                self.term,
                "{} takes: the videau is at {}",
                self.who(side),
                cube_after(g, e)
            )?,
            Event::Beaver { side } => writeln!(
                self.term,
                "{} beavers: the videau is at {}",
                self.who(side),
                cube_after(g, e)
            )?,
            Event::Drop { side } => writeln!(self.term, "{} drops", self.who(side))?,
            Event::Resign { side, kind } => writeln!(
                self.term,
                "{} resigns {}",
                self.who(side),
                turns::kind_name(kind)
            )?,
            Event::ResignOffer { side, kind } => writeln!(
                self.term,
                "{} offers to resign {}",
                self.who(side),
                turns::kind_name(kind)
            )?,
            Event::ResignDeclined { side } => {
                writeln!(self.term, "{} declines the resignation", self.who(side))?
            }
            Event::ResignWithdrawn { side } => {
                writeln!(self.term, "{} withdraws the resignation", self.who(side))?
            }
        }
        Ok(())
    }

    /// The end of a game, and of the match.
    fn tell_end(&mut self, g: &Game) -> std::io::Result<()> {
        let Some(r) = g.result() else {
            return Ok(());
        };
        writeln!(self.term, "{r}")?;
        let next = g.match_state().after(&r);
        if next.length == 0 {
            return writeln!(self.term, "game over");
        }
        writeln!(
            self.term,
            "match score: white {} - black {} (to {})",
            next.score.white, next.score.black, next.length
        )?;
        if g.next_game().is_none() {
            let w = next.winner().unwrap_or(r.winner);
            writeln!(self.term, "{w} wins the match")?;
        }
        Ok(())
    }
}

/// The videau's value once the take (or beaver) `e` was made: the value
/// offered by the double before it (twice for a beaver).
fn cube_after(g: &Game, e: &Event) -> u32 {
    let at = g
        .events()
        .iter()
        .position(|x| std::ptr::eq(x, e))
        .unwrap_or(g.events().len());
    let offered = g.events()[..at].iter().rev().find_map(|x| match x {
        Event::Double { value, .. } => Some(*value),
        _ => None,
    });
    match (offered, e) {
        (Some(v), Event::Beaver { .. }) => v * 2,
        (Some(v), _) => v,
        (None, _) => g.cube().value,
    }
}
