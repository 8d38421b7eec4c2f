//! Sets of points of a hypercuboid: one axis per board an action may change, one value per
//! choice on that board. The action search (see [`super::action_search`]) keeps the points not yet
//! ruled out as a list of disjoint sub-cuboids and cuts whole regions out of them at once.

/// A subset of the values of one axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bits(Vec<u64>);

impl Bits {
    pub fn empty(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64).max(1)])
    }
    pub fn full(n: usize) -> Bits {
        let mut b = Bits(vec![!0; n.div_ceil(64).max(1)]);
        let last = b.0.len() - 1;
        b.0[last] = if n.is_multiple_of(64) && n > 0 {
            !0
        } else {
            (1u64 << (n % 64)) - 1
        };
        b
    }
    pub fn single(n: usize, i: usize) -> Bits {
        let mut b = Bits::empty(n);
        b.insert(i);
        b
    }
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    pub fn has(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(k, w)| k * 64 + w.trailing_zeros() as usize)
    }
    /// The values in the set, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(k, &w)| {
            (0..64)
                .filter(move |b| w >> b & 1 == 1)
                .map(move |b| k * 64 + b)
        })
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn and(&self, o: &Bits) -> Bits {
        Bits(self.0.iter().zip(&o.0).map(|(a, b)| a & b).collect())
    }
    pub fn and_not(&self, o: &Bits) -> Bits {
        Bits(self.0.iter().zip(&o.0).map(|(a, b)| a & !b).collect())
    }
    /// The complement within an axis of `n` values.
    pub fn not(&self, n: usize) -> Bits {
        Bits::full(n).and_not(self)
    }
}

/// A region to cut: the points whose value on each listed axis lies in the listed set; axes
/// not listed are unrestricted. An empty list is the whole space.
pub type Region = Vec<(usize, Bits)>;

/// A sub-hypercuboid: one set of allowed values per axis.
#[derive(Clone, Debug)]
pub struct Cuboid(pub Vec<Bits>);

impl Cuboid {
    #[cfg(test)]
    /// Its first point (the lowest value on each axis), or `None` if some axis is empty.
    pub fn first_point(&self) -> Option<Vec<usize>> {
        self.0.iter().map(Bits::first).collect()
    }

    /// Split off the part outside `r` into disjoint pieces pushed on `out`; the part inside `r`
    /// is dropped. Each listed axis in turn: the values outside its set make one piece, the
    /// rest goes on to the next axis.
    pub fn cut(mut self, r: &Region, out: &mut Vec<Cuboid>) {
        for (a, set) in r {
            let inside = self.0[*a].and(set);
            if inside.is_empty() {
                out.push(self);
                return;
            }
            let outside = self.0[*a].and_not(set);
            if !outside.is_empty() {
                let mut piece = self.clone();
                piece.0[*a] = outside;
                out.push(piece);
            }
            self.0[*a] = inside;
        }
    }
}

/// The cuboids still to search. Cuts that hold in every cuboid are remembered, so that a
/// cuboid added later gets them too: single-axis ones folded into one mask per axis, the
/// others listed.
pub struct Pending {
    pub todo: Vec<Cuboid>,
    mask: Vec<Bits>,
    global: Vec<Region>,
    /// The 64-bit words one cuboid holds, for the memory bound.
    words: usize,
}

impl Pending {
    /// No cuboid yet, over axes of the given numbers of values.
    pub fn new(lens: &[usize]) -> Pending {
        let mask: Vec<Bits> = lens.iter().map(|&n| Bits::full(n)).collect();
        let words = mask.iter().map(|b| b.0.len()).sum();
        Pending {
            todo: vec![],
            mask,
            global: vec![],
            words,
        }
    }

    /// Add a cuboid, less every cut made everywhere so far; `Err` (the cuboid not added) if
    /// its pieces would take the pending cuboids past `limit` bytes.
    pub fn add(&mut self, mut c: Cuboid, limit: usize) -> Result<(), OutOfMemory> {
        for (set, m) in c.0.iter_mut().zip(&self.mask) {
            *set = set.and(m);
        }
        let mut pieces = vec![c];
        for r in &self.global {
            self.fits(pieces.len() * r.len(), limit)?;
            let mut out = vec![];
            for p in pieces {
                p.cut(r, &mut out);
            }
            pieces = out;
        }
        self.todo.extend(pieces);
        Ok(())
    }

    /// Cut `r` from the cuboid `c`, and from every cuboid pending now or added later when
    /// `everywhere`; `Err` (nothing cut) if the pieces could take the pending cuboids past
    /// `limit` bytes. A cut of one cuboid by a region of `k` axes makes at most `k` pieces.
    pub fn cut(
        &mut self,
        c: Cuboid,
        r: Region,
        everywhere: bool,
        limit: usize,
    ) -> Result<(), OutOfMemory> {
        let cut = if everywhere { self.todo.len() + 1 } else { 1 };
        self.fits(cut * r.len(), limit)?;
        c.cut(&r, &mut self.todo);
        if everywhere {
            for d in std::mem::take(&mut self.todo) {
                d.cut(&r, &mut self.todo);
            }
            match &r[..] {
                [(a, set)] => self.mask[*a] = self.mask[*a].and_not(set),
                _ => self.global.push(r),
            }
        }
        Ok(())
    }

    /// Would `more` cuboids still keep the pending ones within `limit` bytes?
    fn fits(&self, more: usize, limit: usize) -> Result<(), OutOfMemory> {
        let bytes = (self.todo.len() + more + 1).saturating_mul(self.words * 8);
        (bytes <= limit).then_some(()).ok_or(OutOfMemory)
    }

    #[cfg(test)]
    /// The bytes the pending cuboids hold (their value sets).
    pub fn bytes(&self) -> usize {
        (self.todo.len() + 1) * self.words * 8
    }
}

/// Cutting further would take the pending cuboids past their memory bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory;

#[cfg(test)]
/// Whether `point` lies in region `r`.
pub fn contains(r: &Region, point: &[usize]) -> bool {
    r.iter().all(|(a, set)| set.has(point[*a]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(c: &Cuboid) -> usize {
        c.0.iter().map(Bits::len).product()
    }

    #[test]
    fn a_cut_keeps_exactly_the_points_outside() {
        let c = Cuboid(vec![Bits::full(3), Bits::full(4), Bits::full(2)]);
        let mut set = Bits::empty(4);
        set.insert(1);
        set.insert(3);
        let r: Region = vec![(1, set), (2, Bits::single(2, 0))];
        let mut out = vec![];
        c.cut(&r, &mut out);
        // 24 points, 3 × 2 × 1 = 6 of them inside.
        assert_eq!(out.iter().map(count).sum::<usize>(), 18);
        for p in out.iter().filter_map(Cuboid::first_point) {
            assert!(!contains(&r, &p));
        }
    }

    #[test]
    fn a_disjoint_region_leaves_the_cuboid_whole() {
        let c = Cuboid(vec![Bits::single(3, 0), Bits::full(2)]);
        let mut out = vec![];
        c.cut(&vec![(0, Bits::single(3, 2))], &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(count(&out[0]), 2);
    }

    #[test]
    fn a_cut_made_everywhere_reaches_cuboids_added_later() {
        let mut p = Pending::new(&[3, 2]);
        let big = usize::MAX;
        p.add(Cuboid(vec![Bits::full(3), Bits::single(2, 0)]), big)
            .unwrap();
        let c = p.todo.pop().unwrap();
        p.cut(c, vec![(0, Bits::single(3, 1))], true, big).unwrap();
        let c = p.todo.pop().unwrap();
        let r = vec![(0, Bits::single(3, 2)), (1, Bits::single(2, 1))];
        p.cut(c, r, true, big).unwrap();
        p.add(Cuboid(vec![Bits::full(3), Bits::single(2, 1)]), big)
            .unwrap();
        let points: usize = p.todo.iter().map(count).sum();
        // First cuboid: 3 points less (1, 0). Second: 3 points less (1, 1) and (2, 1).
        assert_eq!(points, 2 + 1);
        for c in &p.todo {
            assert!(!c.0[0].has(1));
        }
    }

    #[test]
    fn a_cut_past_the_memory_bound_is_refused_before_it_allocates() {
        let lens = vec![100; 1000];
        let mut p = Pending::new(&lens);
        let whole = Cuboid(lens.iter().map(|&n| Bits::full(n)).collect());
        let limit = 100 * p.bytes();
        p.add(whole, limit).unwrap();
        let c = p.todo.pop().unwrap();
        let r: Region = (0..500).map(|a| (a, Bits::single(100, 0))).collect();
        assert_eq!(p.cut(c, r, false, limit), Err(OutOfMemory));
        assert!(p.todo.is_empty());
    }
}
