//! Line ends and the byte-order mark, the same for every text format of every game.
//!
//! Files come from many programs: Windows tools end lines with CR LF, old Mac tools with CR
//! alone, and some Japanese shogi programs write CR CR LF; editors put a UTF-8 byte-order
//! mark in front. Every reader of hensoku splits lines at LF, so the command line turns
//! every file into that form once, with [`normalize_bytes`], before it decodes or sniffs
//! anything. A library user with such a text calls [`normalize`] before a reader, or
//! walks its lines with [`lines`], which keeps byte offsets into the original text.

use std::borrow::Cow;

/// The UTF-8 byte-order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A text with its leading byte-order mark removed and every line end (CR LF, CR CR LF,
/// or CR alone) made a single LF. Other characters are untouched, so offsets in the result
/// differ from the input's only by the removed bytes.
///
/// ```
/// use hensoku::text::normalize;
/// assert_eq!(normalize("\u{feff}a\r\nb\rc\r\r\nd"), "a\nb\nc\nd");
/// assert_eq!(normalize("a\nb"), "a\nb");
/// ```
pub fn normalize(text: &str) -> Cow<'_, str> {
    match normalize_bytes(text.as_bytes()) {
        Cow::Borrowed(b) => Cow::Borrowed(std::str::from_utf8(b).expect("a suffix of UTF-8")),
        // only whole ASCII bytes and a whole BOM were removed or replaced
        Cow::Owned(b) => Cow::Owned(String::from_utf8(b).expect("still UTF-8")),
    }
}

/// [`normalize`] on raw bytes, before they are decoded: CR and LF are single bytes that no
/// multi-byte character of UTF-8, Shift_JIS or EUC-JP contains, so this is safe in each.
pub fn normalize_bytes(bytes: &[u8]) -> Cow<'_, [u8]> {
    let body = bytes.strip_prefix(BOM).unwrap_or(bytes);
    if !body.contains(&b'\r') {
        return Cow::Borrowed(body);
    }
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        if body[i] == b'\r' {
            i += line_end_len(&body[i..]);
            out.push(b'\n');
        } else {
            out.push(body[i]);
            i += 1;
        }
    }
    Cow::Owned(out)
}

/// How many bytes of the line end at the start of `rest` (which starts with CR).
fn line_end_len(rest: &[u8]) -> usize {
    match rest {
        [b'\r', b'\r', b'\n', ..] => 3,
        [b'\r', b'\n', ..] => 2,
        _ => 1,
    }
}

/// The lines of a text and the byte offset of each, for a reader that wants spans into
/// the text as given: lines end at LF, CR LF, CR CR LF or CR alone, and the end marks are
/// not part of the line. A leading byte-order mark is skipped. As with `str::lines`, a
/// final line end does not start another (empty) line.
///
/// ```
/// use hensoku::text::lines;
/// let v: Vec<_> = lines("a\r\nb\rc\r\r\nd").collect();
/// assert_eq!(v, [(0, "a"), (3, "b"), (5, "c"), (9, "d")]);
/// ```
pub fn lines(text: &str) -> Lines<'_> {
    let start = if text.as_bytes().starts_with(BOM) {
        BOM.len()
    } else {
        0
    };
    Lines { text, at: start }
}

/// The iterator of [`lines`].
pub struct Lines<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        if self.at >= self.text.len() {
            return None;
        }
        let start = self.at;
        let rest = &self.text.as_bytes()[start..];
        match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            None => {
                self.at = self.text.len();
                Some((start, &self.text[start..]))
            }
            Some(n) => {
                let end_len = if rest[n] == b'\n' {
                    1
                } else {
                    line_end_len(&rest[n..])
                };
                self.at = start + n + end_len;
                Some((start, &self.text[start..start + n]))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_end_is_one_lf() {
        for (input, want) in [
            ("a\r\nb", "a\nb"),
            ("a\rb", "a\nb"),
            ("a\r\r\nb", "a\nb"),
            ("a\r\r\rb", "a\n\n\nb"),
            ("a\n\rb", "a\n\nb"),
            ("\r", "\n"),
            ("", ""),
        ] {
            assert_eq!(normalize(input), want, "{input:?}");
        }
        assert!(matches!(normalize("a\nb"), Cow::Borrowed(_)));
    }

    #[test]
    fn the_bom_goes_only_at_the_start() {
        assert_eq!(normalize("\u{feff}x\u{feff}"), "x\u{feff}");
        assert_eq!(
            normalize_bytes(b"\xEF\xBB\xBF\x82\xA0\r\n"),
            &b"\x82\xA0\n"[..]
        );
    }

    #[test]
    fn lines_keep_offsets_and_agree_with_normalize() {
        let text = "\u{feff}x\r\r\ny\rz\n\nw\r\n";
        let got: Vec<_> = lines(text).collect();
        assert_eq!(got, [(3, "x"), (7, "y"), (9, "z"), (11, ""), (12, "w")]);
        let joined: Vec<&str> = got.iter().map(|l| l.1).collect();
        assert_eq!(normalize(text), format!("{}\n", joined.join("\n")));
        assert_eq!(lines("").count(), 0);
        assert_eq!(lines("a").collect::<Vec<_>>(), [(0, "a")]);
    }
}
