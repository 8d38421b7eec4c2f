//! `hensoku view` without a browser: the page's contract (root and ply attributes), each
//! ply's position against the CLI's position at that ply, variations, an invalid record,
//! the size of a long game, and that the page asks for nothing outside itself. The page
//! in a real browser: `tests/browser.rs`.

#[path = "../view_records/mod.rs"]
mod records;

use crate::common::bin::{err, run};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hensoku-view-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Run `view FILE -o OUT` and return the page (and the exit code).
fn view(args: &[&str], file: &Path, out: &Path) -> (i32, String) {
    let mut all = vec!["view", file.to_str().unwrap(), "-o", out.to_str().unwrap()];
    all.extend_from_slice(args);
    let o = run(&all, None);
    let code = o.status.code().unwrap_or(-1);
    assert!(code == 0 || code == 1, "{}", err(&o));
    (code, std::fs::read_to_string(out).unwrap())
}

fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The attributes of every element whose start tag begins with `tag` (e.g. `<a class="ply`).
fn elements(html: &str, tag: &str) -> Vec<HashMap<String, String>> {
    let opening = tag.split_once(' ').map_or("", |(_, attrs)| attrs);
    html.split(tag)
        .skip(1)
        .map(|rest| {
            let head = format!("{opening}{}", &rest[..rest.find('>').unwrap()]);
            let mut attrs = HashMap::new();
            for part in head.split("\" ") {
                if let Some((k, v)) = part.trim().split_once("=\"") {
                    attrs.insert(k.to_string(), unescape(v.trim_end_matches('"')));
                }
            }
            attrs
        })
        .collect()
}

fn root(html: &str) -> HashMap<String, String> {
    elements(html, "<main ").remove(0)
}

/// The position the CLI gives for a record file.
fn cli_position(game: &str, file: &Path) -> String {
    let o = run(
        &["render", "--game", game, file.to_str().unwrap(), "--json"],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["position"].as_str().unwrap().to_string()
}

#[test]
fn every_ply_of_every_game_shows_the_cli_position_at_that_ply() {
    let dir = temp_dir("contract");
    for s in records::all() {
        let n = s.plies.len();
        let file = s.file(&dir, n);
        let out = dir.join(format!("{}.html", s.game));
        let (code, html) = view(&["--game", s.game], &file, &out);
        assert_eq!(code, 0, "{}", s.game);
        let r = root(&html);
        assert_eq!(r["data-game"], s.game);
        assert_eq!(r["data-plies"], n.to_string(), "{}", s.game);
        let plies = elements(&html, "<a class=\"ply");
        assert_eq!(plies.len(), n + 1, "{}: the start and each ply", s.game);
        for k in 0..=n {
            let el = plies
                .iter()
                .find(|p| p["data-path"] == k.to_string())
                .unwrap_or_else(|| panic!("{}: no ply {k}", s.game));
            assert_eq!(el["data-ply"], k.to_string());
            let expected = cli_position(s.game, &s.file(&dir, k));
            assert_eq!(el["data-position"], expected, "{} ply {k}", s.game);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_page_needs_nothing_outside_itself() {
    let dir = temp_dir("closed");
    for s in records::all() {
        let file = s.file(&dir, s.plies.len());
        let (_, html) = view(&["--game", s.game], &file, &dir.join("p.html"));
        for needle in [
            "<link",
            " src=",
            "url(http",
            "@import",
            "fetch(",
            "XMLHttpRequest",
        ] {
            assert!(!html.contains(needle), "{}: {needle}", s.game);
        }
        let outside = html.matches("http").count();
        let xmlns = html.matches("http://www.w3.org/2000/svg").count();
        assert_eq!(
            outside, xmlns,
            "{}: only the SVG namespace names a URL",
            s.game
        );
        // every href in the page is a fragment: a ply's link or a definition's id
        for part in html.split("href=\"").skip(1) {
            assert!(part.starts_with('#'), "{}: href=\"{}", s.game, &part[..20]);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn kif_variations_comments_and_times_are_a_tree() {
    let dir = temp_dir("kif");
    let kif = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:16/00:00:16)\n*初手\n   2 ３四歩(33)   ( 0:05/00:00:05)+\n   3 ２六歩(27)   ( 1:02/00:01:18)\n   4 ８四歩(83)   ( 0:01/00:00:06)\n\n変化：2手\n   2 ８四歩(83)   ( 0:01/00:00:01)\n*居飛車\n   3 ２六歩(27)   ( 0:01/00:00:01)\n";
    let file = dir.join("v.kif");
    std::fs::write(&file, kif).unwrap();
    let (code, html) = view(&[], &file, &dir.join("v.html"));
    assert_eq!(code, 0);
    assert_eq!(root(&html)["data-plies"], "4");
    let plies = elements(&html, "<a class=\"ply");
    let paths: Vec<&str> = plies.iter().map(|p| p["data-path"].as_str()).collect();
    // the main line, then the variation replacing ply 2 (the second move there)
    assert_eq!(paths, ["0", "1", "2", "2.1.2", "2.1.3", "3", "4"]);
    let alt = plies.iter().find(|p| p["data-path"] == "2.1.3").unwrap();
    assert_eq!(alt["data-ply"], "3");
    assert_eq!(
        alt["data-position"],
        "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4"
    );
    assert!(html.contains("<span class=\"comment\">居飛車</span>"));
    assert!(html.contains("<span class=\"time\">0:16/00:00:16</span>"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pgn_variations_nest() {
    let dir = temp_dir("rav");
    let file = dir.join("g.pgn");
    std::fs::write(
        &file,
        "1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5 3. exd5) 3. Nf3) 2... Nc6 $1 {develops} *\n",
    )
    .unwrap();
    let (_, html) = view(&[], &file, &dir.join("g.html"));
    let plies = elements(&html, "<a class=\"ply");
    let paths: Vec<&str> = plies.iter().map(|p| p["data-path"].as_str()).collect();
    assert_eq!(
        paths,
        [
            "0",
            "1",
            "2",
            "3",
            "3.1.3",
            "3.1.4",
            "3.1.4.1.4",
            "3.1.4.1.5",
            "3.1.5",
            "4"
        ]
    );
    assert!(html.contains(">2… Nc6!<") && html.contains("develops"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_invalid_record_opens_at_its_illegal_ply_with_the_diagnostic() {
    let dir = temp_dir("invalid");
    let file = dir.join("nifu.usi");
    std::fs::write(
        &file,
        "position startpos moves 7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c+ 3f3g+ P*2e\n",
    )
    .unwrap();
    let (code, html) = view(&[], &file, &dir.join("nifu.html"));
    assert_eq!(code, 1, "an invalid record exits 1, the page written");
    let r = root(&html);
    assert_eq!(r["data-plies"], "8");
    let plies = elements(&html, "<a class=\"ply");
    let bad = plies.last().unwrap();
    assert_eq!(bad["class"], "ply illegal");
    assert_eq!(bad["data-ply"], "9");
    assert_eq!(
        r["data-open"], bad["data-node"],
        "the page opens at the illegal ply"
    );
    assert!(html.contains("<b class=\"rule\">TwoPawns</b>"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_position_alone_is_a_page_of_one_picture() {
    let dir = temp_dir("position");
    let out = dir.join("p.html");
    let o = run(
        &[
            "view",
            "--game",
            "chess",
            "--position",
            "8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "-o",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let html = std::fs::read_to_string(&out).unwrap();
    assert_eq!(root(&html)["data-plies"], "0");
    assert_eq!(
        elements(&html, "<a class=\"ply")[0]["data-position"],
        "8/8/8/8/8/8/8/K1k5 w - - 0 1"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A legal shogi game of `plies` plies from the start, random but the same on every run.
fn long_shogi_game(plies: usize) -> String {
    use hensoku::shogi::{self, Position};
    let mut rng = crate::common::Rng(0x9e37_79b9_7f4a_7c15);
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    while moves.len() < plies {
        let legal = shogi::legal_moves(&pos);
        // a move that leaves the opponent a move, so the game goes on
        let playable: Vec<_> = legal
            .into_iter()
            .filter(|&m| !shogi::legal_moves(&pos.after(m)).is_empty())
            .collect();
        let m = playable[rng.next() as usize % playable.len()];
        moves.push(shogi::move_text(&pos, m));
        pos = pos.after(m);
    }
    format!("position startpos moves {}\n", moves.join(" "))
}

#[test]
fn a_300_ply_shogi_game_is_under_a_megabyte() {
    let dir = temp_dir("size");
    let file = dir.join("long.usi");
    std::fs::write(&file, long_shogi_game(300)).unwrap();
    let (code, html) = view(&[], &file, &dir.join("long.html"));
    assert_eq!(code, 0, "the random game is legal");
    assert_eq!(root(&html)["data-plies"], "300");
    eprintln!("300-ply shogi page: {} bytes", html.len());
    assert!(html.len() < 1_000_000, "{} bytes", html.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `view --json` of every game, an invalid record and a failure, against
/// `docs/schema/view.schema.json`.
#[test]
fn view_json_follows_its_schema() {
    let text = std::fs::read_to_string("docs/schema/view.schema.json").unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let dir = temp_dir("json");
    let out = dir.join("p.html");
    let mut runs: Vec<Vec<String>> = records::all()
        .iter()
        .map(|s| {
            let f = s.file(&dir, s.plies.len());
            vec!["--game".into(), s.game.into(), f.display().to_string()]
        })
        .collect();
    let nifu = dir.join("nifu.usi");
    std::fs::write(
        &nifu,
        "position startpos moves 7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c+ 3f3g+ P*2e\n",
    )
    .unwrap();
    runs.push(vec![nifu.display().to_string()]);
    runs.push(vec![
        "--game".into(),
        "chess".into(),
        "--position".into(),
        "x".into(),
    ]);
    for args in runs {
        let mut all = vec!["view", "--json", "-o", out.to_str().unwrap()];
        all.extend(args.iter().map(String::as_str));
        let o = run(&all, None);
        let v: serde_json::Value = serde_json::from_slice(&o.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", err(&o)));
        let errors: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{args:?}: {errors:?}\n{v}");
        assert_eq!(v["command"], "view");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The moves of a `solve --json` tree: each attack, each defence, each try and refutation.
fn tree_moves(v: &serde_json::Value) -> usize {
    fn attack(a: &serde_json::Value) -> usize {
        1 + a["defences"].as_array().map_or(0, |ds| {
            ds.iter()
                .map(|d| {
                    1 + d["replies"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(attack)
                        .sum::<usize>()
                })
                .sum()
        })
    }
    let tree: usize = v["tree"].as_array().unwrap().iter().map(attack).sum();
    let tries: usize = v["tries"].as_array().map_or(0, |ts| {
        ts.iter()
            .map(|t| 1 + t["refutations"].as_array().unwrap().len())
            .sum()
    });
    tree + tries
}

/// `solve --view` draws the whole tree (one ply element per move of `solve --json`'s), its
/// key first, and every line of it ends in mate: the side to move at each leaf has no
/// legal move (in Shelt: its moon or its last magic piece is taken; in Quantum Chamber the
/// game is over). 5D and Quantum Chamber solutions are drawn too. `view` of a `.puzzle` file
/// writes the same page.
#[test]
fn a_solution_tree_is_a_page_whose_every_line_ends_in_mate() {
    let dir = temp_dir("solve");
    let cases = [
        ("shogi", "puzzles/shogi/compiled-05-01.puzzle"),
        ("chess", "puzzles/chess/sunfish-sound.pgn"),
        ("shelt", "puzzles/shelt/01-puzzle-a-pin-fork.shelt"),
        ("shogi-cards", "puzzles/shogi-cards/01-i-rules.puzzle"),
        ("fived", "puzzles/fived/rook-tactics-2.5dpgn"),
        ("fived", "puzzles/fived/underpromotion.5dpgn"),
        ("quantum", "puzzles/quantum/14-three-mover.puzzle"),
    ];
    for (game, rel) in cases {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        let stem = Path::new(rel).file_stem().unwrap().to_string_lossy();
        let page = dir.join(format!("{game}-{stem}.html"));
        let o = run(
            &["solve", file.to_str().unwrap(), "--json", "--view"]
                .into_iter()
                .chain([page.to_str().unwrap()])
                .collect::<Vec<_>>(),
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{game}: {}", err(&o));
        let answer: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(!html.contains("matched no legal move"), "{game}");
        let plies = elements(&html, "<a class=\"ply");
        assert_eq!(plies.len(), 1 + tree_moves(&answer), "{game}");
        let key = plies.iter().find(|p| p["data-node"] == "1").unwrap();
        assert!(key["class"].contains("role-key"), "{game}: {key:?}");
        assert_eq!(root(&html)["data-game"], game);
        let parents: Vec<&String> = plies.iter().filter_map(|p| p.get("data-parent")).collect();
        for leaf in plies.iter().filter(|p| !parents.contains(&&p["data-node"])) {
            // a 5D mate leaves moves on its boards, but no legal action
            let actions: &[&str] = if game == "fived" { &["--actions"] } else { &[] };
            let position = [
                "moves",
                "--game",
                game,
                "--position",
                &leaf["data-position"],
            ];
            let o = run(&[&position[..], actions].concat(), None);
            // a Shelt game ends when a moon or the last magic piece is taken: no position to move from
            let moon_taken = game == "shelt"
                && ["MissingMoon", "NoMagicLeft"]
                    .iter()
                    .any(|r| err(&o).contains(r));
            let no_moves = o.status.code() == Some(0) && o.stdout.is_empty();
            assert!(moon_taken || no_moves, "{game}: not mate at {leaf:?}");
        }
        if rel.ends_with(".puzzle") {
            let again = dir.join(format!("{game}-view.html"));
            assert_eq!(view(&[], &file, &again), (0, html), "{game}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A help-play page draws every solution: one node per distinct beginning of a solution
/// (lines share the moves they start with), one leaf per solution, each as long as it,
/// and each solution named; in every game that has help play.
#[test]
fn a_help_play_page_draws_every_solution() {
    let dir = temp_dir("help");
    for rel in [
        "puzzles/stipulations/chess-h2-01.puzzle",
        "puzzles/stipulations/quantum-h2-03.puzzle",
        "puzzles/stipulations/shogi-bakazume-01.puzzle",
        "puzzles/stipulations/portal-howe-h2-01.puzzle",
        "puzzles/stipulations/cards-bakazume-10.puzzle",
    ] {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        let page = dir.join("page.html");
        let args = ["solve", file.to_str().unwrap(), "--json", "--view"];
        let o = run(&[&args[..], &[page.to_str().unwrap()]].concat(), None);
        assert_eq!(o.status.code(), Some(0), "{rel}: {}", err(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let lines: Vec<Vec<String>> = v["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| serde_json::from_value(s["moves"].clone()).unwrap())
            .collect();
        assert!(
            lines.len() >= 2,
            "{rel}: pick a puzzle of several solutions"
        );
        let prefixes: HashSet<&[String]> = lines
            .iter()
            .flat_map(|l| (1..=l.len()).map(move |n| &l[..n]))
            .collect();
        let html = std::fs::read_to_string(&page).unwrap();
        let plies = elements(&html, "<a class=\"ply");
        assert_eq!(plies.len(), 1 + prefixes.len(), "{rel}");
        let parent = |n: &str| plies.iter().find(|p| p["data-node"] == n).unwrap();
        let parents: HashSet<&String> = plies.iter().filter_map(|p| p.get("data-parent")).collect();
        let mut depths: Vec<usize> = plies
            .iter()
            .filter(|p| !parents.contains(&p["data-node"]))
            .map(|leaf| {
                let mut depth = 0;
                let mut at = leaf;
                while let Some(up) = at.get("data-parent") {
                    depth += 1;
                    at = parent(up);
                }
                depth
            })
            .collect();
        let mut lengths: Vec<usize> = lines.iter().map(Vec::len).collect();
        depths.sort();
        lengths.sort();
        assert_eq!(depths, lengths, "{rel}");
        for n in 1..=lines.len() {
            assert!(
                html.contains(&format!("solution {n}")),
                "{rel}: solution {n}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
