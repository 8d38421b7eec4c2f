//! A transposition table of fixed size for df-pn: buckets of four entries, replacement of
//! the entry that cost the least work, so memory never grows with the search.
//!
//! Entries are keyed by the position key *and* the depth budget the node was searched
//! with: a proof within 5 plies and an unbounded proof are different facts. All depths of
//! a key share one bucket, so that a lookup can also use what other budgets settled: a
//! proof within 5 plies is a proof within 7, a disproof within 7 one within 5 (see
//! [`Table::get`]).
//!
//! A node is keyed by its board and, apart, the attacker's hand ([`NodeKey`]); all hands of
//! a board share its bucket. A node proven or disproven without a depth bound is stored
//! with its proof or disproof hand, and answers every position of the same board whose
//! hand is superior or inferior to it (see [`super::hand`]).

use super::hand::{Hands, NodeKey};
use super::prefetch::prefetch;

/// Proof and disproof numbers as the side to move sees them: `phi` is the proof number at
/// OR nodes and the disproof number at AND nodes, `delta` the other one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhiDelta {
    pub phi: u32,
    pub delta: u32,
    /// For a node the attacker is proven to mate: the plies of the proof found (its
    /// attacker takes the shortest of its proven moves, its defender the longest of its
    /// defences). An upper bound of the node's mate length; 0 for every other value.
    pub len: u32,
    /// For a node solved without depth bound: its proof hand (the least the attacker must
    /// hold for the proof) or disproof hand (the most it may hold for the disproof). Else
    /// the node's own hand, or 0 where nobody looks at it.
    pub hand: u32,
}

/// Infinity for proof numbers.
pub const INF: u32 = u32::MAX;

/// Depth budget meaning "no limit".
pub const UNBOUNDED: u32 = u32::MAX;

impl PhiDelta {
    pub const UNIT: PhiDelta = PhiDelta {
        phi: 1,
        delta: 1,
        len: 0,
        hand: 0,
    };
    /// The side to move wins here (phi = 0).
    pub const WIN: PhiDelta = PhiDelta {
        phi: 0,
        delta: INF,
        len: 0,
        hand: 0,
    };
    /// The side to move loses here (delta = 0).
    pub const LOSS: PhiDelta = PhiDelta {
        phi: INF,
        delta: 0,
        len: 0,
        hand: 0,
    };
    /// An unsolved value.
    pub const fn open(phi: u32, delta: u32) -> PhiDelta {
        PhiDelta {
            phi,
            delta,
            len: 0,
            hand: 0,
        }
    }
    /// This value with the proof length `len`.
    pub const fn with_len(self, len: u32) -> PhiDelta {
        PhiDelta { len, ..self }
    }
    /// This value with the (proof or disproof) hand `hand`.
    pub const fn with_hand(self, hand: u32) -> PhiDelta {
        PhiDelta { hand, ..self }
    }
    pub fn solved(self) -> bool {
        self.phi == 0 || self.delta == 0
    }
}

/// One slot, as four words so that a table of empty slots is a zeroed allocation (which
/// the system maps lazily: a small search touches only the pages it uses).
/// Words: the board key; `depth << 40 | len << 24 | work` (24, 16 and 24 bits); `phi << 32 |
/// delta`; the stored hand. `work` is the number of nodes spent below the entry when last
/// stored (saturated); 0 marks an empty slot. Depths from `DEPTH_CAP` up are stored as `UNBOUNDED`.
type Slot = [u64; 4];

/// Bytes of one entry: what a table of `n` entries takes at most is `n * ENTRY_BYTES`.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

#[derive(Clone, Copy)]
struct Entry {
    /// The board key.
    tag: u64,
    hand: u32,
    depth: u32,
    phi: u32,
    delta: u32,
    len: u32,
    work: u32,
}

/// The `work` bits of a slot's second word (0: the slot is empty).
const WORK_MASK: u64 = 0xFF_FFFF;

/// Does the slot hold an entry?
#[inline]
fn occupied(w: &Slot) -> bool {
    w[1] & WORK_MASK != 0
}

/// Depth budgets at or above this are not stored as themselves (see `Slot`): callers
/// keep bounded budgets below it.
pub const DEPTH_CAP: u32 = (1 << 24) - 1;

impl Entry {
    #[inline]
    fn load(w: &Slot) -> Entry {
        let depth = (w[1] >> 40) as u32;
        let depth = if depth == DEPTH_CAP { UNBOUNDED } else { depth };
        let (len, work) = ((w[1] >> 24) as u32 & 0xFFFF, (w[1] & WORK_MASK) as u32);
        Entry {
            tag: w[0],
            hand: w[3] as u32,
            depth,
            len,
            work,
            phi: (w[2] >> 32) as u32,
            delta: w[2] as u32,
        }
    }
    #[inline]
    fn words(self) -> Slot {
        let depth = self.depth.min(DEPTH_CAP) as u64;
        let word =
            depth << 40 | (self.len.min(0xFFFF) as u64) << 24 | (self.work as u64).min(WORK_MASK);
        [
            self.tag,
            word,
            (self.phi as u64) << 32 | self.delta as u64,
            self.hand as u64,
        ]
    }
    #[inline]
    fn value(&self) -> PhiDelta {
        PhiDelta {
            phi: self.phi,
            delta: self.delta,
            len: self.len,
            hand: self.hand,
        }
    }
    fn solved(&self) -> bool {
        self.phi == 0 || self.delta == 0
    }
}

const WAYS: usize = 4;

/// Entries a table starts with (or fewer when asked for fewer): 1 MiB, so that a middling
/// search (a few thousand nodes, the compiled tsume set) never has to grow it. The zeroing
/// is not free (the allocator clears reused memory), but it cost less than the growing it
/// replaced (the figures: `docs/tsume-solver.md#measured-choices`).
const INITIAL_ENTRIES: usize = 1 << 15;

pub struct Table {
    entries: Vec<Slot>,
    /// How the game packs the attacker's hand (see [`super::hand`]).
    hands: Hands,
    mask: usize,
    /// The size the table may grow to (entries); it starts small and doubles when half
    /// full, so that a small search neither allocates nor clears a large table.
    max_len: usize,
    /// Occupied slots.
    used: usize,
    stores: u64,
    replaced: u64,
    /// A bounded proof answers a question within its length, not only within the budget it
    /// was searched with (see [`Self::answer_by_proof_length`]).
    by_length: bool,
}

impl Table {
    /// A table of about `entries` entries (rounded down to a power of two, at least 1024),
    /// for hands packed as `hands` says.
    pub fn new(entries: usize, hands: Hands) -> Table {
        let n = entries.max(1024).next_power_of_two();
        let n = if n > entries.max(1024) { n / 2 } else { n };
        let start = n.min(INITIAL_ENTRIES);
        Table {
            entries: vec![[0u64; 4]; start],
            hands,
            mask: start / WAYS - 1,
            max_len: n,
            used: 0,
            stores: 0,
            replaced: 0,
            by_length: false,
        }
    }

    /// Double the table, keeping every entry (an entry's bucket index gains one bit, so
    /// each old bucket splits into two and nothing is lost).
    fn grow(&mut self) {
        let n = self.entries.len() * 2;
        let old = std::mem::replace(&mut self.entries, vec![[0u64; 4]; n]);
        self.mask = n / WAYS - 1;
        for w in old {
            if occupied(&w) {
                let b = self.bucket(w[0]);
                let slot = (b..b + WAYS)
                    .find(|&i| !occupied(&self.entries[i]))
                    .expect("a split bucket has room");
                self.entries[slot] = w;
            }
        }
    }

    /// The most entries the table may grow to.
    pub fn capacity(&self) -> usize {
        self.max_len
    }

    /// Bytes used by the entries (at most the size asked for in `new`).
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Slot>()
    }

    fn bucket(&self, board: u64) -> usize {
        ((board >> 7) as usize & self.mask) * WAYS
    }

    /// Start loading the bucket of `key` (see `solver::prefetch`); a bucket is four
    /// 32-byte slots, two cache lines.
    #[inline]
    pub fn prefetch(&self, key: NodeKey) {
        let b = self.bucket(key.board);
        prefetch(&self.entries[b]);
        prefetch(&self.entries[b + 2]);
    }

    /// The value stored for `key` searched with budget `depth`; failing that, a result that
    /// another entry of the same board implies (an open value of the node itself comes
    /// last):
    /// - another budget: the attacker (to move when `or`) mates within `depth` if it mated
    ///   within less, and fails within `depth` if it failed within more;
    /// - an unbounded proof whose length fits in `depth` is a proof within `depth` too (the
    ///   bounded search only leaves out defences, the futile interpositions, so the same
    ///   proof tree holds); an unbounded disproof is a disproof within any budget: leaving
    ///   out a futile interposition never takes away a refutation, since the capture of a
    ///   futile interposition mates;
    /// - an unbounded proof or disproof serves every hand it covers (superiority, see
    ///   [`super::hand`]); bounded entries serve their own hand only, since the futility of
    ///   an interposition is not monotone in the hands.
    pub fn get(&self, key: NodeKey, depth: u32, or: bool) -> Option<PhiDelta> {
        let b = self.bucket(key.board);
        let tag = key.board;
        let mut open = None;
        let mut implied = None;
        for w in &self.entries[b..b + WAYS] {
            if !occupied(w) || w[0] != tag {
                continue;
            }
            let e = Entry::load(w);
            if e.hand == key.hand && e.depth == depth {
                if e.solved() {
                    return Some(e.value());
                }
                open = Some(e.value());
            } else if implied.is_none() && self.implies(&e, key.hand, depth, or) {
                implied = Some(e.value());
            }
        }
        implied.or(open)
    }

    /// Does the solved entry `e` answer the node of hand `hand` (`or`: attacker to move)
    /// searched within `depth`? (See [`Self::get`].)
    fn implies(&self, e: &Entry, hand: u32, depth: u32, or: bool) -> bool {
        let won = if or { e.phi == 0 } else { e.delta == 0 };
        let lost = if or { e.delta == 0 } else { e.phi == 0 };
        if e.depth == UNBOUNDED {
            return (won
                && self.hands.covers(hand, e.hand)
                && (depth == UNBOUNDED || e.len <= depth))
                || (lost && self.hands.covers(e.hand, hand));
        }
        e.hand == hand
            && depth != UNBOUNDED
            && ((won && self.proof_depth(e) <= depth) || (lost && e.depth >= depth))
    }

    /// The least budget a bounded proof answers: its own, or its length once
    /// [`Self::answer_by_proof_length`] is set.
    fn proof_depth(&self, e: &Entry) -> u32 {
        if self.by_length {
            e.len.min(e.depth)
        } else {
            e.depth
        }
    }

    /// Let a bounded proof answer every question within its length (a mate within `len`
    /// plies is one within any budget from `len` on), as the descent to a long mate's exact
    /// length needs: each step down asks again below what earlier proofs hold. Off by
    /// default: on short problems the extra answers changed the search's course for no
    /// gain (the figures: `docs/tsume-solver.md#measured-choices`).
    pub fn answer_by_proof_length(&mut self) {
        self.by_length = true;
    }

    /// Store the value of the node `key` searched within `depth`. An unbounded proof or
    /// disproof goes in under its own hand (`v.hand`), in the place of the node's open entry.
    pub fn put(&mut self, key: NodeKey, depth: u32, v: PhiDelta, work: u64) {
        self.stores += 1;
        if 2 * self.used >= self.entries.len() && self.entries.len() < self.max_len {
            self.grow();
        }
        let b = self.bucket(key.board);
        let tag = key.board;
        let hand = if depth == UNBOUNDED && v.solved() {
            v.hand
        } else {
            key.hand
        };
        let work = work.clamp(1, WORK_MASK) as u32;
        let bucket = &mut self.entries[b..b + WAYS];
        let e = |i: usize| Entry::load(&bucket[i]);
        let same = |i: usize, h: u32| {
            e(i).work != 0 && e(i).tag == tag && e(i).hand == h && e(i).depth == depth
        };
        let slot = match (0..WAYS)
            .position(|i| same(i, key.hand))
            .or_else(|| (0..WAYS).position(|i| same(i, hand)))
        {
            Some(i) => i,
            None => match (0..WAYS).position(|i| e(i).work == 0) {
                Some(i) => {
                    self.used += 1;
                    i
                }
                None => {
                    self.replaced += 1;
                    // Solved entries are worth more than open ones of equal work.
                    let cost = |e: Entry| (e.work as u64) << (if e.solved() { 4 } else { 0 });
                    (0..WAYS)
                        .min_by_key(|&i| cost(e(i)))
                        .expect("non-empty bucket")
                }
            },
        };
        bucket[slot] = Entry {
            tag,
            hand,
            depth,
            phi: v.phi,
            delta: v.delta,
            len: v.len,
            work,
        }
        .words();
    }

    /// Forget every entry that is not a proof or a disproof (the estimates of a search that
    /// is to start again under other conditions).
    pub fn keep_solved_only(&mut self) {
        for w in self.entries.iter_mut() {
            if occupied(w) && !Entry::load(w).solved() {
                *w = [0; 4];
                self.used -= 1;
            }
        }
    }

    /// (stores, replacements) so far.
    pub fn counters(&self) -> (u64, u64) {
        (self.stores, self.replaced)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_HANDS: Hands = Hands(&[]);

    #[test]
    fn size_is_bounded_and_lookups_respect_depth() {
        let mut t = Table::new(1024, NO_HANDS);
        let bytes = t.bytes();
        for k in 0..100_000u64 {
            t.put(
                NodeKey::plain(k.wrapping_mul(0x1234_5678_9abc_def1)),
                3,
                PhiDelta::UNIT,
                k % 7 + 1,
            );
        }
        assert_eq!(t.bytes(), bytes);
        t.put(NodeKey::plain(42), 5, PhiDelta::WIN.with_len(5), 1_000_000);
        assert_eq!(
            t.get(NodeKey::plain(42), 5, true),
            Some(PhiDelta::WIN.with_len(5))
        );
        assert_eq!(t.get(NodeKey::plain(42), 3, true), None);
        assert_eq!(t.get(NodeKey::plain(43), 5, true), None);
        assert!(t.counters().1 > 0);
    }

    #[test]
    fn growing_keeps_every_entry_and_stops_at_the_bound() {
        let mut t = Table::new(1 << 17, NO_HANDS);
        let start = t.bytes();
        let key = |k: u64| (k + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let n = (INITIAL_ENTRIES * 5 / 8) as u64;
        for k in 0..n {
            t.put(
                NodeKey::plain(key(k)),
                3,
                PhiDelta::open(k as u32 + 1, 7),
                1,
            );
        }
        assert!(t.bytes() > start, "the table grows while half full");
        assert_eq!(t.counters().1, 0, "nothing was evicted while growing");
        for k in 0..n {
            assert_eq!(
                t.get(NodeKey::plain(key(k)), 3, true),
                Some(PhiDelta::open(k as u32 + 1, 7))
            );
        }
        for k in 0..1_000_000u64 {
            t.put(NodeKey::plain(key(k)), 5, PhiDelta::UNIT, 1);
        }
        assert_eq!(t.bytes(), (1 << 17) * 32, "never beyond the size asked for");
    }

    #[test]
    fn only_solved_entries_survive_a_restart() {
        let mut t = Table::new(1024, NO_HANDS);
        t.put(NodeKey::plain(1), 5, PhiDelta::WIN.with_len(3), 10);
        t.put(NodeKey::plain(2), UNBOUNDED, PhiDelta::LOSS, 10);
        t.put(NodeKey::plain(3), 5, PhiDelta::open(4, 9), 10);
        t.keep_solved_only();
        assert_eq!(
            t.get(NodeKey::plain(1), 5, true),
            Some(PhiDelta::WIN.with_len(3))
        );
        assert_eq!(
            t.get(NodeKey::plain(2), UNBOUNDED, true),
            Some(PhiDelta::LOSS)
        );
        assert_eq!(t.get(NodeKey::plain(3), 5, true), None);
        t.put(NodeKey::plain(3), 5, PhiDelta::open(4, 9), 10);
        assert_eq!(
            t.get(NodeKey::plain(3), 5, true),
            Some(PhiDelta::open(4, 9)),
            "the freed slot is used again"
        );
    }

    #[test]
    fn bounded_results_carry_over_to_other_budgets() {
        let mut t = Table::new(1024, NO_HANDS);
        // OR node (attacker to move): mate within 5
        t.put(NodeKey::plain(1), 5, PhiDelta::WIN.with_len(5), 10);
        assert_eq!(
            t.get(NodeKey::plain(1), 7, true),
            Some(PhiDelta::WIN.with_len(5))
        );
        assert_eq!(t.get(NodeKey::plain(1), 3, true), None);
        assert_eq!(t.get(NodeKey::plain(1), UNBOUNDED, true), None);
        // AND node (defender to move): the attacker fails within 6
        t.put(NodeKey::plain(2), 6, PhiDelta::WIN, 10);
        assert_eq!(t.get(NodeKey::plain(2), 4, false), Some(PhiDelta::WIN));
        assert_eq!(t.get(NodeKey::plain(2), 8, false), None);
        // AND node mated within 4 is mated within 6
        t.put(NodeKey::plain(3), 4, PhiDelta::LOSS.with_len(4), 10);
        assert_eq!(
            t.get(NodeKey::plain(3), 6, false),
            Some(PhiDelta::LOSS.with_len(4))
        );
        // open entries imply nothing
        t.put(NodeKey::plain(4), 4, PhiDelta::UNIT, 10);
        assert_eq!(t.get(NodeKey::plain(4), 6, true), None);
        // an unbounded proof of 9 plies is a proof within 9 and more, not within 7
        t.put(NodeKey::plain(5), UNBOUNDED, PhiDelta::WIN.with_len(9), 10);
        assert_eq!(
            t.get(NodeKey::plain(5), 9, true),
            Some(PhiDelta::WIN.with_len(9))
        );
        assert_eq!(t.get(NodeKey::plain(5), 11, true).map(|v| v.len), Some(9));
        assert_eq!(t.get(NodeKey::plain(5), 7, true), None);
        // an unbounded disproof is a disproof within any budget
        t.put(NodeKey::plain(6), UNBOUNDED, PhiDelta::LOSS, 10);
        assert_eq!(t.get(NodeKey::plain(6), 1001, true), Some(PhiDelta::LOSS));
        // bounded budgets are kept apart from the unbounded one beyond 16 bits
        t.put(
            NodeKey::plain(7),
            70_000,
            PhiDelta::WIN.with_len(69_999),
            10,
        );
        assert_eq!(
            t.get(NodeKey::plain(7), 70_000, true).map(|v| v.phi),
            Some(0)
        );
        assert_eq!(t.get(NodeKey::plain(7), UNBOUNDED, true), None);
    }

    /// Pawns in bits 0..5, rooks in 6..8 (as a game would pack them).
    const HANDS: Hands = Hands(&[(0, 5), (6, 2)]);

    #[test]
    fn unbounded_results_serve_superior_and_inferior_hands() {
        let mut t = Table::new(1024, HANDS);
        let at = |hand: u32| NodeKey {
            board: 0xABCD_0000_0000_1280,
            hand,
        };
        // proven with 3 pawns in hand; the proof needs 2 (its proof hand)
        t.put(at(3), UNBOUNDED, PhiDelta::WIN.with_len(7).with_hand(2), 10);
        assert_eq!(t.get(at(2), UNBOUNDED, true).map(|v| v.phi), Some(0));
        assert_eq!(
            t.get(at(5 | 1 << 6), UNBOUNDED, true).map(|v| v.phi),
            Some(0),
            "more pieces: still a proof"
        );
        assert_eq!(
            t.get(at(1), UNBOUNDED, true),
            None,
            "fewer than the proof needs"
        );
        assert_eq!(
            t.get(at(4), 7, true).map(|v| v.len),
            Some(7),
            "a bounded question the length answers"
        );
        assert_eq!(t.get(at(4), 5, true), None);
        // disproven with no pawn; the disproof holds up to 1 pawn and no rook
        t.put(at(0), UNBOUNDED, PhiDelta::LOSS.with_hand(1), 10);
        assert_eq!(t.get(at(0), UNBOUNDED, true).map(|v| v.delta), Some(0));
        assert_eq!(t.get(at(1), 9, true).map(|v| v.delta), Some(0));
        assert_eq!(
            t.get(at(1 | 1 << 6), UNBOUNDED, true),
            None,
            "a rook more: not covered"
        );
        // a bounded result serves its own hand only
        t.put(
            at(1 | 1 << 6),
            9,
            PhiDelta::WIN.with_len(9).with_hand(1),
            10,
        );
        assert_eq!(
            t.get(at(1 | 1 << 6), 9, true).map(|v| v.hand),
            Some(1 | 1 << 6),
            "stored under the node's own hand"
        );
        assert_eq!(t.get(at(1 | 2 << 6), 11, true), None);
        // an open entry of the node gives way to a solved entry that covers it
        let other = |hand: u32| NodeKey {
            board: 0x1234_0000_0000_0080,
            hand,
        };
        t.put(other(4), UNBOUNDED, PhiDelta::open(3, 5), 10);
        assert_eq!(
            t.get(other(4), UNBOUNDED, true),
            Some(PhiDelta::open(3, 5).with_hand(4))
        );
        t.put(
            other(3),
            UNBOUNDED,
            PhiDelta::WIN.with_len(3).with_hand(3),
            10,
        );
        assert_eq!(t.get(other(4), UNBOUNDED, true).map(|v| v.phi), Some(0));
    }
}
