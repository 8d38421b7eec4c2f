//! QFEN and QMN: the rules file's worked notations resolve to the right moves, bad input gives
//! spanned diagnostics naming the rule (snapshotted), and printing round-trips.

use hensoku::quantum::Mode;
use hensoku::quantum::{self, Position};
use hensoku::quantum::{qfen, qmn};
use proptest::prelude::*;

fn pos(q: &str) -> Position {
    qfen::parse_position(q).unwrap_or_else(|p| panic!("{q}: {p:?}"))
}

/// Resolve a move text; `Ok(canonical long form with #)` or `Err("Rule @offset+len: message")`.
fn play(p: &Position, text: &str, mode: Mode) -> Result<String, String> {
    let show = |e: hensoku::Problem| {
        format!(
            "{} @{}+{}: {}",
            e.rule.name(),
            e.span.offset,
            e.span.len,
            e.message
        )
    };
    let mv = qmn::parse_move(text, 0).map_err(show)?;
    qmn::resolve(p, &mv, mode)
        .map(|g| qmn::print(p, &g, true))
        .map_err(show)
}

const CHAIN: &str = "2ss/2X1c/1s1S2/7/2l3/1S3/L3 r 0:0 -";
const LINER: &str = "l2c/1s3/3L2/3S3/L5/4L/3L r 0:0 -";
const CANNON: &str = "2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1";

#[test]
fn worked_examples_resolve_to_their_long_forms() {
    let cases = [
        (CHAIN, "b2xd4~f6^f4xd2", "b2xd4~f6^f4xd2;xc3,e3"),
        (CHAIN, "b2xd4~f6^f4xd2;xc3,e3", "b2xd4~f6^f4xd2;xc3,e3"),
        (LINER, "c1>xf4", "c1>xf4;xf4"),
        (LINER, "e5>xg7", "e5>xg7;xg7"),
        (LINER, "a4>d4=C", "a4>d4=C"),
        (LINER, "b5>e5@NE", "b5>e5@NE;xg7"),
        (LINER, "b5>a4@NW;xd4,f4,g4", "b5>a4@NW;xd4,f4,g4"),
        (CANNON, "c2@NE;xd3,e4*,g6#", "c2@NE;xd3,e4*,g6#"),
        // the two Liners can swap roles for the same result: the tail written is the path's,
        // the one printed the canonical move's (found by fuzzing)
        (LINER, "e5>b5@SW;xa4", "a4>b5@NW;xe5"),
        (
            "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 0:0 -",
            "a1~c3^e3^c1",
            "a1~c3^e3^c1",
        ),
    ];
    for (q, text, long) in cases {
        assert_eq!(
            play(&pos(q), text, Mode::Strict).as_deref(),
            Ok(long),
            "{text}"
        );
    }
}

#[test]
fn a_non_canonical_chain_path_is_accepted_and_printed_canonically() {
    // b2^d2^d4 gives the same result as b2^d4 (§10)
    let p = pos("ssss/sssss/6/2X4/1XX3/1S3/3S r 0:0 -");
    let a = play(&p, "b2^d2^d4", Mode::Strict);
    let b = play(&p, "b2^d4", Mode::Strict);
    assert_eq!(a, b);
    assert_eq!(a.as_deref(), Ok("b2^d4"));
}

#[test]
fn lenient_mode_resolves_moves_without_effect_marks() {
    let p = pos(LINER);
    assert_eq!(
        play(&p, "c1>f4", Mode::Lenient).as_deref(),
        Ok("c1>xf4;xf4")
    );
    assert_eq!(play(&p, "a4>d4", Mode::Lenient).as_deref(), Ok("a4>d4=C"));
    assert_eq!(
        play(&pos(CHAIN), "b2^d4", Mode::Lenient).as_deref(),
        Ok("b2xd4;xc3")
    );
    assert_eq!(
        play(&pos(CANNON), "c2@sw", Mode::Lenient).as_deref(),
        Ok("c2@SW;xb1#")
    );
    // a mark that is present and wrong is still an error
    assert!(
        play(&p, "c1>xc6", Mode::Lenient)
            .unwrap_err()
            .starts_with("WrongCaptureMark @3+1")
    );
}

#[test]
fn illegal_moves_name_their_rule_and_point_at_the_culprit() {
    let cases = [
        (CHAIN, "b2xd4~f6~d4"),
        (CHAIN, "b2xd4~f6^f4xd2xb2"),
        (CHAIN, "b2xd4~f6^f4xd2~b2"),
        (CHAIN, "b2~d4"),
        (CHAIN, "b2xd4xb2"),
        (CHAIN, "b2xd5"),
        (CHAIN, "b2xd4~f6^f4xd2xf2"),
        (CHAIN, "c3xa1"),
        (CHAIN, "b2xz9"),
        (CHAIN, "b2xd9"),
        (CHAIN, "e3xc3"),
        (CHAIN, "b2xb4"),
        ("ssss/sssss/6/7/6/1SS2/SS2 r 0:0 -", "a1~a3~c3~a1"),
        (LINER, "c1>e3"),
        (LINER, "c1>xg5"),
        (LINER, "c1>f4"),
        (LINER, "c1>d3"),
        (LINER, "b5>e5"),
        (LINER, "c1>c6@E"),
        (LINER, "c1>xc6"),
        (LINER, "a4>d4"),
        (LINER, "c1>c6=C"),
        (LINER, "e5@NE"),
        (LINER, "b5>a4@SE"),
        (CANNON, "Xd1-c1"),
        (CANNON, "Xe4-c4"),
        (CANNON, "Xe4-d3"),
        (CANNON, "Xa1-a2"),
        (CANNON, "c2@NE;xd3,g6"),
        (CHAIN, "b2xd4#"),
        (CANNON, "b1xd1"),
        (CANNON, "c2xe2"),
        (CANNON, "c2@N"),
        (CANNON, "c2@sw"),
        (CANNON, "c2>c6"),
        (CANNON, "d3@E"),
    ];
    let mut out = String::new();
    for (q, text) in cases {
        let r = play(&pos(q), text, Mode::Strict);
        assert!(r.is_err(), "{text} should be illegal: {r:?}");
        out.push_str(&format!("{text:<22} {}\n", r.unwrap_err()));
    }
    insta::assert_snapshot!("illegal_moves", out);
}

#[test]
fn bad_qfen_is_diagnosed_with_spans() {
    let cases = [
        "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSSS r 0:0 -",
        "ssss/sssss/6/1XXXXX1/S5/SSSSS/SSSS r 0:0 -",
        "sssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 0:0 -",
        "ssss/sssss/6/1XXXXX1/6/SSSSS/SSS r 0:0 -",
        "ssss/sssss/33/1XXXXX1/6/SSSSS/SSSS r 0:0 -",
        "ssss/sssss/6/1XXXXX1/6/SSSSS r 0:0 -",
        "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS w 0:0 -",
        "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 1:0 -",
        "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 0:0 d1",
        "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 0:0 h1",
        "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 0:0",
        "ssss/sssss/6/1XXXQX1/6/SSSSS/SSSS r 0:0 - 0",
        "cccc/c4/6/1XXXXX1/6/SSSSS/SSSS r 0:0 -",
        "",
    ];
    let mut out = String::new();
    for q in cases {
        let errs = qfen::parse(q).expect_err(q);
        out.push_str(&format!("{q}\n"));
        for e in errs {
            out.push_str(&format!(
                "    {} @{}+{}: {}\n",
                e.rule.name(),
                e.span.offset,
                e.span.len,
                e.message
            ));
        }
    }
    insta::assert_snapshot!("bad_qfen", out);
}

#[test]
fn qfen_round_trips_and_warns_about_missing_absorbers() {
    for q in [
        "ssss/sssss/3X2/1XX1XX1/2S3/SLSSS/1SSS r 0:0 e5 2",
        "2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1",
        "l2c/1s3/3L2/3S3/L5/4L/3L b 3:2 - 17",
    ] {
        assert_eq!(qfen::to_qfen(&pos(q)), q);
    }
    let r = qfen::parse("l2c/1s3/3L2/3S3/L5/4L/3L r 0:0 -").unwrap();
    assert_eq!(
        r.warnings.iter().map(|w| w.rule.name()).collect::<Vec<_>>(),
        ["FewAbsorbers"]
    );
}

/// Spans are in the coordinates of the whole text when a move is read at an offset.
#[test]
fn move_spans_count_from_the_given_offset() {
    use hensoku::Span;
    use hensoku::quantum::qmn::Action;
    let m = qmn::parse_move("b2xd4~f6;xc3#", 10).unwrap();
    assert_eq!(
        (m.span, m.end_mark),
        (Span::new(10, 13), Some(Span::new(22, 1)))
    );
    let Action::Chain { start, jumps } = &m.action else {
        panic!("{m:?}")
    };
    assert_eq!(
        (start.span, jumps[1].mark_span, jumps[1].to.span),
        (Span::new(10, 2), Span::new(15, 1), Span::new(16, 2))
    );
    assert_eq!(m.removals.as_ref().map(|r| r.1), Some(Span::new(18, 4)));
    let e = qmn::parse_move("c2@Q", 7).unwrap_err();
    assert_eq!((e.rule.name(), e.span), ("Syntax", Span::new(10, 1)));
    let e = qmn::parse_move("b2xd4!", 3).unwrap_err();
    assert_eq!(
        (e.message.as_str(), e.span),
        ("unexpected `!` in a move", Span::new(8, 1))
    );
}

/// A random game of up to `plies` moves from the start, as (position, move) pairs.
fn random_game(choices: &[u16]) -> Vec<(Position, quantum::Generated)> {
    let mut p = Position::startpos();
    let mut out = Vec::new();
    for &c in choices {
        if hensoku::quantum::ending::quick_end(&p).is_some() {
            break;
        }
        let moves = quantum::legal_moves(&p);
        let m = moves[c as usize % moves.len()].clone();
        p = m.result.clone();
        out.push((
            out.last().map_or_else(
                Position::startpos,
                |(_, g): &(Position, quantum::Generated)| g.result.clone(),
            ),
            m,
        ));
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn printed_moves_and_positions_read_back(choices in proptest::collection::vec(any::<u16>(), 1..24)) {
        for (before, g) in random_game(&choices) {
            for long in [false, true] {
                let text = qmn::print(&before, &g, long);
                let mv = qmn::parse_move(&text, 0).unwrap();
                let back = qmn::resolve(&before, &mv, Mode::Strict).unwrap();
                prop_assert_eq!(&back.result, &g.result, "{}", text);
                // print → read → print gives the same text
                prop_assert_eq!(qmn::print(&before, &back, long), text);
            }
            let q = qfen::to_qfen(&g.result);
            prop_assert_eq!(qfen::to_qfen(&pos(&q)), q);
        }
    }

    #[test]
    fn qfen_and_qmn_readers_never_panic(s in "[sSlLcCX1-7/ rb:\\-a-g0-9]{0,60}", m in "[a-gxX~^>@=;,*#NESW0-9-]{0,20}") {
        let _ = qfen::parse(&s);
        if let Ok(mv) = qmn::parse_move(&m, 0) {
            let _ = qmn::resolve(&Position::startpos(), &mv, Mode::Strict);
            let _ = qmn::resolve(&Position::startpos(), &mv, Mode::Lenient);
        }
    }
}
