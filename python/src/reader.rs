//! `read_games`: the records of paths or bytes, read on a thread of their own (without the
//! GIL) with hensoku's public streaming reader, and handed to Python one by one.
//!
//! The reading thread walks the inputs as `hensoku validate` does (folders, compressed
//! files, archives), cuts each stream at record boundaries, decodes, reads and replays each
//! piece with the game's face, and sends the records down a bounded channel: memory stays a
//! few batches, whatever the input's size, and Python works on one batch while the next is
//! read.

use crate::faces::Face;
use crate::record::{ErrorData, GameData, Kept, PyGame, Source};
use hensoku::stream::source::{self, Found, Stream};
use hensoku::stream::split::{Boundary, Chunk, Cut, Splitter};
use hensoku::{Ending, Problem};
use pyo3::prelude::*;
use std::collections::VecDeque;
use std::io::{BufRead, Read};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// Records per batch sent to Python: enough that the channel costs little per record.
const BATCH: usize = 64;
/// Batches read ahead of Python.
const AHEAD: usize = 8;
/// The first bytes of a stream: what tells its game and notation.
const HEAD: usize = 4096;

/// What to read.
pub enum Input {
    /// Files, folders, `-` for standard input.
    Paths(Vec<PathBuf>),
    /// Bytes already in memory, with a name that tells their notation (may be empty).
    Bytes { name: String, data: Vec<u8> },
    /// A plain file's bytes from one record start to another, read as the whole file's
    /// splitter reads them there (`hensoku.dask` reads a large file in parts).
    Range(Range),
}

/// A part of a plain file between two of its cuts (`hensoku::stream::split::cuts`).
pub struct Range {
    pub path: PathBuf,
    /// Where the part starts: raw offset, normalised offset and line.
    pub cut: Cut,
    /// The raw offset where it ends.
    pub end: u64,
    /// The file's game and where its records start, as the whole file was read.
    pub game: &'static str,
    pub boundary: Boundary,
}

/// How to read it.
#[derive(Clone)]
pub struct Options {
    pub game: Option<&'static str>,
    pub format: Option<String>,
    pub max_record_bytes: u64,
}

/// The lazy iterator `read_games` returns.
#[pyclass(name = "Reader", module = "hensoku")]
pub struct Reader {
    /// `None` once the reading thread is done (or the reader closed).
    rx: Mutex<Option<Receiver<Vec<GameData>>>>,
    buffered: VecDeque<GameData>,
}

impl Reader {
    /// Start the reading thread.
    pub fn start(input: Input, options: Options) -> Reader {
        let (tx, rx) = sync_channel(AHEAD);
        std::thread::spawn(move || {
            let mut p = Producer::new(tx, options);
            // a panic is caught per piece; this only guards the walk itself
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| p.run(input)));
            p.flush();
        });
        Reader {
            rx: Mutex::new(Some(rx)),
            buffered: VecDeque::new(),
        }
    }

    /// The next record, waiting for the reading thread without the GIL.
    pub fn next_data(&mut self, py: Python<'_>) -> Option<GameData> {
        loop {
            if let Some(d) = self.buffered.pop_front() {
                return Some(d);
            }
            let slot = self.rx.get_mut().unwrap_or_else(|e| e.into_inner());
            let rx = slot.take()?;
            let (rx, got) = py.detach(move || {
                let got = rx.recv();
                (rx, got)
            });
            match got {
                Ok(batch) => {
                    self.buffered.extend(batch);
                    *self.rx.get_mut().unwrap_or_else(|e| e.into_inner()) = Some(rx);
                }
                Err(_) => return None,
            }
        }
    }
}

#[pymethods]
impl Reader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> Option<PyGame> {
        self.next_data(py).map(|data| PyGame { data })
    }

    /// Stop reading: the reading thread ends at its next record.
    fn close(&mut self) {
        *self.rx.get_mut().unwrap_or_else(|e| e.into_inner()) = None;
        self.buffered.clear();
    }
}

/// The reading thread's state: the batch being filled and the counts.
struct Producer {
    tx: SyncSender<Vec<GameData>>,
    options: Options,
    batch: Vec<GameData>,
    index: u64,
    going: bool,
}

impl Producer {
    fn new(tx: SyncSender<Vec<GameData>>, options: Options) -> Producer {
        Producer {
            tx,
            options,
            batch: Vec::with_capacity(BATCH),
            index: 0,
            going: true,
        }
    }

    fn run(&mut self, input: Input) {
        match input {
            Input::Paths(paths) => source::walk(&paths, &mut |found| {
                match found {
                    Found::Stream(s) => self.stream(s),
                    Found::Unreadable(u) => {
                        let e = ErrorData::unreadable(u.message, 1, 0);
                        self.push(unreadable_record(self.options.game, u.name, e));
                    }
                }
                self.going
            }),
            Input::Range(r) => self.range(r),
            Input::Bytes { name, data } => {
                let shown = if name.is_empty() {
                    "<bytes>".to_string()
                } else {
                    name.clone()
                };
                match source::decompressed(&name, std::io::Cursor::new(data)) {
                    Ok((reader, inner)) => self.stream(Stream {
                        shown,
                        inner,
                        reader,
                    }),
                    Err(e) => {
                        let e = ErrorData::unreadable(format!("cannot read {shown}: {e}"), 1, 0);
                        self.push(unreadable_record(self.options.game, shown, e));
                    }
                }
            }
        }
    }

    fn push(&mut self, mut d: GameData) {
        self.index += 1;
        d.index = self.index;
        self.batch.push(d);
        if self.batch.len() >= BATCH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.batch.is_empty() || !self.going {
            return;
        }
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        self.going = self.tx.send(batch).is_ok();
    }

    /// The records of a part of a file, numbered as its own file (the caller renumbers).
    fn range(&mut self, r: Range) {
        use std::io::{Seek, SeekFrom};
        let shown = r.path.display().to_string();
        let opened = std::fs::File::open(&r.path).and_then(|mut f| {
            f.seek(SeekFrom::Start(r.cut.raw))?;
            Ok(f)
        });
        let file = match opened {
            Ok(f) => f,
            Err(e) => {
                let e = ErrorData::unreadable(format!("cannot read {shown}: {e}"), 1, 0);
                return self.push(unreadable_record(Some(r.game), shown, e));
            }
        };
        let reader = std::io::BufReader::with_capacity(1 << 16, file);
        let reader: Box<dyn BufRead> = Box::new(reader.take(r.end.saturating_sub(r.cut.raw)));
        let split = if r.cut.raw == 0 {
            Splitter::new(reader, r.boundary, self.options.max_record_bytes)
        } else {
            let (offset, line) = (r.cut.offset, r.cut.line);
            Splitter::resume(
                reader,
                r.boundary,
                self.options.max_record_bytes,
                offset,
                line,
            )
        };
        let file = FileState {
            game: r.game,
            inner: shown.clone(),
            shown,
            record: 0,
            first: true,
        };
        self.pieces(file, split);
    }

    /// The records of one stream, piece by piece.
    fn stream(&mut self, s: Stream<'_>) {
        let Stream {
            shown,
            inner,
            mut reader,
        } = s;
        let mut head = Vec::with_capacity(HEAD);
        if let Err(e) = (&mut reader).take(HEAD as u64).read_to_end(&mut head) {
            let e = ErrorData::unreadable(format!("cannot read {shown}: {e}"), 1, 0);
            return self.push(unreadable_record(self.options.game, shown, e));
        }
        let game = match self
            .options
            .game
            .or_else(|| hensoku::stream::game_of(Some(&inner), &head))
        {
            Some(g) => g,
            None => {
                let message = format!(
                    "{shown}: cannot tell the game from the name or the text; name it with game="
                );
                let e = ErrorData::unreadable(message, 1, 0);
                return self.push(unreadable_record(None, shown, e));
            }
        };
        let boundary =
            match hensoku::stream::boundary_of(game, &inner, &head, self.options.format.as_deref())
            {
                Ok(b) => b,
                Err(message) => {
                    let e = ErrorData::unreadable(message, 1, 0);
                    return self.push(unreadable_record(Some(game), shown, e));
                }
            };
        let reader: Box<dyn BufRead> = Box::new(std::io::Cursor::new(head).chain(reader));
        let split = Splitter::new(reader, boundary, self.options.max_record_bytes);
        let file = FileState {
            game,
            shown,
            inner,
            record: 0,
            first: true,
        };
        self.pieces(file, split);
    }

    /// Every piece `split` cuts, read and replayed in turn.
    fn pieces<R: BufRead>(&mut self, mut file: FileState, mut split: Splitter<R>) {
        let game = file.game;
        let mut held: Option<Chunk> = None;
        loop {
            match split.next_chunk() {
                Ok(Some(c)) => {
                    if let Some(p) = held.replace(c) {
                        self.piece(&mut file, p, false);
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    if let Some(p) = held.take() {
                        self.piece(&mut file, p, true);
                    }
                    let message = format!("cannot read {}: {e}", file.shown);
                    let e = ErrorData::unreadable(message, split.line(), split.offset());
                    return self.push(unreadable_record(Some(game), file.shown, e));
                }
            }
            if !self.going {
                return;
            }
        }
        let last = held.unwrap_or(Chunk {
            line: 1,
            ..Chunk::default()
        });
        self.piece(&mut file, last, true);
    }

    /// Read and replay one piece; its records go to the batch.
    fn piece(&mut self, file: &mut FileState, chunk: Chunk, last: bool) {
        let first = std::mem::replace(&mut file.first, false);
        let mut source = None;
        let records = if chunk.oversize {
            let message = format!(
                "the record is longer than max_record_bytes ({} bytes)",
                chunk.len
            );
            let p = Problem::syntax(message, hensoku::Span::new(0, 0));
            Err(ErrorData::placed(&p, "", chunk.offset, chunk.line))
        } else {
            let game = file.game;
            let (offset, line) = (chunk.offset, chunk.line);
            let s = Arc::new(Source {
                name: file.inner.clone(),
                from: self.options.format.clone(),
                bytes: chunk.bytes,
            });
            source = Some(Arc::clone(&s));
            std::panic::catch_unwind(move || {
                check_piece(game, &s.name, s.from.as_deref(), &s.bytes, offset, line)
            })
            .unwrap_or_else(|_| {
                Err(ErrorData::unreadable(
                    "internal error: the reader failed on this record".into(),
                    line,
                    offset,
                ))
            })
        };
        match records {
            Ok(records) => {
                let several = !(first && last && records.len() == 1);
                for (i, mut d) in records.into_iter().enumerate() {
                    d.source = source.clone();
                    d.piece_record = i;
                    file.record += 1;
                    d.file = file.shown.clone();
                    d.record = file.record;
                    d.several = several;
                    d.offset = chunk.offset;
                    d.line = chunk.line;
                    self.push(d);
                }
            }
            Err(e) => {
                // as in `hensoku validate`, a piece that cannot be read takes no record
                // number: the records after it are numbered as the reader finds them
                let mut d = unreadable_record(Some(file.game), file.shown.clone(), e);
                d.record = file.record + 1;
                d.several = !(first && last);
                d.offset = chunk.offset;
                d.line = chunk.line;
                self.push(d);
            }
        }
    }
}

/// The stream being read.
struct FileState {
    game: &'static str,
    shown: String,
    inner: String,
    record: u64,
    first: bool,
}

/// A record standing for input that could not be read.
fn unreadable_record(game: Option<&'static str>, file: String, e: ErrorData) -> GameData {
    let (offset, line) = (e.offset, e.line);
    GameData {
        file,
        record: 1,
        unreadable: true,
        reason: "unreadable".into(),
        errors: vec![e],
        ..GameData::blank(game.unwrap_or(""), offset, line)
    }
}

/// The records of one piece of `game`'s input: decoded, read and replayed.
pub fn check_piece(
    game: &'static str,
    name: &str,
    format: Option<&str>,
    bytes: &[u8],
    offset: u64,
    line: u64,
) -> Result<Vec<GameData>, ErrorData> {
    let (text, warning) = hensoku::stream::decode(game, name, bytes).map_err(|p| {
        let shown = String::from_utf8_lossy(bytes);
        ErrorData::placed(&p, &shown, offset, line)
    })?;
    use hensoku::{chess, fived, portal, quantum, shelt, shogi, shogi_cards};
    let place = (offset, line, warning.as_ref());
    match game {
        "shogi" => {
            // the notation as the name (or `format=`) tells it, as the command line reads
            let format = format
                .and_then(shogi::Format::from_name)
                .or_else(|| shogi::Format::from_path(name));
            match format {
                Some(f) => check_with::<shogi::Shogi>(&text, place, |t| shogi::read_as(t, f)),
                None => check::<shogi::Shogi>(&text, place),
            }
        }
        "shogi-cards" => check::<shogi_cards::ShogiCards>(&text, place),
        "shelt" => check::<shelt::Shelt>(&text, place),
        "chess" => {
            // a FEN/EPD file holds positions, as the command line reads it
            let format = format
                .and_then(chess::Format::from_name)
                .or_else(|| chess::Format::from_path(name))
                .unwrap_or_else(|| chess::Format::sniff(&text));
            match format {
                chess::Format::Pgn => check::<chess::Chess>(&text, place),
                f => Ok(crate::positions::check_positions(&text, f, place)),
            }
        }
        "portal-hidden" => check::<portal::hidden::Hidden>(&text, place),
        "portal-buckley" => check::<portal::buckley::Buckley>(&text, place),
        "portal-howe" => check::<portal::howe::Howe>(&text, place),
        "fived" => check::<fived::Fived>(&text, place),
        "quantum" => check::<quantum::Quantum>(&text, place),
        other => Err(ErrorData::unreadable(
            format!("unknown game `{other}`"),
            line,
            offset,
        )),
    }
}

/// Read `text` with `G`'s reader and replay every record.
fn check<G: Face>(
    text: &str,
    place: (u64, u64, Option<&Problem>),
) -> Result<Vec<GameData>, ErrorData> {
    check_with::<G>(text, place, G::read)
}

/// Read `text` with `read` and replay every record with `G`'s rules.
fn check_with<G: Face>(
    text: &str,
    (offset, line, warning): (u64, u64, Option<&Problem>),
    read: impl Fn(&str) -> Result<Vec<G::Record>, Problem>,
) -> Result<Vec<GameData>, ErrorData> {
    let records = read(text).map_err(|p| ErrorData::placed(&p, text, offset, line))?;
    let place = |p: &Problem| ErrorData::placed(p, text, offset, line);
    Ok(records
        .into_iter()
        .map(|rec| {
            let r = G::validate(&rec, text);
            let mut warnings: Vec<ErrorData> = warning.into_iter().map(place).collect();
            warnings.extend(r.warnings.iter().map(place));
            let (winner, ending) = match r.result.ending {
                Ending::Win(c) => (Some(G::color_name(c)), "win"),
                Ending::Draw => (None, "draw"),
                Ending::Unfinished => (None, "unfinished"),
            };
            GameData {
                plies: r.moves.len(),
                winner,
                reason: r.result.reason.clone(),
                ending,
                errors: r.problems.iter().map(place).collect(),
                warnings,
                replayed: Some(Arc::new(Kept::<G> {
                    record: rec,
                    start: r.start,
                    moves: r.moves,
                    end: r.end,
                })),
                ..GameData::blank(G::NAME, offset, line)
            }
        })
        .collect())
}
