//! Account names (noms de joueur): which names may be registered, and
//! the skeleton under which two names that look alike are one name.
//!
//! A name has 3 to 20 characters: letters and digits that Unicode's
//! security profile allows in identifiers (UTS #39, Identifier_Status
//! *Allowed*: the letters of the world's scripts in common use, not the
//! invisible ones such as the Hangul filler U+3164, the historic or
//! limited-use scripts such as Cherokee or Lisu, nor the phonetic
//! letters such as `ɑ`), and `_`, `-`, `.`; it starts with a letter or a
//! digit, and it is written in one script (with the Han, Hiragana,
//! Katakana and Hangul mixes of Chinese, Japanese and Korean, and Latin
//! beside any of them but Cyrillic and Greek: UTS #39's *moderately
//! restrictive* level), so that `Aӏice` (a Cyrillic palochka among Latin
//! letters) is refused.
//!
//! Its skeleton is what is left once everything a reader could mistake
//! is made the same:
//!
//! 1. compatibility decomposition (NFKD) and without accents (combining
//!    marks): `ﬁ` is `fi`, `é` is `e`, full-width `Ａ` is `A`;
//! 2. Unicode's confusables (UTS #39's skeleton, from the data the
//!    `unicode-security` crate ships), before and after lower case: `А`
//!    Cyrillic is `A`, `ı` is `i`, `Ꭺ` Cherokee is `A`, …; plus
//!    [`LOOKALIKES`], a few Cyrillic and Greek letters whose capital and
//!    small forms the confusables treat apart;
//! 3. lower case;
//! 4. the digit `0` is `o`; `1`, `i` and `l` are one letter (a capital
//!    `I` and a small `l` look the same in many fonts); `rn` is `m`,
//!    `vv` is `w`;
//! 5. the separators `_`, `-`, `.` are dropped.
//!
//! Two names with one skeleton cannot both be registered: `Alice`,
//! `ALICE`, `A1ice`, `Аlice` (Cyrillic А), `Alıce` and `a.lice` are one
//! name. Anonymous players' names go through the same skeleton: one
//! cannot sit under a registered name or a bot's
//! (the lobby's accounts rule).

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

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
    /// A letter invisible, unusual or easily mistaken (not allowed in
    /// identifiers by Unicode's security profile).
    #[error("a name cannot have the character U+{:04X}: use the letters of a script in common use", *.0 as u32)]
    Unusual(char),
    /// Letters of scripts that are not mixed (Latin with Cyrillic, …).
    #[error("a name is written in one script: Latin, Cyrillic and Greek letters are not mixed")]
    Scripts,
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
    if let Some(c) = name
        .chars()
        .find(|c| c.is_alphanumeric() && !c.identifier_allowed())
    {
        return Err(NameError::Unusual(c));
    }
    if name.starts_with(['_', '-', '.']) {
        return Err(NameError::Start);
    }
    let letters: String = name.chars().filter(|c| c.is_alphanumeric()).collect();
    if letters.as_str().detect_restriction_level() > RestrictionLevel::ModeratelyRestrictive {
        return Err(NameError::Scripts);
    }
    Ok(name)
}

/// The skeleton of a name (module documentation): equal for names that
/// look alike.
pub fn skeleton(name: &str) -> String {
    let bare: String = name.nfkd().filter(|c| !is_combining_mark(*c)).collect();
    let confused: String = unicode_security::skeleton(&bare).collect();
    let mut lower = String::with_capacity(confused.len());
    for c in confused.chars() {
        let c = LOOKALIKES
            .iter()
            .find(|(k, _)| *k == c)
            .map_or(c, |(_, v)| *v);
        lower.extend(c.to_lowercase());
    }
    let mut s = String::with_capacity(lower.len());
    for c in unicode_security::skeleton(&lower).flat_map(char::to_lowercase) {
        if is_combining_mark(c) {
            continue;
        }
        match c {
            '_' | '-' | '.' => {}
            '0' => s.push('o'),
            '1' | 'i' | 'l' | '|' => s.push('l'),
            c => s.push(c),
        }
    }
    s.replace("rn", "m").replace("vv", "w")
}

/// The version of [`skeleton`]: the store computes the skeletons of the
/// accounts again when it changes (`Store::refresh_skeletons`).
pub const SKELETON_VERSION: i64 = 2;

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
        assert_ne!(skeleton("Mario"), skeleton("Maria"));
        assert_ne!(skeleton("Жорж"), skeleton("Alice"));
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
        assert!(check("山田太郎").is_ok());
        assert!(check("Ελένη").is_ok());
        assert!(check("Zoë-Ann").is_ok());
    }

    /// Issue 34: twelve names drawn like `Alice` were registered as
    /// twelve accounts. Each is refused by the check, or has Alice's
    /// skeleton (so that it is refused as taken).
    #[test]
    fn look_alikes_of_alice_are_refused_or_alice() {
        let alice = skeleton("Alice");
        let look_alikes = [
            "Alice\u{3164}",                            // Hangul filler: invisible
            "A\u{4cf}ice",                              // Cyrillic palochka
            "\u{251}lice",                              // Latin alpha
            "Al\u{131}ce",                              // dotless i
            "\u{13aa}\u{13de}\u{13a5}\u{13df}\u{13ac}", // Cherokee
            "\u{a4ee}\u{a4e1}\u{a4f2}\u{a4da}\u{a4f0}", // Lisu
            "\u{410}lice",                              // Cyrillic A
            "Alic\u{435}",                              // Cyrillic e
            "\u{ff21}lice",                             // full-width A
            "A1ice",
            "AIice",
            "Alice\u{200b}", // zero-width space
            "Alice\u{ad}",   // soft hyphen
            "\u{391}lice",   // Greek Alpha
        ];
        for n in look_alikes {
            let refused = check(n).is_err();
            assert!(
                refused || skeleton(&check(n).unwrap()) == alice,
                "{n:?} would be a second Alice: {:?} / {}",
                check(n),
                skeleton(n)
            );
        }
        assert!(check("Alice").is_ok());
    }
}
