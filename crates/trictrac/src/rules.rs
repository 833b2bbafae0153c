//! Rule options (RULES.md §12) that change how checkers move.

/// Bearing-off method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ExitMethod {
    /// *Parisienne* (default): sortant, excédant and défaillant dice.
    #[default]
    Parisienne,
    /// *Provinciale* (slow method): a die bears off only when it cannot
    /// be played inside; only the farthest checker leaves; a full jan de
    /// retour may be kept by bearing off surcases exactly, up to three
    /// times a relevé.
    Provinciale,
}

/// The options that the legal-play generator depends on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Bearing-off method.
    pub exit: ExitMethod,
    /// Score the abandoned jans –R-6.17 (option `old-jans`).
    pub old_jans: bool,
}

impl Rules {
    /// The default rules of RULES.md §12.
    pub const DEFAULT: Rules = Rules {
        exit: ExitMethod::Parisienne,
        old_jans: false,
    };
}
