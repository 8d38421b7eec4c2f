//! The line reader shared by KIF and KI2: headers, start position, comments, variations,
//! and the move lines of the flavour being read.
//!
//! Lines are classified by their first characters; every token keeps its byte span in the
//! text. Nothing here knows the rules: moves stay as written until `resolve`.

use crate::core::{Problem, Span};
use crate::games::shogi::position::Hand;
use crate::games::shogi::record::{Ending, MoveText, Record, RecordMove, Variation};
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::{Color, Piece, Square};

use super::board::{handicap, parse_hand, parse_row};
use super::names::ENDING_WORDS;
use super::tokens::{self, is_space};

/// Which move lines a text holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// `   1 ７六歩(77)   ( 0:01/00:00:01)`
    Kif,
    /// `▲７六歩　△３四歩`
    Ki2,
}

/// Header keys that describe the start position; they become `Record::start`, not headers.
const BLACK_HAND_KEYS: [&str; 2] = ["先手の持駒", "下手の持駒"];
const WHITE_HAND_KEYS: [&str; 2] = ["後手の持駒", "上手の持駒"];
/// Hand values meaning "all the pieces not accounted for elsewhere".
const REST_OF_PIECES: [&str; 2] = ["残り全部", "残り全て"];

#[derive(Default)]
struct Diagram {
    rows: Vec<([Option<Piece>; 9], Option<u8>, Span)>,
    span: Option<Span>,
}

struct Reader {
    flavor: Flavor,
    record: Record,
    diagram: Diagram,
    handicap: Option<(Setup, Span)>,
    /// A `手合割` name outside the table: fine if a diagram gives the position.
    unknown_handicap: Option<(String, Span)>,
    hands: [Option<Hand>; 2],
    /// The side whose hand line says `残り全部`: every piece not on the board nor in the
    /// other hand (the usual tsume convention for the defender).
    rest_of_pieces: Option<Color>,
    side: Option<Color>,
    /// `None` = the main line, else the index of the variation being read.
    variation: Option<usize>,
}

/// Read a KIF or KI2 text (already decoded) into a record.
pub fn read(text: &str, flavor: Flavor) -> Result<Record, Problem> {
    let mut r = Reader {
        flavor,
        record: Record::default(),
        diagram: Diagram::default(),
        handicap: None,
        unknown_handicap: None,
        hands: [None, None],
        rest_of_pieces: None,
        side: None,
        variation: None,
    };
    let mut offset = 0;
    for raw in text.split('\n') {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        r.line(line, offset)?;
        offset += raw.len() + 1;
    }
    r.finish()
}

impl Reader {
    fn line(&mut self, line: &str, offset: usize) -> Result<(), Problem> {
        let t = line.trim_end_matches(is_space);
        let lt = t.trim_start_matches(is_space);
        let lead = offset + (t.len() - lt.len());
        let span = Span::new(lead, lt.len());
        if lt.is_empty()
            || lt.starts_with('#')
            || lt.starts_with("手数----")
            || lt.starts_with("手数＝")
        {
            return Ok(());
        }
        if let Some(c) = lt.strip_prefix('*') {
            self.comment(c.to_string());
        } else if lt.starts_with('&') {
            self.comment(lt.to_string());
        } else if let Some(rest) = lt.strip_prefix("変化：") {
            self.variation_line(rest, span)?;
        } else if let Some(rest) = lt.strip_prefix("まで") {
            self.summary(rest, span);
        } else if lt.starts_with('|') {
            let (cells, rank) = parse_row(lt).map_err(|p| p.shifted(lead))?;
            self.diagram.rows.push((cells, rank, span));
            self.extend_diagram(span);
        } else if (lt.starts_with('+') && lt.contains("---"))
            || (lt.starts_with('９') && lt.ends_with('１'))
        {
            self.extend_diagram(span);
        } else if let Some(side) = side_line(lt) {
            self.side = Some(side);
        } else if self.flavor == Flavor::Kif && lt.starts_with(|c: char| c.is_ascii_digit()) {
            self.kif_move_line(lt, lead)?;
        } else if self.flavor == Flavor::Ki2 && tokens::turn_mark(lt).is_ok() {
            self.ki2_move_line(lt, lead)?;
        } else if let Some((key, value)) = lt.split_once('：') {
            let value_at = lead + key.len() + '：'.len_utf8();
            self.header(
                key,
                value.trim_start_matches(is_space),
                value_at + value.len() - value.trim_start_matches(is_space).len(),
                span,
            )?;
        } else {
            let what = if self.flavor == Flavor::Kif {
                "a KIF"
            } else {
                "a KI2"
            };
            return Err(Problem::syntax(
                format!("this line is not part of {what} record"),
                span,
            ));
        }
        Ok(())
    }

    fn extend_diagram(&mut self, span: Span) {
        self.diagram.span = Some(self.diagram.span.map_or(span, |s| s.join(span)));
    }

    fn header(
        &mut self,
        key: &str,
        value: &str,
        value_at: usize,
        line: Span,
    ) -> Result<(), Problem> {
        if key == "手合割" {
            match handicap(value) {
                Some(s) => self.handicap = Some((s, line)),
                None => {
                    self.unknown_handicap =
                        Some((value.to_string(), Span::new(value_at, value.len())))
                }
            }
        } else if BLACK_HAND_KEYS.contains(&key) || WHITE_HAND_KEYS.contains(&key) {
            let color = if WHITE_HAND_KEYS.contains(&key) {
                Color::White
            } else {
                Color::Black
            };
            if REST_OF_PIECES.contains(&value.trim()) {
                self.rest_of_pieces = Some(color);
            } else {
                let hand = parse_hand(value).map_err(|p| p.shifted(value_at))?;
                self.hands[color.index()] = Some(hand);
            }
            self.extend_diagram(line);
        } else {
            self.record
                .headers
                .push((key.to_string(), value.to_string()));
        }
        Ok(())
    }

    fn moves_mut(&mut self) -> &mut Vec<RecordMove> {
        match self.variation {
            None => &mut self.record.moves,
            Some(i) => &mut self.record.variations[i].moves,
        }
    }

    fn ending_mut(&mut self) -> &mut Option<(Ending, Span)> {
        match self.variation {
            None => &mut self.record.ending,
            Some(i) => &mut self.record.variations[i].ending,
        }
    }

    fn expected_ply(&self) -> usize {
        match self.variation {
            None => self.record.moves.len() + 1,
            Some(i) => self.record.variations[i].ply + self.record.variations[i].moves.len(),
        }
    }

    /// A comment belongs to the move above it; before any move, to the record.
    fn comment(&mut self, text: String) {
        match self.moves_mut().last_mut() {
            Some(m) => m.comments.push(text),
            None => self.record.comments.push(text),
        }
    }

    fn variation_line(&mut self, rest: &str, span: Span) -> Result<(), Problem> {
        let ply = rest
            .strip_suffix('手')
            .and_then(|n| n.trim_matches(is_space).parse::<usize>().ok())
            .filter(|&n| n >= 1)
            .ok_or_else(|| {
                Problem::syntax("a variation line reads `変化：N手` with N ≥ 1", span)
            })?;
        self.record.variations.push(Variation {
            ply,
            moves: Vec::new(),
            ending: None,
        });
        self.variation = Some(self.record.variations.len() - 1);
        Ok(())
    }

    /// `まで64手で後手の勝ち`: the ending, unless a terminal move line already gave it.
    fn summary(&mut self, rest: &str, span: Span) {
        let text = rest
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start_matches("手で");
        let ending = summary_ending(text);
        let slot = self.ending_mut();
        if slot.is_none() {
            *slot = Some((ending, span));
        }
    }

    fn check_can_move(&mut self, number_span: Span, number: Option<usize>) -> Result<(), Problem> {
        if self.ending_mut().is_some() {
            return Err(Problem::syntax(
                "a move after the line's terminal move",
                number_span,
            ));
        }
        let expected = self.expected_ply();
        match number {
            Some(n) if n != expected => Err(Problem::syntax(
                format!("move number {n}, expected {expected}"),
                number_span,
            )),
            _ => Ok(()),
        }
    }

    fn kif_move_line(&mut self, lt: &str, lead: usize) -> Result<(), Problem> {
        let digits = lt.find(|c: char| !c.is_ascii_digit()).unwrap_or(lt.len());
        let number_span = Span::new(lead, digits);
        let number = lt[..digits].parse::<usize>().ok();
        let body = lt[digits..].trim_start_matches(is_space);
        if body.len() == lt.len() - digits && !body.is_empty() {
            let bad = body.chars().next().map_or(0, char::len_utf8);
            return Err(Problem::syntax(
                "expected a space after the move number",
                Span::new(lead + digits, bad),
            ));
        }
        self.check_can_move(number_span, number.or(Some(usize::MAX)))?;
        let at = lead + lt.len() - body.len();
        if let Some((w, f)) = ENDING_WORDS.iter().find(|(w, _)| body.starts_with(w)) {
            tail(&body[w.len()..], at + w.len())?;
            *self.ending_mut() = Some((f(), Span::new(at, w.len())));
            return Ok(());
        }
        let (mv, rest) = tokens::kif_move(body).map_err(|p| p.shifted(at))?;
        let len = body.len() - rest.len();
        let time = tail(rest, at + len)?;
        let mut rm = RecordMove::new(MoveText::Kif(mv), Span::new(at, len));
        rm.time = time;
        self.moves_mut().push(rm);
        Ok(())
    }

    fn ki2_move_line(&mut self, lt: &str, lead: usize) -> Result<(), Problem> {
        let mut rest = lt;
        loop {
            rest = rest.trim_start_matches(is_space);
            if rest.is_empty() {
                return Ok(());
            }
            let at = lead + lt.len() - rest.len();
            self.check_can_move(Span::new(at, 3), None)?;
            let (mv, r) = tokens::ki2_move(rest).map_err(|p| p.shifted(at))?;
            let len = rest.len() - r.len();
            self.moves_mut()
                .push(RecordMove::new(MoveText::Ki2(mv), Span::new(at, len)));
            rest = r;
        }
    }

    fn finish(mut self) -> Result<Record, Problem> {
        if let Some((value, span)) = &self.unknown_handicap
            && self.diagram.rows.is_empty()
        {
            return Err(Problem::syntax(
                format!("unknown 手合割 `{value}`: such a start needs a board diagram"),
                *span,
            ));
        }
        let (mut setup, span) = if !self.diagram.rows.is_empty() {
            (self.diagram_setup()?, self.diagram.span.unwrap_or_default())
        } else if let Some((s, span)) = self.handicap.take() {
            (s, span)
        } else {
            (
                Record::default().start,
                self.diagram.span.unwrap_or_default(),
            )
        };
        for c in Color::BOTH {
            if let Some(h) = self.hands[c.index()] {
                setup.hands[c.index()] = h;
            }
        }
        if let Some(c) = self.rest_of_pieces {
            setup.hands[c.index()] = [0; 7];
            setup.hands[c.index()] = setup.missing_pieces();
        }
        if let Some(side) = self.side {
            setup.side = side;
        }
        self.record.start = setup;
        self.record.start_span = span;
        Ok(self.record)
    }

    fn diagram_setup(&self) -> Result<Setup, Problem> {
        let rows = &self.diagram.rows;
        let span = self.diagram.span.unwrap_or_default();
        if rows.len() != 9 {
            return Err(Problem::syntax(
                format!("the board diagram has {} rows, not 9", rows.len()),
                span,
            ));
        }
        let mut setup = Setup::empty();
        for (i, (cells, rank, row_span)) in rows.iter().enumerate() {
            if rank.is_some_and(|r| r as usize != i + 1) {
                return Err(Problem::syntax(
                    format!("row {} names another rank", i + 1),
                    *row_span,
                ));
            }
            for (j, cell) in cells.iter().enumerate() {
                let sq = Square::new(9 - j as u8, i as u8 + 1).expect("on board");
                setup.board[sq.index()] = *cell;
            }
        }
        if self
            .handicap
            .as_ref()
            .is_some_and(|(s, _)| s.side == Color::White)
        {
            setup.side = Color::White;
        }
        Ok(setup)
    }
}

fn side_line(lt: &str) -> Option<Color> {
    match lt {
        "先手番" | "下手番" => Some(Color::Black),
        "後手番" | "上手番" => Some(Color::White),
        _ => None,
    }
}

/// What may follow a KIF move: `( 0:01/00:00:01)` and a `+` (the move has variations).
fn tail(rest: &str, at: usize) -> Result<Option<String>, Problem> {
    let mut s = rest.trim_start_matches(is_space);
    let mut time = None;
    if let Some(inner) = s.strip_prefix('(') {
        let close = inner.find(')').ok_or_else(|| {
            Problem::syntax(
                "the time has no closing `)`",
                Span::new(at + rest.len() - s.len(), 1),
            )
        })?;
        time = Some(inner[..close].to_string());
        s = inner[close + 1..].trim_start_matches(is_space);
    }
    s = s
        .strip_prefix('+')
        .unwrap_or(s)
        .trim_start_matches(is_space);
    if !s.is_empty() {
        let bad = s.chars().next().map_or(0, char::len_utf8);
        return Err(Problem::syntax(
            "unexpected text after the move",
            Span::new(at + rest.len() - s.len(), bad),
        ));
    }
    Ok(time)
}

/// The ending a `まで…手で` summary states.
pub fn summary_ending(text: &str) -> Ending {
    let table: [(&str, Ending); 10] = [
        ("千日手", Ending::Repetition),
        ("持将棋", Ending::Impasse),
        ("中断", Ending::Interrupted),
        ("不詰", Ending::NoCheckmate),
        ("詰", Ending::Checkmate),
        ("切れ", Ending::TimeUp),
        ("反則負け", Ending::Other("反則負け".into())),
        ("反則", Ending::IllegalMove),
        ("入玉", Ending::EnteringKingWin),
        ("の勝ち", Ending::Resign),
    ];
    table
        .into_iter()
        .find(|(w, _)| text.contains(w))
        .map(|(_, e)| e)
        .unwrap_or_else(|| Ending::Other(text.to_string()))
}
