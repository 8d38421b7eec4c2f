//! Every rule a 5D record can break is named at the text that breaks it: illegal actions,
//! bad set-ups, unreadable text, and the data's real defects (read with a warning).

use hensoku::Problem;
use hensoku::fived::pgn;
use hensoku::fived::validate as replay;

const STD: &str = "[Board \"Standard\"]\n";
/// Three timelines; the pawn on +1 has moved, so it may not step two timelines.
const THREE: &str = "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/K4:-1:1:w]\n[4k/5/5/5/K4:0:1:w]\n[4k/5/5/4P/K4:1:1:w]\n";

/// One line per problem: kind, rule, ply, the text it points at, and its message.
fn describe(text: &str) -> String {
    let line = |kind: &str, p: &Problem| {
        let at = text
            .get(p.span.offset..p.span.end())
            .unwrap_or("?")
            .replace('\n', "⏎");
        format!(
            "  {kind} {} (ply {:?}) at `{at}`: {}\n",
            p.rule.name(),
            p.ply,
            p.message
        )
    };
    let rec = match pgn::parse(text) {
        Ok(rec) => rec,
        Err(p) => return line("error", &p),
    };
    let r = replay(&rec, text);
    let mut out: String = r.problems.iter().map(|p| line("error", p)).collect();
    out.extend(r.warnings.iter().map(|p| line("warning", p)));
    out
}

#[test]
fn every_rule_is_named_at_its_text() {
    let cases = [
        // Illegal actions.
        format!("{STD}1. e4 / e5\n2. (0T2)Nb1>>(0T1)b3 / (0T2)Nb8c6\n3. (0T3)Nf3\n"),
        format!("{STD}1. e4 / e5\n2. (0T2)Nb1>>(0T1)b3 / (0T2)Nb8c6\n"),
        format!("{STD}1. (3T1)e4\n"),
        format!("{STD}1. (-0T1)e4\n"),
        format!("{STD}1. e4 / e5\n2. (0T1)Ng1f3\n"),
        format!("{STD}1. f3 / e5\n2. g4 / Qh4\n3. a3\n"),
        format!("{STD}1. O-O\n"),
        format!("{STD}1. e4 / e5\n2. e9\n"),
        format!("{STD}1. d3 / a6\n2. Nf3 / a5\n3. Nd2\n"),
        format!("{THREE}1. (1T1)e2>(-1T1)e2\n"),
        format!("{}1. (1T1)e2>(-1T1)e2\n", THREE.replace("4P/", "4P*/")),
        format!("{STD}1w. e4\n1w. e5\n"),
        // Set-ups.
        "[Board \"Misc - Nowhere\"]\n1. e4\n".to_string(),
        "[Board \"custom\"]\n1. e4\n".to_string(),
        "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/K1R:0:1:w]\n".to_string(),
        "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/K4:0:1:w]\n[4k/5/5/5/K4:2:1:w]\n".to_string(),
        "[Board \"custom\"]\n[InitialMultiverses \"0 1\"]\n[4k/5/5/5/K1R2:0:1:w]\n[4k/5/5/5/K1R2:-0:1:w]\n".to_string(),
        "[Board \"custom\"]\n[Size \"1x1\"]\n[K:10000:1:w]\n".to_string(),
        "[Board \"Standard\"]\n[Size \"9x9\"]\n".to_string(),
        "[Board \"Standard\"]\n[Promotions \"P\"]\n".to_string(),
        // Unreadable text.
        "[Board \"Standard\"\n1. e4\n".to_string(),
        format!("{STD}1. (0T1)e4 / (0T1)e5 {{open"),
        format!("{STD}1. (0T1e4\n"),
        // Marks that say something false, read with a warning.
        format!("{STD}1. e4 / e5\n2. Nf3 (~T5)\n"),
        format!("{STD}1. e4 / e5\n2. Nf3~\n"),
        format!("{STD}1. e4 / e5\n2. Qh5+ / Nc6\n"),
        format!("{STD}1. e3 / e6\n2. (0T2)Ng1>>(0T1)g3 (>L-1) / (1T1)Nb8c6 (>L2)\n"),
        format!("{STD}1. e3 / e6\n2. (0T2)Ng1>>(0T1)g3 (>L1)\n"),
        "[Board \"Standard - Two Timelines\"]\n1. (0T1)e4 (-0T1)e4\n".to_string(),
    ];
    let mut out = String::new();
    for text in &cases {
        out.push_str(&format!("{text}\n{}\n", describe(text)));
    }
    insta::assert_snapshot!("fived_rules", out);
}

/// The data's real defects: each file is read to its end, the defect named in a warning.
/// The false check marks were confirmed apart from this code: 5d-chess-js 1.2.1 finds black
/// not in check after `standard-checkmate-4`'s `*`, and accepts the non-rewinding answer
/// `(0T13)c5 (1T10)hxg6` to `tesseractMageOChicken`'s `*`; `e3` comments its `#` as
/// "softmate", and in `aivsai` white answers the `#` by a jump to the past.
#[test]
fn data_defects_are_warnings_at_their_text() {
    let files = [
        "adri326__5dchess-tools@v2/tests/games/puzzles/rook-tactics-3.5dpgn",
        "adri326__5dchess-tools@v2/tests/games/standard-checkmate-4.5dpgn",
        "adri326__5dchess-tools@v2/tests/games/standard-nonmate.5dpgn",
        "adri326__5dchess-notation/test/1.4.5dpgn",
        "penteract__cwmtt/tests/5dpgn/many2.5dpgn",
        "adri326__5dchess-notation/test/aivsai.5dpgn",
        "adri326__5dchess-notation/test/e3.5dpgn",
        "penteract__cwmtt/tests/5dpgn/tesseractMageOChicken.5dpgn",
    ];
    let mut out = String::new();
    for f in files {
        let text = public_text!(format!("5d/{f}"));
        out.push_str(&format!("{f}\n{}\n", describe(&text)));
    }
    insta::assert_snapshot!("fived_data_defects", out);
}
