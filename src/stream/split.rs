//! Cutting a stream of text into records without holding more than one record: a reader
//! of lines that counts bytes and lines as it goes, and a rule per notation for where a
//! record starts.
//!
//! Offsets and lines count in the text as the readers see it (line ends made LF, no
//! byte-order mark: `core::text::normalize_bytes`), so a record's place plus a span inside
//! it is the span in the whole file.

use std::io::{self, BufRead};

use crate::core::scan::Dialect;

/// The spelling each tag-section boundary follows: the record scanner's dialect of its
/// notation, so that the splitter and the reader agree on what is a comment, an escape line
/// and a tag.
fn dialect(rule: Boundary) -> Option<&'static Dialect> {
    Some(match rule {
        Boundary::Pgn => &crate::games::chess::notation::pgn::DIALECT,
        Boundary::Qgn => &crate::games::quantum::notation::qgn::DIALECT,
        Boundary::Howe => &crate::games::portal::howe::record::DIALECT,
        _ => return None,
    })
}

/// Where records start in a notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    /// The whole input is one piece (notations whose records cannot be told apart line by
    /// line): the game's reader finds the records inside.
    Whole,
    /// PGN and its kin: a record starts at a tag line that follows movetext, or at an
    /// `[Event` line even inside an unclosed comment (where a broken record ends).
    Pgn,
    /// QGN (Quantum Chamber): as [`Boundary::Pgn`], in QGN's spelling (no `;` comments,
    /// no escape lines).
    Qgn,
    /// Howe's Portal Chess records: a record starts at a tag line that follows movetext; a
    /// comment never runs past its line.
    Howe,
    /// One record per non-blank line (FEN, EPD).
    Lines,
    /// CSA: a line of `/` alone ends a game (the line belongs to no record).
    Csa,
    /// Shogi USI: a record starts at a line that starts with `position`, `startpos` or
    /// `sfen`, and runs to the next (lines before the first go with the first).
    Usi,
    /// A shogi `.sfen` file: a record starts at each position line (`#` comment lines go
    /// with the record before, or the first); a line of USI starts a record as in
    /// [`Boundary::Usi`] and takes the lines after it up to the next start.
    Sfen,
}

/// A piece of the input holding one record (or several, for [`Boundary::Whole`]).
#[derive(Debug, Default)]
pub struct Chunk {
    /// The normalised bytes, still undecoded (a KIF may be Shift_JIS).
    pub bytes: Vec<u8>,
    /// Byte offset of the first byte in the whole normalised input.
    pub offset: u64,
    /// Its 1-based line.
    pub line: u64,
    /// Bytes of the record, counted even when they were not kept.
    pub len: u64,
    /// The record was longer than the bound: its bytes were not kept.
    pub oversize: bool,
    /// Byte offset of its first line in the reader's raw bytes (before line ends were
    /// normalised), when that line starts a physical line: where a reader of the same
    /// file may seek to start at this record ([`cuts`]).
    pub raw: Option<u64>,
}

/// The records of a buffered reader, one [`Chunk`] at a time.
pub struct Splitter<R> {
    reader: R,
    rule: Boundary,
    max: u64,
    /// Bytes and lines consumed so far (normalised).
    offset: u64,
    line: u64,
    /// A line read past the end of the previous chunk: the next chunk's first, and its
    /// raw offset.
    held: Option<(Vec<u8>, Option<u64>)>,
    /// Raw bytes consumed from the reader.
    raw: u64,
    /// The raw offset of the line `next_line` returned last (`None`: a piece of a line
    /// whose lone CRs became LFs, not a physical line's start).
    line_raw: Option<u64>,
    started: bool,
    done: bool,
    /// How deep inside `{…}` comments of PGN movetext the last line ended (at most 1
    /// unless the dialect nests comments).
    in_brace: u32,
    /// Bytes of the last line read past the bound (not kept), and whether its LF was.
    dropped: (u64, bool),
    /// A line's buffer, used again for the next line.
    spare: Vec<u8>,
    /// The lines after the first of a physical line whose lone CRs became LFs.
    rest: Option<Vec<u8>>,
    /// SFEN: the record being read is a line of USI.
    usi: bool,
    /// The last chunk's length (at most [`HINT_CAP`]): the next chunk's buffer is made a
    /// little larger at once, not grown by doubling and copying line after line, since
    /// records of one file are alike in size.
    hint: usize,
}

/// The most a chunk's buffer is made ahead of its bytes, so that one long record does not
/// make every later buffer long.
const HINT_CAP: usize = 1 << 20;

impl<R: BufRead> Splitter<R> {
    /// Split `reader` by `rule`; a record longer than `max` bytes is reported, not kept.
    pub fn new(reader: R, rule: Boundary, max: u64) -> Splitter<R> {
        Splitter {
            reader,
            rule,
            max,
            offset: 0,
            line: 1,
            held: None,
            raw: 0,
            line_raw: None,
            started: false,
            done: false,
            in_brace: 0,
            dropped: (0, false),
            spare: Vec::new(),
            rest: None,
            usi: false,
            hint: 0,
        }
    }

    /// Split `reader`, the rest of a stream from a record's start (a [`Cut`]): offsets and
    /// lines count on from `offset` and `line`, and no byte-order mark is looked for. The
    /// chunks are those a splitter of the whole stream makes from there on.
    pub fn resume(reader: R, rule: Boundary, max: u64, offset: u64, line: u64) -> Splitter<R> {
        Splitter {
            offset,
            line,
            started: true,
            ..Splitter::new(reader, rule, max)
        }
    }

    /// Bytes consumed so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The line reached so far (1-based).
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The next normalised line (LF ends it), at most `max + 1` bytes of it kept; `None` at
    /// the end. A line with lone CRs comes back as several lines in one buffer.
    fn next_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        if let Some((l, raw)) = self.held.take() {
            self.line_raw = raw;
            return Ok(Some(l));
        }
        let line = match self.rest.take() {
            Some(l) => {
                self.line_raw = None;
                Some(l)
            }
            None => {
                self.line_raw = Some(self.raw);
                self.read_line()?
            }
        };
        // lone CRs became LFs: one line at a time, the rest kept for the next call
        Ok(line.map(|mut l| {
            // (a byte loop: memchr's set-up costs more than a short line)
            if let Some(i) = l.iter().position(|&b| b == b'\n')
                && i + 1 < l.len()
            {
                self.rest = Some(l.split_off(i + 1));
            }
            l
        }))
    }

    /// The next physical line (up to LF), normalised.
    fn read_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut line = std::mem::take(&mut self.spare);
        line.clear();
        let cap = self.max.saturating_add(1);
        let mut any = false;
        self.dropped = (0, false);
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                break;
            }
            any = true;
            let (take, end) = match memchr::memchr(b'\n', buf) {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            let room = cap.saturating_sub(line.len() as u64) as usize;
            line.extend_from_slice(&buf[..take.min(room)]);
            if take > room {
                self.dropped.0 += (take - room) as u64;
                self.dropped.1 |= end;
            }
            self.reader.consume(take);
            self.raw += take as u64;
            if end {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        if !self.started {
            self.started = true;
            if let Some(rest) = line.strip_prefix(b"\xEF\xBB\xBF") {
                line = rest.to_vec();
            }
        }
        if line.contains(&b'\r') {
            line = crate::core::text::normalize_bytes(&line).into_owned();
        }
        Ok(Some(line))
    }

    /// The next record, `None` at the end of the input.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        let chunk = self.read_chunk()?;
        if let Some(c) = &chunk {
            self.hint = c.bytes.len().min(HINT_CAP);
        }
        Ok(chunk)
    }

    fn read_chunk(&mut self) -> io::Result<Option<Chunk>> {
        if self.done {
            return Ok(None);
        }
        let mut chunk = Chunk {
            offset: self.offset,
            line: self.line,
            ..Chunk::default()
        };
        let mut movetext = false;
        let mut blank = true;
        while let Some(line) = self.next_line()? {
            if self.rule == Boundary::Csa && trim_start(&line).trim_ascii_end() == b"/" {
                // the separator, like blank lines between records, belongs to none
                let (dropped, lf) = std::mem::take(&mut self.dropped);
                self.offset += line.len() as u64 + dropped;
                self.line += count_lf(&line) + u64::from(lf);
                self.spare = line;
                if !blank {
                    return Ok(Some(chunk));
                }
                chunk.offset = self.offset;
                chunk.line = self.line;
                continue;
            }
            let starts = !blank && self.starts_record(&line, movetext);
            if starts {
                self.held = Some((line, self.line_raw));
                return Ok(Some(chunk));
            }
            if blank && is_blank(&line) {
                // blank lines between records belong to no record
                let (dropped, lf) = std::mem::take(&mut self.dropped);
                self.offset += line.len() as u64 + dropped;
                self.line += count_lf(&line) + u64::from(lf);
                chunk.offset = self.offset;
                chunk.line = self.line;
                self.spare = line;
                continue;
            }
            if blank {
                chunk.raw = self.line_raw;
            }
            blank = false;
            movetext = match self.rule {
                Boundary::Usi | Boundary::Sfen => movetext || self.note_start(&line),
                _ => self.scan_tags(&line) || movetext,
            };
            let (dropped, lf) = std::mem::take(&mut self.dropped);
            let len = line.len() as u64 + dropped;
            self.offset += len;
            self.line += count_lf(&line) + u64::from(lf);
            chunk.len += len;
            if chunk.len > self.max {
                chunk.oversize = true;
                chunk.bytes = Vec::new();
            } else {
                if chunk.bytes.capacity() == 0 {
                    chunk.bytes.reserve(self.hint + self.hint / 4);
                }
                chunk.bytes.extend_from_slice(&line);
            }
            self.spare = line;
            if self.rule == Boundary::Lines {
                return Ok(Some(chunk));
            }
        }
        self.done = true;
        Ok((!blank).then_some(chunk))
    }

    /// Whether `line` starts a new record, given the record so far has `movetext` (for USI
    /// and SFEN: a line that starts a record).
    fn starts_record(&mut self, line: &[u8], movetext: bool) -> bool {
        match self.rule {
            Boundary::Whole | Boundary::Csa => false,
            Boundary::Lines => !is_blank(line),
            Boundary::Usi => movetext && usi_start(line),
            Boundary::Sfen => movetext && (usi_start(line) || (!self.usi && sfen_start(line))),
            Boundary::Pgn | Boundary::Qgn | Boundary::Howe => {
                let l = trim_start(line);
                if self.in_brace > 0 {
                    // resynchronise after a comment that never closed
                    if l.starts_with(b"[Event ") {
                        self.in_brace = 0;
                        return true;
                    }
                    return false;
                }
                movetext && l.first() == Some(&b'[')
            }
        }
    }

    /// USI and SFEN, until a piece's record has started: whether `line` starts it, and, for
    /// SFEN, whether that record is a line of USI.
    fn note_start(&mut self, line: &[u8]) -> bool {
        let usi = usi_start(line);
        let start = match self.rule {
            Boundary::Sfen => usi || sfen_start(line),
            _ => usi,
        };
        if start {
            self.usi = usi;
        }
        start
    }

    /// Follow comments through a line of a tag-section notation as its dialect spells
    /// them; true when it holds movetext.
    fn scan_tags(&mut self, line: &[u8]) -> bool {
        let Some(d) = dialect(self.rule) else {
            return false;
        };
        if d.lines {
            // a comment never runs past its line
            self.in_brace = 0;
        }
        let l = trim_start(line);
        let escape = d.escape_lines && l.first() == Some(&b'%');
        if self.in_brace == 0 && (l.first() == Some(&b'[') || escape) {
            return false;
        }
        if self.in_brace == 0 && memchr::memchr2(b'{', b';', line).is_none() {
            // no comment opens on the line: movetext is anything but white space
            return line
                .iter()
                .any(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
        }
        let mut movetext = false;
        let mut i = 0;
        while let Some(&b) = line.get(i) {
            i += 1;
            if self.in_brace > 0 {
                if !d.nested_comments {
                    // one level only: straight to the comment's end
                    match memchr::memchr(b'}', &line[i - 1..]) {
                        Some(n) => (self.in_brace, i) = (0, i + n),
                        None => break,
                    }
                    continue;
                }
                match b {
                    b'}' => self.in_brace -= 1,
                    b'{' => self.in_brace += 1,
                    _ => {}
                }
                continue;
            }
            match b {
                b'{' if d.brace_comments => self.in_brace = 1,
                b';' if d.line_comments => break,
                b' ' | b'\t' | b'\n' | b'\r' => {}
                _ => movetext = true,
            }
        }
        if d.lines {
            self.in_brace = 0;
        }
        movetext
    }
}

/// A line that starts a USI record (`position …`, `startpos …`, `sfen …`), as the USI
/// reader tells it.
fn usi_start(line: &[u8]) -> bool {
    std::str::from_utf8(line).is_ok_and(crate::games::shogi::notation::usi::starts_record)
}

/// A position line of a `.sfen` file: neither blank nor a `#` comment, as the reader
/// tells them.
fn sfen_start(line: &[u8]) -> bool {
    std::str::from_utf8(line)
        .is_ok_and(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
}

/// Where a reader may start reading a stream at a record: its raw byte offset (to seek
/// to), and the record's offset and line in the normalised text (to resume counting from,
/// [`Splitter::resume`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cut {
    /// The raw byte offset in the stream.
    pub raw: u64,
    /// The normalised offset there.
    pub offset: u64,
    /// The 1-based line there.
    pub line: u64,
}

/// Record starts that cut `reader` into pieces of about `every` raw bytes: the start of the
/// stream, then the first record starting at least `every` bytes after the previous cut.
/// Reading from one cut to the next with [`Splitter::resume`] gives the chunks a splitter
/// of the whole stream gives there, so the pieces can be read apart (on several machines)
/// and their records put back in order. A notation read whole ([`Boundary::Whole`]) has
/// the one cut.
pub fn cuts(reader: impl BufRead, rule: Boundary, max: u64, every: u64) -> io::Result<Vec<Cut>> {
    let mut out = vec![Cut {
        raw: 0,
        offset: 0,
        line: 1,
    }];
    if rule == Boundary::Whole {
        return Ok(out);
    }
    let mut split = Splitter::new(reader, rule, max);
    let every = every.max(1);
    while let Some(chunk) = split.next_chunk()? {
        let Some(raw) = chunk.raw else { continue };
        if raw >= out[out.len() - 1].raw + every {
            out.push(Cut {
                raw,
                offset: chunk.offset,
                line: chunk.line,
            });
        }
    }
    Ok(out)
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

fn trim_start(line: &[u8]) -> &[u8] {
    let n = line.iter().take_while(|b| b.is_ascii_whitespace()).count();
    &line[n..]
}

fn count_lf(line: &[u8]) -> u64 {
    line.iter().filter(|&&b| b == b'\n').count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str, rule: Boundary, max: u64) -> Vec<(String, u64, u64, bool)> {
        let mut s = Splitter::new(text.as_bytes(), rule, max);
        let mut out = Vec::new();
        while let Some(c) = s.next_chunk().unwrap() {
            let t = String::from_utf8(c.bytes).unwrap();
            out.push((t, c.offset, c.line, c.oversize));
        }
        out
    }

    #[test]
    fn pgn_games_split_at_the_tags_after_movetext() {
        let text = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 {a comment\n[not a tag]} e5 1-0\n\n\
                    {lead comment}\n[Event \"c\"]\n\n1. d4 *\n";
        let chunks = split(text, Boundary::Pgn, 1 << 20);
        assert_eq!(chunks.len(), 2);
        assert_eq!(chunks[0].1, 0);
        // a comment between games stays with the game before (the reader drops it there,
        // as it does reading the whole file)
        assert_eq!(chunks[1].2, 8, "{chunks:?}");
        assert!(chunks[1].0.starts_with("[Event \"c\"]"));
        assert_eq!(&text[chunks[1].1 as usize..][..11], "[Event \"c\"]");
    }

    #[test]
    fn an_unclosed_comment_ends_at_the_next_event() {
        let text = "[Event \"a\"]\n1. e4 { never closed\n[Event \"b\"]\n1. d4 *\n";
        let chunks = split(text, Boundary::Pgn, 1 << 20);
        assert_eq!(chunks.len(), 2);
        assert_eq!(chunks[1].2, 3);
    }

    #[test]
    fn line_ends_and_the_mark_are_normalised_and_counted() {
        let text = "\u{FEFF}a\r\nb\r\n\r\nc\rd\n";
        let chunks = split(text, Boundary::Lines, 1 << 20);
        let lines: Vec<_> = chunks.iter().map(|c| (c.0.as_str(), c.1, c.2)).collect();
        assert_eq!(
            lines,
            [("a\n", 0, 1), ("b\n", 2, 2), ("c\n", 5, 4), ("d\n", 7, 5)]
        );
    }

    #[test]
    fn csa_games_split_at_their_slash_lines() {
        let text = "V2.2\nPI\n+\n+7776FU\n/\nV2.2\nPI\n+\n+2726FU\n %TORYO\n/\n\n";
        let chunks = split(text, Boundary::Csa, 1 << 20);
        let got: Vec<_> = chunks.iter().map(|c| (c.0.as_str(), c.1, c.2)).collect();
        assert_eq!(
            got,
            [
                ("V2.2\nPI\n+\n+7776FU\n", 0, 1),
                ("V2.2\nPI\n+\n+2726FU\n %TORYO\n", 20, 6)
            ]
        );
    }

    #[test]
    fn a_record_past_the_bound_is_counted_not_kept() {
        let long = "x".repeat(100);
        let text = format!("[Event \"a\"]\n1. {long} *\n[Event \"b\"]\n1. e4 *\n");
        let chunks = split(&text, Boundary::Pgn, 50);
        assert_eq!(chunks.len(), 2);
        assert!(chunks[0].3 && chunks[0].0.is_empty());
        assert!(!chunks[1].3);
        assert_eq!(chunks[1].1 as usize, text.find("[Event \"b").unwrap());
    }

    /// The chunks of `bytes` read whole, and read range by range from its cuts.
    fn whole_and_ranges(bytes: &[u8], rule: Boundary, every: u64) -> (usize, Vec<Vec<u8>>) {
        let cuts = cuts(bytes, rule, 1 << 20, every).unwrap();
        let mut got = Vec::new();
        for (i, c) in cuts.iter().enumerate() {
            let end = cuts.get(i + 1).map_or(bytes.len(), |n| n.raw as usize);
            let range = &bytes[c.raw as usize..end];
            let mut s = if i == 0 {
                Splitter::new(range, rule, 1 << 20)
            } else {
                Splitter::resume(range, rule, 1 << 20, c.offset, c.line)
            };
            while let Some(k) = s.next_chunk().unwrap() {
                got.push((k.bytes, k.offset, k.line));
            }
        }
        let mut whole = Vec::new();
        let mut s = Splitter::new(bytes, rule, 1 << 20);
        while let Some(k) = s.next_chunk().unwrap() {
            whole.push((k.bytes, k.offset, k.line));
        }
        assert_eq!(got, whole);
        (cuts.len(), whole.into_iter().map(|w| w.0).collect())
    }

    #[test]
    fn a_stream_read_from_its_cuts_gives_the_chunks_of_the_whole() {
        // CRLF line ends and a byte-order mark: raw offsets are not the normalised ones
        let game = "[Event \"a\"]\r\n\r\n1. e4 {x\r\n[y]} e5 *\r\n\r\n";
        let text = format!("\u{feff}{}", game.repeat(12));
        let (n, chunks) = whole_and_ranges(text.as_bytes(), Boundary::Pgn, 100);
        assert!(n >= 4, "{n} cuts");
        assert_eq!(chunks.len(), 12);
        let lines = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n\r\n".repeat(20);
        let (n, chunks) = whole_and_ranges(lines.as_bytes(), Boundary::Lines, 64);
        assert!(n >= 5, "{n} cuts");
        assert_eq!(chunks.len(), 20);
        let csa = "V2.2\nPI\n+\n+7776FU\n/\n".repeat(10);
        let (n, _) = whole_and_ranges(csa.as_bytes(), Boundary::Csa, 40);
        assert!(n >= 3, "{n} cuts");
        assert_eq!(whole_and_ranges(csa.as_bytes(), Boundary::Whole, 40).0, 1);
    }

    #[test]
    fn the_cuts_of_the_other_boundaries_start_records() {
        // USI: a record's lines after its start stay with it, wherever the cut falls
        let usi = "position startpos\r\n  moves 7g7f 3c3d\r\nstartpos moves 2g2f\r\n".repeat(8);
        let (n, chunks) = whole_and_ranges(usi.as_bytes(), Boundary::Usi, 50);
        assert!(n >= 4, "{n} cuts");
        assert_eq!(chunks.len(), 16);
        // SFEN: comments go with the position before; a USI line takes its next lines
        let sfen = "4k4/9/9/9/9/9/9/9/4K4 b 2P 1\n# a comment\n\n".repeat(12)
            + "position startpos\nmoves 7g7f\nposition startpos moves 2g2f\n";
        let (n, chunks) = whole_and_ranges(sfen.as_bytes(), Boundary::Sfen, 60);
        assert!(n >= 4, "{n} cuts");
        assert_eq!(chunks.len(), 14);
        assert!(chunks[..12].iter().all(|c| c.starts_with(b"4k4")));
        assert_eq!(chunks[12], b"position startpos\nmoves 7g7f\n");
        // tag sections in Howe's and QGN's spellings, comments spanning no cut
        let howe =
            "[Variant \"portal-howe\"]\r\n\r\n1:Ae4 Ba5 {a [comment]}\r\n2:Bh4 Ae5 *\r\n\r\n"
                .repeat(10);
        let (n, chunks) = whole_and_ranges(howe.as_bytes(), Boundary::Howe, 100);
        assert!(n >= 4, "{n} cuts");
        assert_eq!(chunks.len(), 10);
        let qgn =
            "[Game \"Quantum Chamber\"]\n1. a1~c3 Xd4-e5 {the lock;\n[held]} *\n\n".repeat(10);
        let (n, chunks) = whole_and_ranges(qgn.as_bytes(), Boundary::Qgn, 100);
        assert!(n >= 4, "{n} cuts");
        assert_eq!(chunks.len(), 10);
    }
}
