//! Writing a [`Page`] as HTML: the header, the diagnostic, the stage, the controls and the
//! move list; the CSS and the script are inline.

use super::{Page, Stage};
use crate::render::escape;
use std::fmt::Write;

const CSS: &str = include_str!("view.css");
const SCRIPT: &str = include_str!("view.js");

/// The four navigation buttons: what they do, their key, their icon (a path in 0 0 16 16).
const BUTTONS: [(&str, &str, &str); 4] = [
    ("first", "Home", "M3 3h2v10H3zM13 3v10L6 8z"),
    ("prev", "←", "M11 3v10L4 8z"),
    ("next", "→", "M5 3v10l7-5z"),
    ("last", "End", "M11 3h2v10h-2zM3 3v10l7-5z"),
];

pub(super) fn write(page: &Page) -> String {
    let mut out = String::with_capacity(64 * 1024);
    let open = page.diagnostic.as_ref().map_or(0, |d| d.node);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n<main id=\"hensoku-view\" data-game=\"{}\" data-plies=\"{}\" data-nodes=\"{}\" data-open=\"{open}\">\n",
        escape(&page.title),
        escape(&page.game),
        page.main_line_plies(),
        page.nodes.len()
    );
    header(&mut out, page);
    out.push_str("<div class=\"body\">\n<div class=\"board-column\">\n");
    stage(&mut out, page);
    controls(&mut out);
    out.push_str("<div class=\"current-comment\" aria-live=\"polite\"></div>\n");
    for (i, n) in page.nodes.iter().enumerate() {
        if !n.panel.is_empty() {
            let _ = writeln!(
                out,
                "<div class=\"panel\" data-node=\"{i}\" hidden>{}</div>",
                n.panel
            );
        }
    }
    out.push_str("</div>\n");
    moves(&mut out, page);
    out.push_str("</div>\n");
    defs(&mut out, page);
    let _ = write!(
        out,
        "</main>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    );
    out
}

fn header(out: &mut String, page: &Page) {
    let _ = writeln!(out, "<header>\n<h1>{}</h1>", escape(&page.title));
    if !page.headers.is_empty() {
        out.push_str("<dl class=\"headers\">");
        for (k, v) in &page.headers {
            let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", escape(k), escape(v));
        }
        out.push_str("</dl>\n");
    }
    for note in &page.notes {
        let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(note));
    }
    if let Some(d) = &page.diagnostic {
        let _ = writeln!(
            out,
            "<div class=\"diagnostic\" role=\"alert\"><b class=\"rule\">{}</b> <span class=\"message\">{}</span> <a href=\"#ply={}\">(go to the ply)</a></div>",
            escape(&d.rule),
            escape(&d.message),
            page.paths()[d.node]
        );
    }
    out.push_str("</header>\n");
}

fn stage(out: &mut String, page: &Page) {
    match &page.stage {
        Stage::Frames(frames) => {
            out.push_str("<div class=\"stage frames\">\n");
            for (i, f) in frames.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "<div class=\"frame\" data-frame=\"{i}\" hidden>{f}</div>"
                );
            }
            out.push_str("</div>\n");
        }
        Stage::Layered { open, layers } => {
            out.push_str("<div class=\"stage layered\">\n<div class=\"viewport\">\n");
            out.push_str(open);
            for l in layers {
                // what the start shows is on before the script runs; the rest waits for it
                let key = if l.persistent { "born" } else { "only" };
                let class = if l.node == 0 { "layer" } else { "layer off" };
                let _ = writeln!(
                    out,
                    "<g class=\"{class}\" data-{key}=\"{}\">{}</g>",
                    l.node, l.markup
                );
            }
            out.push_str("</svg>\n</div>\n<div class=\"zoom\"><button type=\"button\" data-zoom=\"in\" title=\"zoom in\">+</button><button type=\"button\" data-zoom=\"out\" title=\"zoom out\">&#8722;</button><button type=\"button\" data-zoom=\"fit\" title=\"fit\">fit</button></div>\n<div class=\"enlarged\" hidden></div>\n</div>\n");
        }
    }
}

fn controls(out: &mut String) {
    out.push_str("<nav class=\"controls\">");
    for (go, key, icon) in BUTTONS {
        let _ = write!(
            out,
            "<button type=\"button\" data-go=\"{go}\" title=\"{go} ({key})\" aria-label=\"{go}\"><svg viewBox=\"0 0 16 16\" width=\"16\" height=\"16\"><path d=\"{icon}\"/></svg></button>"
        );
    }
    out.push_str("<span class=\"counter\"></span></nav>\n");
}

/// What the move list does next: write a node's line, or some markup.
enum Work {
    Line(usize),
    Text(&'static str),
}

/// The move list: the main line, each variation in a block after the move it replaces.
/// Written with a stack, not recursion: a deeply nested record must not overflow it.
fn moves(out: &mut String, page: &Page) {
    let paths = page.paths();
    let mut kids = vec![Vec::new(); page.nodes.len()];
    for (i, n) in page.nodes.iter().enumerate() {
        if let Some(p) = n.parent {
            kids[p].push(i);
        }
    }
    out.push_str("<div class=\"moves\">\n");
    ply(out, page, &paths, 0);
    let mut work: Vec<Work> = kids[0]
        .first()
        .map(|&c| Work::Line(c))
        .into_iter()
        .collect();
    while let Some(w) = work.pop() {
        let cur = match w {
            Work::Text(t) => {
                out.push_str(t);
                continue;
            }
            Work::Line(cur) => cur,
        };
        ply(out, page, &paths, cur);
        if let Some(&next) = kids[cur].first() {
            work.push(Work::Line(next));
        }
        let parent = page.nodes[cur].parent.unwrap_or(0);
        if kids[parent].first() == Some(&cur) {
            for &alt in kids[parent][1..].iter().rev() {
                work.push(Work::Text("</div>\n"));
                work.push(Work::Line(alt));
                work.push(Work::Text("<div class=\"variation\">"));
            }
        }
    }
    out.push_str("\n</div>\n");
}

fn ply(out: &mut String, page: &Page, paths: &[String], i: usize) {
    let n = &page.nodes[i];
    let mut class = String::from("ply");
    if n.illegal {
        class.push_str(" illegal");
    }
    if let Some(r) = &n.role {
        let _ = write!(class, " role-{}", escape(r));
    }
    let parent = n
        .parent
        .map_or(String::new(), |p| format!(" data-parent=\"{p}\""));
    let _ = write!(
        out,
        "<a class=\"{class}\" href=\"#ply={path}\" data-node=\"{i}\"{parent} data-frame=\"{}\" data-ply=\"{}\" data-path=\"{path}\" data-position=\"{}\">{}",
        n.picture,
        n.ply,
        escape(&n.position),
        escape(&n.text),
        path = paths[i],
    );
    if let Some(r) = &n.role {
        let _ = write!(out, " <span class=\"role\">{}</span>", escape(r));
    }
    if let Some(t) = &n.time {
        let _ = write!(out, " <span class=\"time\">{}</span>", escape(t));
    }
    out.push_str("</a>");
    for c in &n.comments {
        let _ = write!(out, "<span class=\"comment\">{}</span>", escape(c));
    }
    out.push('\n');
}

fn defs(out: &mut String, page: &Page) {
    out.push_str("<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>");
    for d in page.defs.values() {
        out.push_str(d);
    }
    out.push_str("</defs></svg>\n");
}
