//! Tsume with cards (§4): the generic solver over [`CardPosition`]. Attacker plies are the
//! legal checking plies, card plies included; the defender answers with every legal ply,
//! its cards included. Wasted card plies (§2.2.4) are pruned on both sides, except I,
//! whose protection is the point of the card.

use crate::core::Game;
use crate::games::shogi::solve::unknown_answer;
use crate::games::shogi::tables::between;
use crate::games::shogi::types::{Move, Square};
use crate::solver::dfpn::UNBOUNDED;
use crate::solver::{
    Answer, Extension, Extractor, Length, Limits, MateSearch, NoExtension, Outcome, Searcher, Unit,
    Verdict,
};

use super::card::Card;
use super::cardmoves::{checking_plies, legal_plies};
use super::notation::ply_text;
use super::position::{Action, CardMove, CardPosition, royals};
use super::rules::check_ply;

impl Game for CardPosition {
    type Move = CardMove;
    fn legal_moves(&self) -> Vec<CardMove> {
        legal_plies(self)
    }
    fn after(&self, mv: CardMove) -> Self {
        CardPosition::after(self, mv)
    }
    fn key(&self) -> u64 {
        CardPosition::key(self)
    }
    fn in_check(&self) -> bool {
        CardPosition::in_check(self)
    }
    fn move_text(&self, mv: CardMove) -> String {
        ply_text(mv)
    }
}

/// Is this card ply a wasted use: the same action without the card is legal and reaches
/// the same board and hands? (Then it is never better than the plain ply, §2.2.4.)
pub fn is_wasted(pos: &CardPosition, mv: CardMove) -> bool {
    let (Some(card), Action::Std(m)) = (mv.card, mv.action) else {
        return false;
    };
    if card == Card::I {
        return false;
    }
    let plain = CardMove::plain(m);
    match check_ply(pos, plain) {
        Ok(after) => after.shogi() == pos.after(mv).shogi(),
        Err(_) => false,
    }
}

fn pruned(pos: &CardPosition, v: Vec<CardMove>) -> Vec<CardMove> {
    v.into_iter().filter(|&m| !is_wasted(pos, m)).collect()
}

impl MateSearch for CardPosition {
    fn attacker_moves(&self) -> Vec<CardMove> {
        pruned(self, checking_plies(self))
    }

    fn defender_moves(&self) -> Vec<CardMove> {
        pruned(self, legal_plies(self))
    }

    fn futility_probes(&self, defence: CardMove) -> Vec<CardPosition> {
        interposition_probes(self, defence)
    }

    /// Pieces in the attacker's hand first, then its unused cards (§4.5).
    fn attacker_leftover(&self) -> u32 {
        let att = self.side_to_move().flip();
        let pieces: u32 = self.shogi().hand(att).iter().map(|&n| n as u32).sum();
        pieces * 16 + self.cards(att).len()
    }
}

/// For an interposition (ordinary or by card G, D or C) against a single distant checker:
/// the positions after the checker takes the interposed piece, the piece handed back to
/// the defender. An invincible silver cannot be taken at once, so an I interposition is
/// never futile (§4.6).
fn interposition_probes(pos: &CardPosition, defence: CardMove) -> Vec<CardPosition> {
    let def = pos.side_to_move();
    let att = def.flip();
    let r = royals(pos.shogi(), def);
    if r.count_ones() != 1 || defence.card == Some(Card::I) {
        return Vec::new();
    }
    let king = Square(r.trailing_zeros() as u8);
    let to = match defence.action {
        Action::Std(m) if m.from() != Some(king) => m.to(),
        Action::PromotedDrop { to, .. } => to,
        _ => return Vec::new(),
    };
    let checkers = pos.shogi().attackers_of(king, att);
    if checkers.count_ones() != 1 {
        return Vec::new();
    }
    let checker = Square(checkers.trailing_zeros() as u8);
    if !between(checker, king, to) {
        return Vec::new();
    }
    let after = pos.after(defence);
    let Some(piece) = after.shogi().piece_at(to) else {
        return Vec::new();
    };
    if piece.color != def {
        return Vec::new();
    }
    let kind = piece.kind.unpromoted();
    let mut probes = Vec::new();
    for promote in [false, true] {
        let take = CardMove::plain(Move::Board {
            from: checker,
            to,
            promote,
        });
        let Ok(mut q) = check_ply(&after, take) else {
            continue;
        };
        let b = &mut q.board;
        b.set_hand(att, kind, b.hand_count(att, kind).saturating_sub(1));
        b.set_hand(def, kind, b.hand_count(def, kind) + 1);
        probes.push(q);
    }
    probes
}

const MAX_EXACT_LENGTH: u32 = 31;

/// What a card tsume's answer adds to the shared one (under `extension` in JSON).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CardsExtension {
    /// The position states its cards field; without one, both sides hold all twelve cards
    /// (rules §4.1).
    pub cards_stated: bool,
}

impl Extension for CardsExtension {
    fn notes(&self) -> Vec<String> {
        if self.cards_stated {
            Vec::new()
        } else {
            vec!["warning: the position states no cards field; both sides hold all twelve cards (rules §4.1)".into()]
        }
    }
}

/// Solve a card tsume (the side to move attacks): the shortest mate, or one within
/// `mate_in` plies. The same answer as standard shogi's, lengths in plies.
pub fn solve(pos: &CardPosition, mate_in: Option<u32>, limits: &Limits) -> Answer {
    let mut s: Searcher<CardPosition> = Searcher::new(
        limits.entries(1024, crate::solver::table::ENTRY_BYTES, 1 << 20),
        *limits,
    );
    let mut answer = unknown_answer(mate_in, NoExtension {});
    let depth = mate_in.unwrap_or(UNBOUNDED);
    if royals(pos.shogi(), pos.side_to_move().flip()) == 0 {
        answer.result = Outcome::NoSolution;
    } else {
        answer.result = match s.prove(pos, depth) {
            Verdict::Proven => Outcome::Solved,
            Verdict::Disproven => Outcome::NoSolution,
            Verdict::Unknown => Outcome::Unknown,
        };
        if answer.result == Outcome::Solved {
            let mut ex = Extractor::new(&mut s);
            let max = mate_in.unwrap_or(MAX_EXACT_LENGTH);
            if let Ok(Some(plies)) = ex.mate_length(pos, max)
                && let Ok(line) = ex.answer(pos, plies)
            {
                let sol = &mut answer.solution;
                sol.set_line(
                    line.moves.iter().map(|&m| ply_text(m)).collect(),
                    &line.cooks,
                );
                sol.length = Length::exact(plies, Unit::Plies);
                sol.unique = Some(line.cooks.is_empty());
                let mut budget = 24;
                sol.tree = ex.tree(pos, plies, &mut budget).ok().into_iter().collect();
            }
        }
    }
    let stats = s.stats();
    answer.nodes = stats.nodes;
    answer.set_elapsed(s.elapsed());
    let incomplete = answer.result == Outcome::Solved && !answer.solution.length.exact;
    if answer.result == Outcome::Unknown || (stats.aborted && incomplete) {
        answer.stop(limits.reached(stats.nodes));
    }
    answer
}

/// Card shogi's stipulations are shogi's (ばか詰, 協力自玉詰, 自玉詰, counted in plies, the
/// attacker checking with every move); card plies count as moves, less wasted ones.
impl crate::solver::stipulated::Stipulated for CardPosition {
    const NAME: &'static str = "shogi-cards";
    const UNIT: Unit = Unit::Plies;
    const MAX_LENGTH: u32 = crate::games::shogi::bakazume::MAX_PLIES;
    const HAS_STALEMATE: bool = false;
    const FIRST_MOVER_CHECKS: bool = true;

    fn passed(&self) -> Option<Self> {
        None
    }

    fn tried_moves(&self) -> Vec<CardMove> {
        pruned(self, legal_plies(self))
    }
}
