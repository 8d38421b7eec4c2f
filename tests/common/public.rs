//! The test data taken from public repositories, which lives beside the repository and
//! never in it (the tests and the benchmarks read it through here).

use std::path::PathBuf;

/// Where the data taken from public repositories lives: beside the repository, never in it.
/// `HENSOKU_TEST_DATA` names the folder (holding `data/` and `realworld/`); unset, it is
/// `../shared/data/tests` beside the repository. Setting it (to a folder, or to `require`
/// for the default one) makes the data required: a missing file then fails the test.
pub fn public_root() -> (PathBuf, bool) {
    let default = || {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("shared")
            .join("data")
            .join("tests")
    };
    match std::env::var_os("HENSOKU_TEST_DATA") {
        None => (default(), false),
        Some(v) if v.is_empty() => (default(), false),
        Some(v) if v == "require" => (default(), true),
        Some(v) => (PathBuf::from(v), true),
    }
}

/// A path of the public test data (`data/<game>/<owner>__<repo>/…` or
/// `realworld/shogi/<source>/…`), or `None` when it is absent and not required: the caller
/// then returns, and the skip is said on standard error (past the test harness's capture, so
/// that a plain `cargo test` shows what it did not run).
pub fn public(rel: impl AsRef<str>) -> Option<PathBuf> {
    let rel = rel.as_ref();
    let (root, required) = public_root();
    let path = root.join(rel);
    if path.exists() {
        return Some(path);
    }
    let test = std::thread::current().name().unwrap_or("?").to_string();
    if required {
        panic!("{test}: the public test data {rel} is missing under HENSOKU_TEST_DATA");
    }
    // Once per test and file: a property test asks once per case.
    static SAID: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let key = format!("{test} {rel}");
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if said.contains(&key) {
        return None;
    }
    said.push(key);
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: needs {rel} from the public test data (../shared/data/tests, or set HENSOKU_TEST_DATA)"
    );
    None
}

/// [`public`] under `data/`: the public suites of each game.
pub fn public_data(rel: impl AsRef<str>) -> Option<PathBuf> {
    public(format!("data/{}", rel.as_ref()))
}

/// The text of a file of [`public_data`], or `None` (the skip said) when it is absent.
pub fn read_public(rel: impl AsRef<str>) -> Option<String> {
    let p = public_data(rel)?;
    Some(std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display())))
}
