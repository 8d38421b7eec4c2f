//! Peak memory of the command's runs, as the memory tests measure it.
//!
//! A child started with `posix_spawn` shares the test's memory until its `exec`, and the
//! kernel reports the larger of the two peaks as the child's: the test must never hold a
//! large input itself, or every child would seem that large.

use std::io::Write;
use std::path::Path;

/// The largest peak resident set of the children waited for so far, in KiB.
pub fn children_peak_kib() -> i64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage writes into the struct it is given.
    assert_eq!(
        unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) },
        0
    );
    usage.ru_maxrss
}

/// `text` written `times` over into `path`, one copy at a time, so that the test's own
/// peak stays that of `text`.
pub fn write_repeated(path: &Path, text: &str, times: usize) {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    for _ in 0..times {
        out.write_all(text.as_bytes()).unwrap();
    }
    out.flush().unwrap();
}

/// The large input's peak is under 64 MiB and within 8 MiB of the small one's: memory
/// that does not grow with the input.
pub fn assert_flat(small_peak: i64, large_peak: i64) {
    assert!(large_peak < 64 * 1024, "{large_peak} KiB");
    assert!(
        large_peak < small_peak + 8 * 1024,
        "{small_peak} KiB, then {large_peak} KiB"
    );
}
