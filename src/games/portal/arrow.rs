//! The teleport arrow `→` (U+2192) and its ASCII form `->`, and the arrows that look like
//! it but are not it (reported, never silently accepted).

/// Arrows a writer might type by mistake for `→`.
const LOOKALIKES: [char; 12] = ['⇒', '⟶', '➔', '➜', '➝', '➞', '↦', '⇢', '⟹', '→', '⇾', '⭢'];

/// Split a move at its arrow: `(before, after, arrow byte offset, arrow length)`.
pub fn split(text: &str) -> Option<(&str, &str, usize, usize)> {
    if let Some(i) = text.find('→') {
        return Some((&text[..i], &text[i + '→'.len_utf8()..], i, '→'.len_utf8()));
    }
    text.find("->").map(|i| (&text[..i], &text[i + 2..], i, 2))
}

/// The first arrow-like character that is not `→` (byte offset and the character).
pub fn lookalike(text: &str) -> Option<(usize, char)> {
    text.char_indices()
        .find(|(_, c)| *c != '→' && LOOKALIKES.contains(c))
}
