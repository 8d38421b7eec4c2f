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
    let text = text.as_ref();
    let fail = |why: String| CliError::io(format!("cannot write {}: {why}", path.display()));
    match fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if fs::symlink_metadata(path).is_ok() {
                return Err(fail("it is a symlink to nothing".into()));
            }
            replace(path, text, None).map_err(|e| fail(e.to_string()))
        }
        Err(e) => Err(fail(e.to_string())),
        Ok(m) if m.is_dir() => Err(fail("it is a folder".into())),
        Ok(m) if m.permissions().readonly() => Err(fail("it is read-only".into())),
        Ok(m) if !m.is_file() => into(path, text).map_err(|e| fail(e.to_string())),
        Ok(m) if several_links(&m) => in_place(path, text).map_err(|e| fail(e.to_string())),
        Ok(m) => {
            let target = fs::canonicalize(path).map_err(|e| fail(e.to_string()))?;
            replace(&target, text, Some(m.permissions())).map_err(|e| fail(e.to_string()))
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

/// A special file (FIFO, device): written into as it is.
fn into(path: &Path, text: &[u8]) -> std::io::Result<()> {
    OpenOptions::new().write(true).open(path)?.write_all(text)
}

/// A file with other hard links: truncated and rewritten, so that it stays the same file.
fn in_place(path: &Path, text: &[u8]) -> std::io::Result<()> {
    let mut f = OpenOptions::new().write(true).truncate(true).open(path)?;
    f.write_all(text)?;
    f.sync_all()
}

/// A new file beside `target`, filled, given `mode` (or the default for a new file), then
/// renamed over `target`: a reader sees the old file or the whole new one.
fn replace(target: &Path, text: &[u8], mode: Option<fs::Permissions>) -> std::io::Result<()> {
    let (tmp, mut f) = fresh_beside(target)?;
    let written = (|| {
        f.write_all(text)?;
        if let Some(mode) = mode {
            f.set_permissions(mode)?;
        }
        f.sync_all()?;
        fs::rename(&tmp, target)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written
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
