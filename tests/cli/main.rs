//! The command line and what every game shares: output, JSON, files, the faces, stipulations, streaming.
//!
//! One test binary per game (and one for the command line), each file a module: the
//! suite links a handful of binaries instead of one per file.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod commands;
mod convert_stream;
mod diagnostics_documented;
mod json_schema;
mod library_faces;
mod line_ends;
mod manual;
#[cfg(unix)]
mod output_files;
mod readers_never_panic;
mod reliability_cli;
mod render_svg;
mod stipulations;
mod validate_stream;
mod view;
