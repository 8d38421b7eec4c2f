//! `hensoku view` pages in a real browser: headless Chromium driven through chromedriver
//! (Debian: `apt-get install chromium chromium-driver`). For one record of every game it
//! checks the ply count, that pressing "next" N times shows the CLI's position at ply N, the
//! arrow keys, that a click in the move list and a `#ply=N` link open their ply, and that
//! the console stays free of errors; it saves a screenshot of each page in
//! `target/tmp/browser/`. It also times the 5D page of a game of about 100 timelines.
//!
//! Where Chromium or chromedriver is missing the tests say so and pass, unless
//! `HENSOKU_BROWSER=require` is set (as `.ci/run` sets it after installing them).

mod common;
#[path = "view_records/mod.rs"]
mod records;
#[path = "browser/webdriver.rs"]
mod webdriver;

use common::bin::{err, run};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use webdriver::{Browser, on_path};

const RIGHT: char = '\u{E014}';
const LEFT: char = '\u{E012}';

/// One browser at a time: three at once on a small machine would make the timings lie.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// The browser, or `None` (and why) when this machine has none.
fn browser(tag: &str) -> Option<Browser> {
    let chromium = on_path(&["chromium", "chromium-browser", "google-chrome"]);
    let driver = on_path(&["chromedriver"]);
    let (Some(chromium), Some(driver)) = (chromium, driver) else {
        let why = "chromium and chromedriver are not on PATH \
                   (apt-get install chromium chromium-driver)";
        assert!(
            std::env::var("HENSOKU_BROWSER").as_deref() != Ok("require"),
            "HENSOKU_BROWSER=require, but {why}"
        );
        eprintln!("browser tests skipped: {why}");
        return None;
    };
    let profile = scratch(&format!("profile-{tag}"));
    Some(Browser::start(&chromium, &driver, &profile).unwrap_or_else(|e| panic!("{e}")))
}

/// A fresh folder under cargo's scratch directory for integration tests.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("browser")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Where screenshots are kept for a person to look at.
fn shots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn view(record: &Path, page: &Path, game: &str) {
    let o = run(
        &[
            "view",
            "--game",
            game,
            record.to_str().unwrap(),
            "-o",
            page.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}

fn cli_position(game: &str, file: &Path) -> String {
    let o = run(
        &["render", "--game", game, file.to_str().unwrap(), "--json"],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["position"].as_str().unwrap().to_string()
}

/// What the page shows: the current ply's `data-ply` and `data-position`.
fn shown(b: &Browser) -> (String, String) {
    let v = b
        .script(
            "const c = document.querySelector('#hensoku-view .ply.current');\
             return c ? [c.dataset.ply, c.dataset.position] : null;",
        )
        .unwrap();
    (
        v[0].as_str().unwrap_or("").to_string(),
        v[1].as_str().unwrap_or("").to_string(),
    )
}

fn url(page: &Path, fragment: &str) -> String {
    format!("file://{}{fragment}", page.display())
}

fn no_console_errors(b: &Browser, game: &str) {
    let errors: Vec<(String, String)> = b
        .console()
        .unwrap()
        .into_iter()
        .filter(|(level, _)| level == "SEVERE" || level == "ERROR")
        .collect();
    assert!(errors.is_empty(), "{game}: console errors {errors:?}");
}

#[test]
fn every_game_steps_clicks_and_links_in_a_browser() {
    let _one = one_at_a_time();
    let Some(b) = browser("records") else { return };
    let dir = scratch("records");
    for s in records::all() {
        let n = s.plies.len();
        let page = dir.join(format!("{}.html", s.game));
        view(&s.file(&dir, n), &page, s.game);
        let expected: Vec<String> = (0..=n)
            .map(|k| cli_position(s.game, &s.file(&dir, k)))
            .collect();
        b.goto(&url(&page, "")).unwrap();
        let plies = b
            .script("return document.getElementById('hensoku-view').dataset.plies")
            .unwrap();
        assert_eq!(plies, n.to_string(), "{}", s.game);
        assert_eq!(
            shown(&b),
            ("0".to_string(), expected[0].clone()),
            "{}",
            s.game
        );
        for (k, want) in expected.iter().enumerate().skip(1) {
            b.click("button[data-go=next]").unwrap();
            assert_eq!(
                shown(&b),
                (k.to_string(), want.clone()),
                "{} next×{k}",
                s.game
            );
        }
        b.key(LEFT).unwrap();
        assert_eq!(shown(&b).0, (n - 1).to_string(), "{}: ←", s.game);
        b.key(RIGHT).unwrap();
        assert_eq!(shown(&b).0, n.to_string(), "{}: →", s.game);
        let png = b.screenshot().unwrap();
        assert!(png.starts_with(b"\x89PNG"), "{}", s.game);
        std::fs::write(shots().join(format!("{}.png", s.game)), png).unwrap();
        // a click in the move list
        b.click("#hensoku-view .ply[data-path='1']").unwrap();
        assert_eq!(
            shown(&b),
            ("1".to_string(), expected[1].clone()),
            "{}",
            s.game
        );
        // a link to a ply, opened afresh
        b.goto("about:blank").unwrap();
        let k = n / 2;
        b.goto(&url(&page, &format!("#ply={k}"))).unwrap();
        assert_eq!(
            shown(&b),
            (k.to_string(), expected[k].clone()),
            "{} #ply={k}",
            s.game
        );
        no_console_errors(&b, s.game);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_invalid_record_opens_at_its_illegal_ply_in_a_browser() {
    let _one = one_at_a_time();
    let Some(b) = browser("invalid") else { return };
    let dir = scratch("invalid");
    let record = dir.join("nifu.usi");
    std::fs::write(
        &record,
        "position startpos moves 7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c+ 3f3g+ P*2e\n",
    )
    .unwrap();
    let page = dir.join("nifu.html");
    let o = run(
        &[
            "view",
            record.to_str().unwrap(),
            "-o",
            page.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    b.goto(&url(&page, "")).unwrap();
    assert_eq!(shown(&b).0, "9");
    let alert = b
        .script("return document.querySelector('.diagnostic').innerText")
        .unwrap();
    assert!(alert.as_str().unwrap().starts_with("TwoPawns"), "{alert}");
    let current = b
        .script("return document.querySelector('.ply.current').className")
        .unwrap();
    assert!(current.as_str().unwrap().contains("illegal"));
    std::fs::write(shots().join("invalid.png"), b.screenshot().unwrap()).unwrap();
    no_console_errors(&b, "shogi");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The 5D page of a real game that reaches about 100 timelines (penteract/cwmtt's
/// `100_timelines.5dpgn`): the page's first picture and the jump to its last action, whose
/// multiverse holds every board, each drawn within a second.
#[test]
fn a_multiverse_of_100_timelines_renders_within_a_second() {
    let _one = one_at_a_time();
    let Some(b) = browser("fived") else { return };
    let dir = scratch("fived");
    let record = public_path!("5d/penteract__cwmtt/tests/5dpgn/100_timelines.5dpgn");
    let page = dir.join("100.html");
    view(&record, &page, "fived");
    b.goto(&url(&page, "")).unwrap();
    let mut first = serde_json::Value::Null;
    for _ in 0..100 {
        first = b
            .script("return document.getElementById('hensoku-view').dataset.rendered || null")
            .unwrap();
        if !first.is_null() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let first: f64 = first.as_str().unwrap().parse().unwrap();
    let last = b
        .script_async(
            "const done = arguments[arguments.length - 1];\
             const t0 = performance.now();\
             document.querySelector('button[data-go=last]').click();\
             requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));",
        )
        .unwrap()
        .as_f64()
        .unwrap();
    let timelines = b
        .script(
            "const p = document.querySelector('.ply.current').dataset.position;\
             return new Set(p.split('\\n').map(l => l.split(':')[1])).size;",
        )
        .unwrap();
    let boards = b
        .script("return document.querySelectorAll('.layer:not(.off) .board').length")
        .unwrap();
    eprintln!(
        "5D page of 100_timelines.5dpgn: {timelines} timelines, {boards} boards; first picture \
         {first:.0} ms after the request, the last action drawn in {last:.0} ms"
    );
    assert!(timelines.as_u64().unwrap() >= 90, "{timelines}");
    std::fs::write(shots().join("fived-100.png"), b.screenshot().unwrap()).unwrap();
    assert!(first < 1000.0, "first picture after {first} ms");
    assert!(last < 1000.0, "last action drawn in {last} ms");
    no_console_errors(&b, "fived");
    std::fs::remove_dir_all(&dir).unwrap();
}
