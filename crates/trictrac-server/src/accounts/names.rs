//! Account names (noms de joueur): which names may be registered, and
//! the skeleton under which two names that look alike are one name.
//!
//! A name has 3 to 20 characters: letters of any script, digits, and
//! `_`, `-`, `.`, starting with a letter or a digit. Its skeleton is
//! what is left once everything a reader could mistake is made the same:
//!
//! 1. compatibility decomposition (NFKD) and without accents (combining
//!    marks): `ﬁ` is `fi`, `é` is `e`, full-width `Ａ` is `A`;
//! 2. the Cyrillic and Greek letters drawn like Latin ones read as those
//!    ([`LOOKALIKES`]: `А`/`а` Cyrillic is `a`, `Ο` Greek is `o`, …);
//! 3. lower case;
//! 4. the digit `0` is `o`; `1`, `i` and `l` are one letter (a capital
//!    `I` and a small `l` look the same in many fonts); `rn` is `m`,
//!    `vv` is `w`;
//! 5. the separators `_`, `-`, `.` are dropped.
//!
//! Two names with one skeleton cannot both be registered: `Alice`,
//! `ALICE`, `A1ice`, `Аlice` (Cyrillic А) and `a.lice` are one name. The
//! list is short on purpose: the look-alikes of the scripts a player of
//! these games most likely types.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// The shortest name.
pub const MIN_LEN: usize = 3;
/// The longest name.
pub const MAX_LEN: usize = 20;

/// Letters of other scripts drawn like a Latin letter, with that letter.
pub const LOOKALIKES: &[(char, char)] = &[
    // Cyrillic capitals and small letters.
    ('А', 'a'),
    ('В', 'b'),
    ('Е', 'e'),
    ('К', 'k'),
    ('М', 'm'),
    ('Н', 'h'),
    ('О', 'o'),
    ('Р', 'p'),
    ('С', 'c'),
    ('Т', 't'),
    ('Х', 'x'),
    ('У', 'y'),
    ('І', 'i'),
    ('Ј', 'j'),
    ('Ѕ', 's'),
    ('а', 'a'),
    ('е', 'e'),
    ('о', 'o'),
    ('р', 'p'),
    ('с', 'c'),
    ('у', 'y'),
    ('х', 'x'),
    ('і', 'i'),
    ('ј', 'j'),
    ('ѕ', 's'),
    ('һ', 'h'),
    ('ԁ', 'd'),
    ('ԛ', 'q'),
    ('ԝ', 'w'),
    // Greek capitals and small letters.
    ('Α', 'a'),
    ('Β', 'b'),
    ('Ε', 'e'),
    ('Ζ', 'z'),
    ('Η', 'h'),
    ('Ι', 'i'),
    ('Κ', 'k'),
    ('Μ', 'm'),
    ('Ν', 'n'),
    ('Ο', 'o'),
    ('Ρ', 'p'),
    ('Τ', 't'),
    ('Υ', 'y'),
    ('Χ', 'x'),
    ('α', 'a'),
    ('ι', 'i'),
    ('κ', 'k'),
    ('ν', 'v'),
    ('ο', 'o'),
    ('ρ', 'p'),
    ('υ', 'u'),
];

/// Why a name cannot be registered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Too short or too long.
    #[error("a name has {MIN_LEN} to {MAX_LEN} characters")]
    Length,
    /// A character other than letters, digits, `_`, `-`, `.`.
    #[error("a name has letters, digits, `_`, `-` and `.` only (not `{0}`)")]
    Character(char),
    /// Starts with a separator.
    #[error("a name starts with a letter or a digit")]
    Start,
}

/// Checks a name as typed (spaces around it removed); answers it.
///
/// # Errors
/// What is wrong with it.
pub fn check(name: &str) -> Result<String, NameError> {
    let name: String = name.trim().nfc().collect();
    let n = name.chars().count();
    if !(MIN_LEN..=MAX_LEN).contains(&n) {
        return Err(NameError::Length);
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.')))
    {
        return Err(NameError::Character(c));
    }
    if name.starts_with(['_', '-', '.']) {
        return Err(NameError::Start);
    }
    Ok(name)
}

/// The skeleton of a name (module documentation): equal for names that
/// look alike.
pub fn skeleton(name: &str) -> String {
    let mut s = String::with_capacity(name.len());
    for c in name.nfkd().filter(|c| !is_combining_mark(*c)) {
        let c = LOOKALIKES
            .iter()
            .find(|(k, _)| *k == c)
            .map_or(c, |(_, v)| *v);
        for c in c.to_lowercase() {
            match c {
                '_' | '-' | '.' => {}
                '0' => s.push('o'),
                '1' | 'i' | 'l' | '|' => s.push('l'),
                c => s.push(c),
            }
        }
    }
    s.replace("rn", "m").replace("vv", "w")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_look_alike_have_one_skeleton() {
        let alice = skeleton("Alice");
        for n in [
            "ALICE",
            "alice",
            "A1ice",
            "AIice",
            "\u{410}lice",
            "a.lice",
            "Alicé",
            "Ａlice",
        ] {
            assert_eq!(skeleton(n), alice, "{n}");
        }
        assert_eq!(skeleton("Mario"), skeleton("rnario"));
        assert_eq!(skeleton("Oscar"), skeleton("0scar"));
        assert_eq!(skeleton("Wanda"), skeleton("vvanda"));
        assert_eq!(skeleton("\u{39f}\u{3a1}\u{391}"), skeleton("opa"));
        assert_ne!(skeleton("Alice"), skeleton("Alicia"));
        assert_ne!(skeleton("Bob"), skeleton("Rob"));
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check("  Zoé_2 ").unwrap(), "Zoé_2");
        assert_eq!(check("ab"), Err(NameError::Length));
        assert_eq!(check(&"a".repeat(21)), Err(NameError::Length));
        assert_eq!(check("a b c"), Err(NameError::Character(' ')));
        assert_eq!(check("bob/1"), Err(NameError::Character('/')));
        assert_eq!(check("_bob"), Err(NameError::Start));
        assert!(check("Жорж").is_ok());
    }
}
