//! The tutor of both terminal games (`--tutor[=LEVEL]`, issue 40 item
//! 3): before a decision of the person that loses more equity than the
//! level's threshold against the best choice — by the analysis `hint`
//! uses — the program says so, shows the better choice and why, and asks
//! whether to keep it; anything but yes takes it back, and the person
//! chooses again. Only against the bot; the game is then unrated.
//!
//! Each game judges its own decisions ([`crate::TerminalGame::tutor`]:
//! plays, the cube in backgammon, staying or leaving in Grand Trictrac)
//! and gives its review's thresholds ([`crate::TerminalGame::THRESHOLDS`]:
//! gnubg's doubtful, bad and very bad); the terminal loop asks
//! ([`crate::TerminalLoop`]).

use clap::ValueEnum;

/// From which mark on the tutor warns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TutorLevel {
    /// Doubtful decisions and worse (gnubg's ?!; 0.03 in backgammon,
    /// 0.04 in Grand Trictrac).
    Doubtful,
    /// Bad decisions and worse (gnubg's ?; 0.06 in backgammon, 0.08 in
    /// Grand Trictrac).
    #[default]
    Bad,
    /// Very bad decisions only (gnubg's ??; 0.12 in backgammon, 0.16 in
    /// Grand Trictrac).
    VeryBad,
}

/// The `--tutor[=LEVEL]` option of both games' `play` commands.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct TutorArg {
    /// Warn before a decision that loses at least LEVEL's equity (the
    /// marks of the game's review), show the better one and ask to keep
    /// it; against the bot only; the game is unrated
    #[arg(
        long,
        value_enum,
        value_name = "LEVEL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "bad"
    )]
    pub tutor: Option<TutorLevel>,
}

impl TutorLevel {
    /// The least equity lost the tutor warns about, among the game's
    /// `thresholds` (doubtful, bad, very bad).
    pub fn threshold(self, thresholds: [f64; 3]) -> f64 {
        match self {
            TutorLevel::Doubtful => thresholds[0],
            TutorLevel::Bad => thresholds[1],
            TutorLevel::VeryBad => thresholds[2],
        }
    }

    /// What the tutor warns about, in words: `bad decisions and worse`.
    pub fn words(self) -> &'static str {
        match self {
            TutorLevel::Doubtful => "doubtful decisions and worse",
            TutorLevel::Bad => "bad decisions and worse",
            TutorLevel::VeryBad => "very bad decisions",
        }
    }
}

/// The tutor's judgement of one decision, against the best choice.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The equity lost (0 or more), in the units of the game's review.
    pub lost: f64,
    /// What the person did, as the warning names it: `This play`,
    /// `This take`, `Rolling without doubling`.
    pub what: String,
    /// The kind of decision, for its mark: `play`, `cube decision`.
    pub noun: &'static str,
    /// What he is asked to keep: `play`, `take`, `roll`.
    pub keep: &'static str,
    /// The best choice, as the game writes it (`8/5 6/5`, `stay`).
    pub best: String,
    /// Why the best: the game's explanation, ready to print.
    pub lines: Vec<String>,
}

/// The mark of `lost` among `thresholds`: `doubtful`, `bad`, `very bad`
/// (empty below the first).
pub fn mark(lost: f64, thresholds: [f64; 3]) -> &'static str {
    if lost >= thresholds[2] {
        "very bad"
    } else if lost >= thresholds[1] {
        "bad"
    } else if lost >= thresholds[0] {
        "doubtful"
    } else {
        ""
    }
}

impl Advice {
    /// The warning: `This play loses 0.123 against 8/5 6/5 (a bad
    /// play).`
    pub fn warning(&self, thresholds: [f64; 3]) -> String {
        let m = mark(self.lost, thresholds);
        let judged = if m.is_empty() {
            String::new()
        } else {
            format!(" ({} {m} {})", article(m), self.noun)
        };
        format!(
            "{} loses {:.3} against {}{judged}.",
            self.what, self.lost, self.best
        )
    }

    /// The question that follows it.
    pub fn question(&self) -> String {
        format!("Keep your {}? [y/N] ", self.keep)
    }
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: [f64; 3] = [0.03, 0.06, 0.12];

    #[test]
    fn levels_pick_the_thresholds() {
        assert_eq!(TutorLevel::default(), TutorLevel::Bad);
        assert_eq!(TutorLevel::Doubtful.threshold(T), 0.03);
        assert_eq!(TutorLevel::Bad.threshold(T), 0.06);
        assert_eq!(TutorLevel::VeryBad.threshold(T), 0.12);
    }

    #[test]
    fn the_warning_names_the_loss_the_best_and_the_mark() {
        let a = Advice {
            lost: 0.0934,
            what: "This play".into(),
            noun: "play",
            keep: "play",
            best: "8/5 6/5".into(),
            lines: Vec::new(),
        };
        assert_eq!(
            a.warning(T),
            "This play loses 0.093 against 8/5 6/5 (a bad play)."
        );
        assert_eq!(a.question(), "Keep your play? [y/N] ");
        assert_eq!(mark(0.2, T), "very bad");
        assert_eq!(mark(0.04, T), "doubtful");
        assert_eq!(mark(0.01, T), "");
    }
}
