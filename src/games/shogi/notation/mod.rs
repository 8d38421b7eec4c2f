//! Shogi notations, one file each. Parsers know nothing of legality; printers are canonical.

pub mod csa;
pub mod encoding;
pub mod ki2;
pub mod kif;
pub mod sfen;
pub mod usi;

/// A move-token hook of the KIF, KI2 and CSA readers, for notations that extend shogi's
/// moves (card shogi's card plies, read by their own rules). The reader calls it at each
/// move token with the text from the token's first character to the end of its line
/// (KIF: after the move number; KI2: from the turn mark; CSA: from the sign, before
/// v2.2's commas split the line, since an extended move may hold commas). `Some(len)`
/// claims the first `len` bytes as one move, kept as written
/// ([`MoveText::Claimed`](crate::shogi::MoveText::Claimed)) with its span,
/// time and comments like any move; `None` leaves the token to shogi's own grammar.
pub type MoveHook<'a> = dyn FnMut(&str) -> Option<usize> + 'a;

/// The text `hook` claims at the start of `token`, if any (never empty, always whole
/// characters).
pub(crate) fn claimed<'t>(hook: &mut MoveHook<'_>, token: &'t str) -> Option<&'t str> {
    hook(token).filter(|&n| n > 0).and_then(|n| token.get(..n))
}
