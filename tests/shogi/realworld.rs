//! Real-world shogi records: ours in `tests/realworld/shogi/made/`, and those of other
//! programs' repositories in `realworld/shogi/` of the public test data beside the repository
//! (origins in its `SOURCES.md`; skipped, and said so, where it is absent): what
//! hensoku makes of each file is pinned in `EXPECTED.tsv`, and every record hensoku writes
//! in KIF, KI2 and CSA is read back to the same game by tsshogi, an independent reader of
//! the same conventions (`tests/peer/`, run with Node.js; the test says so and skips that
//! part when Node.js or `tests/peer/node_modules` is missing: `npm ci --prefix tests/peer`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::Rng;
use hensoku::Problem;
use hensoku::Setup as _;
use hensoku::shogi::Position;
use hensoku::shogi::every_move;
use hensoku::shogi::validate as replay;
use hensoku::shogi::{Format, io};
use hensoku::shogi::{MoveText, Record, RecordMove};
use hensoku::shogi::{encoding, sfen, usi};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/realworld/shogi");

/// The folders of the corpus: ours (`made/`) and, where it is there, the public one.
fn roots() -> Vec<PathBuf> {
    let mut roots = vec![PathBuf::from(ROOT)];
    roots.extend(crate::common::public("realworld/shogi"));
    roots
}

/// Where a corpus file is: `made/…` in the repository, the rest in the public data.
fn path(rel: &str) -> PathBuf {
    if rel.starts_with("made/") {
        return Path::new(ROOT).join(rel);
    }
    let root = crate::common::public("realworld/shogi").expect("the public corpus");
    root.join(rel)
}

/// Every record file of the corpus, relative to its folder, in a stable order.
fn corpus() -> Vec<String> {
    let mut out = Vec::new();
    for root in roots() {
        let mut dirs = vec![root.clone()];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if Format::from_path(&path.to_string_lossy()).is_some() {
                    let rel = path.strip_prefix(&root).unwrap();
                    out.push(rel.to_string_lossy().into_owned());
                }
            }
        }
    }
    out.sort();
    out
}

/// Read a corpus file as the CLI does: line ends and BOM normalised, decoded for its
/// extension, every record read; the decoder's warning goes with each record.
fn read(rel: &str) -> Result<Vec<Record>, Problem> {
    let bytes = std::fs::read(path(rel)).unwrap();
    let bytes = normalize_bytes(&bytes);
    let format = Format::from_path(rel).unwrap();
    let (text, warning) = io::decode_reporting(&bytes, format, Some(rel))?;
    let mut records = io::read(&text, format)?;
    for r in &mut records {
        r.warnings.extend(warning.clone());
    }
    Ok(records)
}

/// The bytes as the command line reads a file: a leading UTF-8 byte-order mark dropped,
/// and each line end (CR LF, CR CR LF, a lone CR) one LF. CR and LF are single bytes that
/// no multi-byte character of UTF-8, Shift_JIS or EUC-JP contains.
fn normalize_bytes(bytes: &[u8]) -> Vec<u8> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        if body[i] == b'\r' {
            i += match &body[i..] {
                [b'\r', b'\r', b'\n', ..] => 3,
                [b'\r', b'\n', ..] => 2,
                _ => 1,
            };
            out.push(b'\n');
        } else {
            out.push(body[i]);
            i += 1;
        }
    }
    out
}

/// One line of `EXPECTED.tsv` per record: file, record number, verdict (`valid`, or
/// `invalid` or `refused` and the first rule), plies, result, winner, warnings.
fn verdicts(rel: &str) -> Vec<String> {
    match read(rel) {
        Err(p) => vec![format!("{rel}\t1\trefused {}\t0\t-\t-\t-", p.rule.name())],
        Ok(records) => records
            .iter()
            .enumerate()
            .map(|(i, rec)| {
                let r = replay(rec);
                let verdict = match r.problems.first() {
                    None => "valid".to_string(),
                    Some(p) => format!("invalid {}", p.rule.name()),
                };
                let warnings: Vec<String> = rec
                    .warnings
                    .iter()
                    .map(|w| w.rule.name().to_string())
                    .collect();
                format!(
                    "{rel}\t{}\t{verdict}\t{}\t{}\t{}\t{}",
                    i + 1,
                    r.moves.len(),
                    r.result.reason,
                    r.result.winner.as_deref().unwrap_or("-"),
                    if warnings.is_empty() {
                        "-".to_string()
                    } else {
                        warnings.join(",")
                    }
                )
            })
            .collect(),
    }
}

#[test]
fn every_corpus_file_reads_as_expected() {
    let files = corpus();
    let got: Vec<String> = files.iter().flat_map(|f| verdicts(f)).collect();
    // The lines of the files that are here: without the public data, ours alone.
    let here = |line: &&str| files.iter().any(|f| line.split('\t').next() == Some(f));
    let expected: Vec<&str> = include_str!("../realworld/shogi/EXPECTED.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter(here)
        .collect();
    if std::env::var_os("HENSOKU_BLESS").is_some() {
        println!("{}", got.join("\n"));
    }
    assert_eq!(
        got, expected,
        "run with HENSOKU_BLESS=1 and --nocapture to see"
    );
    let valid = got.iter().filter(|l| l.contains("\tvalid\t")).count();
    let public = files.iter().any(|f| !f.starts_with("made/"));
    assert!(
        valid >= if public { 100 } else { 25 },
        "only {valid} valid records"
    );
}

/// What a reader must find in a file: start, main line (USI), end, and every ply of every
/// line as "ply|position before|usi" (positions as canonical SFEN without the move number).
#[derive(Debug, PartialEq, Eq)]
struct Game {
    start: String,
    moves: Vec<String>,
    end: String,
    nodes: Vec<String>,
}

fn board_key(pos: &Position) -> String {
    let s = sfen::to_sfen(pos);
    s.rsplit_once(' ').map_or(s.clone(), |(a, _)| a.to_string())
}

/// A peer's SFEN in hensoku's canonical spelling (hands in one order), without the number.
fn canonical_sfen(text: &str) -> String {
    let setup = sfen::parse_setup(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let s = sfen::setup_to_sfen(&setup);
    s.rsplit_once(' ').map_or(s.clone(), |(a, _)| a.to_string())
}

/// The game hensoku reads in a record; `with_branches` false for a notation (CSA) that
/// carries only the main line.
fn hensoku_game(rec: &Record, with_branches: bool) -> Game {
    let r = replay(rec);
    let all = every_move(rec);
    let main_len = r.moves.len();
    let mut nodes: Vec<String> = all
        .iter()
        .enumerate()
        .filter(|(i, _)| with_branches || *i < main_len)
        .map(|(_, (ply, pos, mv))| format!("{ply}|{}|{}", board_key(pos), usi::move_text(*mv)))
        .collect();
    nodes.sort();
    nodes.dedup();
    Game {
        start: board_key(&r.start),
        moves: r.moves.iter().map(|m| usi::move_text(*m)).collect(),
        end: board_key(&r.end),
        nodes,
    }
}

fn peer_game(line: &serde_json::Value) -> Game {
    let strings = |k: &str| -> Vec<String> {
        line[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    let mut nodes: Vec<String> = strings("nodes")
        .iter()
        .map(|n| {
            let mut parts = n.split('|');
            let (ply, pos, mv) = (parts.next(), parts.next(), parts.next());
            format!(
                "{}|{}|{}",
                ply.unwrap(),
                canonical_sfen(pos.unwrap()),
                mv.unwrap()
            )
        })
        .collect();
    nodes.sort();
    nodes.dedup();
    Game {
        start: canonical_sfen(line["start"].as_str().unwrap()),
        moves: strings("moves"),
        end: canonical_sfen(line["end"].as_str().unwrap()),
        nodes,
    }
}

/// tsshogi's reading of each file, or `None` (with the reason printed) when the peer
/// cannot run here.
fn peer(files: &[PathBuf]) -> Option<Vec<serde_json::Value>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peer");
    if !dir.join("node_modules/tsshogi").is_dir() {
        eprintln!(
            "SKIPPED the tsshogi round trip: tests/peer/node_modules is missing (npm ci --prefix tests/peer)"
        );
        return None;
    }
    let mut out = Vec::new();
    for chunk in files.chunks(400) {
        let run = Command::new("node")
            .arg(dir.join("shogi-read.mjs"))
            .args(chunk)
            .output();
        let Ok(run) = run else {
            eprintln!("SKIPPED the tsshogi round trip: node is not on PATH");
            return None;
        };
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        for line in String::from_utf8(run.stdout).unwrap().lines() {
            out.push(serde_json::from_str(line).unwrap());
        }
    }
    assert_eq!(out.len(), files.len());
    Some(out)
}

/// A scratch folder of this test process, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hensoku-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn hensoku_and_tsshogi_agree_on_every_file_both_read() {
    let files = corpus();
    let paths: Vec<PathBuf> = files.iter().map(|f| path(f)).collect();
    let Some(peer) = peer(&paths) else {
        return;
    };
    let mut agree = 0;
    let mut unknown_handicaps = 0;
    let mut repeated = 0;
    for (rel, line) in files.iter().zip(&peer) {
        let Ok(records) = read(rel) else {
            continue;
        };
        if peer_misses_the_handicap(&records[0]) {
            // tsshogi starts such a record from the even game: not a reading to compare
            unknown_handicaps += 1;
            continue;
        }
        let rec = &records[0];
        if !line["ok"].as_bool().unwrap() || !replay(rec).valid() {
            continue;
        }
        if continues_a_repeated_number(rec) {
            // tsshogi plays the other side's move as an alternative at the repeated number
            // (json-kifu-format's fork-test.kif: a white silver at black's ply, which also
            // leaves its main line's last position with a black silver on 3a); hensoku reads
            // the next ply, as the writer meant: no reading to compare
            repeated += 1;
            continue;
        }
        let csa = rel.ends_with(".csa");
        assert_eq!(hensoku_game(rec, !csa), peer_game(line), "{rel}");
        agree += 1;
    }
    eprintln!(
        "hensoku and tsshogi read the same game in {agree} corpus files ({unknown_handicaps} skipped: a handicap tsshogi does not know by name; {repeated}: a repeated move number read as the next ply)"
    );
    // ours alone (no public corpus beside the repository) are 31 of them
    let public = files.iter().any(|f| !f.starts_with("made/"));
    let least = if public { 90 } else { 30 };
    assert!(agree >= least, "only {agree} files agree");
}

/// Was a move number written twice read as the next ply (the second move the other side's)?
fn continues_a_repeated_number(rec: &Record) -> bool {
    rec.warnings.iter().any(|w| {
        w.message
            .contains("again, but the move is not the side's to move")
    })
}

/// Does the record start from a handicap of Kakinoki's list that tsshogi does not know by
/// name (三枚落ち, 五枚落ち, …), given by its name alone?
fn peer_misses_the_handicap(rec: &Record) -> bool {
    use hensoku::shogi::kif::{handicap_name, handicap_needs_diagram};
    rec.start_span.len < 100 && handicap_name(&rec.start).is_some_and(handicap_needs_diagram)
}

/// Random legal games, from the start and from every handicap, long enough to promote
/// pieces and bring several of a kind to one square: KI2's relative words at work.
fn random_records(n: usize) -> Vec<Record> {
    let starts: Vec<String> = std::iter::once(sfen::STARTPOS.to_string())
        .chain(handicap_starts())
        .collect();
    let mut rng = Rng(0x5eed_2600_0000_0001);
    (0..n)
        .map(|i| {
            let start = sfen::parse_setup(&starts[i % starts.len()]).unwrap();
            let mut pos = hensoku::shogi::Shogi::position(&start, &[]).unwrap();
            let mut moves = Vec::new();
            for _ in 0..(60 + rng.below(140)) {
                let legal = hensoku::shogi::legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                let mv = legal[rng.below(legal.len())];
                moves.push(RecordMove::new(MoveText::Usi(mv), Default::default()));
                pos.play(mv);
            }
            Record {
                start: start.clone(),
                moves,
                headers: vec![("棋戦".into(), format!("random {i}"))],
                ..Record::default()
            }
        })
        .collect()
}

/// The start of every handicap on Kakinoki's list, read from its name.
fn handicap_starts() -> Vec<String> {
    [
        "香落ち",
        "右香落ち",
        "角落ち",
        "飛車落ち",
        "飛香落ち",
        "二枚落ち",
        "三枚落ち",
        "四枚落ち",
        "五枚落ち",
        "左五枚落ち",
        "六枚落ち",
        "左七枚落ち",
        "右七枚落ち",
        "八枚落ち",
        "十枚落ち",
    ]
    .iter()
    .map(|name| {
        let rec = hensoku::shogi::kif::parse_record(&format!("手合割：{name}\n")).unwrap();
        sfen::setup_to_sfen(&rec.start)
    })
    .collect()
}

/// The files hensoku writes for a record: KIF in Shift_JIS (`.kif`) and in UTF-8
/// (`.kifu`), KI2 in Shift_JIS, CSA (UTF-8, declared).
fn write_all(rec: &Record, dir: &Path, stem: &str) -> Vec<(PathBuf, bool)> {
    let r = replay(rec);
    assert!(r.valid(), "{stem}: {:?}", r.problems);
    let mut out = Vec::new();
    for (format, ext) in [
        (Format::Kif, "kif"),
        (Format::Kif, "kifu"),
        (Format::Ki2, "ki2"),
        (Format::Csa, "csa"),
    ] {
        let text = io::write(rec, &r.moves, format).unwrap();
        let (bytes, warning) = encoding::encode(&text, Some(ext));
        if warning.is_some() {
            // a character Shift_JIS cannot hold: UTF-8 under the line readers honour
            assert!(
                bytes.starts_with(encoding::UTF8_DECLARATION.as_bytes()),
                "{stem}.{ext}"
            );
        }
        let path = dir.join(format!("{stem}.{ext}"));
        std::fs::write(&path, bytes).unwrap();
        out.push((path, format != Format::Csa));
    }
    out
}

#[test]
fn every_record_hensoku_writes_reads_back_the_same_in_tsshogi() {
    let dir = scratch("roundtrip");
    let mut sources: Vec<(String, Record)> = Vec::new();
    for rel in corpus() {
        if let Ok(records) = read(&rel) {
            for (i, rec) in records.into_iter().enumerate() {
                if replay(&rec).valid() {
                    sources.push((format!("{rel}#{}", i + 1), rec));
                }
            }
        }
    }
    let corpus_records = sources.len();
    for (i, rec) in random_records(120).into_iter().enumerate() {
        sources.push((format!("random {i}"), rec));
    }
    let mut written = Vec::new();
    for (i, (name, rec)) in sources.iter().enumerate() {
        for (path, branches) in write_all(rec, &dir, &format!("r{i:03}")) {
            written.push((name.clone(), rec, path, branches));
        }
    }
    let paths: Vec<PathBuf> = written.iter().map(|w| w.2.clone()).collect();
    let Some(peer) = peer(&paths) else {
        return;
    };
    let mut agree: BTreeMap<String, usize> = BTreeMap::new();
    for ((name, rec, path, branches), line) in written.iter().zip(&peer) {
        let ext = path.extension().unwrap().to_string_lossy().into_owned();
        assert!(
            line["ok"].as_bool().unwrap(),
            "tsshogi cannot read the {ext} of {name}: {}\n{}",
            line["error"],
            String::from_utf8_lossy(&std::fs::read(path).unwrap())
        );
        assert_eq!(
            hensoku_game(rec, *branches),
            peer_game(line),
            "the {ext} of {name} reads back differently: {}",
            path.display()
        );
        *agree.entry(ext).or_default() += 1;
    }
    eprintln!("tsshogi reads back {corpus_records} corpus records and 120 random games: {agree:?}");
    assert_eq!(agree.values().sum::<usize>(), written.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A KIF whose variations nest `depth` deep: each branches from the one before, one ply
/// later, the kings stepping back and forth (a side line is never judged for repetition).
fn nested_kif(depth: usize) -> String {
    let cycle = ["５八玉(59)", "５二玉(51)", "５九玉(58)", "５一玉(52)"];
    let mut out = String::from("手合割：平手\n手数----指手---------消費時間--\n");
    out.push_str(&format!("   1 {}\n   2 {}\n", cycle[0], cycle[1]));
    for k in 1..=depth {
        let ply = k + 1;
        out.push_str(&format!("\n変化：{ply}手\n"));
        out.push_str(&format!("{ply:>4} {}\n", cycle[(ply - 1) % 4]));
        out.push_str(&format!("{:>4} {}\n", ply + 1, cycle[ply % 4]));
    }
    out
}

/// Reads, validates, prints and reads back a KIF nested `depth` deep; the time it took.
fn nested_round_trip(depth: usize) -> std::time::Duration {
    let text = nested_kif(depth);
    let clock = std::time::Instant::now();
    let rec = hensoku::shogi::kif::parse_record(&text).unwrap();
    assert_eq!(rec.variations.len(), depth);
    assert_eq!(rec.variations[depth - 1].parent, Some(depth - 2));
    let r = replay(&rec);
    assert!(r.valid(), "{:?}", r.problems.first());
    let printed = io::write(&rec, &r.moves, Format::Kif).unwrap();
    let again = hensoku::shogi::kif::parse_record(&printed).unwrap();
    let shape =
        |v: &[hensoku::shogi::Variation]| v.iter().map(|v| (v.ply, v.parent)).collect::<Vec<_>>();
    assert_eq!(shape(&again.variations), shape(&rec.variations));
    clock.elapsed()
}

/// Deep nesting never recurses (no stack overflow at 16 000 levels) and costs linear time:
/// four times the depth takes about four times as long, where a quadratic walk would take
/// sixteen. Compared as a ratio of the fastest of three runs each, so that a loaded machine
/// slows both sides alike; no absolute time is asserted (speed belongs to the benchmarks).
#[test]
fn deep_nesting_reads_validates_and_prints_in_linear_time() {
    let (small, large) = (4_000, 16_000);
    let mut best = [std::time::Duration::MAX; 2];
    for _ in 0..3 {
        best[0] = best[0].min(nested_round_trip(small));
        best[1] = best[1].min(nested_round_trip(large));
    }
    let ratio = best[1].as_secs_f64() / best[0].as_secs_f64().max(1e-6);
    assert!(
        ratio < 9.0,
        "{large} levels took {:?}, {small} took {:?}: {ratio:.1} times (linear: about 4)",
        best[1],
        best[0]
    );
}

#[test]
fn a_branch_after_a_deeper_one_belongs_to_the_latest_line_that_has_its_ply() {
    let recs = read("made/branch-after-deeper.kifu").unwrap();
    let v: Vec<(usize, Option<usize>)> = recs[0]
        .variations
        .iter()
        .map(|v| (v.ply, v.parent))
        .collect();
    // 変化：3手 from the main line; 変化：5手 and 変化：4手 from that variation
    assert_eq!(v, [(3, None), (5, Some(0)), (4, Some(0))]);
    assert!(replay(&recs[0]).valid());
}

#[test]
fn an_illegal_move_in_a_branch_is_reported_at_its_span() {
    let rel = "made/illegal-in-branch.kifu";
    let recs = read(rel).unwrap();
    let p = &replay(&recs[0]).problems[0];
    let text = std::fs::read_to_string(path(rel)).unwrap();
    assert_eq!(&text[p.span.offset..p.span.end()], "同　歩(83)");
    assert_eq!(p.ply, Some(6));
    assert!(
        p.message.ends_with("(in the variation from ply 2)"),
        "{}",
        p.message
    );
}

#[test]
fn endings_name_the_right_winner_and_the_right_csa_word() {
    let cases = [
        ("made/white-nifu.kifu", "black", "%-ILLEGAL_ACTION"),
        ("made/hansoku-make.kifu", "white", "%+ILLEGAL_ACTION"),
        ("made/fusen.kifu", "black", ""),
        ("made/jishogi-nyugyoku-kire.ki2u", "white", "%TIME_UP"),
        ("tsshogi/illegal_move.csa", "white", "%ILLEGAL_MOVE"),
    ];
    for (rel, winner, csa) in cases {
        if !rel.starts_with("made/") && crate::common::public("realworld/shogi").is_none() {
            continue;
        }
        let rec = &read(rel).unwrap()[0];
        let r = replay(rec);
        assert_eq!(r.result.winner.as_deref(), Some(winner), "{rel}");
        let text = io::write(rec, &r.moves, Format::Csa).unwrap();
        let last = text.lines().rfind(|l| l.starts_with('%')).unwrap_or("");
        assert_eq!(last, csa, "{rel}");
        assert_eq!(
            csa.is_empty(),
            io::losses(rec, Format::Csa).contains(&"ending"),
            "{rel}"
        );
        assert!(!text.contains("Other("), "{rel}: {text}");
    }
}

#[test]
fn handicap_players_are_n_plus_and_n_minus_in_csa_and_come_back() {
    let rec = &read("made/uwate-shitate.kif").unwrap()[0];
    let r = replay(rec);
    let csa = io::write(rec, &r.moves, Format::Csa).unwrap();
    assert!(csa.contains("N+下手の名前\nN-上手の名前\n"), "{csa}");
    let back = &io::read(&csa, Format::Csa).unwrap()[0];
    let kif = io::write(back, &replay(back).moves, Format::Kif).unwrap();
    assert!(
        kif.starts_with("下手：下手の名前\n上手：上手の名前\n手合割：二枚落ち\n"),
        "{kif}"
    );
}

/// 激指 writes a line that goes on past the end of the main line as `変化：3手` after a main
/// line of 2 plies: read, as tsshogi does, as the main line's continuation, with a warning.
#[test]
fn a_variation_past_the_end_of_its_line_continues_it() {
    let recs = read("made/variation-past-end.kifu").unwrap();
    let r = &recs[0];
    assert!(r.variations.is_empty());
    assert_eq!(r.moves.len(), 4);
    let rules: Vec<_> = r.warnings.iter().map(|w| w.rule.name()).collect();
    assert_eq!(rules, ["IrregularVariation"]);
    assert!(replay(r).valid());
}

/// Kifu for Windows may write a move number twice (`3 ２六歩` then `3 ６八銀`): read, as
/// tsshogi does, as a fork at that ply, with a warning.
#[test]
fn a_move_number_written_twice_forks_at_that_ply() {
    let recs = read("made/repeated-number.kifu").unwrap();
    let r = &recs[0];
    assert_eq!(r.moves.len(), 3);
    let v: Vec<(usize, Option<usize>, usize)> = r
        .variations
        .iter()
        .map(|v| (v.ply, v.parent, v.moves.len()))
        .collect();
    // the second ply 3 (and its ply 4) from the main line; 変化：2手 from the main line too
    assert_eq!(v, [(3, None, 2), (2, None, 1)]);
    let rules: Vec<_> = r.warnings.iter().map(|w| w.rule.name()).collect();
    assert_eq!(rules, ["IrregularVariation"]);
    assert!(replay(r).valid());
}

/// The warnings of a record, one a line with its line number, for a snapshot.
fn warnings_of(r: &Record, text: &str) -> String {
    r.warnings
        .iter()
        .map(|w| {
            let at = w.located(text);
            format!("line {}: {}: {}", at.line, w.rule.name(), w.message)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Read a file as the CLI does, and its decoded text.
fn read_file(file: &Path) -> (Vec<Record>, String) {
    let name = file.to_string_lossy();
    let bytes = normalize_bytes(&std::fs::read(file).unwrap());
    let format = Format::from_path(&name).unwrap();
    let (text, _) = io::decode_reporting(&bytes, format, Some(&name)).unwrap();
    (io::read(&text, format).unwrap(), text)
}

/// Kifu for Windows wrote `5 ４二銀` after `5 ６六歩` inside a variation, meaning ply 6: a
/// white silver cannot move at Black's ply 5, so the repeated number is read as the next
/// ply, the line's continuation, and the warning says so. Ours in `tests/data/`, then
/// json-kifu-format's `fork-test.kif` (Shift_JIS) where the public data is there.
#[test]
fn a_repeated_number_of_the_other_side_continues_the_line() {
    let ours = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/shogi/records/repeated-number-other-side.kifu");
    let theirs = crate::common::public("realworld/shogi/json-kifu-format/kif/fork-test.kif");
    for (file, snapshot) in [(Some(ours), "ours"), (theirs, "fork_test")] {
        let Some(file) = file else { continue };
        let (recs, text) = read_file(&file);
        let r = &recs[0];
        // 変化：2手 holds plies 2 to 6, the ４二銀 its ply 6; 変化：4手 branches from it
        let v: Vec<(usize, Option<usize>, usize)> = r
            .variations
            .iter()
            .map(|v| (v.ply, v.parent, v.moves.len()))
            .collect();
        assert_eq!(v, [(2, None, 5), (4, Some(0), 1)], "{snapshot}");
        assert!(replay(r).valid(), "{snapshot}: {:?}", replay(r).problems);
        insta::assert_snapshot!(
            format!("repeated_number_of_the_other_side_{snapshot}"),
            warnings_of(r, &text)
        );
    }
}

/// A repeated number whose move is the side's to move at that ply stays an alternative
/// (a fork), and its warning says so.
#[test]
fn a_repeated_number_of_the_same_side_stays_a_fork() {
    let (recs, text) = read_file(&Path::new(ROOT).join("made/repeated-number.kifu"));
    let r = &recs[0];
    assert_eq!(r.variations[0].ply, 3);
    assert_eq!(r.moves.len(), 3);
    insta::assert_snapshot!("repeated_number_of_the_same_side", warnings_of(r, &text));
}
