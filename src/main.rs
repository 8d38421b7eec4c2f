//! The `hensoku` binary: parse arguments, dispatch, render errors, exit with a script-friendly code.

mod cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    restore_sigpipe();
    cli::output::init();
    let args = match cli::args::Cli::try_parse() {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            // clap uses 0 for --help/--version and 2 for usage errors, as we do
            return std::process::ExitCode::from(if e.use_stderr() {
                cli::error::EXIT_USAGE
            } else {
                0
            });
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
