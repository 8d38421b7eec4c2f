//! Cutting one large plain file into parts at record starts, for `hensoku.dask`: the cuts
//! come from the library's own splitter (`hensoku::stream::split::cuts`), so that each part
//! read apart gives the records a read of the whole file gives there.

use hensoku::stream::split::{self, Boundary};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// A file's game, its boundary's name and its cuts as `(raw, offset, line)`.
pub type Cuts = (&'static str, &'static str, Vec<(u64, u64, u64)>);

/// The first bytes of a file: what tells its game and notation (as the reader looks).
const HEAD: u64 = 4096;

/// A boundary's name, as `record_cuts` answers and `read_range` takes it.
fn boundary_name(b: Boundary) -> &'static str {
    match b {
        Boundary::Whole => "whole",
        Boundary::Pgn => "pgn",
        Boundary::Lines => "lines",
        Boundary::Csa => "csa",
        Boundary::Qgn => "qgn",
        Boundary::Howe => "howe",
        Boundary::Usi => "usi",
        Boundary::Sfen => "sfen",
    }
}

/// The boundary of a name of [`boundary_name`].
pub fn boundary_named(name: &str) -> Option<Boundary> {
    [
        Boundary::Whole,
        Boundary::Pgn,
        Boundary::Lines,
        Boundary::Csa,
        Boundary::Qgn,
        Boundary::Howe,
        Boundary::Usi,
        Boundary::Sfen,
    ]
    .into_iter()
    .find(|b| boundary_name(*b) == name)
}

/// Whether a name or the first bytes tell a compressed file or an archive, which cannot
/// be read from the middle.
fn packed(name: &str, head: &[u8]) -> bool {
    let lower = name.to_ascii_lowercase();
    let by_name = [".gz", ".zst", ".bz2", ".xz", ".tgz", ".zip", ".tar"]
        .iter()
        .any(|s| lower.ends_with(s));
    let magic: [&[u8]; 6] = [
        b"\x1f\x8b",
        b"\x28\xb5\x2f\xfd",
        b"BZh",
        b"\xfd7zXZ\x00",
        b"PK\x03\x04",
        b"ustar",
    ];
    by_name || magic.iter().any(|m| head.starts_with(m))
}

/// The game, boundary and cuts of the file at `path` (see `record_cuts` in `lib.rs`).
pub fn of(
    path: &Path,
    every: u64,
    game: Option<&'static str>,
    format: Option<&str>,
    max: u64,
) -> std::io::Result<Option<Cuts>> {
    if !path.is_file() {
        return Ok(None);
    }
    let name = path.display().to_string();
    let mut file = BufReader::with_capacity(1 << 16, std::fs::File::open(path)?);
    let mut head = Vec::new();
    (&mut file).take(HEAD).read_to_end(&mut head)?;
    if packed(&name, &head) {
        return Ok(None);
    }
    let Some(game) = game.or_else(|| hensoku::stream::game_of(Some(&name), &head)) else {
        return Ok(None);
    };
    let Ok(boundary) = hensoku::stream::boundary_of(game, &name, &head, format) else {
        return Ok(None);
    };
    let reader: Box<dyn BufRead> = Box::new(std::io::Cursor::new(head).chain(file));
    let cuts = split::cuts(reader, boundary, max, every)?
        .into_iter()
        .map(|c| (c.raw, c.offset, c.line))
        .collect();
    Ok(Some((game, boundary_name(boundary), cuts)))
}
