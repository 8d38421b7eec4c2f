//! The `hensoku` binary: the library's command line (`src/cli/`), built with the `cli`
//! feature.

fn main() -> std::process::ExitCode {
    hensoku::cli_main()
}
