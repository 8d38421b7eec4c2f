//! Replaying QGN records: legal games pass, every broken rule is a spanned diagnostic.

use hensoku::quantum::Mode;
use hensoku::quantum::qgn;
use hensoku::quantum::{self, Replay};

fn replay(text: &str) -> Replay {
    let rec = qgn::parse(text)
        .unwrap_or_else(|p| panic!("{p:?}"))
        .remove(0);
    quantum::validate_with(&rec, Mode::Strict)
}

/// Each problem as `rule ply line:col «text»`.
fn show(text: &str, r: &Replay) -> String {
    r.problems
        .iter()
        .map(|p| {
            let l = p.located(text);
            format!(
                "{} ply {:?} {}:{} «{}» {}",
                p.rule.name(),
                p.ply,
                l.line,
                l.column,
                &text[p.span.offset..p.span.end()],
                p.message
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_rules_file_record_example_replays() {
    let text = "[Game \"Quantum Chamber\"]\n[Result \"*\"]\n1. a1~c3 Xd4-e5 2. a3~c5^e7 f7xd7 *\n";
    let r = replay(text);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.moves.len(), 4);
    assert_eq!(
        hensoku::quantum::qfen::to_qfen(&r.end),
        "ssss/ssss1/3X2/1XX1XXs/2S3/SLSLS/1S1S r 0:0 - 3"
    );
    let rec = qgn::parse(text).unwrap().remove(0);
    assert_eq!(qgn::to_qgn(&rec, &r), text);
}

#[test]
fn diagnostics_of_broken_records() {
    let records = [
        "[Setup \"2ss/2X1c/1s1S2/7/2l3/1S3/L3 r 0:0 -\"]\n1. b2xd4~f6~d4 *\n",
        "1. Xd4-e5 Xe5-e4 *\n",
        "1. a1~c3 2. Xd4-e5 *\n",
        "1... a1~c3 *\n",
        "1. a1~c3 1. Xd4-e5 *\n",
        "[Setup \"2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1\"]\n1. c2@NE Xe4-e5 *\n",
        "[Setup \"2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1\"]\n1. c2@NE 0-1\n",
        "[Setup \"2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1\"]\n[Termination \"dead\"]\n1. c2@NE 1-0\n",
        "1. a1~c3 1-0\n",
        "[Setup \"ssss/sssss/6/1XXXXX1/6/SSSSS/SSS r 0:0 -\"]\n1. a1~c3 *\n",
        "[Setup \"l2c/1s3/3L2/3S3/L5/4L/3L r 0:0 -\"]\n[Size \"5\"]\n1. c1>f4 *\n",
        "[Setup \"l2c/1s3/3L2/3S3/L5/4L/3L r 0:0 -\"]\n1. e5@NE *\n",
        "1. a1~c3 Xd4-e5 2. a2>c2 *\n",
    ];
    let mut out = String::new();
    for text in records {
        let r = replay(text);
        assert!(!r.problems.is_empty(), "{text}");
        out.push_str(&format!(
            "{}\n  {}\n",
            text.trim_end().replace('\n', " ⏎ "),
            show(text, &r).replace('\n', "\n  ")
        ));
    }
    insta::assert_snapshot!("broken_records", out);
}

#[test]
fn a_finished_game_needs_the_right_result_and_may_carry_its_termination() {
    let text =
        "[Setup \"2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1\"]\n[Termination \"material\"]\n1. c2@NE# 1-0\n";
    let r = replay(text);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.result_json()["winner"], "red");
}

#[test]
fn agreement_may_end_an_unfinished_game() {
    let r = replay("[Termination \"agreement\"]\n1. a1~c3 Xd4-e5 1/2-1/2\n");
    assert!(r.problems.is_empty(), "{:?}", r.problems);
}

#[test]
fn several_records_in_one_file_and_comments() {
    let recs = qgn::parse("1. a1~c3 {first} * \n\n[Red \"x\"]\n1. Xd2-c1 Xd6-d7 *\n").unwrap();
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0].comments, ["first"]);
    assert!(
        recs.iter()
            .all(|r| quantum::validate_with(r, Mode::Strict).problems.is_empty())
    );
}

#[test]
fn tag_and_comment_syntax_errors_have_spans() {
    let e = qgn::parse("[Red x]\n1. a1~c3 *").unwrap_err();
    assert_eq!((e.rule.name(), e.span.offset), ("TagSyntax", 0));
    let e = qgn::parse("1. a1~c3 {open *").unwrap_err();
    assert_eq!((e.rule.name(), e.span.offset), ("Syntax", 9));
}
