//! Rule options (RULES.md §12) that change how checkers move or score.

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

/// The abandoned jans, each switchable on its own
/// (option `old-jans=on|off|rencontre,margot,pile`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OldJans {
    /// *Jan de rencontre* (R-6.15).
    pub rencontre: bool,
    /// *Margot la fendue* (R-6.16).
    pub margot: bool,
    /// *Pile de misère* (R-6.17).
    pub pile: bool,
}

impl OldJans {
    /// None of the old jans (the default).
    pub const NONE: OldJans = OldJans {
        rencontre: false,
        margot: false,
        pile: false,
    };
    /// All three.
    pub const ALL: OldJans = OldJans {
        rencontre: true,
        margot: true,
        pile: true,
    };

    /// Whether any old jan is played.
    pub const fn any(self) -> bool {
        self.rencontre || self.margot || self.pile
    }
}

impl From<bool> for OldJans {
    fn from(on: bool) -> OldJans {
        if on {
            OldJans::ALL
        } else {
            OldJans::NONE
        }
    }
}

/// The value of the jan de rencontre (R-6.15; option `rencontre=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RencontreValue {
    /// 4 on a single, 6 on a double (the treatises after Jollyvet's p. 19).
    #[default]
    FourSix,
    /// 2 on a single, 4 on a double (Jollyvet 1656, p. 29; `rencontre=2-4`).
    TwoFour,
}

/// The options that the legal-play generator and the scorer depend on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Bearing-off method.
    pub exit: ExitMethod,
    /// The abandoned jans played (option `old-jans`).
    pub old_jans: OldJans,
    /// The value of the jan de rencontre (option `rencontre`).
    pub rencontre: RencontreValue,
}

impl Rules {
    /// The default rules of RULES.md §12.
    pub const DEFAULT: Rules = Rules {
        exit: ExitMethod::Parisienne,
        old_jans: OldJans::NONE,
        rencontre: RencontreValue::FourSix,
    };
}
