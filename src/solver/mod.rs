//! Generic mate solving: a df-pn proof search over any [`Game`] that says which moves the
//! attacker may make, then a second, exact pass that extracts the answer a composer expects
//! (shortest mate, longest defence, futile interpositions not counted, cooks reported).
//!
//! The solver knows no game: everything game-specific comes through [`MateSearch`]. A game
//! whose attacker plies include card plays (card shogi) only has to yield them from
//! `attacker_moves`; a ply is whatever `Game::Move` is.

pub mod answer;
pub mod clock;
pub mod dfpn;
pub mod hand;
pub mod help;
mod move_counts;
mod prefetch;
pub mod selfmate;
pub mod shortest;
pub mod stipulated;
pub mod table;
pub mod tree;

use crate::core::Game;

pub use answer::{
    Answer, AttackNode, DefenceNode, Extension, Goal, HelpSolutions, Length, Limit, Limits,
    NoExtension, Outcome, Play, Solution, Stipulation, StipulationError, Try, Unit,
};
pub use dfpn::{Searcher, Stats, Verdict};
pub use hand::{HandField, Hands, NodeKey};
pub use tree::Extractor;

/// Hooks a game provides so that the generic search can solve mate problems in it.
///
/// The side to move at the root is the attacker. A position where the side to move is the
/// attacker is an OR node (one good move suffices), the others AND nodes (every reply must
/// be answered).
pub trait MateSearch: Game {
    /// The moves the attacker may make (in tsume: the legal checks), in a fixed order.
    fn attacker_moves(&self) -> Vec<Self::Move>;

    /// The defender's replies (all legal moves), in a fixed order.
    fn defender_moves(&self) -> Vec<Self::Move> {
        self.legal_moves()
    }

    /// `self.after(mv).key()`; a game may compute it without making the move (the search
    /// reads the table for every child but plays only the ones it descends into).
    fn key_after(&self, mv: Self::Move) -> u64 {
        self.after(mv).key()
    }

    /// The layout of the attacker's hand in [`Self::node_key`] (see [`hand`]); none by
    /// default: a game without hands keys its nodes by `key` alone.
    const HAND_FIELDS: &'static [HandField] = &[];

    /// The table key of this position: the board apart from the attacker's hand (`or`: the
    /// attacker is to move here). Games with hands override it together with the hand hooks
    /// below, so that the table can use the superiority relation (see [`hand`]).
    fn node_key(&self, _or: bool) -> NodeKey {
        NodeKey::plain(self.key())
    }

    /// `self.after(mv).node_key(!or)` (`or`: the attacker is to move here).
    fn node_key_after(&self, mv: Self::Move, _or: bool) -> NodeKey {
        NodeKey::plain(self.key_after(mv))
    }

    /// The attacker's hand before its move `mv` (from `self`), given a proof or disproof
    /// hand after it: one more of a dropped kind, one less of a captured kind.
    fn hand_before_attack(&self, _mv: Self::Move, after: u32) -> u32 {
        after
    }

    /// The proof hand of this defender node (to move, every reply answered) from the
    /// largest of its replies' proof hands: a defender who is short of a kind to interpose
    /// stays short only while the attacker keeps every piece of it.
    fn proof_hand_of_defence(&self, merged: u32) -> u32 {
        merged
    }

    /// The disproof hand of this attacker node (to move, every check refuted) from the
    /// smallest of its checks' disproof hands: a kind the attacker lacks could give new
    /// checks, so the disproof holds only while it still lacks it.
    fn disproof_hand_of_attack(&self, merged: u32) -> u32 {
        merged
    }

    /// The disproof hand of this defender node refuted by its reply `mv`, given the reply's
    /// own: a dropped kind must stay in the defender's hand.
    fn disproof_hand_through_defence(&self, _mv: Self::Move, child: u32) -> u32 {
        child
    }

    /// The proof number a defender node (to move) starts with before it is searched: its
    /// replies, each group of [`Self::defence_groups`] counted once (the search takes a
    /// group's defences one after another). 0 exactly when it has no reply. A game may
    /// count without listing the replies.
    fn defence_estimate(&self) -> usize {
        self.defender_moves().len()
    }

    /// The disproof number that the attacker node reached by the defender's reply `mv`
    /// (from `self`) starts with before it is searched (0 counts as 1: a node without a
    /// move is settled when it is visited); `None` (the default) starts every attacker
    /// node at 1. A game that counts its attacker's moves cheaply lets the defender look
    /// first where they are few.
    fn attack_estimate_after(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// How much more than its replies' count the proof number of the defender node reached
    /// by the attacker's move `mv` (from `self`) starts with: a game may mark moves that
    /// look less likely to lead to a mate, so that the search tries the others first (the
    /// "+" of Nagai's df-pn+). The default adds nothing.
    fn attack_cost(&self, _mv: Self::Move) -> u32 {
        0
    }

    /// False when `defence` certainly is not an interposition (its `futility_probes` are
    /// empty); a cheap test that spares building the probes. The default knows nothing.
    fn may_interpose(&self, _defence: Self::Move) -> bool {
        true
    }

    /// `may_interpose` for each of `defences` (all from `self`); a game may share the work.
    fn interposition_candidates(&self, defences: &[Self::Move]) -> Vec<bool> {
        defences.iter().map(|&m| self.may_interpose(m)).collect()
    }

    /// `defender_moves` with their `interposition_candidates`; a game may find both at once.
    fn defender_moves_marked(&self) -> (Vec<Self::Move>, Vec<bool>) {
        let moves = self.defender_moves();
        let marks = self.interposition_candidates(&moves);
        (moves, marks)
    }

    /// The defender (to move) when the attacker has no ply left: `Some(false)` with no
    /// reply at all, `Some(true)` with a reply that cannot be a futile interposition (it
    /// holds), `None` when every reply may be one. A game may stop at the first reply that
    /// settles it.
    fn zero_ply_holds(&self) -> Option<bool> {
        let (moves, marks) = self.defender_moves_marked();
        if moves.is_empty() {
            Some(false)
        } else if marks.iter().any(|&c| !c) {
            Some(true)
        } else {
            None
        }
    }

    /// Positions that decide whether `defence` (played from `self`, defender to move) is a
    /// futile interposition: it is futile when any of them is still mated within the same
    /// remaining length. Empty for moves that are not interpositions (the default).
    fn futility_probes(&self, _defence: Self::Move) -> Vec<Self> {
        Vec::new()
    }

    /// For a defence that `may_interpose` or that [`Self::defence_groups`] groups (only such
    /// are asked), how far from the king it stands (1: next to it). An interposition is
    /// judged against the nearer ones too (see `Searcher::is_futile`), and a group's members
    /// are searched nearest first; 0 (the default) judges it against the defences that are
    /// not interpositions only.
    fn interposition_rank(&self, _defence: Self::Move) -> u32 {
        0
    }

    /// `!futility_probes(defence).is_empty()`; a game may answer without building them.
    fn has_futility_probes(&self, defence: Self::Move) -> bool {
        !self.futility_probes(defence).is_empty()
    }

    /// For each of `defences` (all from `self`), the defences it is grouped with: defences
    /// of one group (a non-zero number) are searched one after the other, nearest the king
    /// first (their [`Self::interposition_rank`]), the next once the attacker has answered
    /// the one before or when it looks much the easiest to hold (e.g. every piece the
    /// defender could drop between checker and king). The search stays the same search; it
    /// only stops summing the proof numbers of many alike replies, which made an AND node
    /// with a dozen interpositions look a dozen times harder than it is. 0: no group (the
    /// default for all).
    fn defence_groups(&self, defences: &[Self::Move]) -> Vec<u32> {
        vec![0; defences.len()]
    }

    /// How many pieces the attacker still holds when a line ends here (defender to move).
    /// Used to rank equally long defences: the defender prefers to leave fewer.
    fn attacker_leftover(&self) -> u32 {
        0
    }
}
