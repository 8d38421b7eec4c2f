use super::*;
use crate::core::{Problem, Span};

/// PGN's spelling, for the tests: escapes, both comments, variations, NAGs, glued numbers.
const PGN: Dialect = Dialect {
    space: Space::Unicode,
    tag_space: Space::Unicode,
    escape_lines: true,
    lines: false,
    tag: TagRule {
        name: pgn_name,
        gap: None,
        empty_name: false,
        value: TagValue::Quoted {
            escapes: true,
            space_before_close: true,
        },
    },
    header_comments: false,
    tags_after_moves: true,
    brace_comments: true,
    nested_comments: false,
    line_comments: true,
    max_depth: 3,
    word_ends: "{}()[];",
    words: None,
    groups: &[],
    results: &RESULTS,
    result_ends_record: true,
    nags: true,
    number: |w| {
        let digits = w.bytes().take_while(u8::is_ascii_digit).count();
        let dots = w[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits > 0 && dots > 0 {
            digits + dots
        } else {
            0
        }
    },
    glued: Glued::Move,
};

/// Every event as a line of text, with the text its span covers.
#[derive(Default)]
struct Log<'a> {
    text: &'a str,
    events: Vec<String>,
    skip: bool,
}

impl<'a> Log<'a> {
    fn at(&self, span: Span) -> &'a str {
        &self.text[span.offset..span.end()]
    }
    fn push(&mut self, what: &str, span: Span) {
        let e = format!("{what} {:?}", self.at(span));
        self.events.push(e);
    }
}

impl<'a> Visitor<'a> for Log<'a> {
    fn begin_record(&mut self, at: usize) -> Result<(), Problem> {
        self.events.push(format!("record@{at}"));
        Ok(())
    }
    fn tag(&mut self, tag: Tag<'a>) -> Result<(), Problem> {
        let e = format!(
            "tag {}={:?} value@{:?}",
            tag.name,
            tag.value(),
            self.at(tag.value_span)
        );
        self.events.push(e);
        Ok(())
    }
    fn board(&mut self, _: &'a str, span: Span) -> Result<(), Problem> {
        self.push("board", span);
        Ok(())
    }
    fn comment(&mut self, comment: Comment<'a>) -> Result<(), Problem> {
        self.push(&format!("comment {:?}", comment.text), comment.span);
        Ok(())
    }
    fn move_number(&mut self, _: &'a str, span: Span) -> Result<(), Problem> {
        self.push("number", span);
        Ok(())
    }
    fn san(&mut self, _: &'a str, span: Span) -> Result<(), Problem> {
        self.push("san", span);
        Ok(())
    }
    fn nag(&mut self, digits: &'a str, span: Span) -> Result<(), Problem> {
        self.push(&format!("nag {digits}"), span);
        Ok(())
    }
    fn begin_variation(&mut self, open: Span) -> Result<Skip, Problem> {
        self.push("(", open);
        Ok(if self.skip { Skip::Yes } else { Skip::No })
    }
    fn end_variation(&mut self, close: Span) -> Result<(), Problem> {
        self.push(")", close);
        Ok(())
    }
    fn result(&mut self, _: &'a str, span: Span) -> Result<(), Problem> {
        self.push("result", span);
        Ok(())
    }
    fn end_record(&mut self, span: Span) -> Result<(), Problem> {
        self.events
            .push(format!("end {}..{}", span.offset, span.end()));
        Ok(())
    }
}

fn events(text: &str, dialect: &Dialect, skip: bool) -> Result<Vec<String>, Problem> {
    let mut log = Log {
        text,
        skip,
        ..Log::default()
    };
    scan(text, dialect, &mut log)?;
    Ok(log.events)
}

fn fault(text: &str, dialect: &Dialect) -> Fault {
    struct Catch(Option<Fault>);
    impl Visitor<'_> for Catch {
        fn begin_variation(&mut self, _: Span) -> Result<Skip, Problem> {
            Ok(Skip::Yes)
        }
        fn fault(&mut self, fault: Fault) -> Result<(), Problem> {
            self.0 = Some(fault);
            Err(fault.problem())
        }
    }
    let mut c = Catch(None);
    assert!(scan(text, dialect, &mut c).is_err(), "{text:?} scans");
    c.0.expect("a fault")
}

#[test]
fn tokens_come_in_order_with_their_spans() {
    let text = "[Event \"a\"]\n\n1. e4 $1 {good} e5!? 2.Nf3 ; rest\n1-0";
    let got = events(text, &PGN, false).unwrap();
    let want = [
        "record@0",
        "tag Event=\"a\" value@\"a\"",
        "number \"1.\"",
        "san \"e4\"",
        "nag 1 \"$1\"",
        "comment \"good\" \"{good}\"",
        "san \"e5!?\"",
        "number \"2.\"",
        "san \"Nf3\"",
        "comment \" rest\" \"; rest\"",
        "result \"1-0\"",
        format!("end 0..{}", text.len()).leak(),
    ];
    assert_eq!(got, want);
}

#[test]
fn variations_nest_and_a_result_inside_one_is_none() {
    let text = "1. e4 (1. d4 (1. c4 *) d5) e5 *";
    let got = events(text, &PGN, false).unwrap();
    let marks: Vec<&str> = got
        .iter()
        .filter(|e| e.starts_with(['(', ')', 'r']))
        .map(String::as_str)
        .collect();
    assert_eq!(
        marks,
        [
            "record@0",
            "( \"(\"",
            "( \"(\"",
            ") \")\"",
            ") \")\"",
            "result \"*\""
        ]
    );
    assert!(got.contains(&"san \"c4\"".to_string()));
}

#[test]
fn a_visitor_that_skips_variations_sees_none_of_their_tokens() {
    let text = "1. e4 (1. d4 {inner} (1. c4) d5) e5 *";
    let got = events(text, &PGN, true).unwrap();
    let sans: Vec<&str> = got
        .iter()
        .filter(|e| e.starts_with("san") || e.starts_with("comment"))
        .map(String::as_str)
        .collect();
    assert_eq!(sans, ["san \"e4\"", "san \"e5\""]);
    // a fault inside a skipped variation is still a fault (the catcher skips them all)
    assert_eq!(
        fault("1. e4 (1. d4 {open", &PGN),
        Fault::CommentOpen { at: 13 }
    );
}

#[test]
fn nesting_is_bounded_and_every_open_variation_closes() {
    assert_eq!(
        fault("1. e4 (d4 (c4 (Nf3 (g3", &PGN),
        Fault::TooDeep { at: 19 }
    );
    assert_eq!(fault("1. e4 (d4", &PGN), Fault::VariationOpen { at: 6 });
    assert_eq!(fault("1. e4 )", &PGN), Fault::Unexpected { at: 6, c: ')' });
}

#[test]
fn escapes_are_undone_only_where_the_dialect_has_them() {
    let text = r#"[Source "a \"quoted\" \\ name"]"#;
    let got = events(text, &PGN, false).unwrap();
    assert_eq!(
        got[1],
        r#"tag Source="a \"quoted\" \\ name" value@"a \\\"quoted\\\" \\\\ name""#
    );
    let plain = Dialect {
        tag: TagRule {
            value: TagValue::Quoted {
                escapes: false,
                space_before_close: false,
            },
            ..PGN.tag
        },
        ..PGN
    };
    // without escapes the value ends at the first quote
    assert_eq!(
        fault(r#"[A "x\"y"]"#, &plain),
        Fault::TagClose {
            start: 0,
            after: 7,
            at: 7
        }
    );
}

#[test]
fn tag_faults_say_where() {
    assert_eq!(fault("[ \"x\"]", &PGN), Fault::TagName { start: 0, at: 2 });
    assert_eq!(fault("[A x]", &PGN), Fault::TagQuote { start: 0, at: 3 });
    assert_eq!(
        fault("[A \"x\n\"]", &PGN),
        Fault::TagValue { start: 0, at: 5 }
    );
    assert_eq!(
        fault("[A \"x\" y]", &PGN),
        Fault::TagClose {
            start: 0,
            after: 6,
            at: 7
        }
    );
}

#[test]
fn line_based_dialects_keep_tokens_on_their_line() {
    let lines = Dialect {
        lines: true,
        tags_after_moves: false,
        groups: &[(&['\''], &['\''])],
        word_ends: "{;",
        max_depth: 0,
        ..PGN
    };
    let got = events("[A \"1\"]\n'two words' e4\n", &lines, false).unwrap();
    assert_eq!(got[2], "san \"'two words'\"");
    assert_eq!(fault("e4 {open\n}", &lines), Fault::CommentOpen { at: 3 });
    assert_eq!(
        fault("'open\n'", &lines),
        Fault::GroupOpen { at: 0, open: '\'' }
    );
    assert_eq!(
        fault("e4\n  [A \"1\"]  \n", &lines),
        Fault::LateTag {
            span: Span::new(5, 7)
        }
    );
}

#[test]
fn bracketed_tags_keep_inner_quotes() {
    let howe = Dialect {
        lines: true,
        tag: TagRule {
            name: |c| c != ' ',
            gap: None,
            empty_name: true,
            value: TagValue::Bracketed {
                close: Close::LineEnd,
                boards: false,
            },
        },
        ..PGN
    };
    let got = events("[Event \"a \"b\" c\"]\n", &howe, false).unwrap();
    assert_eq!(
        got[1],
        "tag Event=\"a \\\"b\\\" c\" value@\"a \\\"b\\\" c\""
    );
    assert_eq!(
        fault("[Event a]", &howe),
        Fault::TagQuote { start: 0, at: 8 }
    );
}

#[test]
fn nested_comments_close_at_their_own_brace() {
    let nested = Dialect {
        nested_comments: true,
        ..PGN
    };
    let got = events("{a {b} c} e4", &nested, false).unwrap();
    assert_eq!(got[1], "comment \"a {b} c\" \"{a {b} c}\"");
}

#[test]
fn a_record_ends_at_its_result_or_at_the_next_tags() {
    let got = events("e4 1-0 d4 [A \"b\"] c4", &PGN, false).unwrap();
    let bounds: Vec<&str> = got
        .iter()
        .filter(|e| e.starts_with("record") || e.starts_with("end"))
        .map(String::as_str)
        .collect();
    assert_eq!(
        bounds,
        [
            "record@0",
            "end 0..6",
            "record@7",
            "end 7..10",
            "record@10",
            "end 10..20"
        ]
    );
}

/// A word that runs to the next space, or one that starts with `(` to its `)`, spaces and
/// all; a `(` followed by a space opens a variation.
const MEASURED: Dialect = Dialect {
    words: Some(Words {
        end: |text, at| {
            let rest = &text[at..];
            match rest.strip_prefix('(') {
                Some(_) => rest.find(')').map_or(text.len(), |i| at + i + 1),
                None => rest.find(' ').map_or(text.len(), |i| at + i),
            }
        },
        opens: |text, at| text[at + 1..].starts_with(' '),
    }),
    ..PGN
};

#[test]
fn words_a_dialect_measures_hold_spaces_and_run_into_the_next_token() {
    let got = events("(x y)e4 ( d4 ) c4 1-0", &MEASURED, false).unwrap();
    assert_eq!(
        got,
        [
            "record@0",
            "san \"(x y)\"",
            "san \"e4\"",
            "( \"(\"",
            "san \"d4\"",
            ") \")\"",
            "san \"c4\"",
            "result \"1-0\"",
            "end 0..21"
        ]
    );
}

#[test]
fn a_measure_that_is_no_end_takes_one_character() {
    for end in [
        |_: &str, _: usize| 0,
        |t: &str, _: usize| t.len() + 5,
        |_: &str, at: usize| at + 1,
    ] {
        let d = Dialect {
            words: Some(Words {
                end,
                opens: |_, _| true,
            }),
            ..PGN
        };
        let got = events("ab é", &d, false).unwrap();
        assert_eq!(got[1..4], ["san \"a\"", "san \"b\"", "san \"é\""]);
    }
}

#[test]
fn boards_and_comments_may_stand_among_the_tags() {
    let fived = Dialect {
        tag: TagRule {
            name: |c| !(c.is_whitespace() || c == '"'),
            gap: None,
            empty_name: false,
            value: TagValue::Bracketed {
                close: Close::OutsideQuotes,
                boards: true,
            },
        },
        header_comments: true,
        ..PGN
    };
    let text = "[A \"b\"] [x/y:0] {c} [C \"d\"] e4";
    let got = events(text, &fived, false).unwrap();
    assert_eq!(
        got,
        [
            "record@0",
            "tag A=\"b\" value@\"b\"",
            "board \"[x/y:0]\"",
            "comment \"c\" \"{c}\"",
            "tag C=\"d\" value@\"d\"",
            "san \"e4\"",
            "end 0..30"
        ]
    );
    // without them, the comment starts the movetext and the next tags a record
    let plain = Dialect {
        header_comments: false,
        ..fived
    };
    let got = events(text, &plain, false).unwrap();
    assert_eq!(got[4], "end 0..20");
}

#[test]
fn records_may_start_past_a_prefix() {
    let text = "\u{feff}e4 1-0";
    let mut log = Log {
        text,
        ..Log::default()
    };
    let mut s = Scanner::new(text, &PGN);
    s.set_at('\u{feff}'.len_utf8());
    s.records(&mut log).unwrap();
    assert_eq!(
        log.events,
        ["record@3", "san \"e4\"", "result \"1-0\"", "end 3..9"]
    );
}
