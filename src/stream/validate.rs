//! The command line's `validate` over inputs of any size: the public reader's
//! [`source`](super::source) and [`split`](super::split), then [`check`](super::check) reads
//! and replays each record with the game's adapter on every core
//! ([`pipeline`](super::pipeline)), and [`report`](super::report) writes each result and the
//! summary in input order. Memory holds a few records per thread, whatever the input's size.

use super::ValidateArgs;
use super::split::{Boundary, Chunk, Splitter};
use super::{check, pipeline, report, source};
use crate::cli::args::{GameName, RecordsArgs};
use crate::cli::error::CliError;
use crate::cli::game_for;
use crate::cli::json;
use check::{FileCtx, Item, Place, Unread};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use source::{Found, Stream};
use std::io::{BufRead, IsTerminal, Read};
use std::sync::Arc;

/// Run `validate`: every record of every input, reported in order; the exit code.
pub fn validate(a: &ValidateArgs) -> Result<u8, CliError> {
    let json = a.records.common.json;
    let stdout = std::io::stdout();
    let flush_each = stdout.is_terminal();
    let out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut collector = report::Collector::new(out, flush_each, json, &a.scale);
    let bar = progress(json);
    let max = a.scale.max_record_bytes;
    let jobs = a.scale.jobs();
    // one thread takes records one by one; several take them in batches, so that handing
    // work over costs little beside the work
    let (batch_items, batch_bytes) = if jobs > 1 { (64, 256 << 10) } else { (1, 0) };
    pipeline::ordered(
        jobs,
        |sink| {
            let (mut batch, mut bytes, mut going) = (Vec::new(), 0, true);
            produce(&a.records, max, &mut |item| {
                if let Item::Piece { chunk, .. } = &item {
                    bytes += chunk.bytes.len();
                }
                batch.push(item);
                if batch.len() >= batch_items || bytes >= batch_bytes {
                    bytes = 0;
                    going = sink(std::mem::take(&mut batch));
                }
                going
            });
            if going && !batch.is_empty() {
                sink(batch);
            }
        },
        |items: Vec<Item>| items.into_iter().map(check::check).collect::<Vec<_>>(),
        |outcomes| {
            for o in outcomes {
                if !bar.suspend(|| collector.push(o)) {
                    return false;
                }
                let (records, bytes) = collector.progress();
                if records % 128 == 0 {
                    bar.set_position(records);
                    bar.set_message(format!("{:.1} MB read", bytes as f64 / 1e6));
                }
            }
            true
        },
    );
    bar.finish_and_clear();
    Ok(collector.finish())
}

/// A counter of records and bytes on standard error, shown only on a terminal.
fn progress(json: bool) -> ProgressBar {
    if json || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let template = "{spinner} {pos} records, {msg}, {per_sec} {elapsed}";
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// Every record piece of every input, in order, to `sink`.
fn produce(a: &RecordsArgs, max: u64, sink: &mut dyn FnMut(Item) -> bool) {
    let mut id = 0;
    source::walk(&a.files, &mut |found| match found {
        Found::Unreadable(u) => sink(Item::Unreadable(Unread {
            name: u.name,
            game: a.common.game,
            error: CliError::io(u.message),
            place: None,
            bytes: 0,
        })),
        Found::Stream(s) => {
            id += 1;
            stream(a, max, id, s, sink)
        }
    });
}

/// The first bytes of a stream: what tells its game and notation.
const HEAD: usize = 4096;

/// The pieces of one stream; false when the run stops.
fn stream(
    a: &RecordsArgs,
    max: u64,
    id: u64,
    s: Stream<'_>,
    sink: &mut dyn FnMut(Item) -> bool,
) -> bool {
    let Stream {
        shown,
        inner,
        mut reader,
    } = s;
    let unreadable = |error: CliError, game, place| {
        Item::Unreadable(Unread {
            name: shown.clone(),
            game,
            error,
            place,
            bytes: 0,
        })
    };
    let mut head = Vec::with_capacity(HEAD);
    if let Err(e) = (&mut reader).take(HEAD as u64).read_to_end(&mut head) {
        let e = CliError::io(format!("cannot read {shown}: {e}"));
        return sink(unreadable(e, a.common.game, None));
    }
    let game = match game_for(&a.common, Some(&inner), Some(&head)) {
        Ok(g) => g,
        Err(e) => return sink(unreadable(e, None, None)),
    };
    let (rule, from) = match rule_of(game, &inner, &head, a.from.as_deref()) {
        Ok(r) => r,
        Err(e) => return sink(unreadable(e.in_game(game), Some(game), None)),
    };
    let file = Arc::new(FileCtx {
        shown: shown.clone(),
        inner,
        game,
        from,
        id,
    });
    let reader: Box<dyn BufRead> = Box::new(std::io::Cursor::new(head).chain(reader));
    let mut split = Splitter::new(reader, rule, max);
    let mut held: Option<Chunk> = None;
    let mut sent = 0u64;
    let piece = |chunk, sent: u64, last| Item::Piece {
        file: file.clone(),
        chunk,
        first: sent == 0,
        last,
    };
    loop {
        match split.next_chunk() {
            Ok(Some(c)) => {
                if let Some(p) = held.replace(c) {
                    if !sink(piece(p, sent, false)) {
                        return false;
                    }
                    sent += 1;
                }
            }
            Ok(None) => break,
            Err(e) => {
                if let Some(p) = held.take()
                    && !sink(piece(p, sent, true))
                {
                    return false;
                }
                let place = Place {
                    offset: split.offset(),
                    line: split.line(),
                };
                let e = CliError::io(format!("cannot read {shown}: {e}"));
                return sink(unreadable(e, Some(game), Some(place)));
            }
        }
    }
    match held {
        Some(p) => sink(piece(p, sent, true)),
        // nothing but white space: the game's reader says so, as for any empty input
        None => sink(piece(
            Chunk {
                line: 1,
                ..Chunk::default()
            },
            0,
            true,
        )),
    }
}

/// Where the records of a stream start, and the notation to read each piece in.
pub(crate) fn rule_of(
    game: GameName,
    inner: &str,
    head: &[u8],
    from: Option<&str>,
) -> Result<(Boundary, Option<String>), CliError> {
    if game != GameName::Chess {
        let boundary = super::boundary_of(&json::game_name(game), inner, head, from)
            .map_err(CliError::usage)?;
        return Ok((boundary, from.map(str::to_string)));
    }
    let (boundary, format) = super::chess_boundary(inner, head, from).map_err(CliError::usage)?;
    Ok((boundary, Some(format.to_string())))
}
