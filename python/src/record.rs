//! One record as Python sees it (`hensoku.Game`) and one problem found in it
//! (`hensoku.Error`). The record keeps the replay's typed positions and moves, and makes
//! their texts only when asked, so that iterating over a large file costs the reading and
//! the replay, not the printing.

use crate::faces::Face;
use crate::safe;
use hensoku::Problem;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;

/// A problem placed in the whole input.
#[derive(Clone, Debug)]
pub struct ErrorData {
    pub rule: String,
    pub message: String,
    pub line: u64,
    pub column: u64,
    pub offset: u64,
    pub length: u64,
    pub ply: Option<u64>,
}

impl ErrorData {
    /// `p`, found in `text`, a piece that starts at byte `offset` and line `line` of the
    /// whole input.
    pub fn placed(p: &Problem, text: &str, offset: u64, line: u64) -> ErrorData {
        let at = p.located(text);
        ErrorData {
            rule: at.rule.name().to_string(),
            message: at.message,
            line: at.line as u64 + line - 1,
            column: at.column as u64,
            offset: at.offset as u64 + offset,
            length: at.length as u64,
            ply: at.ply.map(|p| p as u64),
        }
    }

    /// What could not be read at all (an I/O error): no place inside the text.
    pub fn unreadable(message: String, line: u64, offset: u64) -> ErrorData {
        ErrorData {
            rule: "Unreadable".into(),
            message,
            line,
            column: 1,
            offset,
            length: 0,
            ply: None,
        }
    }
}

/// The texts of a replay, made when asked: start, moves, end, and the end's picture.
pub trait Replayed: Send + Sync {
    fn headers(&self) -> Vec<(String, String)>;
    fn start(&self) -> Option<String>;
    fn moves(&self) -> Vec<String>;
    fn end(&self) -> Option<String>;
    fn end_svg(&self) -> Option<String>;
}

/// A record as read (kept whole: moving it here costs nothing, copying its headers out for
/// every record would), and its replay's typed start, moves and end.
pub struct Kept<G: Face> {
    pub record: G::Record,
    pub start: Option<G::Position>,
    pub moves: Vec<G::Move>,
    pub end: Option<G::Position>,
}

impl<G: Face> Replayed for Kept<G>
where
    G::Record: Send + Sync,
{
    fn headers(&self) -> Vec<(String, String)> {
        G::headers(&self.record)
    }
    fn start(&self) -> Option<String> {
        self.start.as_ref().map(|p| p.to_string())
    }
    fn moves(&self) -> Vec<String> {
        let Some(start) = &self.start else {
            return Vec::new();
        };
        let mut pos = start.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for mv in &self.moves {
            out.push(G::move_text(&pos, mv));
            pos = G::play_unchecked(&pos, mv);
        }
        out
    }
    fn end(&self) -> Option<String> {
        self.end.as_ref().map(|p| p.to_string())
    }
    fn end_svg(&self) -> Option<String> {
        self.end.as_ref().map(|p| G::svg(p))
    }
}

/// The piece of input a record was read from, kept (shared by the piece's records) so
/// that its page can be built as `hensoku view` builds it from a file.
pub struct Source {
    /// The name that tells the notation (without a compression suffix).
    pub name: String,
    /// The notation as `format=` named it.
    pub from: Option<String>,
    /// The piece's normalised bytes.
    pub bytes: Vec<u8>,
}

/// Everything known of one record.
#[derive(Clone)]
pub struct GameData {
    pub game: &'static str,
    pub file: String,
    /// 1-based among the records of its file; `several` when the file holds more than one.
    pub record: u64,
    pub several: bool,
    /// 1-based among every record of the read.
    pub index: u64,
    pub offset: u64,
    pub line: u64,
    pub plies: usize,
    pub unreadable: bool,
    pub winner: Option<String>,
    pub reason: String,
    pub ending: &'static str,
    pub errors: Vec<ErrorData>,
    pub warnings: Vec<ErrorData>,
    pub replayed: Option<Arc<dyn Replayed>>,
    /// The piece it was read from, and which of the piece's records it is.
    pub source: Option<Arc<Source>>,
    pub piece_record: usize,
}

impl GameData {
    /// A record of `game` at `offset`/`line` before its check: no ply, no result, no
    /// problem; the reader fills in what it finds.
    pub fn blank(game: &'static str, offset: u64, line: u64) -> GameData {
        GameData {
            game,
            file: String::new(),
            record: 0,
            several: false,
            index: 0,
            offset,
            line,
            plies: 0,
            unreadable: false,
            winner: None,
            reason: String::new(),
            ending: "unfinished",
            errors: Vec::new(),
            warnings: Vec::new(),
            replayed: None,
            source: None,
            piece_record: 0,
        }
    }
}

/// One problem of a record: the rule it breaks (its stable name, as the JSON output
/// prints it), the message, and its place in the whole input.
#[pyclass(name = "Error", module = "hensoku", frozen, get_all)]
pub struct PyError {
    /// The rule's stable name (`IllegalMove`, `TwoPawns`, `Unreadable`).
    pub rule: String,
    /// What is wrong, in words.
    pub message: String,
    /// 1-based line in the whole input.
    pub line: u64,
    /// 1-based column (in characters).
    pub column: u64,
    /// Byte offset in the whole (decoded, LF-normalised) input.
    pub offset: u64,
    /// Bytes of the text at fault.
    pub length: u64,
    /// The 1-based ply at fault, when a move is.
    pub ply: Option<u64>,
}

impl From<&ErrorData> for PyError {
    fn from(e: &ErrorData) -> PyError {
        PyError {
            rule: e.rule.clone(),
            message: e.message.clone(),
            line: e.line,
            column: e.column,
            offset: e.offset,
            length: e.length,
            ply: e.ply,
        }
    }
}

#[pymethods]
impl PyError {
    /// The error as a dict (the JSON output's fields).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("rule", &self.rule)?;
        d.set_item("message", &self.message)?;
        d.set_item("line", self.line)?;
        d.set_item("column", self.column)?;
        d.set_item("offset", self.offset)?;
        d.set_item("length", self.length)?;
        d.set_item("ply", self.ply)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Error({}, line {}, column {}: {:?})",
            self.rule, self.line, self.column, self.message
        )
    }

    fn __str__(&self) -> String {
        format!(
            "line {}, column {}: {} [{}]",
            self.line, self.column, self.message, self.rule
        )
    }
}

/// A record read and replayed: its headers, start position, moves in the game's canonical
/// move notation, result and every error found (empty when it is valid).
#[pyclass(name = "Game", module = "hensoku", frozen)]
pub struct PyGame {
    pub data: GameData,
}

fn errors<'py>(py: Python<'py>, list: &[ErrorData]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, list.iter().map(PyError::from))
}

#[pymethods]
impl PyGame {
    /// The game's name (`chess`, `shogi`, `portal-howe`, …).
    #[getter]
    fn game(&self) -> &'static str {
        self.data.game
    }
    /// The input's name as reports show it (`games.pgn.zst`, `a.zip:x/b.kif`).
    #[getter]
    fn file(&self) -> &str {
        &self.data.file
    }
    /// 1-based among the records of its file.
    #[getter]
    fn record(&self) -> u64 {
        self.data.record
    }
    /// 1-based among every record read.
    #[getter]
    fn index(&self) -> u64 {
        self.data.index
    }
    /// The 1-based line where the record's piece of the input starts.
    #[getter]
    fn line(&self) -> u64 {
        self.data.line
    }
    /// The byte offset where the record's piece of the input starts.
    #[getter]
    fn offset(&self) -> u64 {
        self.data.offset
    }
    /// The headers (PGN tags, KIF headers), in their order.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let r = self.data.replayed.clone();
        let headers = safe(move || r.map(|r| r.headers()).unwrap_or_default())?;
        let d = PyDict::new(py);
        for (k, v) in headers {
            d.set_item(k, v)?;
        }
        Ok(d)
    }
    /// The start position in the game's position notation, when it could be built.
    #[getter]
    fn start(&self) -> PyResult<Option<String>> {
        let r = self.data.replayed.clone();
        safe(move || r.and_then(|r| r.start()))
    }
    /// The position after the last legal move.
    #[getter]
    fn end(&self) -> PyResult<Option<String>> {
        let r = self.data.replayed.clone();
        safe(move || r.and_then(|r| r.end()))
    }
    /// The legal moves played, in the game's canonical move notation, up to the first
    /// illegal one.
    #[getter]
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        let r = self.data.replayed.clone();
        py.detach(move || safe(move || r.map(|r| r.moves()).unwrap_or_default()))
    }
    /// Plies (5D: actions) played.
    #[getter]
    fn plies(&self) -> usize {
        self.data.plies
    }
    /// `{"winner": "white" | None, "reason": "checkmate", "ending": "win" | "draw" |
    /// "unfinished"}`: how the game stands at its end.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("winner", &self.data.winner)?;
        d.set_item("reason", &self.data.reason)?;
        d.set_item("ending", self.data.ending)?;
        Ok(d)
    }
    /// Every rule the record breaks, or why it could not be read; empty when valid.
    #[getter]
    fn errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        errors(py, &self.data.errors)
    }
    /// What the reader tolerated: the record stays valid.
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        errors(py, &self.data.warnings)
    }
    /// No rule broken and the record was read.
    #[getter]
    fn valid(&self) -> bool {
        self.data.errors.is_empty()
    }
    /// The record could not be read at all (its input, or its notation).
    #[getter]
    fn unreadable(&self) -> bool {
        self.data.unreadable
    }
    /// The line `hensoku validate` prints for this record (without `--json`); `record`
    /// and `several` number it otherwise among the records of its file (the Dask example
    /// numbers the parts of a file read apart as one file).
    #[pyo3(signature = (record=None, several=None))]
    fn verdict(&self, record: Option<u64>, several: Option<bool>) -> String {
        let record = record.unwrap_or(self.data.record);
        let several = several.unwrap_or(self.data.several);
        crate::verdict::line_as(&self.data, record, several)
    }

    /// The record as a dict of plain values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("game", self.data.game)?;
        d.set_item("file", &self.data.file)?;
        d.set_item("record", self.data.record)?;
        d.set_item("index", self.data.index)?;
        d.set_item("line", self.data.line)?;
        d.set_item("offset", self.data.offset)?;
        d.set_item("headers", self.headers(py)?)?;
        d.set_item("start", self.start()?)?;
        d.set_item("moves", self.moves(py)?)?;
        d.set_item("end", self.end()?)?;
        d.set_item("plies", self.data.plies)?;
        d.set_item("valid", self.valid())?;
        d.set_item("result", self.result(py)?)?;
        let list = |l: &[ErrorData]| -> PyResult<Vec<Bound<'py, PyDict>>> {
            l.iter().map(|e| PyError::from(e).to_dict(py)).collect()
        };
        d.set_item("errors", list(&self.data.errors)?)?;
        d.set_item("warnings", list(&self.data.warnings)?)?;
        Ok(d)
    }

    /// The page `hensoku view` writes for this record: the whole HTML document.
    fn view_html(&self, py: Python<'_>) -> PyResult<String> {
        let Some(source) = self.data.source.clone() else {
            let why = self.data.errors.first().map_or("", |e| e.message.as_str());
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "no page: the record could not be read ({why})"
            )));
        };
        let (game, record) = (self.data.game, self.data.piece_record);
        let page = py.detach(move || {
            safe(move || {
                let input = hensoku::file::Input {
                    name: source.name.clone(),
                    bytes: source.bytes.clone(),
                };
                let request = hensoku::view::Request {
                    input: Some(&input),
                    from: source.from.as_deref(),
                    record,
                    ..Default::default()
                };
                hensoku::view::page(game, &request).map(|p| p.html())
            })
        })?;
        page.map_err(|e| crate::file_error(&e))
    }

    /// Jupyter: the record's `view` page (its moves, variations and pictures), in an
    /// `<iframe srcdoc=…>` so that its script and style stay its own.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let esc = |s: &str| {
            s.replace('&', "&amp;")
                .replace('"', "&quot;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        };
        match self.view_html(py) {
            Ok(page) => Ok(format!(
                "<iframe srcdoc=\"{}\" style=\"width:100%;height:40em;border:0\" \
                 sandbox=\"allow-scripts\"></iframe>",
                esc(&page)
            )),
            Err(e) => Ok(format!(
                "<p class=\"hensoku-game\">{}</p>",
                esc(&e.value(py).to_string())
            )),
        }
    }

    fn __repr__(&self) -> String {
        let d = &self.data;
        let state = if d.errors.is_empty() {
            "valid".to_string()
        } else {
            format!("{} error(s)", d.errors.len())
        };
        format!(
            "<hensoku.Game {} {}#{}: {} plies, {}, {}>",
            d.game, d.file, d.record, d.plies, d.reason, state
        )
    }
}
