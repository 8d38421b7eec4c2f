//! Card notations over the standard ones: SFEN-C positions and USI-style card plies
//! (rules §5.2, §5.5). The card prefix is read here and the rest is handed to standard
//! shogi's parsers, so plain moves read exactly as in shogi.

use crate::core::{CommonRule, Problem, Span};
use crate::games::shogi::ShogiRule;
use crate::games::shogi::notation::{sfen, usi};
use crate::games::shogi::position::Position;
use crate::games::shogi::setup::side_name;
use crate::games::shogi::types::{Color, Kind, Move, Piece, Square};
use crate::games::shogi_cards::CardRule;

use super::card::{Card, CardSet};
use super::position::{Action, CardMove, CardPosition, pawns_on_file, royal_attacked, royals};
use super::setup::CardSetup;

// ---------------------------------------------------------------- SFEN-C

/// Read an SFEN-C position. Returns the position and whether the cards field was given
/// (a card tsume must state it, §4.1; without it both sides hold all twelve cards).
pub fn parse_sfen_c(text: &str) -> Result<(CardPosition, bool), Problem> {
    let (setup, board_span) = parse_setup_spanned(text)?;
    if let Some(p) = setup.problems(board_span).into_iter().next() {
        return Err(p);
    }
    Ok((setup.build(), setup.cards.is_some()))
}

/// Read an SFEN-C set-up, checked for its syntax only (the set-up's module checks the
/// rules).
pub fn parse_setup(text: &str) -> Result<CardSetup, Problem> {
    parse_setup_spanned(text).map(|(setup, _)| setup)
}

/// [`parse_setup`], and where the board field stands (every rule's problem points there).
fn parse_setup_spanned(text: &str) -> Result<(CardSetup, Span), Problem> {
    let fields: Vec<(&str, Span)> = text
        .split_ascii_whitespace()
        .map(|f| (f, Span::of(text, f)))
        .collect();
    if fields.len() < 3 {
        return Err(Problem::syntax(
            "an SFEN needs at least three fields: board, side to move, hand",
            Span::new(0, text.len()),
        ));
    }
    let mut next = 3;
    if fields
        .get(3)
        .is_some_and(|f| f.0.bytes().all(|c| c.is_ascii_digit()))
    {
        next = 4;
    }
    let std_end = fields[next - 1].1.end();
    // The Crown Prince `+G` is no standard SFEN piece: read it as `+P` (same length, so the
    // standard parser's spans stay right) and put the prince back afterwards.
    let board_text = fields[0].0;
    let std_text = text[..std_end].replacen(
        board_text,
        &board_text.replace("+G", "+P").replace("+g", "+p"),
        1,
    );
    let mut setup = sfen::parse_setup(&std_text)?;
    for (sq, color) in prince_squares(board_text) {
        setup.board[sq.index()] = Some(Piece::new(color, Kind::ProGold));
    }
    let board_span = fields[0].1;
    let cards = match fields.get(next) {
        Some(&(t, span)) => Some(parse_cards(t, span)?),
        None => None,
    };
    let (invincible, dfiles) = match fields.get(next + 1) {
        Some(&(t, span)) => parse_effects(t, span)?,
        None => (None, [0; 2]),
    };
    if let Some(&(_, span)) = fields.get(next + 2) {
        return Err(Problem::syntax(
            "unexpected text after the SFEN-C effects field",
            span,
        ));
    }
    let setup = CardSetup {
        board: setup,
        cards,
        invincible,
        dfiles,
    };
    Ok((setup, board_span))
}

/// The SFEN-C of a set-up: the SFEN, then the cards and effects fields when it states its
/// cards (an unstated cards field stays unstated).
pub fn setup_to_sfen_c(setup: &CardSetup) -> String {
    let mut s = sfen::setup_to_sfen(&setup.board);
    if let Some([black, white]) = setup.cards {
        s.push(' ');
        s.push_str(&cards_text(black, white));
        s.push(' ');
        s.push_str(&effects_text(setup.invincible, &setup.dfiles));
    }
    s
}

fn prince_squares(board: &str) -> Vec<(Square, Color)> {
    let mut out = Vec::new();
    for (r, rank) in board.split('/').enumerate() {
        let mut file: i32 = 9;
        let mut plus = false;
        for ch in rank.chars() {
            match ch {
                '1'..='9' => file -= ch as i32 - '0' as i32,
                '+' => {
                    plus = true;
                    continue;
                }
                _ => {
                    if plus
                        && (ch == 'G' || ch == 'g')
                        && let Some(sq) = Square::new(file as u8, r as u8 + 1)
                    {
                        out.push((
                            sq,
                            if ch == 'G' {
                                Color::Black
                            } else {
                                Color::White
                            },
                        ));
                    }
                    file -= 1;
                }
            }
            plus = false;
        }
    }
    out
}

/// What the cards' rules say of a board: the Crown Princes, the D files' pawns, the side
/// not to move in check (a Crown Prince keeps a King attacked legal), the invincible
/// silver. Every problem, in the order the rules are checked.
pub(crate) fn card_board_problems(
    b: &Position,
    side: Color,
    dfiles: &[u16; 2],
    inv: Option<Square>,
    span: Span,
) -> Vec<Problem> {
    let mut out = Vec::new();
    for c in Color::BOTH {
        let princes = b.pieces(c, Kind::ProGold).count_ones();
        if princes > 1 {
            out.push(Problem::new(
                CardRule::TooManyPrinces,
                format!(
                    "{} has {princes} Crown Princes; one P card makes at most one",
                    side_name(c)
                ),
                span,
            ));
        }
        if princes == 1 && b.king(c).is_none() {
            out.push(Problem::new(
                CardRule::PrinceWithoutKing,
                format!("{} has a Crown Prince but no King", side_name(c)),
                span,
            ));
        }
        for f in 1..=9u8 {
            let n = pawns_on_file(b, c, f);
            let d = dfiles[c.index()] & (1 << f) != 0;
            if n > 1 && !(d && n == 2) {
                out.push(Problem::new(
                    ShogiRule::TwoPawns,
                    format!("{} has {n} unpromoted pawns on file {f}", side_name(c)),
                    span,
                ));
            }
            if d && n != 2 {
                out.push(Problem::new(
                    CardRule::InactiveDFile,
                    format!(
                        "a D file of {} holds two of its pawns; file {f} holds {n}",
                        side_name(c)
                    ),
                    span,
                ));
            }
        }
    }
    let them = side.flip();
    let r = royals(b, them);
    if r.count_ones() == 1 && royal_attacked(b, them) {
        out.push(Problem::new(
            CommonRule::OpponentInCheck,
            "the side not to move is in check, so the last ply was illegal",
            span,
        ));
    }
    if let Some(s) = inv
        && b.piece_at(s) != Some(Piece::new(them, Kind::Silver))
    {
        out.push(Problem::new(
            CardRule::InvincibleNotSilver,
            format!(
                "the invincible square {} must hold an unpromoted silver of the side that just moved",
                usi::square_text(s)
            ),
            span,
        ));
    }
    out
}

fn parse_cards(t: &str, span: Span) -> Result<[CardSet; 2], Problem> {
    let mut sets = [CardSet::EMPTY; 2];
    if t == "-" {
        return Ok(sets);
    }
    for (i, ch) in t.char_indices() {
        let at = Span::new(span.offset + i, ch.len_utf8());
        let card = Card::from_letter(ch.to_ascii_uppercase())
            .filter(|_| ch.is_ascii_alphabetic())
            .ok_or_else(|| {
                Problem::new(
                    CardRule::UnknownCard,
                    format!("`{ch}` is not a card letter (Q T R P I A B D G S W C)"),
                    at,
                )
            })?;
        let c = if ch.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        if sets[c.index()].contains(card) {
            return Err(Problem::new(
                CardRule::CardListedTwice,
                format!(
                    "{}'s card {} is listed twice; each player has one of each",
                    side_name(c),
                    card.letter()
                ),
                at,
            ));
        }
        sets[c.index()].insert(card);
    }
    Ok(sets)
}

fn parse_effects(t: &str, span: Span) -> Result<(Option<Square>, [u16; 2]), Problem> {
    let mut inv = None;
    let mut d = [0u16; 2];
    if t == "-" {
        return Ok((inv, d));
    }
    let mut offset = 0;
    for tok in t.split(',') {
        let at = Span::new(span.offset + offset, tok.len().max(1));
        offset += tok.len() + 1;
        let b = tok.as_bytes();
        match b {
            [b'I', f @ b'1'..=b'9', r @ b'a'..=b'i'] if inv.is_none() => {
                inv = Square::new(f - b'0', r - b'a' + 1);
            }
            [b'D', s @ (b'b' | b'w'), f @ b'1'..=b'9'] => {
                let c = if *s == b'b' { 0 } else { 1 };
                d[c] |= 1 << (f - b'0');
            }
            _ => {
                return Err(Problem::syntax(
                    format!("`{tok}` is not a card effect (like I5e, Db5 or Dw3; one I at most)"),
                    at,
                ));
            }
        }
    }
    Ok((inv, d))
}

/// The canonical SFEN-C of a position: all six fields.
pub fn to_sfen_c(pos: &CardPosition) -> String {
    let mut s = sfen::to_sfen(pos.shogi());
    s.push(' ');
    s.push_str(&cards_text(
        pos.cards(Color::Black),
        pos.cards(Color::White),
    ));
    s.push(' ');
    s.push_str(&effects_text(pos.invincible(), &pos.dfiles));
    s
}

/// The effects field: the invincible silver's square and the active D files, or `-`.
fn effects_text(invincible: Option<Square>, dfiles: &[u16; 2]) -> String {
    let mut fx = Vec::new();
    if let Some(sq) = invincible {
        fx.push(format!("I{}", usi::square_text(sq)));
    }
    for c in Color::BOTH {
        for f in 1..=9 {
            if dfiles[c.index()] & (1 << f) != 0 {
                fx.push(format!("D{}{f}", if c == Color::Black { 'b' } else { 'w' }));
            }
        }
    }
    if fx.is_empty() {
        "-".into()
    } else {
        fx.join(",")
    }
}

pub fn cards_text(black: CardSet, white: CardSet) -> String {
    let mut s: String = black.iter().map(|c| c.letter()).collect();
    s.extend(white.iter().map(|c| c.letter().to_ascii_lowercase()));
    if s.is_empty() { "-".into() } else { s }
}

// ---------------------------------------------------------------- USI-style plies

/// Where the parts of a ply text lie, so a diagnostic can point at the card letter or at
/// the offending component move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PlySpans {
    /// The card letter and its colon, when the ply plays a card.
    pub card: Option<Span>,
    /// The (first) move, and the second part of a T or S ply (empty otherwise).
    pub parts: [Span; 2],
}

impl PlySpans {
    /// The span of part `part` as the rule checks number them: 0 the card letter (the move
    /// when there is none), 1 the first move, 2 the second part of a T or S ply.
    pub fn of_part(&self, part: u8) -> Span {
        match part {
            0 => self.card.unwrap_or(self.parts[0]),
            2 if self.parts[1].len > 0 => self.parts[1],
            _ => self.parts[0],
        }
    }
    /// The whole ply's text.
    pub fn whole(&self) -> Span {
        let s = self.card.unwrap_or(self.parts[0]).join(self.parts[0]);
        if self.parts[1].len > 0 {
            s.join(self.parts[1])
        } else {
            s
        }
    }
}

fn board_part(text: &str, span: Span, what: &str) -> Result<(Square, Square, bool), Problem> {
    match usi::parse_move(text) {
        Ok(Move::Board { from, to, promote }) => Ok((from, to, promote)),
        _ => Err(Problem::syntax(
            format!("`{text}` is not {what} (a board move like 2c8g or 2c8g+)"),
            span,
        )),
    }
}

fn square_part(text: &str, span: Span) -> Result<Square, Problem> {
    let b = text.as_bytes();
    match b {
        [f @ b'1'..=b'9', r @ b'a'..=b'i'] => {
            Ok(Square::new(f - b'0', r - b'a' + 1).expect("in range"))
        }
        _ => Err(Problem::syntax(
            format!("`{text}` is not a square like 3c"),
            span,
        )),
    }
}

/// Read one ply in USI-style text: a plain USI move or `<card>:<move>` (rules §5.2). The
/// seed's `G:` on a board move is read as card P (§2.1).
pub fn parse_ply(text: &str) -> Result<(CardMove, PlySpans), Problem> {
    let whole = Span::new(0, text.len());
    let Some((letter, rest)) = text.split_once(':') else {
        let m = usi::parse_move(text)?;
        return Ok((
            CardMove::plain(m),
            PlySpans {
                card: None,
                parts: [whole, Span::default()],
            },
        ));
    };
    let card_span = Span::new(0, letter.len());
    let mut chars = letter.chars();
    let card = match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii() => Card::from_letter(c),
        _ => None,
    }
    .ok_or_else(|| {
        Problem::new(
            CardRule::UnknownCard,
            format!("`{letter}` is not a card letter (Q T R P I A B D G S W C)"),
            card_span,
        )
    })?;
    let rest_off = letter.len() + 1;
    let rest_span = Span::new(rest_off, rest.len());
    if let Some(colon) = rest.find(':') {
        let second = rest[..colon].rfind(',').map_or(0, |c| c + 1);
        return Err(Problem::new(
            CardRule::TwoCards,
            "a ply uses at most one card; two cards can never be combined (§2.2)",
            Span::new(rest_off + second, colon + 1 - second),
        ));
    }
    let mut spans = PlySpans {
        card: Some(card_span),
        parts: [rest_span, Span::default()],
    };
    let std = |m: Move| Action::Std(m);
    let action = if card.two_part() {
        let Some((a, b)) = rest.split_once(',') else {
            return Err(Problem::syntax(
                format!("card {} writes two moves separated by `,`", card.letter()),
                rest_span,
            ));
        };
        let a_span = Span::new(rest_off, a.len());
        let b_span = Span::new(rest_off + a.len() + 1, b.len());
        spans.parts = [a_span, b_span];
        if b.is_empty() {
            return Err(Problem::syntax(
                "the second part of this two-part card ply is missing",
                Span::new(b_span.offset - 1, 1),
            ));
        }
        let (f1, t1, p1) = board_part(a, a_span, "the first part")?;
        let (f2, t2, p2) = board_part(b, b_span, "the second part")?;
        if card == Card::T {
            if f2 != t1 || t2 != f1 {
                return Err(Problem::syntax(
                    "card T's second part must be the reverse of the rook's move",
                    b_span,
                ));
            }
            Action::Swap {
                rook: f1,
                other: t1,
                rook_promotes: p1,
                other_promotes: p2,
            }
        } else {
            Action::Twice {
                first: Move::Board {
                    from: f1,
                    to: t1,
                    promote: p1,
                },
                second: Move::Board {
                    from: f2,
                    to: t2,
                    promote: p2,
                },
            }
        }
    } else {
        match card {
            Card::W => Action::Withdraw {
                from: square_part(rest, rest_span)?,
            },
            Card::G if rest.starts_with('+') => {
                let b = rest.as_bytes();
                let kind = (b.len() == 5 && b[2] == b'*')
                    .then(|| Kind::from_usi_letter(b[1] as char))
                    .flatten()
                    .filter(|k| k.can_promote() && b[1].is_ascii_uppercase())
                    .ok_or_else(|| {
                        Problem::syntax(
                            format!("`{rest}` is not a promoted drop like +P*5b"),
                            rest_span,
                        )
                    })?;
                Action::PromotedDrop {
                    kind,
                    to: square_part(&rest[3..], Span::new(rest_off + 3, 2))?,
                }
            }
            Card::Q | Card::R | Card::A | Card::B | Card::P | Card::G => {
                let (from, to, promote) = board_part(rest, rest_span, "a board move")?;
                std(Move::Board { from, to, promote })
            }
            Card::D | Card::I | Card::C => std(usi::parse_move(rest).map_err(|_| {
                Problem::syntax(
                    format!("`{rest}` is not a move like 7g7f or S*5e"),
                    rest_span,
                )
            })?),
            Card::T | Card::S => unreachable!("two-part cards handled above"),
        }
    };
    // The seed's G on a gold's board move is 出世 (P); G's own shape is the promoted drop.
    let card = if card == Card::G && matches!(action, Action::Std(_)) {
        Card::P
    } else {
        card
    };
    Ok((CardMove::with(card, action), spans))
}

/// The canonical USI-style text of a ply.
pub fn ply_text(mv: CardMove) -> String {
    let body = match mv.action {
        Action::Std(m) => usi::move_text(m),
        Action::PromotedDrop { kind, to } => {
            format!("+{}*{}", kind.usi_letter(), usi::square_text(to))
        }
        Action::Swap {
            rook,
            other,
            rook_promotes,
            other_promotes,
        } => format!(
            "{}{}{},{}{}{}",
            usi::square_text(rook),
            usi::square_text(other),
            if rook_promotes { "+" } else { "" },
            usi::square_text(other),
            usi::square_text(rook),
            if other_promotes { "+" } else { "" }
        ),
        Action::Twice { first, second } => {
            format!("{},{}", usi::move_text(first), usi::move_text(second))
        }
        Action::Withdraw { from } => usi::square_text(from),
    };
    match mv.card {
        Some(c) => format!("{}:{body}", c.letter()),
        None => body,
    }
}
