//! The `hensoku` binary's `main`: parse arguments, dispatch, render errors, exit with a
//! script-friendly code.

use crate::cli;
use clap::Parser;

/// The whole command line, from the process's arguments to its exit code.
pub fn main() -> std::process::ExitCode {
    restore_sigpipe();
    cli::output::init();
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let args = match cli::args::Cli::try_parse_from(&argv) {
        Ok(a) => a,
        Err(e) => {
            let rest = argv.get(1..).unwrap_or_default();
            return std::process::ExitCode::from(cli::argv::refuse(&e, rest));
        }
    };
    std::process::ExitCode::from(cli::run(args))
}

/// Let a closed pipe end the process quietly (`hensoku moves | head`), as Unix tools do,
/// instead of a panic from `println!`. Rust ignores SIGPIPE by default.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal disposition to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
