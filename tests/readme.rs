//! Every console example of `README.md` and `docs/*.md` is run, and its output compared with
//! what the page shows (trycmd; `[..]` elides part of a line, a `...` line any lines, and a
//! `? N` line after the command is its exit code). An example drifts, the test fails.
//!
//! `docs/tsume-solver.md` shows searches of seconds and of a minute: its examples run in the
//! ignored test (`cargo test --release --test readme -- --ignored`).

/// The pages whose examples take too long for the default suite.
const SLOW: [&str; 1] = ["docs/tsume-solver.md"];

fn cases() -> trycmd::TestCases {
    let t = trycmd::TestCases::new();
    t.register_bin(
        "hensoku",
        std::path::Path::new(env!("CARGO_BIN_EXE_hensoku")),
    )
    .env("NO_COLOR", "1");
    t
}

#[test]
fn readme_and_docs_examples() {
    let t = cases();
    t.case("README.md").case("docs/*.md");
    for page in SLOW {
        t.skip(page);
    }
    drop(t);
    // the README's `view` examples write their pages beside it
    for entry in std::fs::read_dir(env!("CARGO_MANIFEST_DIR")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("view-") && name.ends_with(".html") {
            std::fs::remove_file(path).unwrap();
        }
    }
}

#[test]
#[ignore = "over a minute in release: cargo test --release --test readme -- --ignored"]
fn tsume_solver_examples() {
    let t = cases();
    for page in SLOW {
        t.case(page);
    }
}

/// The pages with examples are the README and `docs/`: an example anywhere else (say a new
/// top-level page) would not be run by the tests above.
#[test]
fn no_console_example_outside_the_tested_pages() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for page in ["CONTRIBUTING.md", "CHANGELOG.md", "tests/data/README.md"] {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        assert!(
            !text.contains("```console"),
            "{page} has an untested example"
        );
    }
}
