//! Named inputs as a sequence of text streams: files, folders (walked in name order,
//! record files only), standard input (`-`), compressed files read as they decompress
//! (gzip, zstd, bzip2, xz, by their suffix), and the members of zip and tar archives:
//! what `hensoku validate` reads, and what a library caller can read the same way.
//!
//! ```no_run
//! use hensoku::stream::source::{self, Found};
//! use std::io::Read;
//!
//! source::walk(&["games.pgn.zst".into()], &mut |found| {
//!     match found {
//!         Found::Stream(mut s) => {
//!             let mut text = String::new();
//!             let _ = s.reader.read_to_string(&mut text);
//!             println!("{} ({}): {} bytes", s.shown, s.inner, text.len());
//!         }
//!         Found::Unreadable(u) => eprintln!("{}", u.message),
//!     }
//!     true // go on
//! });
//! ```

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// Extensions of the record files a folder walk takes (after a compression suffix).
const RECORD_EXTENSIONS: [&str; 14] = [
    "kif", "kifu", "ki2", "ki2u", "csa", "usi", "sfen", "pgn", "fen", "epd", "shelt", "5dpgn",
    "qgn", "qfen",
];

/// A compression read by its file name's last extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Compression {
    Gzip,
    Zstd,
    Bzip2,
    Xz,
}

impl Compression {
    fn of(name: &str) -> Option<(Compression, &str)> {
        let (stem, ext) = name.rsplit_once('.')?;
        let c = match ext.to_ascii_lowercase().as_str() {
            "gz" => Compression::Gzip,
            "zst" => Compression::Zstd,
            "bz2" => Compression::Bzip2,
            "xz" => Compression::Xz,
            "tgz" => return Some((Compression::Gzip, name)),
            _ => return None,
        };
        Some((c, stem))
    }

    /// The compression whose magic number starts `head`.
    fn magic(head: &[u8]) -> Option<Compression> {
        const MAGIC: [(&[u8], Compression); 4] = [
            (b"\x1f\x8b", Compression::Gzip),
            (b"\x28\xb5\x2f\xfd", Compression::Zstd),
            (b"BZh", Compression::Bzip2),
            (b"\xfd7zXZ\x00", Compression::Xz),
        ];
        MAGIC
            .iter()
            .find(|(m, _)| head.starts_with(m))
            .map(|(_, c)| *c)
    }

    fn decoder<'a>(self, r: impl BufRead + 'a) -> io::Result<Box<dyn Read + 'a>> {
        Ok(match self {
            // members one after the other, as gzip and zcat read them
            Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(r)),
            Compression::Zstd => Box::new(zstd::Decoder::with_buffer(r)?),
            Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(r)),
            Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(r)),
        })
    }
}

/// One text stream to read: the name to show, the name that tells its notation (without a
/// compression suffix), and its bytes.
pub struct Stream<'a> {
    /// The name shown in reports (`games.pgn.zst`, `a.zip:x/b.kif`).
    pub shown: String,
    /// The name that tells the notation, without a compression suffix (`games.pgn`).
    pub inner: String,
    /// The decompressed bytes, still undecoded (a KIF may be Shift_JIS).
    pub reader: Box<dyn BufRead + 'a>,
}

/// Something named that could not be opened or read.
pub struct Unreadable {
    /// The name as given (or the archive member's).
    pub name: String,
    /// Why, with the name: `cannot read a.pgn: No such file or directory (os error 2)`.
    pub message: String,
}

/// What the walk hands on: a stream, or what could not be read.
pub enum Found<'a> {
    /// A stream of records to read.
    Stream(Stream<'a>),
    /// A name that could not be opened or read; the walk goes on after it.
    Unreadable(Unreadable),
}

/// The decompressed bytes of `reader`, read as they come, when `name`'s last suffix is a
/// compression (`.gz`, `.zst`, `.bz2`, `.xz`) or, for a name that tells none, when its first
/// bytes are one's magic number; and the name without the compression suffix. Archives
/// (zip, tar) are not opened here: [`walk`] does that for files.
pub fn decompressed<'a>(
    name: &str,
    mut reader: impl BufRead + 'a,
) -> io::Result<(Box<dyn BufRead + 'a>, String)> {
    let found = match Compression::of(name) {
        Some((c, stem)) => Some((c, stem.to_string())),
        None => Compression::magic(reader.fill_buf()?).map(|c| (c, name.to_string())),
    };
    Ok(match found {
        Some((c, inner)) => (
            Box::new(BufReader::with_capacity(1 << 16, c.decoder(reader)?)),
            inner,
        ),
        None => (Box::new(reader), name.to_string()),
    })
}

/// Give every stream of `paths` to `sink`, in order; stop when `sink` answers false.
pub fn walk(paths: &[PathBuf], sink: &mut dyn FnMut(Found<'_>) -> bool) {
    for path in paths {
        let going = if path.as_os_str() == "-" {
            sink(Found::Stream(Stream {
                shown: "<stdin>".into(),
                inner: "<stdin>".into(),
                reader: Box::new(io::stdin().lock()),
            }))
        } else if path.is_dir() {
            folder(path, sink)
        } else {
            file(path, sink)
        };
        if !going {
            return;
        }
    }
}

fn unreadable(sink: &mut dyn FnMut(Found<'_>) -> bool, name: String, e: impl ToString) -> bool {
    sink(Found::Unreadable(Unreadable {
        message: format!("cannot read {name}: {}", e.to_string()),
        name,
    }))
}

/// The record files and archives below a folder, in name order.
fn folder(dir: &Path, sink: &mut dyn FnMut(Found<'_>) -> bool) -> bool {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => return unreadable(sink, dir.display().to_string(), e),
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        let going = if p.is_dir() {
            folder(&p, sink)
        } else if wanted(&p.to_string_lossy()) {
            file(&p, sink)
        } else {
            true
        };
        if !going {
            return false;
        }
    }
    true
}

/// A record file or an archive, by name (compressed or not).
fn wanted(name: &str) -> bool {
    let inner = Compression::of(name).map_or(name, |(_, stem)| stem);
    let ext = inner
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    RECORD_EXTENSIONS.contains(&ext.as_str()) || matches!(ext.as_str(), "zip" | "tar" | "tgz")
}

fn is_tar(inner: &str) -> bool {
    let lower = inner.to_ascii_lowercase();
    lower.ends_with(".tar") || lower.ends_with(".tgz")
}

/// A file: plain, compressed, or an archive of record files.
fn file(path: &Path, sink: &mut dyn FnMut(Found<'_>) -> bool) -> bool {
    let shown = path.display().to_string();
    let f = match File::open(path) {
        Ok(f) => f,
        Err(e) => return unreadable(sink, shown, e),
    };
    if shown.to_ascii_lowercase().ends_with(".zip") {
        return zip_members(&shown, f, sink);
    }
    let buffered = BufReader::with_capacity(1 << 16, f);
    let (reader, inner): (Box<dyn BufRead>, String) = match Compression::of(&shown) {
        Some((c, stem)) => match c.decoder(buffered) {
            Ok(d) => (Box::new(BufReader::with_capacity(1 << 16, d)), stem.into()),
            Err(e) => return unreadable(sink, shown, e),
        },
        None => (Box::new(buffered), shown.clone()),
    };
    if is_tar(&inner) {
        return tar_members(&shown, reader, sink);
    }
    sink(Found::Stream(Stream {
        shown,
        inner,
        reader,
    }))
}

/// The record files of a tar archive, in the archive's order, each read as it comes.
fn tar_members(
    shown: &str,
    reader: Box<dyn BufRead>,
    sink: &mut dyn FnMut(Found<'_>) -> bool,
) -> bool {
    let mut archive = tar::Archive::new(reader);
    let entries = match archive.entries() {
        Ok(e) => e,
        Err(e) => return unreadable(sink, shown.into(), e),
    };
    for entry in entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => return unreadable(sink, shown.into(), e),
        };
        if entry.header().entry_type() != tar::EntryType::Regular {
            continue;
        }
        let name = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        if !wanted(&name) {
            continue;
        }
        let going = member(shown, &name, BufReader::new(entry), sink);
        if !going {
            return false;
        }
    }
    true
}

/// The record files of a zip archive, in the archive's order.
fn zip_members(shown: &str, f: File, sink: &mut dyn FnMut(Found<'_>) -> bool) -> bool {
    let mut archive = match zip::ZipArchive::new(BufReader::new(f)) {
        Ok(a) => a,
        Err(e) => return unreadable(sink, shown.into(), e),
    };
    for i in 0..archive.len() {
        let entry = match archive.by_index(i) {
            Ok(e) => e,
            Err(e) => {
                if !unreadable(sink, format!("{shown}:#{i}"), e) {
                    return false;
                }
                continue;
            }
        };
        let name = match entry.name() {
            Ok(n) => n.into_owned(),
            Err(e) => {
                if !unreadable(sink, format!("{shown}:#{i}"), e) {
                    return false;
                }
                continue;
            }
        };
        if !entry.is_file() || !wanted(&name) {
            continue;
        }
        if !member(shown, &name, BufReader::new(entry), sink) {
            return false;
        }
    }
    true
}

/// A member of an archive, itself perhaps compressed.
fn member<'a>(
    archive: &str,
    name: &str,
    reader: impl BufRead + 'a,
    sink: &mut dyn FnMut(Found<'_>) -> bool,
) -> bool {
    let shown = format!("{archive}:{name}");
    let (reader, inner): (Box<dyn BufRead + 'a>, String) = match Compression::of(name) {
        Some((c, stem)) => match c.decoder(reader) {
            Ok(d) => (Box::new(BufReader::new(d)), stem.into()),
            Err(e) => return unreadable(sink, shown, e),
        },
        None => (Box::new(reader), name.into()),
    };
    sink(Found::Stream(Stream {
        shown,
        inner,
        reader,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_tell_compression_and_records() {
        assert_eq!(
            Compression::of("a.pgn.zst"),
            Some((Compression::Zstd, "a.pgn"))
        );
        assert_eq!(Compression::of("a.pgn"), None);
        assert!(wanted("x/a.KIF") && wanted("a.csa.xz") && wanted("b.tar.gz"));
        assert!(!wanted("README.md") && !wanted("a.png.gz"));
    }
}
