//! The pages of PGN records: orthodox chess and the one-board portal versions (Hidden's,
//! Buckley's), with their RAV variations, comments and NAGs. Positions as FEN (the portal
//! versions' FEN with portals); portals drawn as `render` draws them.

use super::solution::{self, Drawing, Solve};
use super::{Request, illegal, shown, title};
use crate::chess::{self as game, Color, Format, Mark, Position, Record, RecordMove, Square};
use crate::file::FileError;
use crate::file::utf8_text;
use crate::portal::{self as portal, Version};
use crate::render::Svg;
use crate::view::{Page, Ply};
use crate::{CommonRule, Problem};

/// What a page needs of a one-board chess game: its moves resolved from PGN text, played
/// and written, its positions written and drawn, and its solutions' page.
pub(super) trait Board: Clone {
    /// A move of the game.
    type Move: Copy;
    /// The move a record's token names here, or why it cannot be played.
    fn resolve(&self, m: &RecordMove) -> Result<Self::Move, Problem>;
    fn after(&self, mv: Self::Move) -> Self;
    fn san(&self, mv: Self::Move, ascii: bool) -> String;
    fn position(&self) -> String;
    fn board(&self) -> &Position;
    fn marks(&self) -> Vec<Mark>;
    /// The page of a solve from this position.
    fn solution_page(&self, game: &str, title: &str, answer: &Solve, notes: &[String]) -> Page;
}

/// No move is left: the record goes on after the end.
fn game_over(m: &RecordMove) -> Problem {
    Problem::new(
        CommonRule::GameOver,
        "the game is already over (checkmate or stalemate)",
        m.span,
    )
}

impl Board for Position {
    type Move = game::Move;
    fn resolve(&self, m: &RecordMove) -> Result<Self::Move, Problem> {
        if game::legal_moves(self).is_empty() {
            return Err(game_over(m));
        }
        game::resolve_move(self, m)
    }
    fn after(&self, mv: Self::Move) -> Self {
        Position::after(self, mv)
    }
    fn san(&self, mv: Self::Move, _: bool) -> String {
        game::move_text(self, mv)
    }
    fn position(&self) -> String {
        self.to_string()
    }
    fn board(&self) -> &Position {
        self
    }
    fn marks(&self) -> Vec<Mark> {
        Vec::new()
    }
    fn solution_page(&self, game: &str, title: &str, answer: &Solve, notes: &[String]) -> Page {
        let d = Drawing::<crate::chess::Chess> {
            game,
            position: &|p: &Position| p.position(),
            picture: &|p: &Position, last: Option<(&Position, _)>| picture(p, last.map(|(b, _)| b)),
            text: None,
        };
        solution::page(&d, title, self, answer, notes)
    }
}

/// Hidden's and Buckley's pages, through their shared [`Version`] trait.
#[derive(Clone)]
pub(super) struct Portal<V>(pub V);

impl<V: Version> Board for Portal<V> {
    type Move = V::Move;
    fn resolve(&self, m: &RecordMove) -> Result<Self::Move, Problem> {
        if self.0.legal_moves().is_empty() {
            return Err(game_over(m));
        }
        portal::resolve(&self.0, m)
    }
    fn after(&self, mv: Self::Move) -> Self {
        Portal(self.0.after(mv))
    }
    fn san(&self, mv: Self::Move, ascii: bool) -> String {
        self.0.write_move(mv, ascii)
    }
    fn position(&self) -> String {
        self.0.position_string()
    }
    fn board(&self) -> &Position {
        self.0.board()
    }
    fn marks(&self) -> Vec<Mark> {
        self.0.portal_marks()
    }
    fn solution_page(&self, game: &str, title: &str, answer: &Solve, notes: &[String]) -> Page {
        let d = Drawing::<V::Face> {
            game,
            position: &|p: &V| p.position_string(),
            picture: &|p: &V, last: Option<(&V, _)>| {
                let before = last.map(|(b, _)| Portal(b.clone()));
                picture(&Portal(p.clone()), before.as_ref())
            },
            text: None,
        };
        solution::page(&d, title, &self.0, answer, notes)
    }
}

/// The picture of `pos`, the squares whose piece the last move changed shaded.
pub(super) fn picture<B: Board>(pos: &B, before: Option<&B>) -> Svg {
    let shaded: Vec<Square> = match before {
        None => Vec::new(),
        Some(b) => (0..64)
            .map(Square)
            .filter(|&sq| b.board().piece_at(sq) != pos.board().piece_at(sq))
            .collect(),
    };
    game::drawing(pos.board(), &pos.marks(), &shaded)
}

/// A page of a PGN file (its first game) or of `--position`.
pub(super) fn page<B: Board>(
    r: &Request,
    game: &str,
    read_start: impl Fn(Option<&str>) -> Result<B, FileError>,
    start_of: impl Fn(&Record) -> Result<B, Vec<Problem>>,
) -> Result<Page, FileError> {
    let Some(input) = r.input else {
        let pos = read_start(r.position)?;
        return Ok(Page::new(
            game,
            &title(r, game),
            pos.position(),
            picture(&pos, None),
        ));
    };
    let text = utf8_text(input)?;
    let games = game::read(&text).map_err(|p| FileError::input(p, &input.name, &text))?;
    let rec = games
        .get(r.record)
        .ok_or_else(|| FileError::usage("no game in the input"))?;
    let start = match start_of(rec) {
        Ok(s) => s,
        Err(ps) => {
            let p = ps.into_iter().next();
            return Err(FileError::invalid(
                p.unwrap_or_else(|| Problem::syntax("invalid start", rec.span)),
                &input.name,
                &text,
            ));
        }
    };
    let mut page = Page::new(
        game,
        &title(r, game),
        start.position(),
        picture(&start, None),
    );
    page.headers = rec.tags.clone();
    page.node_mut(0).comments = rec.comments.clone();
    if games.len() > 1 {
        page.notes.push(format!(
            "the file holds {} games; this page shows {}",
            games.len(),
            shown(r.record)
        ));
    }
    lines(&mut page, &start, &rec.moves, &text);
    Ok(page)
}

/// The main line and every variation, each added after the node it branches from. Lines
/// wait on a stack, so a deeply nested record does not deepen the call stack.
fn lines<B: Board>(page: &mut Page, start: &B, moves: &[RecordMove], text: &str) {
    let mut stack: Vec<(usize, B, &[RecordMove], usize)> = vec![(0, start.clone(), moves, 1)];
    while let Some((parent, from, line, first)) = stack.pop() {
        let mut pos = from;
        let mut before = Vec::new();
        let mut plies = Vec::new();
        let mut problem = None;
        for (i, m) in line.iter().enumerate() {
            before.push(pos.clone());
            match pos.resolve(m) {
                Ok(mv) => {
                    let next = pos.after(mv);
                    let mut ply = Ply::new(
                        numbered(pos.board(), &pos.san(mv, false), &m.nags),
                        next.position(),
                        picture(&next, Some(&pos)),
                    );
                    ply.comments = m.comments.iter().map(|c| c.to_string()).collect();
                    plies.push(ply);
                    pos = next;
                }
                Err(p) => {
                    let mut bad = illegal(&p.at_ply(first + i), text);
                    bad.text = numbered(pos.board(), &m.text, &[]);
                    problem = Some(bad);
                    break;
                }
            }
        }
        let played = plies.len();
        let nodes = page.add_line(parent, first, plies, problem);
        let mut later = Vec::new();
        for (i, m) in line.iter().enumerate().take(played + 1) {
            let at = if i == 0 { parent } else { nodes[i - 1] };
            for v in &m.variations {
                later.push((at, before[i].clone(), v.as_slice(), first + i));
            }
        }
        stack.extend(later.into_iter().rev());
    }
}

/// `12. e4` or `12… e5`, with the NAGs' glyphs.
fn numbered(pos: &Position, san: &str, nags: &[u32]) -> String {
    let glyphs: String = nags
        .iter()
        .map(|n| match n {
            1 => "!".to_string(),
            2 => "?".to_string(),
            3 => "!!".to_string(),
            4 => "??".to_string(),
            5 => "!?".to_string(),
            6 => "?!".to_string(),
            n => format!(" ${n}"),
        })
        .collect();
    match pos.turn() {
        Color::White => format!("{}. {san}{glyphs}", pos.fullmoves()),
        Color::Black => format!("{}… {san}{glyphs}", pos.fullmoves()),
    }
}

/// The chess page; a FEN or EPD file shows its first position.
pub(super) fn chess(r: &Request) -> Result<Page, FileError> {
    if let Some(input) = r.input {
        let format = crate::file::chess::format_of(input, r.from)?;
        if format != Format::Pgn {
            let text = utf8_text(input)?;
            let (pos, _) = crate::file::chess::read_positions(input, &text, format)?
                .into_iter()
                .nth(r.record)
                .ok_or_else(|| FileError::usage("no position in the input"))?;
            return Ok(Page::new(
                "chess",
                &title(r, "chess"),
                pos.position(),
                picture(&pos, None),
            ));
        }
    }
    page::<Position>(r, "chess", crate::file::chess::position, game::record_start)
}

/// A one-board portal version's page.
pub(super) fn portal<V: Version>(r: &Request, game: &str) -> Result<Page, FileError> {
    page::<Portal<V>>(
        r,
        game,
        |t| crate::file::portal::start_position::<V>(t).map(Portal),
        |rec| portal::start_of::<V>(rec).map(Portal),
    )
}

/// The page of a solve of chess or a one-board portal version, from its position string.
pub(super) fn solution<B: Board>(
    game: &str,
    title: &str,
    start: &B,
    answer: &Solve,
    notes: &[String],
) -> Page {
    start.solution_page(game, title, answer, notes)
}
