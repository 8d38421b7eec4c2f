//! What every game's SVG picture shares: a picture under construction whose reusable parts
//! (glyph outlines, piece shapes) are defined once in `<defs>` and drawn with `<use>`.
//!
//! Pieces are outlines, not text, so that a picture shows the same where the reader has no
//! CJK or chess font. A standalone picture carries the definitions it uses; a page that
//! shows many pictures of one game (`hensoku view`) writes each definition once and the
//! pictures [`Svg::without_defs`].

mod glyphs;

use std::collections::BTreeMap;
use std::fmt;

/// The outline of `ch` as SVG path data (1000 units an em, centred on the origin, y down),
/// if hensoku carries it.
pub fn outline(ch: char) -> Option<&'static str> {
    glyphs::GLYPHS
        .binary_search_by(|(c, _)| c.cmp(&ch))
        .ok()
        .map(|i| glyphs::GLYPHS[i].1)
}

/// An SVG picture being drawn: its start tag, the definitions it uses and its body.
#[derive(Clone, Debug)]
pub struct Svg {
    open: String,
    defs: BTreeMap<String, String>,
    body: String,
}

impl Svg {
    /// A `width`×`height` picture; `attrs` are more attributes of the `<svg>` element.
    pub fn new(width: impl fmt::Display, height: impl fmt::Display, attrs: &str) -> Svg {
        let sep = if attrs.is_empty() { "" } else { " " };
        Svg {
            open: format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\"{sep}{attrs}>\n"
            ),
            defs: BTreeMap::new(),
            body: String::new(),
        }
    }

    /// Define `id` once: `make` writes the definition (an element carrying `id="{id}"`) and
    /// may itself use other definitions.
    pub fn define(&mut self, id: &str, make: impl FnOnce(&mut Svg) -> String) {
        if !self.defs.contains_key(id) {
            let def = make(self);
            self.defs.insert(id.to_string(), def);
        }
    }

    /// The id of the outline of `ch`, defined in this picture; `None` when hensoku has no
    /// outline for it.
    pub fn glyph_id(&mut self, ch: char) -> Option<String> {
        let path = outline(ch)?;
        let id = format!("h-g{:x}", ch as u32);
        self.define(&id, |_| format!("<path id=\"{id}\" d=\"{path}\"/>"));
        Some(id)
    }

    /// Markup drawing `ch` `size` pixels high centred at (`x`, `y`), turned half round when
    /// `upside_down`; `attrs` (a fill, a class) go on the element. A character with no
    /// outline falls back to text.
    pub fn glyph(
        &mut self,
        ch: char,
        (x, y): (f64, f64),
        size: f64,
        upside_down: bool,
        attrs: &str,
    ) -> String {
        let turn = if upside_down { " rotate(180)" } else { "" };
        match self.glyph_id(ch) {
            Some(id) => format!(
                "<use href=\"#{id}\" transform=\"translate({} {}){turn} scale({})\" {attrs}/>",
                num(x),
                num(y),
                num(size / 1000.0)
            ),
            None => format!(
                "<text transform=\"translate({} {}){turn}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" {attrs}>{ch}</text>",
                num(x),
                num(y),
                num(size * 0.35),
                num(size)
            ),
        }
    }

    /// Append markup to the body.
    pub fn push(&mut self, markup: &str) {
        self.body.push_str(markup);
    }

    /// Draw `inner` at (`x`, `y`) inside this picture, its definitions joining this one's.
    pub fn nest(&mut self, inner: Svg, x: impl fmt::Display, y: impl fmt::Display) {
        self.defs.extend(inner.defs);
        let open = inner
            .open
            .replacen("<svg ", &format!("<svg x=\"{x}\" y=\"{y}\" "), 1);
        self.body.push_str(&open);
        self.body.push_str(&inner.body);
        self.body.push_str("</svg>\n");
    }

    /// The definitions this picture uses, by id.
    pub fn defs(&self) -> &BTreeMap<String, String> {
        &self.defs
    }

    /// The `<svg …>` start tag.
    pub fn open_tag(&self) -> &str {
        &self.open
    }

    /// The picture without its definitions, for a page that defines them once for all.
    pub fn without_defs(&self) -> String {
        format!("{}{}</svg>\n", self.open, self.body)
    }

    /// The picture with its definitions: a standalone SVG file.
    pub fn into_string(self) -> String {
        let mut out = self.open;
        if !self.defs.is_empty() {
            out.push_str("<defs>");
            for d in self.defs.values() {
                out.push_str(d);
            }
            out.push_str("</defs>\n");
        }
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }
}

impl fmt::Write for Svg {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.body.push_str(s);
        Ok(())
    }
}

/// A coordinate with at most three decimals and no trailing zeros: short markup.
pub fn num(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// Escape text for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_character_has_an_outline() {
        for ch in "王玉飛角金銀桂香歩龍竜馬と杏圭全一九先後手月久♔♟".chars()
        {
            assert!(outline(ch).is_some_and(|p| p.starts_with('M')), "{ch}");
        }
        assert_eq!(outline('A'), None);
    }

    #[test]
    fn a_definition_is_written_once_and_only_in_the_standalone_picture() {
        let mut svg = Svg::new(10, 10, "");
        let a = svg.glyph('歩', (5.0, 5.0), 8.0, true, "fill=\"#000\"");
        let b = svg.glyph('歩', (5.0, 5.0), 8.0, false, "");
        svg.push(&a);
        svg.push(&b);
        assert!(a.contains("rotate(180)") && a.contains("scale(0.008)"));
        assert_eq!(svg.defs().len(), 1);
        assert!(!svg.without_defs().contains("<path"));
        assert_eq!(svg.into_string().matches("<path id=\"h-g6b69\"").count(), 1);
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(2.0), "2");
        assert_eq!(num(0.0280), "0.028");
        assert_eq!(num(-0.0001), "0");
    }
}
