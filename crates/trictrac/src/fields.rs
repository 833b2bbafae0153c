//! Historical names of the fields (RULES.md R-1.6, NOTATION.md "Historical
//! field names"): the classical T, 1 … 11 of each side, Soumille's letters
//! (1738) and Lepeintre's (1818), and the named fields.
//!
//! The engine's notation uses absolute fields 1..24 (White's frame, R-1.3);
//! this module converts written positions and plays between those numbers
//! and the historical names, word by word, so that every reader and writer
//! of TPN and plays keeps one definition.
//!
//! ```
//! use trictrac::fields::FieldNames;
//! let c = FieldNames::Classical;
//! assert_eq!(c.name(1), "BT");
//! assert_eq!(c.name(12), "B11");
//! assert_eq!(c.name(13), "N11");
//! assert_eq!(c.name(24), "NT");
//! assert_eq!(c.play_to_numbers("BT-B6 BT-B5").unwrap(), "1-7 1-6");
//! assert_eq!(FieldNames::Soumille.tpn_from_numbers("w:1x15 b:24x15 w"), "w:Ax15 b:&x15 w");
//! ```

use crate::board::Field;
use core::fmt;
use core::str::FromStr;

/// Soumille's 24 capitals (seeds, note 32): no J, U or W; `&` last.
const SOUMILLE: [&str; 24] = [
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T",
    "V", "X", "Y", "Z", "&",
];

/// Lepeintre's 24 small letters (seeds, note 33): no w or z.
const LEPEINTRE: [&str; 24] = [
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s",
    "t", "u", "v", "x", "y",
];

/// A way of naming the 24 fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FieldNames {
    /// Absolute numbers 1..24 (NOTATION.md; the default).
    #[default]
    Numbers,
    /// The classical names of each side, T, 1 … 11 (R-1.6), with the side
    /// whose half of the board it is: `B` (*blancs*, White: absolute 1..12
    /// are BT, B1 … B11) and `N` (*noirs*, Black: absolute 24..13 are NT,
    /// N1 … N11).
    Classical,
    /// Soumille's capitals A … & (no J, U, W), read along White's path:
    /// A is White's talon (absolute 1), M his corner (12), N Black's corner
    /// (13), & Black's talon (24).
    Soumille,
    /// Lepeintre's small letters a … y (no w, z), read the same way: a is
    /// White's talon (1), l his corner (12), m Black's corner (13), y Black's
    /// talon (24).
    Lepeintre,
}

/// An unknown field name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{word}` is not a field in {names} names (R-1.6, NOTATION.md)")]
pub struct FieldNameError {
    /// The word read.
    pub word: String,
    /// The naming tried.
    pub names: FieldNames,
}

impl fmt::Display for FieldNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FieldNames::Numbers => "numbers",
            FieldNames::Classical => "classical",
            FieldNames::Soumille => "soumille",
            FieldNames::Lepeintre => "lepeintre",
        })
    }
}

impl FromStr for FieldNames {
    type Err = String;

    fn from_str(s: &str) -> Result<FieldNames, String> {
        match s {
            "numbers" => Ok(FieldNames::Numbers),
            "classical" => Ok(FieldNames::Classical),
            "soumille" => Ok(FieldNames::Soumille),
            "lepeintre" => Ok(FieldNames::Lepeintre),
            _ => Err(format!(
                "`{s}`: field names are numbers, classical, soumille or lepeintre (R-1.6)"
            )),
        }
    }
}

impl FieldNames {
    /// The name of absolute field `abs` (1..=24).
    ///
    /// # Panics
    /// If `abs` is not in 1..=24.
    pub fn name(self, abs: u8) -> String {
        assert!((1..=24).contains(&abs), "a field is 1..=24");
        match self {
            FieldNames::Numbers => abs.to_string(),
            FieldNames::Classical => {
                let (side, k) = if abs <= 12 {
                    ('B', abs)
                } else {
                    ('N', 25 - abs)
                };
                if k == 1 {
                    format!("{side}T")
                } else {
                    format!("{side}{}", k - 1)
                }
            }
            FieldNames::Soumille => SOUMILLE[abs as usize - 1].to_string(),
            FieldNames::Lepeintre => LEPEINTRE[abs as usize - 1].to_string(),
        }
    }

    /// The absolute field (1..=24) of a name. Absolute numbers are always
    /// accepted too (no historical name is a number).
    ///
    /// # Errors
    /// An unknown name.
    pub fn parse(self, word: &str) -> Result<u8, FieldNameError> {
        let err = || FieldNameError {
            word: word.to_string(),
            names: self,
        };
        let found = match self {
            FieldNames::Numbers => word.parse::<u8>().ok().filter(|n| (1..=24).contains(n)),
            FieldNames::Classical => {
                let mut chars = word.chars();
                let side = chars.next().map(|c| c.to_ascii_uppercase());
                let rest = chars.as_str();
                let k = if rest.eq_ignore_ascii_case("t") {
                    Some(1)
                } else {
                    rest.parse::<u8>()
                        .ok()
                        .filter(|n| (1..=11).contains(n))
                        .map(|n| n + 1)
                };
                match (side, k) {
                    (Some('B'), Some(k)) => Some(k),
                    (Some('N'), Some(k)) => Some(25 - k),
                    _ => None,
                }
            }
            FieldNames::Soumille => SOUMILLE
                .iter()
                .position(|l| *l == word)
                .map(|i| i as u8 + 1),
            FieldNames::Lepeintre => LEPEINTRE
                .iter()
                .position(|l| *l == word)
                .map(|i| i as u8 + 1),
        };
        found
            .or_else(|| word.parse::<u8>().ok().filter(|n| (1..=24).contains(n)))
            .ok_or_else(err)
    }

    /// A play written with these names (`BT-B6 BT-B5`, `A-G A-F`, `x-off`,
    /// `--`) rewritten in absolute numbers (NOTATION.md "Plays").
    ///
    /// # Errors
    /// An unknown field name.
    pub fn play_to_numbers(self, text: &str) -> Result<String, FieldNameError> {
        if self == FieldNames::Numbers {
            return Ok(text.trim().to_string());
        }
        let mut out = Vec::new();
        for token in text.split_whitespace() {
            if token == "--" {
                out.push(token.to_string());
                continue;
            }
            let mut parts = Vec::new();
            for part in token.split('-') {
                if part.eq_ignore_ascii_case("off") {
                    parts.push("off".to_string());
                } else {
                    parts.push(self.parse(part)?.to_string());
                }
            }
            out.push(parts.join("-"));
        }
        Ok(out.join(" "))
    }

    /// A play written in absolute numbers rewritten with these names.
    /// Words that are not fields (`off`, `--`) stay as they are.
    pub fn play_from_numbers(self, text: &str) -> String {
        if self == FieldNames::Numbers {
            return text.to_string();
        }
        text.split(' ')
            .map(|token| {
                if token == "--" {
                    return token.to_string();
                }
                token
                    .split('-')
                    .map(|p| match p.parse::<u8>() {
                        Ok(n) if (1..=24).contains(&n) => self.name(n),
                        _ => p.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join("-")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A TPN position whose checker lists use these names
    /// (`w:BTx13,B5,B6 b:NTx15 w`) rewritten in absolute numbers.
    ///
    /// # Errors
    /// An unknown field name.
    pub fn tpn_to_numbers(self, text: &str) -> Result<String, FieldNameError> {
        if self == FieldNames::Numbers {
            return Ok(text.trim().to_string());
        }
        let mut out = Vec::new();
        for token in text.split_whitespace() {
            let Some((side @ ("w" | "b"), list)) = token.split_once(':') else {
                out.push(token.to_string());
                continue;
            };
            if list == "-" {
                out.push(token.to_string());
                continue;
            }
            let mut items = Vec::new();
            for item in list.split(',') {
                let (field, count) = split_count(item);
                let n = self.parse(field)?;
                items.push(match count {
                    Some(c) => format!("{n}x{c}"),
                    None => n.to_string(),
                });
            }
            out.push(format!("{side}:{}", items.join(",")));
        }
        Ok(out.join(" "))
    }

    /// A TPN position rewritten with these names in its checker lists.
    pub fn tpn_from_numbers(self, text: &str) -> String {
        if self == FieldNames::Numbers {
            return text.to_string();
        }
        text.split(' ')
            .map(|token| {
                let Some((side @ ("w" | "b"), list)) = token.split_once(':') else {
                    return token.to_string();
                };
                if list == "-" {
                    return token.to_string();
                }
                let items: Vec<String> = list
                    .split(',')
                    .map(|item| {
                        let (field, count) = split_count(item);
                        let name = match field.parse::<u8>() {
                            Ok(n) if (1..=24).contains(&n) => self.name(n),
                            _ => field.to_string(),
                        };
                        match count {
                            Some(c) => format!("{name}x{c}"),
                            None => name,
                        }
                    })
                    .collect();
                format!("{side}:{}", items.join(","))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `FIELDxCOUNT` split at its last `x` followed by digits (Lepeintre's
/// letter `x` is itself a field: `xx3` is three checkers on x).
fn split_count(item: &str) -> (&str, Option<&str>) {
    match item.rsplit_once('x') {
        Some((f, c)) if !f.is_empty() && !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()) => {
            (f, Some(c))
        }
        _ => (item, None),
    }
}

/// The fields the treatises name (R-1.6), in the player's own frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NamedField {
    /// *Talon* (classical T, field 1): the starting stack.
    Talon,
    /// *Coin bourgeois* (classical 5, and sometimes 6: fields 6 and 7).
    CoinBourgeois,
    /// *Case du diable* (classical 7: field 8).
    CaseDuDiable,
    /// *Case des écoliers* (classical 10: field 11), also called *case du
    /// diable* by some.
    CaseDesEcoliers,
    /// *Coin de repos* (classical 11: field 12), the rest corner.
    CoinDeRepos,
}

/// Another name of a named field, and who gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OtherName {
    /// The name, in French as the source writes it.
    pub name: &'static str,
    /// Where it comes from.
    pub source: &'static str,
}

impl NamedField {
    /// Every named field.
    pub const ALL: [NamedField; 5] = [
        NamedField::Talon,
        NamedField::CoinBourgeois,
        NamedField::CaseDuDiable,
        NamedField::CaseDesEcoliers,
        NamedField::CoinDeRepos,
    ];

    /// The French name.
    pub const fn name(self) -> &'static str {
        match self {
            NamedField::Talon => "talon",
            NamedField::CoinBourgeois => "coin bourgeois",
            NamedField::CaseDuDiable => "case du diable",
            NamedField::CaseDesEcoliers => "case des écoliers",
            NamedField::CoinDeRepos => "coin de repos",
        }
    }

    /// Its other names, with where they come from. The tenth field
    /// (classical 10) is also the *case du diable* (seed article, "Alcune
    /// frecce … hanno ricevuto dei nomi": "casella 10: casella degli
    /// scolari ma anche casella del diavolo"; and "questa casella n° 10 è
    /// anche chiamata casella del diavolo"), and *le Travanais* (the
    /// article's note 46, quoting Lepeintre's *Cours complet de trictrac*,
    /// 1818, p. 94: "on l'appelle vulgairement le Travanais", after the
    /// marquis de Travanet who made it first against the old prejudice).
    ///
    /// ```
    /// use trictrac::fields::NamedField;
    /// let names: Vec<&str> = NamedField::CaseDesEcoliers
    ///     .also_called()
    ///     .iter()
    ///     .map(|a| a.name)
    ///     .collect();
    /// assert_eq!(names, ["case du diable", "le Travanais"]);
    /// ```
    pub const fn also_called(self) -> &'static [OtherName] {
        match self {
            NamedField::CaseDesEcoliers => &[
                OtherName {
                    name: "case du diable",
                    source: "the seed article's list of the named fields (box 10)",
                },
                OtherName {
                    name: "le Travanais",
                    source: "Lepeintre, Cours complet de trictrac (1818), p. 94, in the seed article's note 46",
                },
            ],
            _ => &[],
        }
    }

    /// Its fields in the player's frame (1..=12).
    pub const fn fields(self) -> &'static [u8] {
        match self {
            NamedField::Talon => &[1],
            NamedField::CoinBourgeois => &[6, 7],
            NamedField::CaseDuDiable => &[8],
            NamedField::CaseDesEcoliers => &[11],
            NamedField::CoinDeRepos => &[12],
        }
    }

    /// The named field a field of the player's frame is, if any (field 7,
    /// classical 6, is "sometimes also" the coin bourgeois).
    pub fn of(field: Field) -> Option<NamedField> {
        NamedField::ALL
            .into_iter()
            .find(|n| n.fields().contains(&field.value()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_naming_is_a_bijection_on_the_24_fields() {
        for names in [
            FieldNames::Numbers,
            FieldNames::Classical,
            FieldNames::Soumille,
            FieldNames::Lepeintre,
        ] {
            let mut seen = std::collections::HashSet::new();
            for f in 1..=24u8 {
                let n = names.name(f);
                assert!(seen.insert(n.clone()), "{names}: {n} twice");
                assert_eq!(names.parse(&n).unwrap(), f, "{names} {n}");
            }
        }
    }
}
