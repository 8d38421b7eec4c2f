//! CSA records: reading real and hand-made records, printing canonically, round trips,
//! and syntax errors with their exact spans.

use hensoku::shogi::Position;
use hensoku::shogi::Setup;
use hensoku::shogi::csa::{self, CsaMove};
use hensoku::shogi::usi;
use hensoku::shogi::validate as replay;
use hensoku::shogi::{Color, Kind, Piece, Square};
use hensoku::shogi::{Ending, MoveText, Record, RecordMove};
use hensoku::{Problem, Span};
use proptest::prelude::*;

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).unwrap()
}

/// Print, read back, print again: the two prints must be equal.
fn assert_round_trip(record: &Record) -> String {
    let printed = csa::print_record(record).unwrap();
    let again = csa::parse_record(&printed).unwrap_or_else(|p| panic!("{p:?} in\n{printed}"));
    assert_eq!(csa::print_record(&again).unwrap(), printed);
    printed
}

/// The three rsshogi move sequences, written as CSA by our printer, then read and replayed.
#[test]
fn rsshogi_sequences_convert_to_csa_and_replay() {
    let text = crate::common::read("shogi/rsshogi@1.7.3/tests/test_data/move_sequences.txt");
    let mut seen = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains('|'))
    {
        let (name, usi_text) = line.split_once('|').unwrap();
        let usi_record = usi::parse_record(usi_text).unwrap();
        let csa_text = csa::print_record(&usi_record).unwrap();
        assert!(
            csa_text.starts_with("'CSA encoding=UTF-8\nV3.0\nPI\n+\n+2726FU\n-8384FU\n"),
            "{csa_text}"
        );
        let record = csa::parse_record(&csa_text).unwrap();
        assert_eq!(record.moves.len(), usi_record.moves.len());
        let r = replay(&record);
        let last = record.moves.len();
        match name.trim() {
            "repetition_4fold" => {
                assert!(r.valid(), "{:?}", r.problems);
                assert_eq!(r.result.reason, "repetition");
            }
            "double_pawn_illegal" => {
                assert_eq!(r.problems.len(), 1);
                assert_eq!(
                    (r.problems[0].rule.name(), r.problems[0].ply),
                    ("TwoPawns", Some(last))
                );
                assert_eq!(r.problems[0].span, record.moves[last - 1].span);
            }
            "uchifuzume_illegal" => {
                assert_eq!(r.problems.len(), 1);
                assert_eq!(
                    (r.problems[0].rule.name(), r.problems[0].ply),
                    ("DropPawnMate", Some(last))
                );
            }
            other => panic!("unknown sequence {other}"),
        }
        seen += 1;
    }
    assert_eq!(seen, 3);
}

/// A floodgate-style V2.2 record: diagram start, names, headers, times, remarks, resignation.
const FLOODGATE_STYLE: &str = "V2.2
N+Sente_Engine
N-Gote_Engine
$EVENT:wdoor+floodgate-300-10F
$START_TIME:2024/05/03 12:00:00
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
+
+7776FU
T3
-3334FU
T5
'* 34 pawn, the classic reply
+8822UM
T1
-3122GI
T2
+0045KA
T4
-2133KE
T12
'** a comment with a star of its own
+4534KA
T2
-0045KA
%TORYO
'summary:toryo:Sente_Engine lose:Gote_Engine win
";

#[test]
fn floodgate_style_record_reads_and_replays() {
    let records = csa::parse_records(FLOODGATE_STYLE).unwrap();
    assert_eq!(records.len(), 1);
    let r = &records[0];
    assert_eq!(
        r.headers,
        vec![
            ("N+".to_string(), "Sente_Engine".to_string()),
            ("N-".into(), "Gote_Engine".into()),
            ("$EVENT".into(), "wdoor+floodgate-300-10F".into()),
            ("$START_TIME".into(), "2024/05/03 12:00:00".into()),
        ]
    );
    assert_eq!(r.moves.len(), 8);
    assert_eq!(r.moves[0].time.as_deref(), Some("T3"));
    assert_eq!(
        r.moves[1].comments,
        vec![" 34 pawn, the classic reply".to_string()]
    );
    assert_eq!(
        r.moves[5].comments,
        vec!["* a comment with a star of its own".to_string()]
    );
    assert_eq!(r.moves[7].time, None);
    // the remark after the special move joins the last move, with its quote
    assert_eq!(
        r.moves[7].comments,
        vec!["'summary:toryo:Sente_Engine lose:Gote_Engine win".to_string()]
    );
    let (ending, span) = r.ending.clone().unwrap();
    assert_eq!(ending, Ending::Resign);
    assert_eq!(&FLOODGATE_STYLE[span.offset..span.end()], "%TORYO");
    assert_eq!(
        &FLOODGATE_STYLE[r.moves[2].span.offset..r.moves[2].span.end()],
        "+8822UM"
    );
    let start = &FLOODGATE_STYLE[r.start_span.offset..r.start_span.end()];
    assert!(start.starts_with("P1-KY") && start.ends_with("+KI+GI+KE+KY"));
    assert_eq!(r.start, Setup::from_position(&Position::startpos()));

    let rep = replay(r);
    assert!(rep.valid(), "{:?}", rep.problems);
    assert_eq!(rep.moves.len(), 8);
    // +8822UM is a promotion by the code alone
    assert_eq!(
        rep.moves[2],
        hensoku::shogi::Move::Board {
            from: sq(8, 8),
            to: sq(2, 2),
            promote: true
        }
    );
    assert_eq!(
        (rep.result.winner.as_deref(), rep.result.reason.as_str()),
        (Some("white"), "resign")
    );

    let printed = assert_round_trip(r);
    insta::assert_snapshot!("floodgate_style_canonical", printed);
}

#[test]
fn v22_comma_lines_hold_several_statements() {
    let text = "V2.2\nPI\n+\n+2726FU,T12,-3334FU,T6\n+7776FU, T0\n%CHUDAN\n";
    let r = csa::parse_record(text).unwrap();
    let times: Vec<_> = r.moves.iter().map(|m| m.time.as_deref()).collect();
    assert_eq!(times, vec![Some("T12"), Some("T6"), Some("T0")]);
    assert_eq!(
        &text[r.moves[1].span.offset..r.moves[1].span.end()],
        "-3334FU"
    );
    assert_eq!(r.ending.as_ref().map(|e| &e.0), Some(&Ending::Interrupted));
    assert!(replay(&r).valid());
    // the printer writes one statement per line
    let printed = assert_round_trip(&r);
    assert!(
        printed.contains("+2726FU\nT12\n-3334FU\nT6\n+7776FU\nT0\n%CHUDAN\n"),
        "{printed}"
    );
}

#[test]
fn v30_millisecond_times_and_encoding_line() {
    let text = "'CSA encoding=UTF-8\nV3.0\nN+先手さん\nPI\n+\n+2726FU\nT12.345\n";
    let r = csa::parse_record(text).unwrap();
    assert_eq!(r.headers, vec![("N+".to_string(), "先手さん".to_string())]);
    assert!(r.comments.is_empty(), "the encoding line is not a comment");
    assert_eq!(r.moves[0].time.as_deref(), Some("T12.345"));
    assert_eq!(assert_round_trip(&r), text);
}

/// Two records in one file: a game, then a tsume whose defender holds every other piece.
const TWO_RECORDS: &str = "V2.2
PI
+
+2726FU
%CHUDAN
/
V2.2
$CARDS+:QTRPIABDGSWC
$CARDS-:
$CARD_EFFECTS:I55,D-3
P1 *  *  *  * -OU *  *  *  * 
P2 *  *  *  *  *  *  *  *  * 
P3 *  *  *  * +FU *  *  *  * 
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7 *  *  *  *  *  *  *  *  * 
P8 *  *  *  *  *  *  *  *  * 
P9 *  *  *  *  *  *  *  *  * 
P+00KI
P-00AL
+
+0052KI
%TSUMI
";

#[test]
fn several_records_and_all_remaining_pieces_to_hand() {
    let records = csa::parse_records(TWO_RECORDS).unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].moves.len(), 1);
    let tsume = &records[1];
    assert_eq!(
        tsume.headers[0],
        ("$CARDS+".to_string(), "QTRPIABDGSWC".to_string())
    );
    assert_eq!(tsume.headers[1], ("$CARDS-".to_string(), String::new()));
    assert_eq!(
        tsume.headers[2],
        ("$CARD_EFFECTS".to_string(), "I55,D-3".to_string())
    );
    // White holds everything but the two kings, the 5c pawn and Black's gold
    assert_eq!(
        tsume.start.hands[Color::White.index()],
        [17, 4, 4, 4, 3, 2, 2]
    );
    assert_eq!(
        tsume.start.hands[Color::Black.index()],
        [0, 0, 0, 0, 1, 0, 0]
    );
    assert_eq!(
        tsume.start.board[sq(5, 1).index()],
        Some(Piece::new(Color::White, Kind::King))
    );
    let rep = replay(tsume);
    assert!(rep.valid(), "{:?}", rep.problems);
    assert_eq!(
        (rep.result.winner.as_deref(), rep.result.reason.as_str()),
        (Some("black"), "checkmate")
    );

    // printed back with explicit hands, one `/` between the records
    let printed = csa::print_records(&records).unwrap();
    assert_eq!(printed.matches("\n/\n").count(), 1);
    assert!(
        printed.contains("P-00HI00HI00KA00KA00KI00KI00KI00GI"),
        "{printed}"
    );
    let again = csa::parse_records(&printed).unwrap();
    assert_eq!(csa::print_records(&again).unwrap(), printed);
    // spans differ (the text changed); everything else survives
    assert_eq!(again.len(), 2);
    for (a, b) in again.iter().zip(&records) {
        assert_eq!(a.start, b.start);
        assert_eq!(a.headers, b.headers);
        assert_eq!(
            a.ending.as_ref().map(|e| &e.0),
            b.ending.as_ref().map(|e| &e.0)
        );
        let texts = |r: &Record| r.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
        assert_eq!(texts(a), texts(b));
    }
}

#[test]
fn handicap_start_prints_as_pi_with_removals() {
    let text = "V2.2\nPI82HI22KA\n-\n-3334FU\n";
    let r = csa::parse_record(text).unwrap();
    assert_eq!(r.start.board[sq(8, 2).index()], None);
    assert_eq!(r.start.board[sq(2, 2).index()], None);
    assert_eq!(r.start.side, Color::White);
    assert!(replay(&r).valid());
    let printed = assert_round_trip(&r);
    assert!(printed.contains("\nPI82HI22KA\n-\n-3334FU\n"), "{printed}");
}

#[test]
fn every_special_move_maps_to_an_ending_and_prints_back() {
    let cases = [
        ("TORYO", Ending::Resign),
        ("CHUDAN", Ending::Interrupted),
        ("SENNICHITE", Ending::Repetition),
        ("TIME_UP", Ending::TimeUp),
        ("ILLEGAL_MOVE", Ending::IllegalLoss),
        ("+ILLEGAL_ACTION", Ending::IllegalAction(Color::Black)),
        ("-ILLEGAL_ACTION", Ending::IllegalAction(Color::White)),
        ("JISHOGI", Ending::Impasse),
        ("KACHI", Ending::EnteringKingWin),
        ("HIKIWAKE", Ending::Draw),
        ("TSUMI", Ending::Checkmate),
        ("FUZUMI", Ending::NoCheckmate),
        ("ERROR", Ending::Error),
        ("MATTA", Ending::Matta),
        ("MAX_MOVES", Ending::MaxMoves),
    ];
    for (word, ending) in cases {
        let text = format!("V2.2\nPI\n+\n+7776FU\n%{word}\n");
        let r = csa::parse_record(&text).unwrap();
        let (e, span) = r.ending.clone().unwrap();
        assert_eq!(e, ending, "{word}");
        assert_eq!(&text[span.offset..span.end()], format!("%{word}"));
        assert!(
            assert_round_trip(&r).ends_with(&format!("+7776FU\n%{word}\n")),
            "{word}"
        );
    }
}

#[test]
fn resolve_errors_come_back_through_the_validator() {
    let text = "V2.2\nPI\n+\n+7776FU\n+3334FU\n";
    let r = csa::parse_record(text).unwrap();
    let rep = replay(&r);
    assert_eq!(rep.problems[0].rule.name(), "WrongSide");
    // the span points inside the move, at the sign that names the wrong side
    let span = rep.problems[0].span;
    assert_eq!(&text[span.offset..span.end()], "+");
    assert_eq!(span.offset, text.find("+3334FU").unwrap());

    let r = csa::parse_record("V2.2\nPI\n+\n+7776GI\n").unwrap();
    assert_eq!(replay(&r).problems[0].rule.name(), "PieceMismatch");
    // the code of an unpromotable piece promoting
    let r = csa::parse_record("V2.2\nPI\n+\n+6978KI\n-4132KI\n+7868NG\n").unwrap();
    assert_eq!(replay(&r).problems[0].rule.name(), "PieceMismatch");
    // a promotion by code outside the zone: the code is consistent, the rules refuse it
    let r = csa::parse_record("V2.2\nPI\n+\n+7776TO\n").unwrap();
    assert_eq!(replay(&r).problems[0].rule.name(), "OutsidePromotionZone");
}

#[test]
fn move_text_needs_the_position_for_the_code() {
    let pos = Position::startpos();
    let mv = usi::parse_move("7g7f").unwrap();
    assert_eq!(csa::move_text(&pos, mv), "+7776FU");
    let pos = pos.after(mv).after(usi::parse_move("3c3d").unwrap());
    assert_eq!(
        csa::move_text(&pos, usi::parse_move("8h2b+").unwrap()),
        "+8822UM"
    );
    assert_eq!(
        csa::move_text(&pos, usi::parse_move("8h2b").unwrap()),
        "+8822KA"
    );
    let drop = hensoku::shogi::Move::Drop {
        kind: Kind::Bishop,
        to: sq(5, 5),
    };
    assert_eq!(csa::move_text(&pos, drop), "+0055KA");
    let m = CsaMove {
        color: Color::White,
        from: None,
        to: sq(5, 5),
        piece: Kind::Gold,
    };
    assert_eq!(m.to_string(), "-0055KI");
}

/// Render a problem like a compiler: rule, line:column, message, the line with carets.
fn render(text: &str, p: &Problem) -> String {
    let l = p.located(text);
    let line = text.lines().nth(l.line - 1).unwrap_or("");
    let col = text[..p.span.offset]
        .rsplit('\n')
        .next()
        .unwrap_or("")
        .len();
    format!(
        "{}: {}:{} [{}+{}] {}\n  | {line}\n  | {}{}\n",
        p.rule.name(),
        l.line,
        l.column,
        p.span.offset,
        p.span.len,
        p.message,
        " ".repeat(col),
        "^".repeat(p.span.len.max(1))
    )
}

#[test]
fn syntax_errors_have_exact_spans() {
    let cases = [
        "V2.2\nPI\n+\n+7776FX\n",
        "V2.2\nPI\n+\n+7706FU\n",
        "V2.2\nPI\n+\n+7776FUU\n",
        "V2.2\nPI\n+\n+2726FU,T1x\n",
        "V2.5\nPI\n",
        "V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE\n+\n",
        "V2.2\nP1-KY-KE-GI-XX-OU-KI-GI-KE-KY\n",
        "V2.2\nPI\nP+00OU\n",
        "V2.2\nPI82KA\n",
        "V2.2\nPI\n+\n%RESIGN\n",
        "V2.2\nPI\n+\n%TORYO\n+7776FU\n",
        "V2.2\nPI\n+\nT5\n",
        "V2.2\nPI\n+\n+7776FU\nT5\nT6\n",
        "V2.2\n+7776FU\n",
        "V2.2\nN+a\n/\n",
        "V2.2\nPI\n+\n+7776FU\nN+late\n",
        "V2.2\n$EVENT\n",
        "V2.2\nX\n",
        "V2.2\nPI\n+\n+7776FU\n-\n",
    ];
    let mut out = String::new();
    for text in cases {
        let p = csa::parse_records(text).unwrap_err();
        assert_eq!(p.rule.name(), "Syntax");
        assert!(p.message.starts_with("expected"), "{}", p.message);
        assert!(p.span.end() <= text.len());
        out.push_str(&render(text, &p));
        out.push('\n');
    }
    insta::assert_snapshot!("syntax_errors", out);
}

#[test]
fn a_few_spans_checked_by_hand() {
    let text = "V2.2\nPI\n+\n+7776FX\n";
    assert_eq!(csa::parse_records(text).unwrap_err().span, Span::new(15, 2));
    let text = "V2.2\nPI\n+\n+2726FU,T1x\n";
    let e = csa::parse_records(text).unwrap_err();
    assert_eq!(&text[e.span.offset..e.span.end()], "x");
    let text = "V2.2\nPI82KA\n";
    let e = csa::parse_records(text).unwrap_err();
    assert_eq!(&text[e.span.offset..e.span.end()], "82KA");
}

#[test]
fn odd_inputs_never_panic() {
    for text in [
        "",
        "/",
        "\n\n",
        "P",
        "P+",
        "+",
        "-",
        "T",
        "%",
        "N",
        "$",
        "V",
        "'",
        "P1",
        "PI8",
        "+00",
        "+0000FU",
        "P+00",
        "\u{3042}",
        "P1\u{3042}\u{3042}",
        "+77\u{3042}",
    ] {
        let _ = csa::parse_records(text);
    }
    assert_eq!(csa::parse_records("").unwrap(), vec![]);
    assert_eq!(csa::parse_records("'only a remark\n/\n").unwrap(), vec![]);
}

/// A random legal game from the start, `len` plies at most, choices driven by `seed`.
fn random_game(seed: u64, len: usize) -> (Vec<hensoku::shogi::Move>, Position) {
    let mut pos = Position::startpos();
    let mut state = seed | 1;
    let mut moves = Vec::new();
    for _ in 0..len {
        let legal = hensoku::shogi::legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        // xorshift: deterministic for a seed, no extra dependency
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = legal[(state % legal.len() as u64) as usize];
        moves.push(mv);
        pos.play(mv);
    }
    (moves, pos)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_round_trip(seed in any::<u64>(), len in 0usize..120) {
        let (moves, _) = random_game(seed, len);
        let source = Record {
            moves: moves.iter().map(|&m| RecordMove::new(MoveText::Usi(m), Span::default())).collect(),
            ..Record::default()
        };
        let printed = csa::print_record(&source).unwrap();
        let read = csa::parse_record(&printed).unwrap();
        let rep = replay(&read);
        prop_assert!(rep.problems.is_empty(), "{:?}", rep.problems);
        prop_assert_eq!(&rep.moves, &moves);
        prop_assert_eq!(csa::print_record(&read).unwrap(), printed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Text made of CSA's own characters, shuffled: reading never panics, and a syntax
    /// error's span always lies inside the text on character boundaries.
    #[test]
    fn arbitrary_text_never_panics(text in "[PITNV$%'+\\-/,0-9A-Z* \n\u{3042}.:]{0,80}") {
        if let Err(p) = csa::parse_records(&text) {
            prop_assert!(p.span.end() <= text.len());
            prop_assert!(text.is_char_boundary(p.span.offset) && text.is_char_boundary(p.span.end()));
        }
    }

    /// A valid record with one byte range cut out still reads or fails cleanly, and
    /// whatever reads prints and reads again.
    #[test]
    fn damaged_records_fail_cleanly(start in 0usize..700, len in 0usize..8) {
        let text = FLOODGATE_STYLE;
        let start = start.min(text.len());
        let end = (start + len).min(text.len());
        let damaged = format!("{}{}", &text[..start], &text[end..]);
        match csa::parse_records(&damaged) {
            Ok(records) => {
                let printed = csa::print_records(&records).unwrap();
                prop_assert!(csa::parse_records(&printed).is_ok());
            }
            Err(p) => prop_assert!(p.span.end() <= damaged.len()),
        }
    }
}

#[test]
fn crlf_lines_and_trailing_blanks_keep_exact_spans() {
    let text = "V2.2\r\nPI  \r\n+\r\n+7776FU \r\nT3\r\n-3334FU,T4\r\n%TORYO\r\n";
    let r = csa::parse_record(text).unwrap();
    let spans: Vec<&str> = r
        .moves
        .iter()
        .map(|m| &text[m.span.offset..m.span.end()])
        .collect();
    assert_eq!(spans, vec!["+7776FU", "-3334FU"]);
    let (_, end) = r.ending.unwrap();
    assert_eq!(&text[end.offset..end.end()], "%TORYO");
    let bad = "V2.2\r\nPI\r\n+\r\n+7776FX\r\n";
    let e = csa::parse_records(bad).unwrap_err();
    assert_eq!(&bad[e.span.offset..e.span.end()], "FX");
}
