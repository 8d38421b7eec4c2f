//! Writing an output file (`convert -o`, `render --svg`) without harming what is there.
//!
//! - A symlink is followed: its target is written, the link stays a link.
//! - A FIFO, a device or `/dev/stdout` is written into, never replaced.
//! - A regular file is replaced atomically (a new file in its own folder, renamed over it)
//!   and keeps its permissions; one with several hard links is rewritten in place, so that
//!   every link still names it.
//! - A read-only file, a folder or a dangling symlink is refused, untouched.
//!
//! The temporary file is created with `create_new` under a name no other process holds, so
//! no file but hensoku's own is ever removed.

use super::error::CliError;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Write `text` to `path` as the module documentation describes.
pub fn write(path: &Path, text: impl AsRef<[u8]>) -> Result<(), CliError> {
    let mut pending = begin(path)?;
    let fail = |e: std::io::Error| CliError::io(format!("cannot write {}: {e}", path.display()));
    if let Err(e) = pending.write_all(text.as_ref()) {
        pending.abandon();
        return Err(fail(e));
    }
    pending.commit()
}

/// An output file being written as a stream (`convert` of a whole archive): what comes
/// goes to a new file beside the target, which [`Pending::commit`] puts in its place and
/// [`Pending::abandon`] removes, so the target is untouched until the end (a FIFO or a
/// device is written into as it comes).
pub struct Pending {
    path: PathBuf,
    file: std::io::BufWriter<File>,
    how: How,
}

/// What the end does with what was written.
enum How {
    /// Rename the new file over the target, with the target's permissions.
    Replace {
        tmp: PathBuf,
        target: PathBuf,
        mode: Option<fs::Permissions>,
    },
    /// Copy the new file into the target (which other hard links name), then remove it.
    Copy { tmp: PathBuf },
    /// Written into already (a FIFO, a device).
    Into,
}

/// Open `path` for a streamed output, or refuse it untouched (a read-only file, a folder, a
/// symlink to nothing).
pub fn begin(path: &Path) -> Result<Pending, CliError> {
    let fail = |why: String| CliError::io(format!("cannot write {}: {why}", path.display()));
    let io = |e: std::io::Error| fail(e.to_string());
    let (file, how) = match fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if fs::symlink_metadata(path).is_ok() {
                return Err(fail("it is a symlink to nothing".into()));
            }
            let (tmp, f) = fresh_beside(path).map_err(io)?;
            let target = path.to_path_buf();
            let how = How::Replace {
                tmp,
                target,
                mode: None,
            };
            (f, how)
        }
        Err(e) => return Err(io(e)),
        Ok(m) if m.is_dir() => return Err(fail("it is a folder".into())),
        Ok(m) if m.permissions().readonly() => return Err(fail("it is read-only".into())),
        Ok(m) if !m.is_file() => {
            let f = OpenOptions::new().write(true).open(path).map_err(io)?;
            (f, How::Into)
        }
        Ok(m) if several_links(&m) => {
            let (tmp, f) = fresh_beside(path).map_err(io)?;
            (f, How::Copy { tmp })
        }
        Ok(m) => {
            let target = fs::canonicalize(path).map_err(io)?;
            let (tmp, f) = fresh_beside(&target).map_err(io)?;
            let mode = Some(m.permissions());
            (f, How::Replace { tmp, target, mode })
        }
    };
    Ok(Pending {
        path: path.to_path_buf(),
        file: std::io::BufWriter::with_capacity(1 << 16, file),
        how,
    })
}

impl Write for Pending {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl Pending {
    /// Put what was written in the target's place.
    pub fn commit(self) -> Result<(), CliError> {
        let Pending { path, file, how } = self;
        let tmp = match &how {
            How::Replace { tmp, .. } | How::Copy { tmp } => Some(tmp.clone()),
            How::Into => None,
        };
        let done = (|| -> std::io::Result<()> {
            let file = file.into_inner().map_err(|e| e.into_error())?;
            match how {
                How::Replace { tmp, target, mode } => {
                    if let Some(mode) = mode {
                        file.set_permissions(mode)?;
                    }
                    file.sync_all()?;
                    fs::rename(&tmp, target)
                }
                How::Copy { tmp } => {
                    drop(file);
                    in_place(&path, &mut File::open(&tmp)?)?;
                    fs::remove_file(&tmp)
                }
                How::Into => Ok(()),
            }
        })();
        done.map_err(|e| {
            if let Some(tmp) = tmp {
                let _ = fs::remove_file(tmp);
            }
            CliError::io(format!("cannot write {}: {e}", path.display()))
        })
    }

    /// Leave the target as it was.
    pub fn abandon(self) {
        if let How::Replace { tmp, .. } | How::Copy { tmp } = &self.how {
            let _ = fs::remove_file(tmp);
        }
    }
}

#[cfg(unix)]
fn several_links(m: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    m.nlink() > 1
}

#[cfg(not(unix))]
fn several_links(_: &fs::Metadata) -> bool {
    false
}

/// A file with other hard links: truncated and rewritten from `from`, so that it stays
/// the same file.
fn in_place(path: &Path, from: &mut File) -> std::io::Result<()> {
    let mut f = OpenOptions::new().write(true).truncate(true).open(path)?;
    std::io::copy(from, &mut f)?;
    f.sync_all()
}

/// A file no one else has: `.NAME.hensoku-PID-N.tmp` in the folder of `target`, created
/// with `create_new`, so an existing file of that name is never opened or removed.
fn fresh_beside(target: &Path) -> std::io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map_or("output".into(), |n| n.to_string_lossy());
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.hensoku-{}-{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => continue,
            Err(e) => return Err(e),
        }
    }
}
