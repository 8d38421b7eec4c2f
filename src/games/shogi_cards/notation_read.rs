//! Reading card plies in CSA, KIF and KI2 form (rules §5.3, §5.4). The card prefix is
//! checked here (letter, colon, number of parts, each with its span); the move text is then
//! resolved by matching it against the canonical text of every legal ply of that card, so
//! a reading always agrees with the printers and never accepts an illegal ply.

use crate::core::{CommonRule, Problem, Rule, Span};
use crate::games::shogi::types::Square;
use crate::games::shogi_cards::CardRule;

use super::card::Card;
use super::cardmoves::legal_plies;
use super::naive::shapes;
use super::notation::PlySpans;
use super::notation_csa::ply_csa;
use super::notation_kif::{Style, ply_kif_among};
use super::position::{Action, CardMove, CardPosition};

/// The three move forms read here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// CSA with card letters.
    Csa,
    /// KIF with card letters.
    Kif,
    /// KI2 with card letters.
    Ki2,
}

/// Print `mv` of `pos` in `form`; `legal` = the legal plies of `pos` (KI2 words need them).
pub fn print_in(
    form: Form,
    pos: &CardPosition,
    mv: CardMove,
    previous: Option<Square>,
    legal: &[CardMove],
) -> String {
    match form {
        Form::Csa => ply_csa(pos, mv),
        Form::Kif => ply_kif_among(pos, mv, previous, Style::Kif, legal),
        Form::Ki2 => ply_kif_among(pos, mv, previous, Style::Ki2, legal),
    }
}

/// A ply text split into its lead (sign or turn mark), card letter and body.
struct Split {
    lead: String,
    card: Option<(Card, Span)>,
    body: Span,
}

/// Full-width `Ｑ`…`Ｃ` to ASCII (KIF/KI2 accept both).
fn ascii_letter(c: char) -> char {
    if ('Ａ'..='Ｚ').contains(&c) {
        char::from_u32(c as u32 - 0xFEE0).unwrap_or(c)
    } else {
        c
    }
}

fn split(form: Form, text: &str) -> Result<Split, Problem> {
    let lead_len = match form {
        Form::Csa => text
            .chars()
            .next()
            .filter(|c| *c == '+' || *c == '-')
            .map_or(0, |c| c.len_utf8()),
        Form::Kif => 0,
        Form::Ki2 => text
            .chars()
            .next()
            .filter(|c| "▲△☗☖".contains(*c))
            .map_or(0, |c| c.len_utf8()),
    };
    let lead = text[..lead_len].replace('☗', "▲").replace('☖', "△");
    let rest = &text[lead_len..];
    let Some(colon) = rest.find(':') else {
        return Ok(Split {
            lead,
            card: None,
            body: Span::new(lead_len, rest.len()),
        });
    };
    let letter = &rest[..colon];
    let span = Span::new(lead_len, colon.max(1));
    let mut cs = letter.chars();
    let card = match (cs.next(), cs.next()) {
        (Some(c), None) if form != Form::Csa || c.is_ascii() => Card::from_letter(ascii_letter(c)),
        _ => None,
    }
    .ok_or_else(|| {
        Problem::new(
            CardRule::UnknownCard,
            format!("`{letter}` is not a card letter (Q T R P I A B D G S W C)"),
            span,
        )
    })?;
    let body = Span::new(lead_len + colon + 1, rest.len() - colon - 1);
    Ok(Split {
        lead,
        card: Some((card, span)),
        body,
    })
}

/// The parts of a body must match the card: two for T and S, one otherwise (§5.1).
fn check_parts(card: Card, text: &str, body: Span) -> Result<(), Problem> {
    let b = &text[body.offset..body.end()];
    let commas: Vec<usize> = b.match_indices(',').map(|(i, _)| body.offset + i).collect();
    if body.len == 0 {
        return Err(Problem::syntax(
            format!("card {} needs a move after the colon", card.letter()),
            Span::new(body.offset.saturating_sub(1), 1),
        ));
    }
    match (card.two_part(), commas.as_slice()) {
        (true, [c]) if *c + 1 < body.end() && *c > body.offset => Ok(()),
        (true, [c]) => Err(Problem::syntax(
            "a part of this two-part card ply is missing",
            Span::new(*c, 1),
        )),
        (true, _) => Err(Problem::syntax(
            format!(
                "card {} writes two moves separated by one `,`",
                card.letter()
            ),
            body,
        )),
        (false, []) => Ok(()),
        (false, [c, ..]) => Err(Problem::syntax(
            format!("card {} writes one move; no `,`", card.letter()),
            Span::new(*c, 1),
        )),
    }
}

/// The canonical spelling of aliases, so an input compares with printed text.
fn normalize(form: Form, body: &str) -> String {
    if form == Form::Csa {
        return body.to_string();
    }
    let mut s = body
        .replace('王', "玉")
        .replace('竜', "龍")
        .replace('杏', "成香")
        .replace('圭', "成桂")
        .replace('全', "成銀");
    s = s.replace("同　", "同").replace('同', "同　");
    if form == Form::Kif {
        s = s.replace("不成", "");
    }
    s
}

/// KI2 writers differ on words that are not needed (`右`, `上`, a `打` where no board
/// piece could go there): when the text without its words fits exactly one legal ply, it
/// is that ply.
fn by_ply_alone(
    pos: &CardPosition,
    sp: &Split,
    body: &str,
    previous: Option<Square>,
    legal: &[CardMove],
) -> Vec<CardMove> {
    let bare = |t: &str| {
        t.chars()
            .filter(|c| !"右左直上寄引打".contains(*c))
            .collect::<String>()
    };
    let card = sp.card.map(|(c, _)| c);
    let want = bare(body);
    let fits: Vec<CardMove> = legal
        .iter()
        .filter(|m| m.card == card || (card == Some(Card::G) && m.card == Some(Card::P)))
        .filter(|&&m| {
            let printed = print_in(Form::Ki2, pos, m, previous, legal);
            let printed_body = printed
                .split_once(':')
                .map_or(&printed[sp.lead.len()..], |(_, b)| b);
            bare(printed_body) == want
        })
        .copied()
        .collect();
    if fits.len() == 1 { fits } else { Vec::new() }
}

/// Read one ply of `pos` written in `form`. `previous` is the previous ply's last
/// destination (for 同). Spans are relative to `text`.
pub fn parse_in(
    form: Form,
    pos: &CardPosition,
    text: &str,
    previous: Option<Square>,
) -> Result<CardMove, Problem> {
    let text = text.trim_end();
    let sp = split(form, text)?;
    if let Some((card, _)) = sp.card {
        check_parts(card, text, sp.body)?;
    }
    let body = normalize(form, &text[sp.body.offset..sp.body.end()]);
    let legal = legal_plies(pos);
    let letters: Vec<Option<Card>> = match sp.card {
        Some((Card::G, _)) => vec![Some(Card::G), Some(Card::P)],
        Some((c, _)) => vec![Some(c)],
        None => vec![None],
    };
    let mut found = Vec::new();
    for &card in &letters {
        let want = match card {
            Some(c) => format!("{}{}:{body}", sp.lead, c.letter()),
            None => format!("{}{body}", sp.lead),
        };
        found.extend(
            legal
                .iter()
                .filter(|m| m.card == card)
                .filter(|&&m| print_in(form, pos, m, previous, &legal) == want),
        );
    }
    if found.is_empty() && form == Form::Ki2 {
        found = by_ply_alone(pos, &sp, &body, previous, &legal);
    }
    match (found.as_slice(), sp.card) {
        ([m], _) => Ok(*m),
        ([], Some((card, _))) => Err(Problem::new(
            CardRule::NoSuchCardPly,
            format!(
                "no legal ply with card {} is written `{}` here",
                card.letter(),
                &text[sp.body.offset..sp.body.end()]
            ),
            sp.body,
        )),
        ([], None) => Err(Problem::new(
            CommonRule::IllegalMove,
            format!("no legal move is written `{text}` here"),
            Span::new(0, text.len().max(1)),
        )),
        (_, _) => Err(Problem::new(
            CommonRule::AmbiguousMove,
            format!("`{text}` fits several legal plies"),
            Span::new(0, text.len()),
        )),
    }
}

/// Read one ply as written, legal or not: the legal ply the text names, or else the
/// well-formed ply it names that the rules forbid here, so that the validator can say
/// which rule (card not held, wrong piece, …) instead of only "no such ply". Returns the
/// spans of its card letter and parts too. Text that names no ply at all is an error.
pub fn read_ply(
    form: Form,
    pos: &CardPosition,
    text: &str,
    previous: Option<Square>,
) -> Result<(CardMove, PlySpans), Problem> {
    let mv = match parse_in(form, pos, text, previous) {
        Ok(mv) => mv,
        Err(p)
            if matches!(
                p.rule,
                Rule::Cards(CardRule::NoSuchCardPly) | Rule::Common(CommonRule::IllegalMove)
            ) =>
        {
            forbidden_ply(form, pos, text, previous).ok_or(p)?
        }
        Err(p) => return Err(p),
    };
    Ok((mv, ply_spans(form, text.trim_end())?))
}

/// The card letter's span and each part's span (T and S have two parts).
fn ply_spans(form: Form, text: &str) -> Result<PlySpans, Problem> {
    let sp = split(form, text)?;
    let body = &text[sp.body.offset..sp.body.end()];
    let parts = match body.find(',') {
        Some(c) if sp.card.is_some_and(|(card, _)| card.two_part()) => [
            Span::new(sp.body.offset, c),
            Span::new(sp.body.offset + c + 1, body.len() - c - 1),
        ],
        _ if sp.card.is_some() => [sp.body, Span::default()],
        _ => [Span::new(0, text.len()), Span::default()],
    };
    Ok(PlySpans {
        card: sp.card.map(|(_, s)| s),
        parts,
    })
}

/// Does every piece the ply moves stand on the board as the mover's? Only such plies are
/// worth printing when looking for what an illegal text meant.
fn moves_own_pieces(pos: &CardPosition, mv: CardMove) -> bool {
    let us = pos.side_to_move();
    let ours = |sq: Square| pos.shogi().piece_at(sq).is_some_and(|p| p.color == us);
    match mv.action {
        Action::Std(m) => m.from().is_none_or(ours),
        Action::PromotedDrop { .. } => true,
        Action::Swap { rook, other, .. } => ours(rook) && ours(other),
        Action::Twice { first, .. } => first.from().is_some_and(ours),
        Action::Withdraw { from } => ours(from),
    }
}

/// The illegal but well-formed ply whose canonical text is `text`, if there is one.
fn forbidden_ply(
    form: Form,
    pos: &CardPosition,
    text: &str,
    previous: Option<Square>,
) -> Option<CardMove> {
    let text = text.trim_end();
    let sp = split(form, text).ok()?;
    let body = normalize(form, &text[sp.body.offset..sp.body.end()]);
    let legal = legal_plies(pos);
    let cards = match sp.card {
        Some((Card::G, _)) => vec![Some(Card::G), Some(Card::P)],
        Some((c, _)) => vec![Some(c)],
        None => vec![None],
    };
    let mut found = None;
    for card in cards {
        let want = match card {
            Some(c) => format!("{}{}:{body}", sp.lead, c.letter()),
            None => format!("{}{body}", sp.lead),
        };
        shapes(pos, card, |m| {
            if found.is_none()
                && moves_own_pieces(pos, m)
                && print_in(form, pos, m, previous, &legal) == want
            {
                found = Some(m);
            }
        });
    }
    found
}
