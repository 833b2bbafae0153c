//! Players' names as shown: no control or invisible characters, at most
//! [`NAME_CHARS`] characters, an emoji, a flag or an accented letter
//! never cut in two.

/// The longest player's name, in characters (Unicode scalar values, as
/// the page counts them).
pub(crate) const NAME_CHARS: usize = 40;

/// Whether `c` draws an emoji (pictographs, symbols, dingbats).
fn emoji(c: char) -> bool {
    matches!(c as u32, 0x1F000..=0x1FAFF | 0x2300..=0x23FF | 0x2600..=0x27BF | 0x2B00..=0x2BFF)
}

/// Whether `c` belongs to the character before it: a joiner, a
/// variation selector, a skin tone, a keycap or a combining mark.
fn extends(c: char) -> bool {
    matches!(
        c as u32,
        0x200D | 0xFE0E | 0xFE0F | 0x1F3FB..=0x1F3FF | 0x20E3
    ) || unicode_normalization::char::is_combining_mark(c)
}

/// `name` with the characters `keep` says, a zero-width joiner kept only
/// inside an emoji sequence (👩‍💻: elsewhere it is invisible and could make
/// a name look like another), cut to [`NAME_CHARS`] without splitting an
/// emoji, a flag or an accented letter (the cut goes back to the start of
/// the one it would split).
pub(crate) fn cut_name(name: &str, keep: impl Fn(char) -> bool) -> String {
    let all: Vec<char> = name.chars().collect();
    let mut out: Vec<char> = Vec::with_capacity(all.len().min(4 * NAME_CHARS));
    for (i, &c) in all.iter().enumerate() {
        if c == '\u{200D}' {
            let before = out
                .last()
                .is_some_and(|p| emoji(*p) || matches!(*p as u32, 0xFE0F | 0x1F3FB..=0x1F3FF));
            if before && all.get(i + 1).copied().is_some_and(emoji) {
                out.push(c);
            }
        } else if keep(c) {
            out.push(c);
        }
    }
    if out.len() > NAME_CHARS {
        let mut cut = NAME_CHARS;
        while cut > 0 && (extends(out[cut]) || out[cut - 1] == '\u{200D}') {
            cut -= 1;
        }
        // A flag is a pair of regional indicators.
        let ri = |c: char| matches!(c as u32, 0x1F1E6..=0x1F1FF);
        let run = out[..cut].iter().rev().take_while(|c| ri(**c)).count();
        if run % 2 == 1 && ri(out[cut]) {
            cut -= 1;
        }
        out.truncate(cut);
    }
    out.into_iter().collect()
}

/// A player's name as shown: no control or format characters, at most
/// [`NAME_CHARS`] characters ([`cut_name`]), `player` when empty.
pub(crate) fn clean_name(n: Option<&str>, empty: &str) -> String {
    let n = cut_name(n.unwrap_or_default(), |c| {
        !c.is_control()
            && !matches!(c as u32, 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0xFEFF)
    });
    let n = n.trim();
    if n.is_empty() {
        empty.to_string()
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name(Some(" A\u{200B}li\u{7}ce "), "x"), "Alice");
        assert_eq!(clean_name(None, "guest"), "guest");
        assert_eq!(clean_name(Some(&"é".repeat(60)), "x").chars().count(), 40);
    }

    #[test]
    fn names_keep_emoji_whole() {
        // A ZWJ sequence keeps its joiners; one across the cut goes whole.
        let coder = "\u{1F469}\u{200D}\u{1F4BB}";
        assert_eq!(
            clean_name(Some(&format!("Ann {coder}")), "x"),
            format!("Ann {coder}")
        );
        let n = clean_name(Some(&format!("{}{coder}", "a".repeat(38))), "x");
        assert_eq!(n, "a".repeat(38));
        let n = clean_name(Some(&format!("{}{coder}", "a".repeat(37))), "x");
        assert_eq!(n.chars().count(), 40);
        // A joiner between letters is dropped (a look-alike).
        assert_eq!(clean_name(Some("neu\u{200D}ral"), "x"), "neural");
        // A flag is not cut in two; nor a letter from its accent.
        let n = clean_name(Some(&format!("{}\u{1F1EB}\u{1F1F7}", "a".repeat(39))), "x");
        assert_eq!(n, "a".repeat(39));
        let n = clean_name(Some(&format!("{}e\u{301}", "a".repeat(39))), "x");
        assert_eq!(n, "a".repeat(39));
    }
}
