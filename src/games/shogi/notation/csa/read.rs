//! Assembling statements into records: the order CSA prescribes (version, names and
//! headers, position, side, moves with times and comments, special move) and the `/`
//! between records.

use super::syntax::{self, Expected, Placement, Stmt};
use crate::core::{Problem, Span};
use crate::games::shogi::ShogiRule;
use crate::games::shogi::notation::{MoveHook, claimed, sfen};
use crate::games::shogi::record::{Ending, MoveText, Record, RecordMove};
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::{Color, Kind, Piece, Square};

/// Read every record of a CSA text (records are separated by `/` lines). A record made
/// only of comments (an empty text, a trailing `/`) is skipped.
pub fn parse_records(text: &str) -> Result<Vec<Record>, Problem> {
    parse_records_with(text, &mut |_| None)
}

/// Read every record of a CSA text whose moves may be moves `hook` claims (see
/// [`MoveHook`]); everything else reads as for shogi.
pub fn parse_records_with(text: &str, hook: &mut MoveHook<'_>) -> Result<Vec<Record>, Problem> {
    let mut records = Vec::new();
    let stmts = statements(text, hook);
    let mut draft = Draft::expecting(&stmts);
    for (i, &(stmt_text, offset, is_claimed)) in stmts.iter().enumerate() {
        if is_claimed {
            draft.claimed(stmt_text, Span::new(offset, stmt_text.len()))?;
            continue;
        }
        let stmt =
            syntax::statement(stmt_text).map_err(|e| expected_problem(stmt_text, offset, &e))?;
        let span = Span::new(offset, stmt_text.len());
        if stmt == Stmt::Separator {
            let next = Draft::expecting(&stmts[i + 1..]);
            records.extend(std::mem::replace(&mut draft, next).finish(span)?);
        } else {
            draft.add(stmt, span, stmt_text)?;
        }
    }
    records.extend(draft.finish(Span::new(text.len(), 0))?);
    Ok(records)
}

/// Read a text holding exactly one record.
pub fn parse_record(text: &str) -> Result<Record, Problem> {
    parse_record_with(text, &mut |_| None)
}

/// Read a text holding exactly one record, whose moves may be moves `hook` claims (see
/// [`MoveHook`]).
pub fn parse_record_with(text: &str, hook: &mut MoveHook<'_>) -> Result<Record, Problem> {
    let mut records = parse_records_with(text, hook)?;
    match records.len() {
        1 => Ok(records.remove(0)),
        0 => Err(Problem::syntax(
            "expected a CSA record; the text holds none",
            Span::new(0, text.len()),
        )),
        n => Err(Problem::syntax(
            format!("expected one CSA record; the text holds {n}"),
            Span::new(0, text.len()),
        )),
    }
}

/// The problem of a statement's parse error: what was expected, and what stands there.
fn expected_problem(stmt: &str, offset: usize, e: &Expected) -> Problem {
    let (at, rest) = (e.offset(stmt), e.rest(stmt));
    let what = match e.expected {
        "" => "valid CSA",
        what => what,
    };
    let mut len = e.width.unwrap_or(rest.len()).min(rest.len());
    while !rest.is_char_boundary(len) {
        len += 1;
    }
    let shown = rest
        .get(..len)
        .filter(|t| !t.is_empty())
        .or_else(|| rest.get(..rest.chars().next().map_or(0, char::len_utf8)));
    let found = match shown {
        Some(t) if !t.is_empty() => crate::core::quote(t),
        _ => "the end of the statement".to_string(),
    };
    Problem::syntax(
        format!("expected {what}, found {found}"),
        Span::new(offset + at, len),
    )
}

/// The statements of a text with their byte offsets, and whether `hook` claimed each as
/// a move: a line is one statement, except that lines other than comments, names and
/// headers split at `,` (CSA v2.2). The hook is offered a line that starts with a sign
/// before it is split, since the moves it claims may hold commas. Blank statements are
/// skipped; trailing blanks and line ends (`core::text::lines`) are not part of a
/// statement.
fn statements<'t>(text: &'t str, hook: &mut MoveHook<'_>) -> Vec<(&'t str, usize, bool)> {
    // a statement a line of about eight bytes, as a game's moves are
    let mut out = Vec::with_capacity((text.len() / 8).min(4096));
    for (offset, line) in crate::core::text::lines(text) {
        let whole_line = matches!(line.as_bytes().first(), Some(b'\'' | b'N' | b'$'));
        if line.starts_with('\'') {
            out.push((line, offset, false));
        } else if whole_line {
            out.push((line.trim_end(), offset, false));
        } else {
            let t = line.trim_start();
            let mut rest = (line, offset);
            if let Some(m) = t
                .starts_with(['+', '-'])
                .then(|| claimed(hook, t))
                .flatten()
            {
                let at = offset + Span::of(line, m).offset;
                out.push((m, at, true));
                rest = (&t[m.len()..], at + m.len());
            }
            if !rest.0.as_bytes().contains(&b',') {
                // the usual line, one statement: no splitting
                push_trimmed(&mut out, rest);
                continue;
            }
            for part in rest.0.split(',') {
                push_trimmed(&mut out, (part, rest.1 + Span::of(rest.0, part).offset));
            }
        }
    }
    out
}

/// A statement `(text, offset)` trimmed, kept unless blank.
fn push_trimmed<'t>(out: &mut Vec<(&'t str, usize, bool)>, (part, at): (&'t str, usize)) {
    let t = part.trim();
    if !t.is_empty() {
        out.push((t, at + Span::of(part, t).offset, false));
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Phase {
    /// Version, names, headers.
    #[default]
    Header,
    Position,
    Moves,
    Ended,
}

/// A record being read.
#[derive(Default)]
struct Draft {
    record: Record,
    phase: Phase,
    setup: Option<Setup>,
    start_span: Option<Span>,
    side: Option<Color>,
    all_rest: Option<Color>,
    /// Any statement but a comment seen: the record is not empty.
    meaningful: bool,
    seen_any: bool,
}

impl Draft {
    /// A record whose statements start `ahead`: its moves' list made as long as the moves
    /// up to the next `/` at once, not grown by doubling and copying.
    fn expecting(ahead: &[(&str, usize, bool)]) -> Draft {
        let moves = ahead
            .iter()
            .take_while(|s| s.0 != "/")
            .filter(|s| s.0.starts_with(['+', '-']))
            .count();
        let mut draft = Draft::default();
        draft.record.moves.reserve_exact(moves);
        draft
    }
}

fn err<T>(message: impl Into<String>, span: Span) -> Result<T, Problem> {
    Err(Problem::syntax(message, span))
}

impl Draft {
    /// Take one statement; `src` is its text, whose start is `span.offset`.
    fn add(&mut self, stmt: Stmt, span: Span, src: &str) -> Result<(), Problem> {
        let first = !self.seen_any;
        self.seen_any = true;
        if !matches!(stmt, Stmt::Comment(_)) {
            self.meaningful = true;
        }
        match stmt {
            Stmt::Comment(c) => self.comment(c, first),
            Stmt::Version(_) => self.header_only(span, "the version line comes first in a record"),
            Stmt::Name(c, n) => {
                self.header_only(span, "player names come before the moves")?;
                let key = if c == Color::Black { "N+" } else { "N-" };
                self.record.headers.push((key.into(), n.into()));
                Ok(())
            }
            // CSA servers write `$END_TIME` after the moves; a header is kept wherever it is
            Stmt::Info(k, v) => {
                self.record.headers.push((k.into(), v.into()));
                Ok(())
            }
            Stmt::Initial(removed) => self.position(span, |s| initial(s, &removed, span, src)),
            Stmt::Rank(r, cells) => self.position(span, |s| {
                rank(s, r, &cells);
                Ok(())
            }),
            Stmt::Place(c, list) => {
                let mut all_rest = false;
                self.position(span, |s| {
                    place(s, c, &list, &mut all_rest);
                    Ok(())
                })?;
                if all_rest {
                    self.all_rest = Some(c);
                }
                Ok(())
            }
            Stmt::Side(c) => self.side_line(c, span),
            Stmt::Move(m) => self.add_move(MoveText::Csa(m), span),
            Stmt::Time(t) => self.time(t, span),
            Stmt::Special(w) => self.special(w, span),
            Stmt::Separator => Ok(()),
        }
    }

    fn comment(&mut self, c: &str, first: bool) -> Result<(), Problem> {
        if first && c.starts_with("CSA encoding=") {
            return Ok(()); // the encoding declaration, consumed by `decode`
        }
        let text = c
            .strip_prefix('*')
            .map_or_else(|| format!("'{c}"), str::to_string);
        match self.record.moves.last_mut() {
            Some(m) => m.comments.push(text),
            None => self.record.comments.push(text),
        }
        Ok(())
    }

    fn header_only(&mut self, span: Span, why: &str) -> Result<(), Problem> {
        if self.phase >= Phase::Moves {
            return err(
                format!("expected a move, time, comment or special move here; {why}"),
                span,
            );
        }
        Ok(())
    }

    fn position(
        &mut self,
        span: Span,
        f: impl FnOnce(&mut Setup) -> Result<(), Problem>,
    ) -> Result<(), Problem> {
        if self.phase >= Phase::Moves {
            return err(
                "expected a move, time, comment or special move; the position comes before the side to move",
                span,
            );
        }
        self.phase = Phase::Position;
        self.start_span = Some(self.start_span.map_or(span, |s| s.join(span)));
        f(self.setup.get_or_insert_with(Setup::empty))
    }

    fn side_line(&mut self, c: Color, span: Span) -> Result<(), Problem> {
        match self.phase {
            Phase::Header => err(
                "expected a position (PI, P1 to P9, P+ or P-) before the side to move",
                span,
            ),
            Phase::Position => {
                self.side = Some(c);
                self.phase = Phase::Moves;
                Ok(())
            }
            _ => err(
                "expected a move; the side to move is given once, before the moves",
                span,
            ),
        }
    }

    /// A move the hook claimed, as written (it starts with its sign).
    fn claimed(&mut self, text: &str, span: Span) -> Result<(), Problem> {
        self.seen_any = true;
        self.meaningful = true;
        self.add_move(MoveText::Claimed(text.to_string()), span)
    }

    fn add_move(&mut self, m: MoveText, span: Span) -> Result<(), Problem> {
        match self.phase {
            Phase::Header => {
                return err(
                    "expected a position (PI, P1 to P9, P+ or P-) before the first move",
                    span,
                );
            }
            Phase::Ended => {
                return err(
                    "expected the end of the record (`/` or the end of the text): the game already ended",
                    span,
                );
            }
            Phase::Position | Phase::Moves => self.phase = Phase::Moves,
        }
        self.record.moves.push(RecordMove::new(m, span));
        Ok(())
    }

    /// A time after a move, or after the special move (Kifu for Windows writes
    /// `%TORYO,T3`, ShogiHome a `T3` line, comments between allowed).
    fn time(&mut self, t: &str, span: Span) -> Result<(), Problem> {
        if self.phase == Phase::Ended {
            if self.record.ending_time.is_some() {
                return err(
                    "expected the end of the record: the special move already has its time",
                    span,
                );
            }
            self.record.ending_time = Some(t.to_string());
            return Ok(());
        }
        let last = self
            .record
            .moves
            .last_mut()
            .filter(|_| self.phase == Phase::Moves);
        match last {
            Some(m) if m.time.is_none() => {
                m.time = Some(t.to_string());
                Ok(())
            }
            Some(_) => err(
                "expected a move or comment: this move already has its time",
                span,
            ),
            None => err("expected a move before its time `T…`", span),
        }
    }

    fn special(&mut self, w: &str, span: Span) -> Result<(), Problem> {
        match self.phase {
            Phase::Header => err(
                "expected a position (PI, P1 to P9, P+ or P-) before the special move",
                span,
            ),
            // a server repeats the special move it confirms (`%KACHI` twice)
            Phase::Ended
                if self
                    .record
                    .ending
                    .as_ref()
                    .is_some_and(|(e, _)| *e == ending(w)) =>
            {
                self.record.warnings.push(Problem::new(
                    ShogiRule::RepeatedSpecialMove,
                    "the same special move again; the first one ends the record",
                    span,
                ));
                Ok(())
            }
            Phase::Ended => err(
                "expected the end of the record: it already has a special move",
                span,
            ),
            _ => {
                self.phase = Phase::Ended;
                self.record.ending = Some((ending(w), span));
                Ok(())
            }
        }
    }

    /// Close the record at `end` (the separator or the end of the text).
    fn finish(mut self, end: Span) -> Result<Option<Record>, Problem> {
        if !self.meaningful {
            return Ok(None);
        }
        let Some(mut setup) = self.setup.take() else {
            return err(
                "expected a position (PI, P1 to P9, P+ or P-) before the record ends",
                Span::new(end.offset, 0),
            );
        };
        if let Some(c) = self.all_rest {
            let rest = setup.missing_pieces();
            for (slot, n) in setup.hands[c.index()].iter_mut().zip(rest) {
                *slot = slot.saturating_add(n);
            }
        }
        let first_mover = self.record.moves.first().and_then(|m| match &m.text {
            MoveText::Csa(c) => Some(c.color),
            MoveText::Claimed(t) if t.starts_with('+') => Some(Color::Black),
            MoveText::Claimed(t) if t.starts_with('-') => Some(Color::White),
            _ => None,
        });
        setup.side = self.side.or(first_mover).unwrap_or(Color::Black);
        self.record.start = setup;
        self.record.start_span = self.start_span.unwrap_or_default();
        Ok(Some(self.record))
    }
}

/// `PI`: the standard start without the listed pieces, each of which must be there.
fn initial(
    s: &mut Setup,
    removed: &[(Square, Kind, &str)],
    span: Span,
    src: &str,
) -> Result<(), Problem> {
    s.board = sfen::startpos_setup().board;
    for &(sq, kind, text) in removed {
        let cell = &mut s.board[sq.index()];
        if cell.map(|p| p.kind) != Some(kind) {
            let at = Span::of(src, text).shifted(span.offset);
            return err(
                format!("expected a piece of the start position to remove; `{text}` is not one"),
                at,
            );
        }
        *cell = None;
    }
    Ok(())
}

fn rank(s: &mut Setup, r: u8, cells: &[Option<Piece>; 9]) {
    for (i, cell) in cells.iter().enumerate() {
        if let Some(sq) = Square::new(9 - i as u8, r) {
            s.board[sq.index()] = *cell;
        }
    }
}

fn place(s: &mut Setup, c: Color, list: &[(Placement, &str)], all_rest: &mut bool) {
    for (p, _) in list {
        match *p {
            Placement::Board(sq, kind) => s.board[sq.index()] = Some(Piece::new(c, kind)),
            Placement::Hand(kind) => {
                let slot = &mut s.hands[c.index()][kind as usize];
                *slot = slot.saturating_add(1);
            }
            Placement::AllRest => *all_rest = true,
        }
    }
}

/// The record's ending for a special move (one of `syntax::SPECIALS`).
fn ending(w: &str) -> Ending {
    match w {
        "TORYO" => Ending::Resign,
        "CHUDAN" => Ending::Interrupted,
        "SENNICHITE" => Ending::Repetition,
        "TIME_UP" => Ending::TimeUp,
        "ILLEGAL_MOVE" => Ending::IllegalLoss,
        "+ILLEGAL_ACTION" => Ending::IllegalAction(Color::Black),
        "-ILLEGAL_ACTION" => Ending::IllegalAction(Color::White),
        "JISHOGI" => Ending::Impasse,
        "KACHI" => Ending::EnteringKingWin,
        "HIKIWAKE" => Ending::Draw,
        "TSUMI" => Ending::Checkmate,
        "FUZUMI" => Ending::NoCheckmate,
        "ERROR" => Ending::Error,
        "MATTA" => Ending::Matta,
        "MAX_MOVES" => Ending::MaxMoves,
        other => Ending::Other(other.to_string()),
    }
}

/// The CSA special move of an ending, with `to_move` the side to move after the last ply
/// (KIF's 反則勝ち names no side; CSA's `%±ILLEGAL_ACTION` does). `None` for the endings
/// CSA has no word for: 封じ手, 不戦勝, 不戦敗 and unknown words.
pub(super) fn ending_word(e: &Ending, to_move: Color) -> Option<&'static str> {
    let action = |c: Color| {
        if c == Color::Black {
            "+ILLEGAL_ACTION"
        } else {
            "-ILLEGAL_ACTION"
        }
    };
    Some(match e {
        Ending::Resign => "TORYO",
        Ending::Interrupted => "CHUDAN",
        Ending::Repetition => "SENNICHITE",
        Ending::TimeUp => "TIME_UP",
        Ending::IllegalLoss => "ILLEGAL_MOVE",
        Ending::IllegalWin => action(to_move.flip()),
        Ending::IllegalAction(c) => action(*c),
        Ending::Impasse => "JISHOGI",
        Ending::EnteringKingWin => "KACHI",
        Ending::Draw => "HIKIWAKE",
        Ending::Checkmate => "TSUMI",
        Ending::NoCheckmate => "FUZUMI",
        Ending::Error => "ERROR",
        Ending::Matta => "MATTA",
        Ending::MaxMoves => "MAX_MOVES",
        Ending::SealedMove | Ending::WinByDefault | Ending::LossByDefault | Ending::Other(_) => {
            return None;
        }
    })
}
