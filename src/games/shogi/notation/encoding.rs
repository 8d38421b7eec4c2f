//! Bytes → text for KIF/KI2 files: UTF-8 (with or without BOM) or Shift_JIS (CP932).
//!
//! KIF files from Japanese software are mostly Shift_JIS; `.kifu`/`.ki2u` are UTF-8 by
//! definition, and `#KIF version=2.0 encoding=UTF-8` declares UTF-8 in a `.kif`. Text that
//! is valid UTF-8 is read as UTF-8 (Shift_JIS Japanese text is practically never valid
//! UTF-8). Anything that decodes to control characters is refused as binary rather than
//! parsed into garbage. Spans of problems here are byte offsets into the *input bytes*.

use crate::games::shogi::ShogiRule;
use encoding_rs::{DecoderResult, SHIFT_JIS};

use crate::core::{CommonRule, Problem, Span};

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Decode a KIF/KI2 file. `extension` (without the dot, any case) picks the default:
/// `kifu`/`ki2u` must be UTF-8, anything else may also be Shift_JIS.
pub fn decode(bytes: &[u8], extension: Option<&str>) -> Result<String, Problem> {
    decode_reporting(bytes, extension).map(|(text, _)| text)
}

/// [`decode`], and the deviation it tolerated: a `.kif` whose first line declares UTF-8
/// but whose text is Shift_JIS (some tools copy the line without converting the text) is
/// read as Shift_JIS with an `EncodingMismatch` warning.
pub fn decode_reporting(
    bytes: &[u8],
    extension: Option<&str>,
) -> Result<(String, Option<Problem>), Problem> {
    let utf8_only =
        extension.is_some_and(|e| e.eq_ignore_ascii_case("kifu") || e.eq_ignore_ascii_case("ki2u"));
    let (body, offset) = match bytes.strip_prefix(BOM) {
        Some(b) => (b, BOM.len()),
        None => (bytes, 0),
    };
    if std::str::from_utf8(body).is_err()
        && offset == 0
        && !utf8_only
        && declares_utf8(body)
        && let Ok(text) = decode_shift_jis(body)
    {
        check_not_binary(&text, 0)?;
        let first = body.iter().position(|&b| b == b'\n').unwrap_or(body.len());
        let warning = Problem::new(
            ShogiRule::EncodingMismatch,
            "the first line declares UTF-8, but the text is Shift_JIS; read as Shift_JIS",
            Span::new(0, first),
        );
        return Ok((text, Some(warning)));
    }
    let text = match std::str::from_utf8(body) {
        Ok(s) => s.to_string(),
        Err(e) if offset > 0 || utf8_only || declares_utf8(body) => {
            let at = offset + e.valid_up_to();
            return Err(Problem::new(
                CommonRule::Encoding,
                "the file is declared or required to be UTF-8 but is not valid UTF-8 here",
                Span::new(at, e.error_len().unwrap_or(1)),
            ));
        }
        Err(_) => decode_shift_jis(body)?,
    };
    check_not_binary(&text, offset)?;
    Ok((text, None))
}

/// The line that declares a KIF or KI2 text UTF-8, which Kakinoki's readers honour.
pub const UTF8_DECLARATION: &str = "#KIF version=2.0 encoding=UTF-8";

/// Encode a KIF or KI2 text for a file with this `extension` (Kakinoki's rule): `.kif` and
/// `.ki2` are Shift_JIS, `.kifu`, `.ki2u` and anything else UTF-8. A text that Shift_JIS
/// cannot hold (a name in a character outside JIS X 0208 and its CP932 extensions, say)
/// is written as UTF-8 under the `#KIF version=2.0 encoding=UTF-8` line instead, with an
/// `Encoding` warning naming the first such character: never as mojibake.
pub fn encode(text: &str, extension: Option<&str>) -> (Vec<u8>, Option<Problem>) {
    let shift_jis =
        extension.is_some_and(|e| e.eq_ignore_ascii_case("kif") || e.eq_ignore_ascii_case("ki2"));
    if !shift_jis {
        return (text.as_bytes().to_vec(), None);
    }
    let (bytes, _, unmappable) = SHIFT_JIS.encode(text);
    if !unmappable {
        return (bytes.into_owned(), None);
    }
    let (at, c) = text
        .char_indices()
        .find(|&(_, c)| SHIFT_JIS.encode(c.encode_utf8(&mut [0; 4])).2)
        .unwrap_or((0, '?'));
    let warning = Problem::new(
        CommonRule::Encoding,
        format!(
            "`{c}` (U+{:04X}) has no Shift_JIS form: the file is written as UTF-8 under the line `{UTF8_DECLARATION}`",
            c as u32
        ),
        Span::new(at, c.len_utf8()),
    );
    let body = text
        .strip_prefix(UTF8_DECLARATION)
        .map_or(text, |t| t.trim_start_matches(['\r', '\n']));
    let out = format!("{UTF8_DECLARATION}\n{body}");
    (out.into_bytes(), Some(warning))
}

/// Does the first line say `#KIF version=2.0 encoding=UTF-8`?
fn declares_utf8(bytes: &[u8]) -> bool {
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let first = String::from_utf8_lossy(first).to_ascii_uppercase();
    first.starts_with("#KIF") && first.contains("ENCODING=UTF-8")
}

fn decode_shift_jis(bytes: &[u8]) -> Result<String, Problem> {
    let mut decoder = SHIFT_JIS.new_decoder_without_bom_handling();
    let mut out = String::with_capacity(bytes.len() * 3 / 2 + 16);
    let mut read_total = 0;
    loop {
        let (result, read) =
            decoder.decode_to_string_without_replacement(&bytes[read_total..], &mut out, true);
        read_total += read;
        match result {
            DecoderResult::InputEmpty => return Ok(out),
            DecoderResult::OutputFull => out.reserve(bytes.len() - read_total + 16),
            DecoderResult::Malformed(bad, after) => {
                let at = read_total - bad as usize - after as usize;
                return Err(Problem::new(
                    CommonRule::Encoding,
                    "the file is neither UTF-8 nor Shift_JIS: these bytes are not a Shift_JIS character",
                    Span::new(at, bad as usize),
                ));
            }
        }
    }
}

/// Refuse control characters other than tab, CR and LF: binary data, not a record.
fn check_not_binary(text: &str, offset: usize) -> Result<(), Problem> {
    // A control character is a byte below 0x20 or 0x7F, or U+0080 to U+009F (0xC2 and a
    // second byte): a text with none of these bytes has none, as nearly every text.
    let suspect =
        |b: &u8| (*b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n')) || matches!(b, 0x7F | 0xC2);
    if !text.as_bytes().iter().any(suspect) {
        return Ok(());
    }
    if let Some((i, c)) = text
        .char_indices()
        .find(|&(_, c)| c.is_control() && !matches!(c, '\t' | '\r' | '\n'))
    {
        // For UTF-8 input, `i` is also the byte offset; for Shift_JIS it is close to it.
        return Err(Problem::new(
            CommonRule::Encoding,
            format!(
                "control character U+{:04X}: this looks like binary data, not a text record",
                c as u32
            ),
            Span::new(offset + i, c.len_utf8()),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_bom_and_sjis_agree() {
        let text = "手合割：平手\n   1 ７六歩(77)\n";
        let (sjis, _, bad) = SHIFT_JIS.encode(text);
        assert!(!bad);
        assert_eq!(decode(&sjis, Some("kif")).unwrap(), text);
        assert_eq!(decode(text.as_bytes(), Some("kif")).unwrap(), text);
        let mut bom = BOM.to_vec();
        bom.extend_from_slice(text.as_bytes());
        assert_eq!(decode(&bom, Some("kifu")).unwrap(), text);
    }

    #[test]
    fn kif_is_written_in_shift_jis_and_utf8_only_when_it_must() {
        let text = "先手：羽生\n   1 ７六歩(77)\n";
        let (bytes, warning) = encode(text, Some("KIF"));
        assert!(warning.is_none());
        assert_eq!(decode(&bytes, Some("kif")).unwrap(), text);
        assert_ne!(bytes, text.as_bytes());
        assert_eq!(encode(text, Some("kifu")).0, text.as_bytes());
        // 𠮷 (U+20BB7) is outside Shift_JIS
        let odd = "先手：𠮷田\n";
        let (bytes, warning) = encode(odd, Some("ki2"));
        let w = warning.unwrap();
        assert_eq!(
            (w.rule, w.span),
            (CommonRule::Encoding.into(), Span::new(9, 4))
        );
        assert_eq!(
            String::from_utf8(bytes.clone()).unwrap(),
            format!("{UTF8_DECLARATION}\n{odd}")
        );
        assert_eq!(
            decode(&bytes, Some("ki2")).unwrap(),
            format!("{UTF8_DECLARATION}\n{odd}")
        );
    }

    #[test]
    fn wrong_encodings_are_problems() {
        let (sjis, _, _) = SHIFT_JIS.encode("先手：羽生");
        let e = decode(&sjis, Some("kifu")).unwrap_err();
        assert_eq!((e.rule.name(), e.span.offset), ("Encoding", 0));
        let mut declared = b"#KIF version=2.0 encoding=UTF-8\n".to_vec();
        declared.extend_from_slice(&sjis);
        let (text, warning) = decode_reporting(&declared, None).unwrap();
        assert!(text.ends_with("先手：羽生"));
        assert_eq!(warning.unwrap().rule, ShogiRule::EncodingMismatch);
        declared.push(0x81);
        assert_eq!(decode(&declared, None).unwrap_err().span.offset, 32);
        let e = decode(b"\x00\x01\x02ELF", None).unwrap_err();
        assert_eq!(e.rule.name(), "Encoding");
        let e = decode(b"abc\x81", Some("kif")).unwrap_err();
        assert_eq!(e.span, Span::new(3, 1));
    }
}
