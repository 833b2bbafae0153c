//! The one terminal loop of every game (issue 21, item 4; issue 36): the loop
//! that tells what happened, throws the dice, lets the bot take its turn
//! through the shared driver (`tables::take_turn`) and asks the person
//! whose decision it is; and the commands of every prompt — help, board,
//! list (paged in a small terminal), hint, undo, save, resign (asked
//! twice), quit — with the game saved when it is left unfinished (quit,
//! end of input, Ctrl-C) if a checker was moved, to the autosave file in
//! the user's data directory (`XDG_DATA_HOME` or `~/.local/share` on
//! Linux, under `trictrac/`), and the program says where.
//!
//! Each game gives only its part ([`TerminalGame`]): the board, the notation of
//! a typed play, the hint, the words it tells the game in.

use std::io::Write;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use rand_chacha::ChaCha8Rng;
use tables::{Decision, Player, Side, TableGame};

use crate::error::TermError;
use crate::game::{Answer, TerminalGame};
use crate::pager;
use crate::terminal::{data_file, is_yes, set_snapshot, shell_word, Snapshot};
use crate::tutor::TutorLevel;

/// The lines of `help` every game shares (after the game's own).
const COMMON_HELP: &str = "  list           the legal plays (a page at a time in a small terminal)
  board          draw the board again
  undo           take back your last decision of this turn (the same dice;
                 the game is then unrated)
  save FILE      write the game record; resume it with --load FILE
  load FILE      leave this game (it is saved) for the one saved in FILE
  resign         give up the game (asks to confirm)
  quit           leave; a game with moves is saved in your data directory
                 (as on Ctrl-D and Ctrl-C), and the program says where
  help           this list (a page at a time in a small terminal)";

/// The command an entry of `help` names (its first word, `save` for
/// `save FILE`); `None` for a continuation line or a heading.
fn help_command(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("  ")?;
    if rest.starts_with(' ') {
        return None;
    }
    rest.split([' ', ',']).next().filter(|w| !w.is_empty())
}

/// The lines of `help`: the game's, then the shared commands it does not
/// list itself, each command once; `undo` only where it is allowed.
fn help_lines(game: &str, undo: bool) -> Vec<String> {
    let own: Vec<&str> = game.lines().filter_map(help_command).collect();
    let mut out: Vec<String> = game.lines().map(str::to_string).collect();
    let mut keep = true;
    for l in COMMON_HELP.lines() {
        if let Some(c) = help_command(l) {
            keep = !own.contains(&c) && (undo || c != "undo");
        }
        if keep {
            out.push(l.to_string());
        }
    }
    out
}

/// Holds the words of "saved to PATH" together when a line is wrapped,
/// so that the path reads whole after them.
const GLUE: char = '\u{1}';

/// `saved to PATH`, kept on one line by [`TerminalLoop::say`].
fn saved_to(path: &Path) -> String {
    format!("saved{GLUE}to{GLUE}{}", path.display())
}

mod tutor;

/// What the program does after an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Go,
    /// The person left.
    Stop,
}

/// The decision a person was last asked: (progress, side, decision,
/// asked before the roll).
type Asked = (usize, Side, Option<Decision>, bool);

/// A game in the terminal: the game's [`TerminalGame`], the dice, the bot.
pub struct TerminalLoop<'a, T: TerminalGame<'a>> {
    /// The game's part.
    pub part: T,
    dice: ChaCha8Rng,
    /// The opponent (none when people play both sides).
    bot: Option<Box<dyn Player<T::Game>>>,
    /// The decision whose introduction was printed.
    introduced: Option<Asked>,
    /// The game and the dice at each decision a person was asked since
    /// the opponent last acted (a decision taken before the opponent's
    /// action is taken: *dame touchée, dame jouée*).
    undo: Vec<(usize, T::Game, ChaCha8Rng)>,
    /// Undo or a hint was used: the game counts as unrated, and the
    /// prompt says so.
    unrated: bool,
    /// The first play of the next page of `list`.
    list_from: usize,
    /// The first line of the next page of `help`.
    help_from: usize,
    /// `--tutor`: the decisions losing more than this level are warned
    /// about before they stand ([`tutor`]).
    tutor: Option<TutorLevel>,
    _screen: PhantomData<&'a ()>,
}

impl<'a, T: TerminalGame<'a>> TerminalLoop<'a, T> {
    /// A loop over `part`, the dice drawn from `dice`, against `bot`.
    pub fn new(
        part: T,
        dice: ChaCha8Rng,
        bot: Option<Box<dyn Player<T::Game>>>,
    ) -> TerminalLoop<'a, T> {
        TerminalLoop {
            part,
            dice,
            bot,
            introduced: None,
            undo: Vec::new(),
            unrated: false,
            list_from: 0,
            help_from: 0,
            tutor: None,
            _screen: PhantomData,
        }
    }

    /// The loop with the tutor at `level` (none: off); a tutored game
    /// is unrated from the start.
    pub fn with_tutor(mut self, level: Option<TutorLevel>) -> TerminalLoop<'a, T> {
        self.tutor = level;
        self.unrated |= level.is_some();
        self
    }

    /// Plays until the game is over and left, or the person leaves.
    ///
    /// # Errors
    /// When the screen cannot be written, or the bot fails.
    pub fn run(&mut self) -> Result<(), TermError> {
        crate::terminal::install_interrupt_handler();
        if let Some(level) = self.tutor {
            self.tutor_intro(level)?;
        }
        let r = self.run_loop();
        set_snapshot(None);
        r
    }

    fn human(&self, side: Side) -> bool {
        *self.part.humans().get(side)
    }

    fn run_loop(&mut self) -> Result<(), TermError> {
        loop {
            self.part.tell()?;
            let Some(p) = self.part.game().pending() else {
                return self.over();
            };
            if let Some(side) = self.part.asks_first() {
                if self.ask(side, true)? == Flow::Stop {
                    return Ok(());
                }
                continue;
            }
            let side = p.side.unwrap_or(Side::White);
            if p.side.is_some() && !self.human(side) {
                // The opponent acts: no undo reaches past it.
                self.undo.clear();
            }
            if let Some(a) = tables::driver::automatic(self.part.game(), &mut self.dice) {
                self.part
                    .game_mut()
                    .apply(&a)
                    .map_err(|e| TermError::game(format!("the game refused its own move: {e}")))?;
                continue;
            }
            if !self.human(side) {
                let bot = self
                    .bot
                    .as_mut()
                    .ok_or_else(|| TermError::game("no bot plays this side"))?;
                tables::take_turn(self.part.game_mut(), bot.as_mut(), &mut self.dice)
                    .map_err(|e| TermError::game(format!("the bot could not play: {e}")))?;
                continue;
            }
            if p.decision == Decision::Roll && !self.part.asks_roll() {
                self.part
                    .throw(&mut self.dice)
                    .map_err(|e| TermError::game(format!("cannot roll: {e}")))?;
                continue;
            }
            if self.ask(side, false)? == Flow::Stop {
                return Ok(());
            }
        }
    }

    /// Asks `side`, a person, for the decision the game waits for (or,
    /// `first`, what he does before the roll).
    fn ask(&mut self, side: Side, first: bool) -> Result<Flow, TermError> {
        let progress = self.part.progress();
        let key = (
            progress,
            side,
            self.part.game().pending().map(|p| p.decision),
            first,
        );
        let fresh = self.introduced != Some(key);
        self.introduced = Some(key);
        if fresh {
            self.list_from = 0;
            if self.undo.last().is_none_or(|u| u.0 != progress) {
                self.undo
                    .push((progress, self.part.game().clone(), self.dice.clone()));
            }
        }
        let (mut prompt, list_now) = self.part.question(side, fresh)?;
        if self.unrated {
            prompt = format!("[unrated] {prompt}");
        }
        if fresh && list_now {
            self.list(side, true)?;
        }
        let Some(line) = self.read(&prompt)? else {
            return self.end_of_input();
        };
        if let Some(flow) = self.command(side, &line)? {
            return Ok(flow);
        }
        let at_play = self.part.game().pending().map(|p| p.decision) == Some(Decision::Play);
        let before = self.before_tutored(first);
        if !(at_play && !first && self.choose_by_number(side, &line)?)
            && self.part.answer(side, &line)? == Answer::Throw
        {
            self.part
                .throw(&mut self.dice)
                .map_err(|e| TermError::game(format!("cannot roll: {e}")))?;
        }
        self.tutored(side, before)?;
        Ok(Flow::Go)
    }

    /// A play chosen by its number in the list, or Enter for the only
    /// one; `false` when `line` is neither.
    fn choose_by_number(&mut self, side: Side, line: &str) -> std::io::Result<bool> {
        let n = self.part.play_items(side).len();
        if line.is_empty() {
            if n == 1 {
                self.part.play_number(side, 0)?;
            } else {
                self.part.refuse(&format!(
                    "Choose a play: its number in the list (1 to {n}), or the play written \
                     in the game's notation (`help` for the commands)."
                ))?;
            }
            return Ok(true);
        }
        let Ok(k) = line.parse::<usize>() else {
            return Ok(false);
        };
        if (1..=n).contains(&k) {
            self.part.play_number(side, k - 1)?;
        } else {
            self.part
                .refuse(&format!("There is no play number {k}: choose 1 to {n}."))?;
        }
        Ok(true)
    }

    /// Prints `prompt` and reads a line (`None` at the end of the input);
    /// Ctrl-C meanwhile saves the game as it stands.
    fn read(&mut self, prompt: &str) -> std::io::Result<Option<String>> {
        let snap = if self.unfinished() && self.part.has_moves() {
            let path = self.autosave_path();
            Some(Snapshot {
                text: self.part.record_text(&path),
                resume: format!("{} --load {}", T::COMMAND, shell_word(&path)),
                path,
            })
        } else {
            None
        };
        set_snapshot(snap);
        let p = self.part.paint_prompt(prompt);
        self.part.term().read(&p)
    }

    fn unfinished(&self) -> bool {
        self.part.game().pending().is_some()
    }

    /// The commands of every prompt; `None` when `line` is not one.
    fn command(&mut self, side: Side, line: &str) -> Result<Option<Flow>, TermError> {
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w.to_lowercase(), r.trim()),
            None => (line.to_lowercase(), ""),
        };
        let word = self.part.alias(&word).map_or(word, str::to_string);
        match word.as_str() {
            "help" | "?" => self.help()?,
            "board" => self.part.board()?,
            "list" => self.list(side, false)?,
            "hint" => {
                self.part.hint(side)?;
                self.unrate("a hint was asked")?;
            }
            "undo" => self.take_back()?,
            "save" => {
                if rest.is_empty() {
                    self.part.refuse("Name the file: `save FILE`.")?;
                } else {
                    self.save(Path::new(rest))?;
                }
            }
            "resign" => self.resign(side, rest)?,
            "load" => {
                if rest.is_empty() {
                    self.part.refuse("Name the file: `load FILE`.")?;
                } else {
                    self.load(Path::new(rest))?;
                }
            }
            "quit" | "exit" => {
                self.leave_unfinished("Game left unfinished")?;
                return Ok(Some(Flow::Stop));
            }
            _ => {
                if self.part.command(side, line)? {
                    return Ok(Some(Flow::Go));
                }
                return Ok(None);
            }
        }
        Ok(Some(Flow::Go))
    }

    /// The legal plays: at the question (`intro`) as many as fit under
    /// the board in the terminal, else the next page.
    fn list(&mut self, side: Side, intro: bool) -> std::io::Result<()> {
        let items = self.part.play_items(side);
        if items.is_empty() {
            if !intro {
                self.part.refuse("There are no plays to list now.")?;
            }
            return Ok(());
        }
        let n = items.len();
        let rows = pager::rows();
        let room = match rows {
            None => usize::MAX,
            // The prompt, and the line saying more plays follow.
            Some(r) if intro => r.saturating_sub(self.part.term().since_top() + 2),
            Some(r) => r.saturating_sub(3),
        };
        if intro && room == 0 {
            return self.part.say(&format!(
                "{n} legal plays: `list` shows them a page at a time."
            ));
        }
        let from = if intro || self.list_from >= n {
            0
        } else {
            self.list_from
        };
        let page = pager::page(&items, from, room);
        for l in &page.lines {
            writeln!(self.part.term(), "{l}")?;
        }
        if page.more {
            self.list_from = page.to;
            self.part.say(&format!(
                "Plays {}-{} of {n}: `list` shows the next ones.",
                from + 1,
                page.to
            ))?;
        } else {
            self.list_from = 0;
        }
        Ok(())
    }

    /// `help`: the commands, a page at a time when they do not fit the
    /// terminal (the prompt and the line saying more follow stay in view).
    fn help(&mut self) -> std::io::Result<()> {
        let lines = help_lines(&self.part.help(), !self.one_screen());
        let n = lines.len();
        let room = pager::rows().map_or(usize::MAX, |r| r.saturating_sub(2).max(4));
        let from = if self.help_from >= n {
            0
        } else {
            self.help_from
        };
        let to = from.saturating_add(room).min(n);
        for l in &lines[from..to] {
            writeln!(self.part.term(), "{l}")?;
        }
        if to < n {
            self.help_from = to;
            self.part.say(&format!(
                "Help lines {}-{to} of {n}: `help` shows the next ones.",
                from + 1
            ))?;
        } else {
            self.help_from = 0;
        }
        Ok(())
    }

    /// `load FILE`: this game (saved first to the autosave file, if it
    /// has moves) is left for the one saved in FILE.
    fn load(&mut self, path: &Path) -> std::io::Result<()> {
        if self.unfinished() && self.part.has_moves() && path != self.autosave_path() {
            self.leave_unfinished("This game is left")?;
        }
        match self.part.load(path) {
            Ok(dice) => {
                if let Some(d) = dice {
                    self.dice = d;
                }
                self.undo.clear();
                self.introduced = None;
                Ok(())
            }
            Err(e) => self.part.refuse(&format!("Not loaded: {e}.")),
        }
    }

    /// Whether people play both sides (one screen).
    fn one_screen(&self) -> bool {
        let h = self.part.humans();
        h.white && h.black
    }

    /// The game counts as unrated from now on (`why`: undo, a hint); said
    /// once, and then in every prompt.
    fn unrate(&mut self, why: &str) -> std::io::Result<()> {
        if self.unrated {
            return Ok(());
        }
        self.unrated = true;
        self.part.say(&format!(
            "This game is now unrated: {why} (the prompt says [unrated])."
        ))
    }

    /// `undo`: back to the person's previous decision, with the same dice
    /// — against the bot only, never past the bot's action nor a school
    /// claimed (a decision taken is taken: *dame touchée, dame jouée*; a
    /// declaration to stay or leave is not revocable). At one screen it is
    /// off: the other player would have to consent, and nobody asks him.
    fn take_back(&mut self) -> std::io::Result<()> {
        if self.one_screen() {
            return self.part.refuse(
                "No undo at one screen: a decision taken is taken (dame touchée, dame \
                 jouée; a choice to stay or leave is not revocable). Undo is for games \
                 against the bot, which it makes unrated.",
            );
        }
        let now = self.part.progress();
        // The decisions before this one (the stack keeps this one's, to
        // come back to it after a refusal).
        let Some(i) = self.undo.iter().rposition(|u| u.0 < now) else {
            return self.part.refuse(
                "Nothing to undo: no decision of yours since the opponent's last action \
                 (a decision is not taken back past the opponent's action).",
            );
        };
        let then = self.undo[i].0;
        if let Some(why) = self.part.fixed_since(then) {
            return self.part.refuse(&format!("Nothing to undo: {why}."));
        }
        self.undo.truncate(i + 1);
        let (_, game, dice) = self.undo[i].clone();
        *self.part.game_mut() = game;
        self.dice = dice;
        self.introduced = None;
        self.part.after_undo();
        self.part
            .say("Undone: back to your previous decision, with the same dice.")?;
        self.unrate("undo was used")?;
        self.part.board()
    }

    fn resign(&mut self, side: Side, words: &str) -> std::io::Result<()> {
        match self.part.resignation(side, words) {
            Err(e) => self.part.refuse(&e),
            Ok(r) => {
                if is_yes(self.read(&r.question)?.as_deref()) {
                    if let Err(e) = self.part.resign(side, words) {
                        self.part.refuse(&e)?;
                    }
                    Ok(())
                } else {
                    self.part.say("Not resigned: the game goes on.")
                }
            }
        }
    }

    /// Where the game is saved when left unfinished.
    fn autosave_path(&self) -> PathBuf {
        data_file(T::AUTOSAVE)
    }

    fn save(&mut self, path: &Path) -> std::io::Result<()> {
        match self.part.write_record(path) {
            Ok(()) => {
                let p = shell_word(path);
                let note = self.part.save_note();
                self.say(&format!(
                    "The game record is {}{note}; `{} --load {p}` resumes it.",
                    saved_to(path),
                    T::COMMAND
                ))
            }
            Err(e) => self.part.refuse(&format!("Not saved: {e}.")),
        }
    }

    fn end_of_input(&mut self) -> Result<Flow, TermError> {
        if self.unfinished() {
            self.leave_unfinished("End of input: the game is left unfinished")?;
        } else {
            self.part.say("End of input.")?;
        }
        Ok(Flow::Stop)
    }

    /// Leaving a game before its end: saved, if a checker was moved, and
    /// the program says where.
    fn leave_unfinished(&mut self, why: &str) -> std::io::Result<()> {
        set_snapshot(None);
        if !self.unfinished() {
            return Ok(());
        }
        if !self.part.has_moves() {
            return self
                .part
                .say(&format!("{why}; no move was played: nothing saved."));
        }
        let path = self.autosave_path();
        let t = match self.part.write_record(&path) {
            Ok(()) => format!("{why}: {}{}.", saved_to(&path), self.part.save_note()),
            Err(e) => return self.part.refuse(&format!("{why}, and NOT saved: {e}.")),
        };
        self.say(&t)?;
        self.say(&format!(
            "Resume it with: {} --load {}",
            T::COMMAND,
            shell_word(&path)
        ))
    }

    /// Writes `text` wrapped to 79 columns, "saved to PATH" kept whole.
    fn say(&mut self, text: &str) -> std::io::Result<()> {
        for l in crate::wrap(text, 79, 2) {
            writeln!(self.part.term(), "{}", l.replace(GLUE, " "))?;
        }
        Ok(())
    }

    /// Once everything is over: the record may still be saved.
    fn over(&mut self) -> Result<(), TermError> {
        set_snapshot(None);
        loop {
            let Some(line) =
                self.read("game over (`save FILE` keeps the record, Enter quits)> ")?
            else {
                return Ok(());
            };
            let (word, rest) = match line.split_once(char::is_whitespace) {
                Some((w, r)) => (w.to_lowercase(), r.trim()),
                None => (line.to_lowercase(), ""),
            };
            match word.as_str() {
                "save" if rest.is_empty() => self.part.refuse("Name the file: `save FILE`.")?,
                "save" => self.save(Path::new(rest))?,
                "board" => self.part.board()?,
                // Anything else quits.
                _ => return Ok(()),
            }
        }
    }
}

#[cfg(test)]
mod tests;
