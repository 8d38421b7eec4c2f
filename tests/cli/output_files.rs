//! `convert -o` and `render --svg` never harm the file they are given: a symlink keeps
//! pointing at its (rewritten) target, a FIFO is written into, a read-only file or a folder
//! is refused untouched, permissions and hard links survive, and no unrelated file beside
//! the target is touched.

use crate::common::bin::{err, json, out, run};
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

const KIF: &str = "tests/fixtures/shogi/timed.kif";
const USI: &str = "position startpos moves 7g7f 3c3d 2g2f\n";

/// A fresh folder of this test's own.
fn folder(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("output-files-{name}"));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

fn convert_to(target: &Path) -> std::process::Output {
    let t = target.to_str().unwrap();
    run(&["convert", "--to", "usi", "-o", t, KIF], None)
}

#[test]
fn a_symlink_is_followed_and_stays_a_link() {
    let d = folder("symlink");
    fs::write(d.join("real"), "old").unwrap();
    std::os::unix::fs::symlink("real", d.join("link")).unwrap();
    let o = convert_to(&d.join("link"));
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(fs::symlink_metadata(d.join("link")).unwrap().is_symlink());
    assert_eq!(fs::read_to_string(d.join("real")).unwrap(), USI);
    let link = d.join("link");
    let o = run(&["view", "-o", link.to_str().unwrap(), KIF], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(
        fs::read_to_string(d.join("real"))
            .unwrap()
            .contains("<html")
    );
    std::os::unix::fs::symlink("nowhere", d.join("dangling")).unwrap();
    let o = convert_to(&d.join("dangling"));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        fs::symlink_metadata(d.join("dangling"))
            .unwrap()
            .is_symlink()
    );
    assert!(!d.join("nowhere").exists());
}

#[test]
fn read_only_files_and_folders_are_refused_untouched() {
    let d = folder("refused");
    let ro = d.join("ro.usi");
    fs::write(&ro, "mine").unwrap();
    fs::set_permissions(&ro, fs::Permissions::from_mode(0o444)).unwrap();
    let o = convert_to(&ro);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("read-only"), "{}", err(&o));
    assert_eq!(fs::read_to_string(&ro).unwrap(), "mine");
    assert_eq!(fs::metadata(&ro).unwrap().mode() & 0o777, 0o444);
    fs::create_dir(d.join("sub")).unwrap();
    let o = convert_to(&d.join("sub"));
    assert_eq!(o.status.code(), Some(2));
    assert!(d.join("sub").is_dir());
    let t = d.join("sub").to_str().unwrap().to_string();
    let o = run(&["render", "--game", "shogi", "--svg", &t, "--json"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(json(&o)["error"]["kind"], "io");
}

#[test]
fn permissions_hard_links_and_neighbours_survive() {
    let d = folder("kept");
    let private = d.join("private.usi");
    fs::write(&private, "old").unwrap();
    fs::set_permissions(&private, fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(convert_to(&private).status.code(), Some(0));
    assert_eq!(fs::read_to_string(&private).unwrap(), USI);
    assert_eq!(fs::metadata(&private).unwrap().mode() & 0o777, 0o600);
    let linked = d.join("linked.usi");
    fs::write(&linked, "old").unwrap();
    fs::hard_link(&linked, d.join("other-name")).unwrap();
    assert_eq!(convert_to(&linked).status.code(), Some(0));
    assert_eq!(fs::read_to_string(d.join("other-name")).unwrap(), USI);
    // a user's file with the name the old writer used for its temporary file
    fs::write(d.join("out.hensoku-tmp"), "keep me").unwrap();
    assert_eq!(convert_to(&d.join("out.usi")).status.code(), Some(0));
    assert_eq!(
        fs::read_to_string(d.join("out.hensoku-tmp")).unwrap(),
        "keep me"
    );
    let mut names: Vec<_> = fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "linked.usi",
            "other-name",
            "out.hensoku-tmp",
            "out.usi",
            "private.usi"
        ]
    );
}

#[test]
fn a_fifo_is_written_into_not_replaced() {
    let d = folder("fifo");
    let fifo = d.join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let o = convert_to(&fifo);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(reader.join().unwrap(), USI);
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(
        &fs::symlink_metadata(&fifo).unwrap().file_type()
    ));
}

#[test]
fn convert_json_with_an_output_file_still_prints_its_document() {
    let d = folder("json");
    let target = d.join("game.usi");
    let t = target.to_str().unwrap();
    let o = run(&["convert", "--json", "--to", "usi", "-o", t, KIF], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let v = json(&o);
    assert_eq!(v["output"], t);
    assert_eq!(
        v["dropped"],
        serde_json::json!(["times", "comments", "ending"])
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), USI);
    assert!(err(&o).is_empty(), "{}", err(&o));
    let o = run(&["convert", "--to", "usi", "-o", t, KIF], None);
    assert!(out(&o).is_empty());
    assert!(err(&o).contains("dropped"), "{}", err(&o));
}
