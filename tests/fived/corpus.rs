//! Replays every 5DPGN file of the 5D corpus in `data/5d/` of the public test data, beside the repository (see each `SOURCES.md`): legal games play to
//! the end; files naming a board the specification does not define get `UnknownBoard`; the two
//! files that break a rule get their rule named at the right text.

use hensoku::fived::pgn;
use hensoku::fived::{Replay, validate as replay};

/// Every file of the corpus with its text, or `None` (the skip said) when it is absent.
fn corpus() -> Option<Vec<(String, String)>> {
    let root = crate::common::public_data("5d")?;
    let mut out = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("corpus folder").flatten() {
            let p = e.path();
            let n = p.to_string_lossy().to_lowercase();
            if p.is_dir() {
                stack.push(p);
            } else if n.ends_with(".5dpgn")
                || n.ends_with(".txt") && !n.ends_with("correctness.txt")
            {
                let rel = p
                    .strip_prefix(&root)
                    .expect("inside")
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((rel, std::fs::read_to_string(&p).expect("readable")));
            }
        }
    }
    out.sort();
    Some(out)
}

/// Files whose `Board` the specification does not define and which give no 5DFEN.
const UNKNOWN_BOARDS: [&str; 9] = [
    "adri326__5dchess-notation/test/game.5dpgn",
    "adri326__5dchess-notation/test/invasion.5dpgn",
    "adri326__5dchess-notation/test/marauders.5dpgn",
    "adri326__5dchess-tools@v2/tests/games/issue-1.5dpgn",
    "ftxi__5dchess_engine/test/pgn/verysmall.5dpgn",
    "penteract__cwmtt/tests/5dpgn/JustKings.5dpgn",
    "penteract__cwmtt/tests/5dpgn/ctp1.5dpgn",
    "penteract__cwmtt/tests/5dpgn/ctp2.5dpgn",
    "penteract__cwmtt/tests/5dpgn/smallTest.5dpgn",
];

/// (file, rule, text at the error, complete actions before it).
const ILLEGAL: [(&str, &str, &str, usize); 2] = [
    (
        "adri326__5dchess-tools@v2/tests/games/bitboard/white-castle-illegal.5dpgn",
        "IllegalCastling",
        "O-O",
        6,
    ),
    // Half Reflected: the rules file's 5DFEN puts white's queen on e1; this real game was
    // played with white's king on e1 and black's king on d8 (see the report).
    (
        "penteract__cwmtt/tests/5dpgn/test1.5dpgn",
        "IllegalMove",
        "(0T5)Qd1>>(0T3)f3~",
        8,
    ),
];

fn run(text: &str) -> Replay {
    let rec = pgn::parse(text).expect("every corpus file is readable 5DPGN");
    replay(&rec, text)
}

#[test]
fn every_corpus_file_replays_or_names_its_problem() {
    let Some(files) = corpus() else {
        return;
    };
    assert!(files.len() >= 90, "corpus has {} files", files.len());
    let mut played = 0;
    for (name, text) in &files {
        let r = run(text);
        if UNKNOWN_BOARDS.contains(&name.as_str()) {
            let p = r
                .problems
                .first()
                .unwrap_or_else(|| panic!("{name}: expected UnknownBoard"));
            assert_eq!(p.rule.name(), "UnknownBoard", "{name}");
            assert!(
                text[p.span.offset..p.span.end()].starts_with("[Board"),
                "{name}"
            );
        } else if let Some((_, rule, at, n)) = ILLEGAL.iter().find(|x| x.0 == name) {
            let p = r
                .problems
                .first()
                .unwrap_or_else(|| panic!("{name}: expected {rule}"));
            assert_eq!(
                (
                    p.rule.name(),
                    &text[p.span.offset..p.span.end()],
                    r.actions.len()
                ),
                (*rule, *at, *n),
                "{name}"
            );
        } else {
            assert!(r.problems.is_empty(), "{name}: {:?}", r.problems);
            played += r.actions.len();
        }
    }
    assert!(played > 1200, "only {played} actions replayed");
}

#[test]
fn long_games_play_to_their_last_action() {
    for (file, actions) in [
        ("penteract__cwmtt/tests/5dpgn/niceAndrey.5dpgn", 121),
        ("adri326__5dchess-notation/test/aivsai.5dpgn", 54),
    ] {
        let r = run(&public_text!(format!("5d/{file}")));
        assert!(r.problems.is_empty(), "{file}: {:?}", r.problems);
        assert_eq!(r.actions.len(), actions, "{file}");
    }
}

#[test]
fn data_defects_are_read_with_warnings() {
    // rook-tactics-3 writes `>>` for a jump onto an end board.
    let r = run(&public_text!(
        "5d/adri326__5dchess-tools@v2/tests/games/puzzles/rook-tactics-3.5dpgn",
    ));
    assert!(r.problems.is_empty());
    assert!(r.warnings.iter().any(|w| w.rule.name() == "WrongJumpMark"));
    // standard-checkmate-4 writes `>>x` capturing nothing.
    let r = run(&public_text!(
        "5d/adri326__5dchess-tools@v2/tests/games/standard-checkmate-4.5dpgn",
    ));
    assert!(r.problems.is_empty());
    assert!(
        r.warnings
            .iter()
            .any(|w| w.rule.name() == "WrongCaptureMark")
    );
    // aivsai repeats turn numbers.
    let r = run(&public_text!(
        "5d/adri326__5dchess-notation/test/aivsai.5dpgn",
    ));
    assert!(r.warnings.iter().any(|w| w.rule.name() == "MoveNumber"));
    // many2 writes raw `(0T1)Pe2(0T1)e3` moves.
    let r = run(&public_text!("5d/penteract__cwmtt/tests/5dpgn/many2.5dpgn"));
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert!(!r.actions.is_empty());
}

/// The verdict on every final position of the corpus is decided exactly, each in well under a
/// second in a release build (the bound here is loose for unoptimised CI machines), and the
/// known ones are right. `100_timelines` (77 playable boards, room for 71 new timelines) is
/// checkmate: cwmtt's own results file for the commit that added it
/// (`tests/results/2026-05-18T030055@90e4970.txt`) marks its last position as the only one
/// without a legal action.
#[test]
fn every_final_position_gets_an_exact_verdict() {
    use hensoku::fived::{Budget, Status, status};
    let known = [
        (
            "penteract__cwmtt/tests/5dpgn/many2.5dpgn",
            Status::Checkmate,
        ),
        (
            "penteract__cwmtt/tests/5dpgn/100_timelines.5dpgn",
            Status::Checkmate,
        ),
        ("penteract__cwmtt/tests/5dpgn/wide.5dpgn", Status::Checkmate),
        (
            "penteract__cwmtt/tests/5dpgn/standard.5dpgn",
            Status::Checkmate,
        ),
        (
            "ftxi__5dchess_engine/test/pgn/softmate.5dpgn",
            Status::Checkmate,
        ),
        (
            "adri326__5dchess-tools@v2/tests/games/standard-stalemate.5dpgn",
            Status::Stalemate,
        ),
        (
            "adri326__5dchess-tools@v2/tests/games/standard-checkmate-4.5dpgn",
            Status::Checkmate,
        ),
        (
            "adri326__5dchess-tools@v2/tests/games/tricky-nonmate.5dpgn",
            Status::Check,
        ),
    ];
    let (mut decided, mut checked) = (0, 0);
    let mut slowest = (std::time::Duration::ZERO, String::new());
    let Some(files) = corpus() else {
        return;
    };
    for (name, text) in files {
        if !name.ends_with(".5dpgn") {
            continue;
        }
        let Some(end) = run(&text)
            .end
            .filter(|_| !UNKNOWN_BOARDS.contains(&name.as_str()))
        else {
            continue;
        };
        let t = std::time::Instant::now();
        let s = status(&end, Budget::default());
        assert_ne!(s, Status::Undecided, "{name}");
        let took = t.elapsed();
        // a guard against a hang; the slowest is printed, and the benchmarks hold the speed
        assert!(took.as_secs_f64() < 60.0, "{name}: {took:?}");
        if took > slowest.0 {
            slowest = (took, name.clone());
        }
        if let Some((_, want)) = known.iter().find(|k| k.0 == name) {
            assert_eq!(s, *want, "{name}");
            checked += 1;
        }
        decided += 1;
    }
    assert!(decided >= 70, "{decided} verdicts");
    assert_eq!(checked, known.len(), "every known verdict was met");
    eprintln!(
        "{decided} final verdicts, the slowest {:?} ({})",
        slowest.0, slowest.1
    );
}

/// ftxi's softmate game marks `(1T4)Qh5*`: black, in check, can only answer by travelling back
/// (as it does, `(0T5)Qa5>>(0T1)a5`); the game ends later in checkmate.
#[test]
fn the_marked_softmate_is_a_softmate() {
    use hensoku::fived::{Budget, Status, status};
    let r = run(&public_text!(
        "5d/ftxi__5dchess_engine/test/pgn/softmate.5dpgn",
    ));
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let states = r.nodal_states();
    assert_eq!(status(&states[15], Budget::default()), Status::Softmate);
    assert_eq!(status(&states[14], Budget::default()), Status::Playing);
}
