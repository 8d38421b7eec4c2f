//! `hensoku._hensoku`: the compiled half of the `hensoku` Python package. It uses only
//! hensoku's public API (the `Game` trait of every game's face and the `stream` reader);
//! the Python half (`python/hensoku/`) shapes it into the documented API.
//!
//! The binding never lets a Rust panic reach Python: every call into the library runs under
//! [`safe`], and the reading thread catches a panic per piece of input, so bad input is
//! data (a record's `errors`) or an exception, never an abort of the interpreter.

/// The allocator: see `Cargo.toml` (records cross from the reading thread to Python's).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod cuts;
mod faces;
mod position;
mod positions;
mod reader;
mod record;
mod verdict;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use reader::{Input, Options, Reader};
use record::{ErrorData, PyError, PyGame};
use std::path::PathBuf;

pyo3::create_exception!(
    hensoku,
    RecordError,
    PyValueError,
    "A record or position that breaks a rule, raised with `strict=True` (and by `Position`, \
     `push`, `play`): `rule`, `message`, `line`, `column`, `offset`, `ply` say which and where."
);

/// Run `f`, turning a panic into a `RuntimeError` (which never happens on any input the
/// library was tested with; the binding must not abort Python if it does).
pub fn safe<T>(f: impl FnOnce() -> T) -> PyResult<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|_| {
        PyRuntimeError::new_err("internal error in hensoku (a bug: please report the input)")
    })
}

/// A `RecordError` for `e`.
pub fn record_error(e: &ErrorData) -> PyErr {
    let err = RecordError::new_err(format!(
        "line {}, column {}: {} [{}]",
        e.line, e.column, e.message, e.rule
    ));
    Python::attach(|py| {
        let value = err.value(py);
        let _ = value.setattr("rule", &e.rule);
        let _ = value.setattr("message", &e.message);
        let _ = value.setattr("line", e.line);
        let _ = value.setattr("column", e.column);
        let _ = value.setattr("offset", e.offset);
        let _ = value.setattr("ply", e.ply);
    });
    err
}

/// A `RecordError` for a problem found in `text` (a position, a move).
pub fn record_error_of(p: &hensoku::Problem, text: &str) -> PyErr {
    record_error(&ErrorData::placed(p, text, 0, 1))
}

/// The exception of a file the library refused: `RecordError` (with the problem's rule and
/// place) for a text that cannot be read or breaks a rule, `ValueError` for a request that
/// cannot be met (an unknown notation).
pub fn file_error(e: &hensoku::file::FileError) -> PyErr {
    match e.located.as_deref() {
        Some((p, _, text)) => record_error(&ErrorData::placed(p, text, 0, 1)),
        None => PyValueError::new_err(e.message.clone()),
    }
}

/// A game's name as given, or the error naming the games.
fn game_required(game: &str) -> PyResult<&'static str> {
    Ok(game_named(Some(game))?.unwrap_or_default())
}

/// `hensoku convert`: the records of `data` (a file's bytes, `name` telling its notation)
/// in notation `to`; the converted text, what `to` could not carry, and the irregularities
/// the reader tolerated.
#[pyfunction]
#[pyo3(signature = (game, name, data, to, source_format=None))]
fn convert(
    py: Python<'_>,
    game: &str,
    name: &str,
    data: Vec<u8>,
    to: &str,
    source_format: Option<String>,
) -> PyResult<(String, Vec<String>, Vec<String>)> {
    let game = game_required(game)?;
    let input = hensoku::file::Input::normalized(name, data);
    let to = to.to_string();
    let done = py.detach(move || {
        safe(move || hensoku::convert::convert(game, &input, source_format.as_deref(), &to))
    })?;
    let c = done.map_err(|e| file_error(&e))?;
    Ok((c.text, c.dropped, c.irregular))
}

/// The notations `convert` writes for `game`.
#[pyfunction]
fn convert_targets(game: &str) -> PyResult<Vec<&'static str>> {
    Ok(hensoku::convert::targets(game_required(game)?).to_vec())
}

/// `hensoku view`: the page of the first record of `data` (or of `position` when `data`
/// is `None`).
#[pyfunction]
#[pyo3(signature = (game, name="", data=None, position=None, source_format=None, record=0))]
fn view_html(
    py: Python<'_>,
    game: &str,
    name: &str,
    data: Option<Vec<u8>>,
    position: Option<String>,
    source_format: Option<String>,
    record: usize,
) -> PyResult<String> {
    let game = game_required(game)?;
    let input = data.map(|d| hensoku::file::Input::normalized(name, d));
    let done = py.detach(move || {
        safe(move || {
            let request = hensoku::view::Request {
                input: input.as_ref(),
                position: position.as_deref(),
                from: source_format.as_deref(),
                record,
            };
            hensoku::view::page(game, &request).map(|p| p.html())
        })
    })?;
    done.map_err(|e| file_error(&e))
}

/// Where a plain file may be cut into parts of about `every` bytes at record starts: its
/// game, the boundary's name and each cut's `(raw, offset, line)`; `None` when the file
/// cannot be cut (compressed, an archive, a notation read whole, an unknown game).
#[pyfunction]
#[pyo3(signature = (path, every, game=None, format=None, max_record_bytes=64 << 20))]
fn record_cuts(
    py: Python<'_>,
    path: PathBuf,
    every: u64,
    game: Option<&str>,
    format: Option<String>,
    max_record_bytes: u64,
) -> PyResult<Option<cuts::Cuts>> {
    let game = game_named(game)?;
    py.detach(move || {
        safe(move || cuts::of(&path, every, game, format.as_deref(), max_record_bytes))
    })?
    .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))
}

/// The records of a part of a plain file between two cuts of [`record_cuts`]: `start`
/// `(raw, offset, line)`, `end` the next cut's raw offset (or the file's size), `game`
/// and `boundary` as `record_cuts` answered. Records are numbered within the part.
#[pyfunction]
#[pyo3(signature = (path, start, end, game, boundary, format=None, max_record_bytes=64 << 20))]
#[allow(clippy::too_many_arguments)]
fn read_range(
    path: PathBuf,
    start: (u64, u64, u64),
    end: u64,
    game: &str,
    boundary: &str,
    format: Option<String>,
    max_record_bytes: u64,
) -> PyResult<Reader> {
    let game = game_required(game)?;
    let boundary = cuts::boundary_named(boundary)
        .ok_or_else(|| PyValueError::new_err(format!("unknown boundary `{boundary}`")))?;
    let options = options(Some(game), format, max_record_bytes)?;
    let (raw, offset, line) = start;
    let range = reader::Range {
        path,
        cut: hensoku::stream::split::Cut { raw, offset, line },
        end,
        game,
        boundary,
    };
    Ok(Reader::start(Input::Range(range), options))
}

/// The game named `game` as the library spells it (`portal_howe` and `PORTAL-HOWE` are
/// `portal-howe`).
fn game_named(game: Option<&str>) -> PyResult<Option<&'static str>> {
    let Some(g) = game else { return Ok(None) };
    let spelled = g.replace('_', "-");
    hensoku::stream::GAMES
        .iter()
        .copied()
        .find(|n| n.eq_ignore_ascii_case(&spelled))
        .map(Some)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown game `{g}` (one of: {})",
                hensoku::stream::GAMES.join(", ")
            ))
        })
}

fn options(game: Option<&str>, format: Option<String>, max_record_bytes: u64) -> PyResult<Options> {
    Ok(Options {
        game: game_named(game)?,
        format,
        max_record_bytes,
    })
}

/// The records of files, folders and archives (`-`: standard input), lazily.
#[pyfunction]
#[pyo3(signature = (paths, game=None, format=None, max_record_bytes=64 << 20))]
fn read_paths(
    paths: Vec<PathBuf>,
    game: Option<&str>,
    format: Option<String>,
    max_record_bytes: u64,
) -> PyResult<Reader> {
    let options = options(game, format, max_record_bytes)?;
    Ok(Reader::start(Input::Paths(paths), options))
}

/// The records of bytes in memory, lazily; `name` tells the notation and compression.
#[pyfunction]
#[pyo3(signature = (data, name="", game=None, format=None, max_record_bytes=64 << 20))]
fn read_bytes(
    data: &Bound<'_, PyAny>,
    name: &str,
    game: Option<&str>,
    format: Option<String>,
    max_record_bytes: u64,
) -> PyResult<Reader> {
    let data: Vec<u8> = if let Ok(s) = data.extract::<String>() {
        s.into_bytes()
    } else if let Ok(b) = data.extract::<Vec<u8>>() {
        b
    } else {
        return Err(PyTypeError::new_err(format!(
            "expected str or bytes, not {}",
            data.get_type().name()?
        )));
    };
    let options = options(game, format, max_record_bytes)?;
    Ok(Reader::start(
        Input::Bytes {
            name: name.to_string(),
            data,
        },
        options,
    ))
}

/// The games, as `game=` takes them.
#[pyfunction]
fn games() -> Vec<&'static str> {
    hensoku::stream::GAMES.to_vec()
}

/// The compiled module.
#[pymodule]
fn _hensoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("RecordError", m.py().get_type::<RecordError>())?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyError>()?;
    m.add_class::<Reader>()?;
    m.add_function(wrap_pyfunction!(read_paths, m)?)?;
    m.add_function(wrap_pyfunction!(read_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(convert_targets, m)?)?;
    m.add_function(wrap_pyfunction!(view_html, m)?)?;
    m.add_function(wrap_pyfunction!(record_cuts, m)?)?;
    m.add_function(wrap_pyfunction!(read_range, m)?)?;
    position::register(m)?;
    Ok(())
}
