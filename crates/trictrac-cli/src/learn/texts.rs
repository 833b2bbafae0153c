//! Every text of `trictrac learn` and `trictrac bg learn`, in French and
//! English, in one place. `{}` in a text is filled in order by [`fill`].

use std::fmt::Display;

/// The language of the exercises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Français.
    Fr,
    /// English.
    En,
}

impl Lang {
    /// `--lang`, else from `LC_ALL`, `LC_MESSAGES` or `LANG` (`fr…` is
    /// French), else English.
    pub fn choose(arg: Option<&str>) -> Result<Lang, String> {
        match arg.map(|s| s.trim().to_ascii_lowercase()) {
            Some(s) if s == "fr" || s == "french" || s == "français" => Ok(Lang::Fr),
            Some(s) if s == "en" || s == "english" => Ok(Lang::En),
            Some(s) => Err(format!("invalid --lang `{s}`: expected fr or en")),
            None => Ok(Self::from_env()),
        }
    }

    fn from_env() -> Lang {
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Ok(v) = std::env::var(var) {
                if !v.is_empty() {
                    return if v.to_ascii_lowercase().starts_with("fr") {
                        Lang::Fr
                    } else {
                        Lang::En
                    };
                }
            }
        }
        Lang::En
    }

    /// One of two texts.
    pub fn pick<'a>(self, fr: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Fr => fr,
            Lang::En => en,
        }
    }
}

/// The messages.
#[derive(Clone, Copy, Debug)]
pub enum Msg {
    /// `Exercise {n}/{count} — {title}`.
    Exercise,
    /// `Lesson {n}/{count}: {title}`.
    Lesson,
    /// `{side} rolls {dice}. ...`.
    CountQuestion,
    /// The prompt's help.
    CountHelp,
    Right,
    /// `Wrong: ...`.
    Wrong,
    /// `the answer: {side} {n}, {side} {n}`.
    Answer,
    /// `no jan: nothing to mark`.
    NoJan,
    /// One way: `{points}`.
    Ways,
    /// `, if the play bears off the last checker`.
    IfExit,
    /// `, by helplessness`.
    Helpless,
    /// `Score: {right}/{asked}`.
    Score,
    /// `Progress saved in {path}`.
    Saved,
    /// `Seed {seed}: ...`.
    Seed,
    /// `Stopped.`.
    Stopped,
    /// `Not understood: {error}`.
    NotUnderstood,
    /// `{side} to play {dice}: your play?`.
    PlayQuestion,
    /// The play prompt's help.
    PlayHelp,
    /// `Best play!`.
    BestPlay,
    /// `{play}: rank {rank}, {loss} lost`.
    PlayLoss,
    /// `The bot's ranking:`.
    Ranking,
    /// `{side} on roll, {win}% to win cubeless. Double? (yes/no)`.
    DoubleQuestion,
    /// `{side}: take or pass?`.
    TakeQuestion,
    /// `The bot: {action}`.
    CubeAction,
    /// Equities of the cube decision.
    CubeEquities,
    /// `{lost} lost on the double, {lost} on the take`.
    CubeLoss,
    /// `Score: {right}/{asked}, {lost} lost in all`.
    BgScore,
    /// `pips`.
    Pips,
    /// `No quiz for this theme...`.
    NoneFound,
}

/// The text of `msg` in `lang`.
pub fn text(lang: Lang, msg: Msg) -> &'static str {
    use Msg::*;
    let (fr, en) = match msg {
        Exercise => ("Exercice {}/{} — {}", "Exercise {}/{} — {}"),
        Lesson => ("Leçon {}/{} : {}", "Lesson {}/{}: {}"),
        CountQuestion => (
            "{} jette {}. Combien de points ce coup rapporte-t-il ?",
            "{} rolls {}. How many points does this roll bring?",
        ),
        CountHelp => (
            "(les points de celui qui jette, puis ceux de l'adversaire s'il en a, p. ex. `4` ou `4 2` ; `quit` pour finir)",
            "(the roller's points, then the opponent's if any, e.g. `4` or `4 2`; `quit` to stop)",
        ),
        Right => ("Juste !", "Right!"),
        Wrong => ("Faux.", "Wrong."),
        Answer => ("Réponse : {} {}, {} {}.", "Answer: {} {}, {} {}."),
        NoJan => ("aucun jan : rien à marquer", "no jan: nothing to mark"),
        Ways => ("{} moyen(s) ({}) × {} = {}", "{} way(s) ({}) × {} = {}"),
        IfExit => (
            ", si le coup lève la dernière dame",
            ", if the play bears off the last checker",
        ),
        Helpless => (", par impuissance", ", by helplessness"),
        Score => ("Résultat : {}/{} justes.", "Score: {}/{} right."),
        Saved => ("Progrès enregistrés dans {}", "Progress saved in {}"),
        Seed => (
            "Graine {} (--seed {} pour rejouer ces exercices)",
            "Seed {} (--seed {} to replay these exercises)",
        ),
        Stopped => ("Arrêt.", "Stopped."),
        NotUnderstood => ("Pas compris : {}", "Not understood: {}"),
        PlayQuestion => (
            "{} joue {}. Quel est le meilleur coup ?",
            "{} to play {}. What is the best play?",
        ),
        PlayHelp => (
            "(en notation gnubg, p. ex. `8/5 6/5` ; `quit` pour finir)",
            "(in gnubg's notation, e.g. `8/5 6/5`; `quit` to stop)",
        ),
        BestPlay => ("Meilleur coup !", "Best play!"),
        PlayLoss => (
            "{} : rang {}, {} d'équité perdue.",
            "{}: rank {}, {} equity lost.",
        ),
        Ranking => ("Le classement du bot :", "The bot's ranking:"),
        DoubleQuestion => (
            "{} a le dé, {} % de gains sans videau. Doubler ? (oui/non)",
            "{} on roll, {}% to win cubeless. Double? (yes/no)",
        ),
        TakeQuestion => (
            "Et si {} doublait, {} prend ou passe ? (prendre/passer)",
            "And if {} doubled, does {} take or pass? (take/pass)",
        ),
        CubeAction => ("Le bot : {}", "The bot: {}"),
        CubeEquities => (
            "  pas de double {}, double/prend {}, double/passe {}",
            "  no double {}, double/take {}, double/pass {}",
        ),
        CubeLoss => (
            "Perdu : {} sur le double, {} sur la prise.",
            "Lost: {} on the double, {} on the take.",
        ),
        BgScore => (
            "Résultat : {}/{} justes, {} d'équité perdue en tout.",
            "Score: {}/{} right, {} equity lost in all.",
        ),
        Pips => ("points de course", "pips"),
        NoneFound => (
            "aucun exercice trouvé pour ce thème avec cette graine",
            "no exercise found for this theme with this seed",
        ),
    };
    lang.pick(fr, en)
}

/// `template` with each `{}` replaced by the next of `args`.
pub fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut out = String::new();
    let mut rest = template;
    let mut it = args.iter();
    while let Some(i) = rest.find("{}") {
        out.push_str(&rest[..i]);
        if let Some(a) = it.next() {
            out.push_str(&a.to_string());
        }
        rest = &rest[i + 2..];
    }
    out.push_str(rest);
    out
}

/// The message `msg` in `lang` filled with `args`.
pub fn say(lang: Lang, msg: Msg, args: &[&dyn Display]) -> String {
    fill(text(lang, msg), args)
}

/// A side's name.
pub fn side_name(lang: Lang, side: &str) -> &'static str {
    match side {
        "white" => lang.pick("Blanc", "White"),
        _ => lang.pick("Noir", "Black"),
    }
}

/// A backgammon quiz theme's title, by its id.
pub fn theme_title(lang: Lang, theme: &str) -> &'static str {
    match theme {
        "opening" => lang.pick("l'ouverture", "the opening"),
        "bearoff" => lang.pick("la sortie des dames", "the bear-off"),
        "blitz" => lang.pick("le blitz", "the blitz"),
        "priming" => lang.pick("le barrage", "priming"),
        _ => lang.pick("le videau", "the cube"),
    }
}

/// Whether `answer` is a `quit` (or EOF).
pub fn is_quit(answer: &str) -> bool {
    matches!(
        answer.trim().to_ascii_lowercase().as_str(),
        "quit" | "q" | "exit" | "quitter" | "fin"
    )
}

/// A yes or no: `Some(true)` for yes/oui, `Some(false)` for no/non.
pub fn yes_no(answer: &str) -> Option<bool> {
    match answer.trim().to_lowercase().as_str() {
        "y" | "yes" | "o" | "oui" | "d" | "double" | "doubler" => Some(true),
        "n" | "no" | "non" => Some(false),
        _ => None,
    }
}

/// Take (`Some(true)`) or pass (`Some(false)`).
pub fn take_pass(answer: &str) -> Option<bool> {
    match answer.trim().to_lowercase().as_str() {
        "t" | "take" | "prendre" | "prend" | "tenir" => Some(true),
        "pass" | "drop" | "passer" | "passe" | "refuser" => Some(false),
        _ => None,
    }
}

/// The refusal of a yes/no or take/pass answer.
pub fn expected(lang: Lang, what: &str) -> String {
    say(
        lang,
        Msg::NotUnderstood,
        &[&lang.pick(
            format!("réponds {what}").as_str(),
            format!("answer {what}").as_str(),
        )],
    )
}
