//! The pieces of every input, in order, and the work on them on every core: what
//! `validate`, `parse` and `convert` share. Each named input is opened
//! ([`source`](super::source)), its game and notation told from its name and first bytes,
//! and cut into record pieces ([`split`](super::split)); the pieces go to `jobs` workers in
//! batches and come back in input order ([`pipeline`](super::pipeline)).

use super::check::{FileCtx, Item, Place, Unread};
use super::split::{Boundary, Chunk, Splitter};
use super::{pipeline, source};
use crate::cli::args::{Common, GameName};
use crate::cli::error::CliError;
use crate::cli::game_for;
use crate::cli::json;
use source::{Found, Stream};
use std::io::{BufRead, Read};
use std::path::PathBuf;
use std::sync::Arc;

/// What to read: the named inputs, the game and notation asked for, the longest record.
pub struct Inputs<'a> {
    pub files: &'a [PathBuf],
    pub common: &'a Common,
    pub from: Option<&'a str>,
    pub max: u64,
}

/// Run `work` on every piece of `inputs` on `jobs` threads, and hand each result to
/// `collect` in input order until it answers false.
pub fn each<U: Send>(
    inputs: &Inputs<'_>,
    jobs: usize,
    work: impl Fn(Item) -> U + Sync,
    mut collect: impl FnMut(U) -> bool,
) {
    // one thread takes records one by one; several take them in batches, so that handing
    // work over costs little beside the work
    let (batch_items, batch_bytes) = if jobs > 1 { (64, 256 << 10) } else { (1, 0) };
    pipeline::ordered(
        jobs,
        |sink| {
            let (mut batch, mut bytes, mut going) = (Vec::new(), 0, true);
            produce(inputs, &mut |item| {
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
        |items: Vec<Item>| items.into_iter().map(&work).collect::<Vec<_>>(),
        |outcomes| outcomes.into_iter().all(&mut collect),
    );
}

/// Every record piece of every input, in order, to `sink`.
fn produce(a: &Inputs<'_>, sink: &mut dyn FnMut(Item) -> bool) {
    let mut id = 0;
    source::walk(a.files, &mut |found| match found {
        Found::Unreadable(u) => sink(Item::Unreadable(Unread {
            name: u.name,
            game: a.common.game,
            error: CliError::io(u.message),
            place: None,
            bytes: 0,
        })),
        Found::Stream(s) => {
            id += 1;
            stream(a, id, s, sink)
        }
    });
}

/// The first bytes of a stream: what tells its game and notation.
const HEAD: usize = 4096;

/// The pieces of one stream; false when the run stops.
fn stream(a: &Inputs<'_>, id: u64, s: Stream<'_>, sink: &mut dyn FnMut(Item) -> bool) -> bool {
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
    let game = match game_for(a.common, Some(&inner), Some(&head)) {
        Ok(g) => g,
        Err(e) => return sink(unreadable(e, None, None)),
    };
    let (rule, from) = match rule_of(game, &inner, &head, a.from) {
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
    let mut split = Splitter::new(reader, rule, a.max);
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
        // a shogi piece reads in its file's notation, whatever its own first line says
        let told = match (game, boundary) {
            (GameName::Shogi, Boundary::Csa) => Some("csa"),
            (GameName::Shogi, Boundary::Usi) => Some("usi"),
            (GameName::Shogi, Boundary::Sfen) => Some("sfen"),
            _ => None,
        };
        return Ok((boundary, from.or(told).map(str::to_string)));
    }
    let (boundary, format) = super::chess_boundary(inner, head, from).map_err(CliError::usage)?;
    Ok((boundary, Some(format.to_string())))
}
