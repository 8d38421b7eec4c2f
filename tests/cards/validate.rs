//! Card-shogi records: replay, results, and the diagnostics of illegal card plies (each
//! names its rule and points at the card letter or the offending move).

use hensoku::Problem;
use hensoku::shogi_cards::notation::{parse_record, print_record};
use hensoku::shogi_cards::validate as replay;

fn render(text: &str, p: &Problem) -> String {
    let lead = text[..p.span.offset].chars().count();
    let marks = text[p.span.offset..p.span.end()].chars().count().max(1);
    format!(
        "{}: {} (bytes {}..{})\n{}\n{}{}",
        p.rule.name(),
        p.message,
        p.span.offset,
        p.span.end(),
        text,
        " ".repeat(lead),
        "^".repeat(marks)
    )
}

/// The first problem of a record (syntax or rules), rendered.
fn diagnose(text: &str) -> String {
    match parse_record(text) {
        Err(p) => render(text, &p),
        Ok(rec) => {
            let r = replay(&rec);
            let p = r
                .problems
                .first()
                .unwrap_or_else(|| panic!("no problem found in {text}"));
            render(text, p)
        }
    }
}

#[test]
fn a_legal_card_game_replays_and_round_trips() {
    let text = "position startpos moves 7g7f 3c3d R:8h2b+ 3a2b W:2i B:1a1e T:2h2g,2g2h";
    let rec = parse_record(text).unwrap();
    let r = replay(&rec);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.plies.len(), 7);
    let printed = print_record(&rec.start, &r.plies);
    let again = replay(&parse_record(&printed).unwrap());
    assert_eq!(again.plies, r.plies);
    assert_eq!(again.end, r.end);
    assert!(printed.contains("QTRPIABDGSWCqtrpiabdgswc"));
}

#[test]
fn card_mate_is_detected() {
    let r = replay(
        &parse_record("sfen 8k/9/9/7L1/9/9/9/9/9 b S2r2b4g3s4n3l18p 1 I - moves I:S*1b").unwrap(),
    );
    assert_eq!(
        r.result,
        (Some("black".to_string()), "checkmate".to_string())
    );
    let r = replay(
        &parse_record("sfen 8k/9/9/7L1/9/9/9/9/9 b S2r2b4g3s4n3l18p 1 I - moves S*1b").unwrap(),
    );
    assert_eq!(r.result.1, "unfinished");
}

#[test]
fn repetition_counts_cards_and_effects() {
    // The same board four times, but a card spent in between makes the positions differ.
    let text = "position startpos moves 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i W:9a 5i5h 5b5a 5h5i";
    let r = replay(&parse_record(text).unwrap());
    assert_eq!(r.result.1, "unfinished", "{:?}", r.problems);
    let text =
        "position startpos moves 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a";
    let r = replay(&parse_record(text).unwrap());
    assert_eq!(r.result.1, "repetition");
}

#[test]
fn illegal_card_plies_are_diagnosed() {
    let cases = [
        // card already used
        "position startpos moves W:9i 3c3d W:8i",
        // card not held at all
        "position sfen 4k4/9/9/9/9/9/9/1R7/4K4 b - 1 qtrpiabdgswc - moves W:8h",
        // wrong target piece
        "position startpos moves A:8h7f",
        // R ban: a reflected path meets the enemy king
        "position sfen 9/9/3k3B1/9/9/9/9/9/8K b - 1 R - moves R:2c3d",
        // A ban
        "position sfen 9/9/9/9/9/2k6/4N4/9/8K b - 1 A - moves A:5g4e",
        // B ban
        "position sfen 4k4/9/4p4/9/9/9/9/9/4L3K b - 1 B - moves B:5i5b",
        // S gives check with its first move
        "position sfen 4k4/9/9/9/9/9/9/1R7/4K4 b - 1 S - moves S:8h5h,5h6h",
        // G gives check
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 b R 1 G - moves G:+R*5e",
        // C would flip a king
        "position sfen 9/9/4L4/4k4/9/9/9/9/K8 b S 1 C - moves C:S*5e",
        // W on a royal
        "position startpos moves W:5i",
        // the invincible silver captured
        "position sfen 4k4/9/9/9/9/9/r8/4S4/4K4 b - 1 I - moves I:5h4g 9g4g",
        // nifu outside the D allowance
        "position sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 - - moves P*5e",
        "position sfen 4k4/9/9/9/4P4/9/4P4/9/4K4 b P 1 D Db5 moves D:P*5c",
        // two cards in one ply
        "position startpos moves R:S:8h2b+",
        // malformed two-part ply
        "position startpos moves T:2h5i,",
        // unknown card letter
        "position startpos moves X:7g7f",
        // P must promote
        "position sfen 4k4/9/9/4G4/9/9/9/9/4K4 b - 1 P - moves P:5d5c",
    ];
    let mut out = String::new();
    for t in cases {
        out.push_str(&diagnose(t));
        out.push_str("\n\n");
    }
    insta::assert_snapshot!("card_ply_diagnostics", out);
}
