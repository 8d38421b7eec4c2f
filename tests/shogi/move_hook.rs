//! The readers' move-token hook: a notation that extends shogi's moves (card shogi's card
//! plies) has its own tokens handed back as written, in place, with their spans, times and
//! comments, while everything else reads as for shogi.

use hensoku::Span;
use hensoku::shogi::{Color, MoveText, Record, csa, ki2, kif};

/// Claims a token that starts (after any sign or turn mark) with `X:`, up to a blank.
fn x_moves(token: &str) -> Option<usize> {
    let body = token.trim_start_matches(['+', '-', '▲', '△']);
    body.starts_with("X:")
        .then(|| token.find([' ', '　', ',']).unwrap_or(token.len()))
}

/// Each move's text as the source writes it at its span, and whether it was claimed.
fn written<'a>(rec: &Record, text: &'a str) -> Vec<(&'a str, bool)> {
    rec.moves
        .iter()
        .map(|m| {
            let claimed =
                matches!(&m.text, MoveText::Claimed(t) if t == &text[m.span.offset..m.span.end()]);
            (&text[m.span.offset..m.span.end()], claimed)
        })
        .collect()
}

#[test]
fn kif_move_tokens_a_hook_claims_keep_their_spans_times_and_comments() {
    let text = "手合割：平手\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 X:long-token   ( 0:02/00:00:02)\n*a comment\n   3 ２六歩(27)\n";
    let rec = kif::parse_record_with(text, &mut x_moves).unwrap();
    assert_eq!(
        written(&rec, text),
        [
            ("７六歩(77)", false),
            ("X:long-token", true),
            ("２六歩(27)", false)
        ]
    );
    assert_eq!(rec.moves[1].time.as_deref(), Some(" 0:02/00:00:02"));
    assert_eq!(rec.moves[1].comments, ["a comment"]);
    // without the hook the token is not a KIF move
    assert_eq!(kif::parse_record(text).unwrap_err().rule.name(), "Syntax");
    // a hook that claims nothing reads as the plain reader does
    let plain = "手合割：平手\n   1 ７六歩(77)\n";
    assert_eq!(
        kif::parse_record_with(plain, &mut |_| None).unwrap(),
        kif::parse_record(plain).unwrap()
    );
}

#[test]
fn ki2_move_tokens_a_hook_claims_may_share_a_line() {
    let text = "手合割：平手\n▲７六歩　△X:token　▲２六歩\n";
    let rec = ki2::parse_record_with(text, &mut x_moves).unwrap();
    assert_eq!(
        written(&rec, text),
        [("▲７六歩", false), ("△X:token", true), ("▲２六歩", false)]
    );
}

#[test]
fn csa_move_tokens_a_hook_claims_may_hold_commas_and_name_the_first_mover() {
    let text = "PI\n-X:a,b,T12\n+2726FU\n";
    let mut claim = |t: &str| {
        t.starts_with("-X:")
            .then(|| t.find(",T").unwrap_or(t.len()))
    };
    let rec = csa::parse_record_with(text, &mut claim).unwrap();
    assert_eq!(written(&rec, text), [("-X:a,b", true), ("+2726FU", false)]);
    assert_eq!(rec.moves[0].time.as_deref(), Some("T12"));
    assert_eq!(rec.moves[1].span, Span::new(14, 7));
    // no side line: the claimed first move's sign names the side to move
    assert_eq!(rec.start.side, Color::White);
}
