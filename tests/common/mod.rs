//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod bin;
pub mod peak;
pub mod pgn_games;
pub mod public;
pub mod quantum;
pub mod rng;

#[allow(unused_imports)]
pub use public::{public, public_data, read_public};
#[allow(unused_imports)]
pub use rng::Rng;

use std::path::PathBuf;

/// A file of the test data the repository keeps in `tests/data/`: files written for this
/// project, tables of facts it derived, and data from package registries.
pub fn data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(rel)
}

pub fn read(rel: &str) -> String {
    let p = data(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// The text of a file of [`public_data`], or a return from the calling test (the skip said).
#[macro_export]
macro_rules! public_text {
    ($rel:expr $(,)?) => {
        match $crate::common::read_public($rel) {
            Some(text) => text,
            None => return,
        }
    };
}

/// The path of a file or folder of [`public_data`], or a return from the calling test.
#[macro_export]
macro_rules! public_path {
    ($rel:expr $(,)?) => {
        match $crate::common::public_data($rel) {
            Some(path) => path,
            None => return,
        }
    };
}
