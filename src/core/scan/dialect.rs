//! What sets one record notation apart from another, as data: the scanner reads every
//! notation of the PGN family, and a [`Dialect`] says how this one spells its tags,
//! comments, words, move numbers and results.

/// White space between tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// `char::is_whitespace`: ASCII white space, the vertical tab and Unicode spaces.
    Unicode,
    /// `u8::is_ascii_whitespace`: space, tab, line feed, form feed, carriage return.
    Ascii,
}

impl Space {
    /// Whether `c` is white space here.
    pub fn holds(self, c: char) -> bool {
        match self {
            Space::Unicode => c.is_whitespace(),
            Space::Ascii => c.is_ascii() && (c as u8).is_ascii_whitespace(),
        }
    }

    /// Whether the ASCII byte `b` is white space here (a byte below 0x80).
    pub fn holds_byte(self, b: u8) -> bool {
        match self {
            Space::Unicode => matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C),
            Space::Ascii => b.is_ascii_whitespace(),
        }
    }
}

/// How a tag's value is delimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagValue {
    /// `[Name "value"]`: the value ends at the first (unescaped) `"`, then `]` closes.
    Quoted {
        /// `\"` and `\\` (any `\x` stands for `x`) inside the value.
        escapes: bool,
        /// White space may stand between the value's closing quote and `]`.
        space_before_close: bool,
    },
    /// The tag runs to its `]`, and its value is what follows the name and one separator,
    /// trimmed, which must stand between quotes (quotes inside it are kept).
    Bracketed {
        /// Where the tag's `]` stands.
        close: Close,
        /// A group with no quote in it is no tag but a board (5DPGN's 5DFEN boards stand
        /// among its tags), handed to [`Visitor::board`](super::Visitor::board).
        boards: bool,
    },
}

/// Where a bracketed tag's `]` stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Close {
    /// Last on its line (trailing white space aside): the tag is the whole line.
    LineEnd,
    /// At the first `]` outside quotes, before a line end outside quotes.
    OutsideQuotes,
}

/// How a tag pair is written.
#[derive(Clone, Copy, Debug)]
pub struct TagRule {
    /// The characters of a tag's name; for a bracketed tag, the first other character is
    /// the separator before the value.
    pub name: fn(char) -> bool,
    /// Between the name and a quoted value: any white space (`None`), or exactly this text.
    pub gap: Option<&'static str>,
    /// An empty name is a name.
    pub empty_name: bool,
    /// How the value is delimited.
    pub value: TagValue,
}

/// What a word's move-number prefix is followed by, in the same word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glued {
    /// The rest is a move, whatever it looks like (`12.e4`).
    Move,
    /// The rest is read again as a token of its own (`1:'intent'`).
    Token,
}

/// Words a dialect measures itself, where a word is no run of characters up to white
/// space or a word end: 5DPGN's moves hold board references, spaces and all (`(0 T1)Nf3`),
/// and run into the next token unspaced (`e4!?`, `d5/d4`).
#[derive(Clone, Copy, Debug)]
pub struct Words {
    /// Where the word that starts at an offset of the text ends. An end that is not past
    /// the start, or not a character boundary, is taken as the word's first character.
    pub end: fn(&str, usize) -> usize,
    /// Whether the `(` at an offset of the text opens a variation; otherwise it starts a
    /// word (5DPGN's `(0T1)Nf3` is a move, its `( 2. …)` a variation).
    pub opens: fn(&str, usize) -> bool,
}

/// One notation's spelling, as the scanner needs it.
#[derive(Clone, Copy, Debug)]
pub struct Dialect {
    /// White space between tokens.
    pub space: Space,
    /// White space on a tag's line: before it, inside it and after it (the puzzle file
    /// trims its tag lines of any white space, but splits its moves at ASCII only).
    pub tag_space: Space,
    /// PGN's escape lines: a `%` first on its line hides the line.
    pub escape_lines: bool,
    /// A tag pair is a line of its own and no token crosses a line end; a fault the
    /// visitor tolerates skips the rest of its line.
    pub lines: bool,
    /// How a tag pair is written.
    pub tag: TagRule,
    /// Comments may stand between the tags and stay in the record's header (otherwise the
    /// first comment starts the movetext, and a tag after it follows the moves).
    pub header_comments: bool,
    /// A tag after movetext starts the next record (`true`), or is a fault (`false`).
    pub tags_after_moves: bool,
    /// `{…}` comments.
    pub brace_comments: bool,
    /// Braces nest inside a comment (`{a {b} c}` is one comment).
    pub nested_comments: bool,
    /// `;` comments to the end of the line.
    pub line_comments: bool,
    /// `(…)` variations, at most this deep (0: `(` is no variation).
    pub max_depth: usize,
    /// Characters that end a word besides white space; any of them that starts no token
    /// here (a stray `)`, `]` or `}`) is a fault.
    pub word_ends: &'static str,
    /// Words the dialect measures itself (`None`: a word runs to white space or one of
    /// `word_ends`).
    pub words: Option<Words>,
    /// Groups read as one word, spaces and all, from an opening to a closing character
    /// (Howe's quoted intent, a parenthesised remark).
    pub groups: &'static [(&'static [char], &'static [char])],
    /// The words that are results.
    pub results: &'static [&'static str],
    /// A result ends its record (otherwise the record runs on to the next tags).
    pub result_ends_record: bool,
    /// `$n` numeric annotation glyphs.
    pub nags: bool,
    /// The length of the move number a word starts with (0: none).
    pub number: fn(&str) -> usize,
    /// What follows a move number inside one word.
    pub glued: Glued,
}

/// The results of the PGN family.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A PGN tag name character: ASCII letters, digits and `_`.
pub fn pgn_name(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}
