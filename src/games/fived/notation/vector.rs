//! The seed's vector `(X, Y, T, L)` (§9): reading the vector part of a move. Moves in vector
//! form are read as 5DPGN's other moves are (`moves.rs`), which calls [`vector`] where a
//! destination would stand; printing is in `print.rs` ([`super::print::vector_text`]).

/// Read `(int, int, int, int)` with optional spaces at `*pos`; on success advance `*pos`.
pub fn vector(text: &str, pos: &mut usize) -> Option<[i32; 4]> {
    let b = text.as_bytes();
    let mut i = *pos;
    if b.get(i) != Some(&b'(') {
        return None;
    }
    i += 1;
    let mut out = [0i32; 4];
    for (k, slot) in out.iter_mut().enumerate() {
        skip_spaces(b, &mut i);
        *slot = int(text, &mut i)?;
        skip_spaces(b, &mut i);
        let close = if k == 3 { b')' } else { b',' };
        if b.get(i) != Some(&close) {
            return None;
        }
        i += 1;
    }
    *pos = i;
    Some(out)
}

fn skip_spaces(b: &[u8], i: &mut usize) {
    while b.get(*i).is_some_and(|c| *c == b' ' || *c == b'\t') {
        *i += 1;
    }
}

/// A signed integer of at most 4 digits (no board is larger).
fn int(text: &str, i: &mut usize) -> Option<i32> {
    let b = text.as_bytes();
    let start = *i;
    if matches!(b.get(*i), Some(b'+' | b'-')) {
        *i += 1;
    }
    let digits = *i;
    while b.get(*i).is_some_and(u8::is_ascii_digit) {
        *i += 1;
    }
    if *i == digits || *i - digits > 4 {
        return None;
    }
    text[start..*i].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::vector;

    #[test]
    fn reads_compact_and_spaced_vectors() {
        let mut p = 0;
        assert_eq!(vector("(4,0,0,0)", &mut p), Some([4, 0, 0, 0]));
        assert_eq!(p, 9);
        let mut p = 0;
        assert_eq!(vector("(1, 0, -2, 0) x", &mut p), Some([1, 0, -2, 0]));
        assert_eq!(p, 13);
        let mut p = 0;
        assert_eq!(vector("(0T1)", &mut p), None);
        assert_eq!(p, 0);
    }
}
