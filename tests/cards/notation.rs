//! Card plies in CSA, KIF and KI2 (rules §5.3, §5.4): every example of the rules prints
//! exactly as shown in a position where it is legal and reads back to the same ply; plies
//! of random card games survive every notation; bad input gives spanned problems.

use hensoku::Span;
use hensoku::shogi::Square;
use hensoku::shogi_cards::Form;
use hensoku::shogi_cards::legal_moves as legal_plies;
use hensoku::shogi_cards::notation::{parse_in, print_in};
use hensoku::shogi_cards::notation::{parse_ply, parse_sfen_c, ply_text, to_sfen_c};
use hensoku::shogi_cards::{Move as CardMove, Position as CardPosition};

fn pos(sfen: &str) -> CardPosition {
    parse_sfen_c(sfen)
        .unwrap_or_else(|p| panic!("{sfen}: {p:?}"))
        .0
}

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).unwrap()
}

/// `text` is the `form` text of the legal ply `usi` of `sfen`, and reads back to it.
fn example(sfen: &str, usi: &str, form: Form, text: &str, previous: Option<Square>) {
    let p = pos(sfen);
    let legal = legal_plies(&p);
    let (mv, _) = parse_ply(usi).unwrap();
    assert!(legal.contains(&mv), "{usi} is not legal in {sfen}");
    assert_eq!(
        print_in(form, &p, mv, previous, &legal),
        text,
        "{usi} in {sfen}"
    );
    assert_eq!(
        parse_in(form, &p, text, previous).unwrap_or_else(|e| panic!("{text}: {e:?}")),
        mv,
        "{text}"
    );
}

#[test]
fn q_examples() {
    example(
        "k8/9/9/9/9/9/9/9/4K4 b - 1",
        "Q:5i1e",
        Form::Csa,
        "+Q:5915OU",
        None,
    );
    example(
        "k8/9/9/9/9/9/9/9/4K4 b - 1",
        "Q:5i1e",
        Form::Kif,
        "Q:１五玉(59)",
        None,
    );
    let prince = "k8/9/9/9/9/9/9/9/K3+G4 b - 1 QTRIABDGSWCqtrpiabdgswc -";
    example(prince, "Q:5i1e", Form::Csa, "+Q:5915TA", None);
    example(prince, "Q:5i1e", Form::Kif, "Q:１五太(59)", None);
}

#[test]
fn t_examples() {
    let b = "4k4/9/9/9/9/9/9/7R1/4K4 b - 1";
    example(b, "T:2h5i,5i2h", Form::Csa, "+T:2859HI,5928OU", None);
    example(b, "T:2h5i,5i2h", Form::Kif, "T:５九飛(28),２八玉(59)", None);
    let s = "4k4/9/7S1/9/9/9/9/7R1/4K4 b - 1";
    example(s, "T:2h2c+,2c2h", Form::Csa, "+T:2823RY,2328GI", None);
    example(
        s,
        "T:2h2c+,2c2h",
        Form::Kif,
        "T:２三飛成(28),２八銀(23)",
        None,
    );
    example(
        "4k4/7r1/9/9/9/9/9/9/4K4 w - 1",
        "T:2b5a,5a2b",
        Form::Ki2,
        "△T:５一飛,２二玉",
        None,
    );
}

#[test]
fn r_examples() {
    let b = "8k/9/7B1/9/9/9/9/9/4K4 b - 1";
    example(b, "R:2c8g", Form::Csa, "+R:2387KA", None);
    example(b, "R:2c8g+", Form::Csa, "+R:2387UM", None);
    example(b, "R:2c8g", Form::Kif, "R:８七角(23)", None);
    example(b, "R:2c8g+", Form::Kif, "R:８七角成(23)", None);
    example(b, "R:2c8g+", Form::Ki2, "▲R:８七角成", None);
}

#[test]
fn p_examples_and_the_g_alias() {
    let b = "k8/9/5G3/9/9/9/9/9/4K4 b - 1";
    example(b, "P:4c4b+", Form::Csa, "+P:4342TA", None);
    example(b, "P:4c4b+", Form::Kif, "P:４二金成(43)", None);
    let p = pos(b);
    let (mv, _) = parse_ply("P:4c4b+").unwrap();
    assert_eq!(parse_in(Form::Csa, &p, "+G:4342TA", None).unwrap(), mv);
    assert_eq!(
        parse_in(Form::Kif, &p, "Ｇ:４二金成(43)", None).unwrap(),
        mv
    );
}

#[test]
fn i_a_b_d_examples() {
    let i = "k8/9/9/9/9/9/9/5S3/4K4 b S 1";
    example(i, "I:S*5e", Form::Csa, "+I:0055GI", None);
    example(i, "I:4h5g", Form::Csa, "+I:4857GI", None);
    example(i, "I:S*5e", Form::Kif, "I:５五銀打", None);
    example(i, "I:4h5g", Form::Kif, "I:５七銀(48)", None);
    let a = "k8/9/9/9/9/9/9/9/1N2K4 b - 1";
    example(a, "A:8i6h", Form::Csa, "+A:8968KE", None);
    example(a, "A:8i6h", Form::Kif, "A:６八桂(89)", None);
    let l = "k8/9/9/9/9/9/8P/9/4K3L b - 1";
    example(l, "B:1i1c+", Form::Csa, "+B:1913NY", None);
    example(l, "B:1i1c+", Form::Kif, "B:１三香成(19)", None);
    let d = "k8/9/9/9/9/9/4P4/9/4K4 b P 1";
    example(d, "D:P*5e", Form::Csa, "+D:0055FU", None);
    example(d, "D:P*5e", Form::Kif, "D:５五歩打", None);
}

#[test]
fn g_examples() {
    let b = "k8/9/9/9/9/9/9/9/4K4 b RP 1";
    example(b, "G:+P*5b", Form::Csa, "+G:0052TO", None);
    example(b, "G:+R*5e", Form::Csa, "+G:0055RY", None);
    example(b, "G:+P*5b", Form::Kif, "G:５二と打", None);
    example(b, "G:+R*5e", Form::Kif, "G:５五龍打", None);
    example(b, "G:+P*5b", Form::Ki2, "▲G:５二と打", None);
}

#[test]
fn s_examples() {
    let b = "k8/9/9/9/9/9/9/1B7/4K4 b - 1";
    example(b, "S:8h2b+,2b1a", Form::Csa, "+S:8822UM,2211UM", None);
    example(
        b,
        "S:8h2b+,2b1a",
        Form::Kif,
        "S:２二角成(88),１一馬(22)",
        None,
    );
    example(b, "S:8h2b+,2b1a", Form::Ki2, "▲S:２二角成,１一馬", None);
}

#[test]
fn w_examples() {
    let b = "k8/9/6S2/9/9/9/9/9/4K4 b - 1";
    example(b, "W:3c", Form::Csa, "+W:3300GI", None);
    example(b, "W:3c", Form::Kif, "W:３三銀", None);
    example(b, "W:3c", Form::Ki2, "▲W:３三銀", None);
    let promoted = "k8/9/6+S2/9/9/9/9/9/4K4 b - 1";
    example(promoted, "W:3c", Form::Csa, "+W:3300GI", None);
    example(promoted, "W:3c", Form::Kif, "W:３三成銀", None);
}

#[test]
fn c_examples() {
    let b = "k8/9/9/9/9/9/2P6/9/4K4 b S 1";
    example(b, "C:7g7f", Form::Csa, "+C:7776FU", None);
    example(b, "C:S*5e", Form::Csa, "+C:0055GI", None);
    example(b, "C:7g7f", Form::Kif, "C:７六歩(77)", None);
    example(b, "C:S*5e", Form::Kif, "C:５五銀打", None);
    example(
        "k8/9/9/9/2p6/2P6/9/9/4K4 b - 1",
        "C:7f7e",
        Form::Kif,
        "C:同　歩(76)",
        Some(sq(7, 5)),
    );
}

#[test]
fn ki2_words_are_chosen_among_the_pieces_that_can_make_the_card_ply() {
    // Two golds can reach 4b (and make P plies there): the words must tell them apart.
    let b = "k8/9/4G1G2/9/9/9/9/9/4K4 b - 1";
    let p = pos(b);
    let legal = legal_plies(&p);
    let texts: Vec<String> = legal
        .iter()
        .filter(|m| m.card.is_some())
        .map(|&m| print_in(Form::Ki2, &p, m, None, &legal))
        .collect();
    let mut sorted = texts.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        texts.len(),
        "KI2 texts must single out each card ply"
    );
}

use crate::common::Rng;

/// Random card games; every ply (card plies picked often) printed in CSA, KIF and KI2
/// (and USI-style) reads back to the same ply.
#[test]
fn random_card_games_survive_every_notation() {
    let mut rng = Rng(0x00c0_ffee_1234);
    let mut card_plies = 0;
    for _ in 0..6 {
        let mut p = CardPosition::startpos();
        let mut previous = None;
        for _ in 0..40 {
            let legal = legal_plies(&p);
            if legal.is_empty() {
                break;
            }
            let (cards, plain): (Vec<CardMove>, Vec<CardMove>) =
                legal.iter().partition(|m| m.card.is_some());
            let mv = if !cards.is_empty() && (plain.is_empty() || rng.below(100) < 40) {
                cards[rng.below(cards.len())]
            } else {
                plain[rng.below(plain.len())]
            };
            card_plies += mv.card.is_some() as usize;
            assert_eq!(parse_ply(&ply_text(mv)).unwrap().0, mv);
            for form in [Form::Csa, Form::Kif, Form::Ki2] {
                let text = print_in(form, &p, mv, previous, &legal);
                let back = parse_in(form, &p, &text, previous)
                    .unwrap_or_else(|e| panic!("{text} in {}: {e:?}", to_sfen_c(&p)));
                assert_eq!(back, mv, "{text} in {}", to_sfen_c(&p));
            }
            previous = mv.last_destination();
            p = p.after(mv);
        }
    }
    assert!(card_plies > 40, "only {card_plies} card plies were tried");
}

#[test]
fn bad_input_gives_spanned_problems() {
    let p = pos("4k4/9/9/9/9/9/9/7R1/4K4 b - 1");
    let e = parse_in(Form::Kif, &p, "T:５九飛(28),", None).unwrap_err();
    assert_eq!((e.rule.name(), e.span), ("Syntax", Span::new(15, 1)));
    let e = parse_in(Form::Csa, &p, "+T:2859HI,", None).unwrap_err();
    assert_eq!((e.rule.name(), e.span), ("Syntax", Span::new(9, 1)));
    let e = parse_in(Form::Csa, &p, "+X:2859HI", None).unwrap_err();
    assert_eq!((e.rule.name(), e.span), ("UnknownCard", Span::new(1, 1)));
    let e = parse_in(Form::Ki2, &p, "▲Ｘ:５九飛", None).unwrap_err();
    assert_eq!((e.rule.name(), e.span), ("UnknownCard", Span::new(3, 3)));
    // R is the bishop's card: on the rook it names no ply.
    let e = parse_in(Form::Csa, &p, "+R:2858HI", None).unwrap_err();
    assert_eq!((e.rule.name(), e.span), ("NoSuchCardPly", Span::new(3, 6)));
    let e = parse_in(Form::Kif, &p, "R:５八飛(28)", None).unwrap_err();
    assert_eq!(e.rule.name(), "NoSuchCardPly");
    for junk in [
        "", ":", "+:", "▲", "T:", "T:,", "+T:,,", "W:", "同", "Ｑ:同",
    ] {
        for form in [Form::Csa, Form::Kif, Form::Ki2] {
            assert!(parse_in(form, &p, junk, None).is_err(), "{junk:?}");
        }
    }
}

/// A random card game from `start`, `n` plies, card plies picked often.
fn random_game(seed: u64, start: &CardPosition, n: usize) -> Vec<CardMove> {
    let mut rng = Rng(seed);
    let mut p = start.clone();
    let mut out = Vec::new();
    for _ in 0..n {
        let legal = legal_plies(&p);
        if legal.is_empty() {
            break;
        }
        let (cards, plain): (Vec<CardMove>, Vec<CardMove>) =
            legal.iter().partition(|m| m.card.is_some());
        let mv = if !cards.is_empty() && (plain.is_empty() || rng.below(100) < 40) {
            cards[rng.below(cards.len())]
        } else {
            plain[rng.below(plain.len())]
        };
        out.push(mv);
        p = p.after(mv);
    }
    out
}

#[test]
fn whole_card_records_convert_losslessly_between_all_four_notations() {
    use hensoku::shogi_cards::notation::{parse_card_record, print_card_record};
    use hensoku::shogi_cards::notation::{parse_record, print_record};
    let starts = [
        CardPosition::startpos(),
        pos(
            "lnsgkgsnl/1r5b1/ppppppppp/6p2/4S4/9/PP1PPPPPP/1B5R1/LNSGKG1NL w - 2 QRPABDGSWCqtrpiabgswc I5e,Dw3",
        ),
    ];
    for (seed, start) in [
        (7u64, &starts[0]),
        (99, &starts[0]),
        (12345, &starts[0]),
        (5, &starts[1]),
        (77, &starts[1]),
    ] {
        let plies = random_game(seed, start, 50);
        let usi = print_record(start, &plies);
        for form in [Form::Csa, Form::Kif, Form::Ki2] {
            let text = print_card_record(form, start, &plies);
            let back = parse_card_record(form, &text)
                .unwrap_or_else(|e| panic!("{form:?}: {e:?}\n{text}"));
            assert_eq!(&back.start, start, "{text}");
            let moves: Vec<CardMove> = back.plies.iter().map(|p| p.0).collect();
            assert_eq!(moves, plies, "{text}");
            // CSA and KIF diagrams carry no move number; from the start position all agree.
            if start == &starts[0] {
                assert_eq!(print_record(&back.start, &moves), usi);
            }
            assert_eq!(print_card_record(form, &back.start, &moves), text);
        }
        assert_eq!(parse_record(&usi).unwrap().plies.len(), plies.len());
    }
}

fn cli(args: &[&str], stdin: &str) -> (bool, String) {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hensoku"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn cli_converts_and_lists_card_plies_in_csa_kif_and_ki2() {
    let usi = "startpos moves 7g7f 3c3d C:8h2b+ 3a2b W:7f";
    let canonical = "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 QTRPIABDGSWCqtrpiabdgswc - moves 7g7f 3c3d C:8h2b+ 3a2b W:7f\n";
    for (to, line) in [
        ("csa", "+C:8822UM"),
        ("kif", "   3 C:２二角成(88)"),
        ("ki2", "▲W:７六歩"),
    ] {
        let (ok, text) = cli(&["convert", "--game", "shogi-cards", "--to", to, "-"], usi);
        // KI2 puts several moves on a line, so a KI2 ply is one of the line's words.
        assert!(
            ok && text
                .lines()
                .any(|l| l == line || l.split_whitespace().any(|w| w == line)),
            "{to}:\n{text}"
        );
        let (ok, back) = cli(
            &[
                "convert",
                "--game",
                "shogi-cards",
                "--from",
                to,
                "--to",
                "usi",
                "-",
            ],
            &text,
        );
        assert!(ok, "{to}");
        assert_eq!(back, canonical);
    }
    let (ok, moves) = cli(&["moves", "--game", "shogi-cards", "--notation", "csa"], "");
    assert!(
        ok && moves.lines().any(|l| l == "+T:2859HI,5928OU"),
        "{moves}"
    );
    let (ok, _) = cli(&["moves", "--game", "shogi-cards", "--notation", "pgn"], "");
    assert!(!ok);
}

/// A KIF card record with everything a record carries besides its plies: headers, a
/// comment, times, the ending, and a variation that uses a card.
const ANNOTATED_KIF: &str = "先手のカード：QTRPIABDGSWC
後手のカード：QTRPIABDGSWC
カード効果：なし
先手：羽生
後手：藤井
開始日時：2026/11/22
手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)    ( 0:03/00:00:03)
   2 ３四歩(33)    ( 0:05/00:00:05)
*a comment
   3 R:２二角成(88) ( 0:05/00:00:08)+
   4 同　銀(31)    ( 0:01/00:00:06)
   5 投了
まで4手で後手の勝ち

変化：3手
   3 ２六歩(27)    ( 0:02/00:00:05)
   4 Q:４二玉(51)  ( 0:02/00:00:07)
";

#[test]
fn card_records_keep_headers_times_comments_ending_and_variations() {
    use hensoku::shogi_cards::notation::{parse_card_record, print_card_record_of};
    use hensoku::shogi_cards::validate as replay;
    let rec = parse_card_record(Form::Kif, ANNOTATED_KIF).unwrap();
    assert_eq!(
        print_card_record_of(Form::Kif, &rec),
        ANNOTATED_KIF,
        "canonical KIF prints back unchanged"
    );
    assert_eq!(rec.variations.len(), 1);
    assert_eq!(
        rec.variations[0]
            .plies
            .iter()
            .map(|&m| ply_text(m))
            .collect::<Vec<_>>(),
        ["2g2f", "Q:5a4b"]
    );
    let r = replay(&rec);
    assert!(r.problems.is_empty());
    assert_eq!(
        r.result,
        (Some("white".to_string()), "resign".to_string()),
        "the stated 投了 decides the result"
    );

    // KI2 keeps everything but the times; CSA everything but the variation.
    let ki2 = print_card_record_of(Form::Ki2, &rec);
    assert!(
        ki2.contains("△Q:４二玉") && ki2.contains("*a comment") && ki2.contains("先手：羽生"),
        "{ki2}"
    );
    let csa = print_card_record_of(Form::Csa, &rec);
    for line in [
        "N+羽生",
        "$START_TIME:2026/11/22",
        "+R:8822UM\nT5\n",
        "'*a comment",
        "%TORYO",
    ] {
        assert!(csa.contains(line), "{line} missing from\n{csa}");
    }
    let back = parse_card_record(Form::Csa, &csa).unwrap();
    let kif_again = print_card_record_of(Form::Kif, &back);
    let main_line_only =
        ANNOTATED_KIF[..ANNOTATED_KIF.find("\n\n変化").unwrap() + 1].replace(")+\n", ")\n");
    assert_eq!(
        kif_again, main_line_only,
        "KIF → CSA → KIF keeps all but the variation"
    );
}

#[test]
fn a_card_record_s_annotations_point_at_the_source_text() {
    use hensoku::shogi_cards::notation::{parse_card_record, print_card_record_of};
    // card plies are read in place, so every span after one (of a ply, the ending, a
    // variation) points at the text as written, whatever the card plies' lengths
    fn at(text: &str, span: hensoku::Span) -> &str {
        &text[span.offset..span.end()]
    }
    let rec = parse_card_record(Form::Kif, ANNOTATED_KIF).unwrap();
    let a = rec.annotations.as_ref().unwrap();
    let main: Vec<&str> = a.moves.iter().map(|m| at(ANNOTATED_KIF, m.span)).collect();
    assert_eq!(
        main,
        ["７六歩(77)", "３四歩(33)", "R:２二角成(88)", "同　銀(31)"]
    );
    assert_eq!(at(ANNOTATED_KIF, a.ending.as_ref().unwrap().1), "投了");
    let v = &a.variations[0];
    assert_eq!(at(ANNOTATED_KIF, v.span), "変化：3手");
    let side: Vec<&str> = v.moves.iter().map(|m| at(ANNOTATED_KIF, m.span)).collect();
    assert_eq!(side, ["２六歩(27)", "Q:４二玉(51)"]);

    let csa = print_card_record_of(Form::Csa, &rec);
    let back = parse_card_record(Form::Csa, &csa).unwrap();
    let a = back.annotations.as_ref().unwrap();
    let main: Vec<&str> = a.moves.iter().map(|m| at(&csa, m.span)).collect();
    assert_eq!(main, ["+7776FU", "-3334FU", "+R:8822UM", "-3122GI"]);
    assert_eq!(at(&csa, a.ending.as_ref().unwrap().1), "%TORYO");
}

/// Replay `text` read in `form`; the first problem's rule, ply and the text it points at.
fn first_problem(form: Form, text: &str) -> (String, Option<usize>, String) {
    use hensoku::shogi_cards::notation::parse_card_record;
    use hensoku::shogi_cards::validate as replay;
    let rec = parse_card_record(form, text).unwrap_or_else(|p| panic!("{p:?}"));
    let p = replay(&rec).problems.into_iter().next().expect("a problem");
    (
        p.rule.name().to_string(),
        p.ply,
        text[p.span.offset..p.span.end()].to_string(),
    )
}

#[test]
fn an_illegal_card_ply_in_kif_csa_or_ki2_names_its_rule_and_points_at_it() {
    // The reflecting bishop has no path to 2a: the move part is at fault.
    let kif = ANNOTATED_KIF.replace("R:２二角成(88)", "R:２一角成(88)");
    assert_eq!(
        first_problem(Form::Kif, &kif),
        ("IllegalMovement".into(), Some(3), "２一角成(88)".into())
    );
    // Black has used its R already: the card letter is at fault.
    let kif = ANNOTATED_KIF.replace("先手のカード：QTRPIABDGSWC", "先手のカード：QTPIABDGSWC");
    assert_eq!(
        first_problem(Form::Kif, &kif),
        ("CardNotHeld".into(), Some(3), "R".into())
    );
    let csa = "V3.0\n$CARDS+:QTPIABDGSWC\n$CARDS-:\nPI\n+\n+7776FU\n-3334FU\n+R:8822UM\n";
    assert_eq!(
        first_problem(Form::Csa, csa),
        ("CardNotHeld".into(), Some(3), "R".into())
    );
    // W may not take a royal back to hand (§2.1 W).
    let ki2 = "先手のカード：W\n後手のカード：なし\n手合割：平手\n▲W:５九玉\n";
    let (rule, ply, at) = first_problem(Form::Ki2, ki2);
    assert_eq!(
        (rule.as_str(), ply, at.as_str()),
        ("WithdrawRoyal", Some(1), "５九玉")
    );
}

#[test]
fn cli_a_kif_card_ply_that_names_no_legal_ply_makes_the_record_invalid_exit_1() {
    use std::io::Write;
    let bad = ANNOTATED_KIF.replace("R:２二角成(88)", "R:２一角成(88)");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hensoku"))
        .args([
            "validate",
            "--game",
            "shogi-cards",
            "--from",
            "kif",
            "--json",
            "-",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(bad.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["valid"], false);
    assert_eq!(v["errors"][0]["rule"], "IllegalMovement");
    assert_eq!(v["errors"][0]["ply"], 3);
}

#[test]
fn ki2_reads_words_that_are_not_needed() {
    let p = pos("8k/9/7B1/9/9/9/9/9/4K4 b - 1");
    let want = parse_ply("R:2c8g+").unwrap().0;
    assert_eq!(parse_in(Form::Ki2, &p, "▲R:８七角成", None).unwrap(), want);
    assert_eq!(
        parse_in(Form::Ki2, &p, "▲R:８七角左引成", None).unwrap(),
        want,
        "one bishop: the words change nothing"
    );
    let d = pos("8k/9/9/9/9/9/9/9/4K4 b S 1");
    assert_eq!(
        parse_in(Form::Ki2, &d, "▲I:５五銀打", None).unwrap(),
        parse_ply("I:S*5e").unwrap().0,
        "打 where no board silver could go"
    );
    // Two golds could go to 5b: without the word the text fits two plies and is refused.
    let two = pos("4k4/9/3G1G3/9/9/9/9/9/4K4 b - 1");
    assert!(parse_in(Form::Ki2, &two, "▲P:５二金成", None).is_err());
}

#[test]
fn cli_an_empty_card_record_is_unreadable_exit_2_in_every_notation() {
    for from in ["usi", "csa", "kif", "ki2"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hensoku"))
            .args(["validate", "--game", "shogi-cards", "--from", from, "-"])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{from}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("the input is empty"),
            "{from}"
        );
    }
}
