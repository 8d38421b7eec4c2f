//! A count of lines with no upper bound: a long ばか詰 whose moves may be played in many
//! orders has more shortest lines than any machine integer holds (寿限無 has more than
//! 2⁶⁴), and the answer states the exact number.

use std::fmt;

/// A natural number, in base 2⁶⁴ digits, least significant first; only adding is needed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Count(Vec<u64>);

impl Count {
    /// The number one.
    pub fn one() -> Count {
        Count(vec![1])
    }

    /// Adds `other` to this number.
    pub fn add(&mut self, other: &Count) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        let mut carry = 0u128;
        for (i, d) in self.0.iter_mut().enumerate() {
            let sum = *d as u128 + *other.0.get(i).unwrap_or(&0) as u128 + carry;
            *d = sum as u64;
            carry = sum >> 64;
            if carry == 0 && i >= other.0.len() {
                break;
            }
        }
        if carry > 0 {
            self.0.push(carry as u64);
        }
    }

    /// The number when it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        match self.0.iter().rposition(|&d| d != 0) {
            None => Some(0),
            Some(0) => Some(self.0[0]),
            Some(_) => None,
        }
    }
}

impl fmt::Display for Count {
    /// Decimal digits, by repeated division by 10¹⁹.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const CHUNK: u128 = 10_000_000_000_000_000_000;
        let mut digits = self.0.clone();
        let mut chunks = Vec::new();
        loop {
            let mut rest = 0u128;
            for d in digits.iter_mut().rev() {
                let cur = (rest << 64) | *d as u128;
                *d = (cur / CHUNK) as u64;
                rest = cur % CHUNK;
            }
            chunks.push(rest as u64);
            while digits.last() == Some(&0) {
                digits.pop();
            }
            if digits.is_empty() {
                break;
            }
        }
        let mut text = chunks.pop().unwrap_or(0).to_string();
        for c in chunks.iter().rev() {
            text.push_str(&format!("{c:019}"));
        }
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_past_two_to_the_sixty_four_are_exact() {
        let mut n = Count::one();
        for _ in 0..70 {
            let m = n.clone();
            n.add(&m);
        }
        assert_eq!(n.to_string(), "1180591620717411303424");
        assert_eq!(n.to_u64(), None);
        let mut small = Count::default();
        assert_eq!(small.to_string(), "0");
        small.add(&Count::one());
        small.add(&Count(vec![u64::MAX]));
        assert_eq!(small.to_string(), "18446744073709551616");
        assert_eq!(Count(vec![3954, 0]).to_u64(), Some(3954));
        assert_eq!(Count(vec![3954, 0]).to_string(), "3954");
    }
}
