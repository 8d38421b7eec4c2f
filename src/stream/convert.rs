//! `hensoku convert` over inputs of any size: each record piece is converted on a worker
//! and written in input order as it comes, so memory holds a few records per thread and the
//! output starts with the first record. A piece that cannot be converted is reported with
//! its place and skipped (exit 1); an input of one piece converts, and fails, as a single
//! record always did.

use super::check::{FileCtx, Item, Place, Unread};
use super::pieces::{self, Inputs};
use super::placed::{self, Among};
use crate::cli::args::{ConvertArgs, GameName};
use crate::cli::error::{CliError, EXIT_INVALID, EXIT_OK, EXIT_USAGE, ErrorKind};
use crate::cli::game::adapter;
use crate::cli::json::{self, CommandName, game_name};
use crate::cli::output_file::{self, Pending};
use crate::convert::Converted;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A piece converted (or not) by a worker.
enum Done {
    Piece {
        file: Arc<FileCtx>,
        place: Place,
        first: bool,
        last: bool,
        result: Result<Converted, CliError>,
    },
    Unreadable(Unread),
}

/// Run `convert`; the exit code.
pub fn convert(a: &ConvertArgs) -> Result<u8, CliError> {
    let files = [a.file.clone()];
    let inputs = Inputs {
        files: &files,
        common: &a.common,
        from: a.from.as_deref(),
        max: a.stream.max_record_bytes,
    };
    let out = match &a.output {
        Some(path) => Out::file(path)?,
        None => Out::Stdout(std::io::BufWriter::with_capacity(
            1 << 16,
            std::io::stdout().lock(),
        )),
    };
    let mut run = Run::new(a, out);
    let to = a.to.as_str();
    pieces::each(
        &inputs,
        a.stream.jobs(),
        |item| work(item, to),
        |d| run.push(d),
    );
    run.finish()
}

/// Convert one piece (on a worker).
fn work(item: Item, to: &str) -> Done {
    let (file, chunk, first, last) = match item {
        Item::Unreadable(u) => return Done::Unreadable(u),
        Item::Piece {
            file,
            chunk,
            first,
            last,
        } => (file, chunk, first, last),
    };
    let place = Place::of(&chunk);
    let result = file.input(chunk).and_then(|input| {
        crate::convert::convert(&game_name(file.game), &input, file.from.as_deref(), to)
            .map_err(CliError::from)
    });
    Done::Piece {
        result: result.map_err(|e| e.in_game(file.game)),
        file,
        place,
        first,
        last,
    }
}

/// Where the converted text goes: standard output, or a file written to its side (and
/// compressed by its name's suffix) until the end.
enum Out {
    Stdout(std::io::BufWriter<std::io::StdoutLock<'static>>),
    File {
        path: PathBuf,
        writer: Box<dyn Finish>,
    },
}

/// A writer that ends its stream (a compressor's trailer) and hands back the file.
trait Finish: Write {
    fn finish(self: Box<Self>) -> std::io::Result<Pending>;
}

impl Finish for Pending {
    fn finish(self: Box<Self>) -> std::io::Result<Pending> {
        Ok(*self)
    }
}

impl Finish for flate2::write::GzEncoder<Pending> {
    fn finish(self: Box<Self>) -> std::io::Result<Pending> {
        (*self).finish()
    }
}

impl Finish for zstd::Encoder<'static, Pending> {
    fn finish(self: Box<Self>) -> std::io::Result<Pending> {
        (*self).finish()
    }
}

impl Out {
    fn file(path: &Path) -> Result<Out, CliError> {
        let pending = output_file::begin(path)?;
        let lower = path.to_string_lossy().to_ascii_lowercase();
        let writer: Box<dyn Finish> = if lower.ends_with(".gz") {
            Box::new(flate2::write::GzEncoder::new(
                pending,
                flate2::Compression::default(),
            ))
        } else if lower.ends_with(".zst") {
            let e = zstd::Encoder::new(pending, 3)
                .map_err(|e| CliError::io(format!("cannot write {}: {e}", path.display())))?;
            Box::new(e)
        } else {
            Box::new(pending)
        };
        Ok(Out::File {
            path: path.to_path_buf(),
            writer,
        })
    }

    /// The name that tells the notation's encoding: without a compression suffix.
    fn inner_path(path: &Path) -> PathBuf {
        let s = path.to_string_lossy();
        let lower = s.to_ascii_lowercase();
        match [".gz", ".zst"].iter().find(|x| lower.ends_with(*x)) {
            Some(x) => PathBuf::from(&s[..s.len() - x.len()]),
            None => path.to_path_buf(),
        }
    }
}

/// The state of a run: what was converted, what failed, what was dropped.
struct Run<'a> {
    a: &'a ConvertArgs,
    out: Option<Out>,
    json: bool,
    flush_each: bool,
    converted: u64,
    failed: u64,
    worst: u8,
    stopped: bool,
    /// The output file could not be written: it is left as it was.
    broken: bool,
    in_file: (u64, u64),
    dropped: Vec<String>,
    encoding: Option<String>,
    /// The document of a one-piece input with `-o`: printed once the file is written.
    held: Option<String>,
    game: Option<GameName>,
}

impl<'a> Run<'a> {
    fn new(a: &'a ConvertArgs, out: Out) -> Run<'a> {
        Run {
            a,
            flush_each: matches!(out, Out::Stdout(_)) && std::io::stdout().is_terminal(),
            out: Some(out),
            json: a.common.json,
            converted: 0,
            failed: 0,
            worst: EXIT_OK,
            stopped: false,
            broken: false,
            in_file: (0, 0),
            dropped: Vec::new(),
            encoding: None,
            held: None,
            game: a.common.game,
        }
    }

    /// Standard output, for text or documents.
    fn stdout_line(&mut self, line: &str) {
        let ok = match &mut self.out {
            Some(Out::Stdout(w)) => writeln!(w, "{line}").is_ok(),
            _ => {
                println!("{line}");
                true
            }
        };
        self.stopped |= !ok;
    }

    fn flush(&mut self) {
        if let Some(Out::Stdout(w)) = &mut self.out {
            self.stopped |= w.flush().is_err();
        }
    }

    /// The piece's number among its stream's, when it has several.
    fn among(&mut self, file: &FileCtx, place: Place, one: bool) -> Among {
        if self.in_file.0 != file.id {
            self.in_file = (file.id, 0);
        }
        self.in_file.1 += 1;
        Among {
            place,
            record: (!one).then_some(self.in_file.1),
        }
    }

    /// Take one piece; false when the run stops.
    fn push(&mut self, d: Done) -> bool {
        match d {
            Done::Unreadable(u) => {
                let at = Among {
                    place: u.place.unwrap_or(Place { offset: 0, line: 1 }),
                    record: None,
                };
                self.game = self.game.or(u.game);
                self.fail(&u.error, at);
            }
            Done::Piece {
                file,
                place,
                first,
                last,
                result,
            } => {
                self.game = Some(file.game);
                let at = self.among(&file, place, first && last);
                match result.and_then(|c| self.refuse(c, &file)) {
                    Ok(c) => self.write(&file, c, at),
                    Err(e) => self.fail(&e, at),
                }
            }
        }
        if self.flush_each {
            self.flush();
        }
        !self.stopped
    }

    /// Under `--strict`, a record the target cannot carry whole, or read leniently, is
    /// refused; otherwise its irregularities are warned of.
    fn refuse(&mut self, c: Converted, file: &FileCtx) -> Result<Converted, CliError> {
        let name = &file.inner;
        if let Some(first) = c.irregular.first() {
            if self.a.strict {
                return Err(CliError::refused(format!(
                    "{name}: irregular record ({first}), refused under --strict"
                )));
            }
            if !self.json {
                self.flush();
                for w in &c.irregular {
                    eprintln!("warning: {name}: {w}");
                }
            }
        }
        if !c.dropped.is_empty() && self.a.strict {
            let what = c.dropped.join(", ");
            return Err(CliError::refused(format!(
                "{name}: {} cannot carry the record's {what}",
                self.a.to
            )));
        }
        Ok(c)
    }

    fn write(&mut self, file: &FileCtx, c: Converted, at: Among) {
        self.converted += 1;
        // what the target cannot carry, said once, before the first record that drops it
        let new: Vec<String> = c
            .dropped
            .iter()
            .filter(|d| !self.dropped.contains(d))
            .cloned()
            .collect();
        if !new.is_empty() && !self.json {
            self.flush();
            eprintln!(
                "warning: {} cannot carry the record's {}; dropped",
                self.a.to,
                new.join(", ")
            );
        }
        self.dropped.extend(new);
        let mut ok = true;
        match &mut self.out {
            Some(Out::File { path, writer }) => {
                let inner = Out::inner_path(path);
                let (bytes, warning) =
                    adapter(file.game).encode_output(&c.text, &self.a.to, &inner);
                if let (Some(w), None) = (warning, &self.encoding) {
                    self.encoding = Some(format!("warning: {}: {}", path.display(), w.message));
                }
                if let Err(e) = writer.write_all(&bytes) {
                    let e = CliError::io(format!("cannot write {}: {e}", path.display()));
                    self.broken = true;
                    self.fail(&e, at);
                    self.stopped = true;
                    return;
                }
            }
            Some(Out::Stdout(w)) if !self.json => ok = w.write_all(c.text.as_bytes()).is_ok(),
            _ => {}
        }
        self.stopped |= !ok;
        if self.json {
            let mut body = serde_json::json!({
                "file": file.shown, "to": self.a.to, "text": c.text, "dropped": c.dropped,
            });
            if let Some(path) = &self.a.output {
                body["output"] = path.display().to_string().into();
            }
            if let (Some(o), Some(keys)) = (body.as_object_mut(), at.keys().as_object()) {
                o.extend(keys.clone());
            }
            let doc = json::document(CommandName::Convert, file.game, &body);
            if at.record.is_none() && self.a.output.is_some() {
                self.held = Some(doc);
            } else {
                self.stdout_line(&doc);
            }
        }
    }

    fn fail(&mut self, e: &CliError, at: Among) {
        self.failed += 1;
        self.worst = self.worst.max(e.exit);
        if e.kind == ErrorKind::Usage {
            // the same for every record: said once
            self.stopped = true;
        }
        if self.json {
            let doc = placed::failure(CommandName::Convert, self.game, e, at);
            self.stdout_line(&doc);
        } else {
            self.flush();
            placed::report(e, at);
        }
    }

    /// Write the file (when a record converted), say what was dropped; the exit code.
    fn finish(mut self) -> Result<u8, CliError> {
        self.flush();
        if let Some(Out::File { path, writer }) = self.out.take() {
            let done = writer
                .finish()
                .map_err(|e| CliError::io(format!("cannot write {}: {e}", path.display())));
            let written = match done {
                Ok(pending) if self.converted > 0 && !self.broken => pending.commit(),
                Ok(pending) => {
                    pending.abandon();
                    Ok(())
                }
                Err(e) => Err(e),
            };
            if let Err(e) = written {
                return Err(match self.game {
                    Some(g) => e.in_game(g),
                    None => e,
                });
            }
        }
        if let Some(w) = self.encoding.as_ref().filter(|_| !self.json) {
            eprintln!("{w}");
        }
        if let Some(doc) = self.held.take() {
            json::print(&doc);
        }
        // records converted and others not: invalid input, as validate says; nothing
        // converted: the worst failure, as for a single record
        Ok(match (self.failed, self.converted) {
            (0, _) => EXIT_OK,
            (_, 0) => self.worst,
            _ if self.broken => EXIT_USAGE,
            _ => EXIT_INVALID,
        })
    }
}
