//! `hensoku parse` over inputs of any size: each record piece is read on a worker and its
//! canonical text (or its JSON document) written in input order as it comes. A piece of a
//! file of several carries its number, byte offset and line in its document; a file of one
//! piece prints as it always did.

use super::check::{Item, Place};
use super::pieces::{self, Inputs};
use super::placed::{self, Among};
use crate::cli::args::{GameName, ParseArgs};
use crate::cli::error::{CliError, EXIT_OK};
use crate::cli::game::adapter;
use crate::cli::json::{self, CommandName};
use std::io::{IsTerminal, Write};
use std::sync::Arc;

/// A piece read (or not) by a worker.
struct Done {
    file: Option<Arc<super::check::FileCtx>>,
    game: Option<GameName>,
    at: (Place, bool),
    result: Result<(String, serde_json::Value), CliError>,
}

/// Run `parse`; the exit code: the worst of the pieces'.
pub fn parse(a: &ParseArgs) -> Result<u8, CliError> {
    let r = &a.records;
    let inputs = Inputs {
        files: &r.files,
        common: &r.common,
        from: r.from.as_deref(),
        max: a.stream.max_record_bytes,
    };
    let json = r.common.json;
    let stdout = std::io::stdout();
    let flush_each = stdout.is_terminal();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let (mut worst, mut in_file) = (EXIT_OK, (0u64, 0u64));
    pieces::each(&inputs, a.stream.jobs(), work, |d| {
        let mut at = Among {
            place: d.at.0,
            record: None,
        };
        if let Some(f) = &d.file {
            if in_file.0 != f.id {
                in_file = (f.id, 0);
            }
            in_file.1 += 1;
            at.record = (!d.at.1).then_some(in_file.1);
        }
        let written = match (d.result, &d.file) {
            (Ok((canonical, syntax)), Some(f)) if json => {
                let mut body = crate::cli::parse::document(&f.shown, syntax);
                if let (Some(o), Some(keys)) = (body.as_object_mut(), at.keys().as_object()) {
                    o.extend(keys.clone());
                }
                let _ = canonical;
                writeln!(out, "{}", json::document(CommandName::Parse, f.game, &body))
            }
            (Ok((canonical, _)), _) => out.write_all(canonical.as_bytes()),
            (Err(e), _) => {
                worst = worst.max(e.exit);
                let game = d.game.or(r.common.game);
                if json {
                    let doc = placed::failure(CommandName::Parse, game, &e, at);
                    writeln!(out, "{doc}")
                } else {
                    let flushed = out.flush();
                    placed::report(&e, at);
                    flushed
                }
            }
        };
        written.is_ok() && (!flush_each || out.flush().is_ok())
    });
    let _ = out.flush();
    Ok(worst)
}

/// Read one piece (on a worker).
fn work(item: Item) -> Done {
    match item {
        Item::Unreadable(u) => Done {
            file: None,
            game: u.game,
            at: (u.place.unwrap_or(Place { offset: 0, line: 1 }), true),
            result: Err(u.error),
        },
        Item::Piece {
            file,
            chunk,
            first,
            last,
        } => {
            let place = Place::of(&chunk);
            let result = file
                .input(chunk)
                .and_then(|input| adapter(file.game).parse(&input, file.from.as_deref()));
            Done {
                game: Some(file.game),
                at: (place, first && last),
                result: result.map_err(|e| e.in_game(file.game)),
                file: Some(file),
            }
        }
    }
}
