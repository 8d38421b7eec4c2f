//! What a stream is: its game and notation from its name and first bytes, where its
//! records start, and its text. The same answers the command line gives, so that a library
//! caller reads a file as `hensoku validate` does.

use super::split::Boundary;
use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::io::Format as ChessFormat;
use crate::games::shogi::io::{self as shogi_io, Format as ShogiFormat};

/// Every game's name as [`Game::NAME`](crate::Game::NAME) and `--game` spell it.
pub const GAMES: [&str; 9] = [
    "shogi",
    "chess",
    "shogi-cards",
    "shelt",
    "portal-howe",
    "portal-hidden",
    "portal-buckley",
    "fived",
    "quantum",
];

/// The game of a stream, from a `[Variant "…"]` tag in its first bytes, its name's
/// extension (`.kif`, `.pgn`, `.5dpgn`, …, compression suffix removed) or a `[Game "…"]`
/// header; `None` when nothing tells (the caller names the game).
///
/// ```
/// use hensoku::stream::game_of;
/// assert_eq!(game_of(Some("x/a.KIF"), b""), Some("shogi"));
/// assert_eq!(game_of(Some("a.pgn"), b"[Variant \"portal-howe\"]\n"), Some("portal-howe"));
/// assert_eq!(game_of(None, b"[Game \"Quantum Chamber\"]\n"), Some("quantum"));
/// assert_eq!(game_of(Some("notes.txt"), b"hello"), None);
/// ```
pub fn game_of(name: Option<&str>, head: &[u8]) -> Option<&'static str> {
    let head = &head[..head.len().min(4096)];
    let named = |n: &str| GAMES.iter().copied().find(|g| g.eq_ignore_ascii_case(n));
    if let Some(g) = tag_value(head, b"[Variant \"").and_then(named) {
        return Some(g);
    }
    if let Some(ext) = name
        .and_then(|n| n.rsplit_once('.'))
        .map(|(_, e)| e.to_ascii_lowercase())
    {
        match ext.as_str() {
            "kif" | "kifu" | "ki2" | "ki2u" | "csa" | "usi" | "sfen" => return Some("shogi"),
            "pgn" | "fen" | "epd" => return Some("chess"),
            "shelt" => return Some("shelt"),
            "5dpgn" => return Some("fived"),
            "qgn" | "qfen" => return Some("quantum"),
            _ => {}
        }
    }
    let game = tag_value(head, b"[Game \"")?;
    if game.eq_ignore_ascii_case("Quantum Chamber") {
        return Some("quantum");
    }
    named(game)
}

/// The value of the first tag `open` (`[Variant "`) in `head`: the text up to the next
/// quote; `None` when there is no such tag or its value is not text. The bytes are searched
/// as they are, a Shift_JIS head included, without a copy.
fn tag_value<'h>(head: &'h [u8], open: &[u8]) -> Option<&'h str> {
    let rest = &head[memchr::memmem::find(head, open)? + open.len()..];
    let value = &rest[..memchr::memchr(b'"', rest).unwrap_or(rest.len())];
    std::str::from_utf8(value).ok()
}

/// Where the records of a stream of `game` start (by `from`, a notation's name, else the
/// name's extension, else the first bytes): chess cuts PGN at its tags and FEN or EPD at
/// each line, the one-board Portal versions read PGN, Howe's records and QGN cut at their
/// tags, shogi cuts CSA at its `/` lines and USI and SFEN at each record's first line.
/// What holds one record a file (KIF, KI2, 5DPGN, Shelt, card shogi, QFEN, puzzle files)
/// is read whole.
/// An unknown `from` for chess is an error naming the notations.
pub fn boundary_of(
    game: &str,
    name: &str,
    head: &[u8],
    from: Option<&str>,
) -> Result<Boundary, String> {
    if name.to_ascii_lowercase().ends_with(".puzzle") {
        return Ok(Boundary::Whole);
    }
    match game {
        "chess" => chess_boundary(name, head, from).map(|(b, _)| b),
        "shogi" => Ok(shogi_boundary(name, head, from)),
        "portal-hidden" | "portal-buckley" => Ok(Boundary::Pgn),
        "portal-howe" => Ok(Boundary::Howe),
        "quantum" => Ok(quantum_boundary(name, head)),
        _ => Ok(Boundary::Whole),
    }
}

/// Quantum Chamber's boundary: QGN cuts at its tags; a QFEN file is one position.
fn quantum_boundary(name: &str, head: &[u8]) -> Boundary {
    let text = String::from_utf8_lossy(head);
    // as the QFEN reader's caller tells a position from a record
    let qfen = name.to_ascii_lowercase().ends_with(".qfen")
        || (!text.trim_start().starts_with('[')
            && text.trim().split('/').count() >= 5
            && !text.contains('.'));
    if qfen { Boundary::Whole } else { Boundary::Qgn }
}

/// Shogi's boundary: a CSA file of several games cuts at each `/` line, USI and SFEN at
/// each record's first line; KIF and KI2 (one game a file), and a CSA whose text is not
/// UTF-8 (its encoding is declared, or guessed, once for the whole file), are read whole.
pub(crate) fn shogi_boundary(name: &str, head: &[u8], from: Option<&str>) -> Boundary {
    if from.is_none() && name.to_ascii_lowercase().ends_with(".puzzle") {
        return Boundary::Whole;
    }
    let format = from
        .and_then(ShogiFormat::from_name)
        .or_else(|| ShogiFormat::from_path(name))
        .unwrap_or_else(|| ShogiFormat::sniff(&String::from_utf8_lossy(head)));
    match format {
        ShogiFormat::Usi => return Boundary::Usi,
        ShogiFormat::Sfen => return Boundary::Sfen,
        ShogiFormat::Kif | ShogiFormat::Ki2 => return Boundary::Whole,
        ShogiFormat::Csa => {}
    }
    let utf8 = match std::str::from_utf8(head) {
        Ok(text) => text,
        // a character cut at the end of the head is no sign of another encoding
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or("")
        }
        Err(_) => return Boundary::Whole,
    };
    let declared = utf8.to_ascii_lowercase();
    let other = declared
        .split("encoding=")
        .skip(1)
        .any(|rest| !rest.starts_with("utf-8") && !rest.starts_with("utf8"));
    if other {
        Boundary::Whole
    } else {
        Boundary::Csa
    }
}

/// Chess's boundary and the name of its notation (`pgn`, `fen`, `epd`).
pub(crate) fn chess_boundary(
    name: &str,
    head: &[u8],
    from: Option<&str>,
) -> Result<(Boundary, &'static str), String> {
    let format = match from {
        Some(f) => ChessFormat::from_name(f)
            .ok_or_else(|| format!("unknown chess notation `{f}` (pgn, fen, epd)"))?,
        None => ChessFormat::from_path(name)
            .unwrap_or_else(|| ChessFormat::sniff(&String::from_utf8_lossy(head))),
    };
    let boundary = match format {
        ChessFormat::Pgn => Boundary::Pgn,
        ChessFormat::Fen | ChessFormat::Epd => Boundary::Lines,
    };
    Ok((boundary, format.name()))
}

/// The text of a piece of `game`'s input named `name`, as the game's reader takes it, and
/// what the decoding tolerated (a warning): a shogi KIF or KI2 may be Shift_JIS (as its
/// extension or its bytes tell), a CSA says its encoding; everything else must be UTF-8.
/// Bytes that are not text are [`CommonRule::Encoding`], and a text of nothing but white
/// space is [`CommonRule::NoRecord`]: an empty input never reads as a default record.
pub fn decode(game: &str, name: &str, bytes: &[u8]) -> Result<(String, Option<Problem>), Problem> {
    let (text, warning) = if game == "shogi" {
        let format = ShogiFormat::from_path(name)
            .unwrap_or_else(|| ShogiFormat::sniff(&String::from_utf8_lossy(bytes)));
        shogi_io::decode_reporting(bytes, format, Some(name))?
    } else {
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let at = e.valid_up_to();
            Problem::new(
                CommonRule::Encoding,
                "the file is not UTF-8",
                Span::new(at, 1),
            )
        })?;
        (text.to_string(), None)
    };
    if text.trim().is_empty() {
        let p = Problem::new(
            CommonRule::NoRecord,
            "no record found: the input is empty",
            Span::new(0, 0),
        );
        return Err(p);
    }
    Ok((text, warning))
}
