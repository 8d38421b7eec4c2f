//! One self-contained HTML page that steps through a record, its variations or a solution
//! tree: every picture drawn by the games' own SVG code, CSS and a small script inline, no
//! network.
//!
//! A game builds a [`Page`]: a tree of [`Node`]s (the start, then one node per ply; a node's
//! first child continues its line, the others are variations), each with the picture after
//! it. [`Page::html`] writes the page. Its contract, for tests and for readers of the file:
//! the root element `#hensoku-view` carries `data-game` and `data-plies` (the main line's
//! length); each ply element `.ply` carries `data-ply` (its index along its line, 0 for the
//! start), `data-position` (the game's canonical position string after it) and `data-path`
//! (what the URL fragment `#ply=…` names: `23` on the main line, `12.1.15` for ply 15 of the
//! line that takes the second move at ply 12). The ply shown has the class `current`.

mod html;
pub mod pages;

pub use pages::{Request, Solve, page, solution_page};

use crate::render::Svg;
use std::collections::BTreeMap;

/// One position of the tree: the start, or the position after a ply.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// The node this ply was played from; `None` for the start.
    pub parent: Option<usize>,
    /// Its index along its line: 0 for the start.
    pub ply: usize,
    /// The ply as the move list shows it (`▲7六歩`, `1. e4`, …).
    pub text: String,
    /// The canonical position string after the ply.
    pub position: String,
    /// Comments on the ply, as the record wrote them.
    pub comments: Vec<String>,
    /// A time annotation as the record wrote it.
    pub time: Option<String>,
    /// What the ply is in a solution tree (`key`, `threat`, `defence`, `cook`, `try`), shown
    /// as a tag and a class.
    pub role: Option<String>,
    /// More HTML shown under the board at this node (a card game's cards, a side's status).
    pub panel: String,
    /// The ply broke a rule: it was not played, its position is its parent's.
    pub illegal: bool,
    /// Which picture shows this node (an index into the page's pictures).
    picture: usize,
}

impl Node {
    /// The node of ply `ply` played from node `parent`.
    pub fn after(parent: usize, ply: usize, text: String, position: String) -> Node {
        Node {
            parent: Some(parent),
            ply,
            text,
            position,
            ..Node::default()
        }
    }
}

/// How the pictures are shown.
#[derive(Clone, Debug)]
pub enum Stage {
    /// One picture per node; equal pictures are stored once.
    Frames(Vec<String>),
    /// One picture of everything (5D's multiverse): each layer is shown while its node is
    /// on the path to the current node (`born`) or only at its node.
    Layered {
        /// The picture's `<svg …>` start tag.
        open: String,
        /// The layers, in drawing order.
        layers: Vec<Layer>,
    },
}

/// A part of a layered picture.
#[derive(Clone, Debug)]
pub struct Layer {
    /// The node the layer belongs to.
    pub node: usize,
    /// Shown from its node on (a board once made stays), or only at its node.
    pub persistent: bool,
    /// The layer's SVG markup, without its `<svg>` tag.
    pub markup: String,
}

/// A rule broken by the record: shown above the board, the page opening at its ply.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// The rule's stable name (`IllegalMove`).
    pub rule: String,
    /// What is wrong, in words.
    pub message: String,
    /// The node of the illegal ply (or the last node reached).
    pub node: usize,
}

/// A ply of a line being added with [`Page::add_line`].
#[derive(Clone, Debug)]
pub struct Ply {
    /// The ply as the move list shows it.
    pub text: String,
    /// The canonical position string after it.
    pub position: String,
    /// The picture after it.
    pub picture: Svg,
    /// Comments on the ply.
    pub comments: Vec<String>,
    /// A time annotation as the record wrote it.
    pub time: Option<String>,
    /// More HTML shown under the board.
    pub panel: String,
}

impl Ply {
    /// A ply with no comment, time or panel.
    pub fn new(text: String, position: String, picture: Svg) -> Ply {
        Ply {
            text,
            position,
            picture,
            comments: Vec::new(),
            time: None,
            panel: String::new(),
        }
    }
}

/// The ply that broke a rule, closing its line: as written, and the rule it broke.
#[derive(Clone, Debug)]
pub struct Illegal {
    /// The ply as written.
    pub text: String,
    /// The rule's stable name.
    pub rule: String,
    /// What is wrong, in words.
    pub message: String,
}

/// The whole page.
#[derive(Clone, Debug)]
pub struct Page {
    /// The `--game` name.
    pub game: String,
    /// The page's title (the file's name).
    pub title: String,
    /// Header lines of the record (players, event, …), in order.
    pub headers: Vec<(String, String)>,
    /// Lines shown above the board (a solve's verdict).
    pub notes: Vec<String>,
    /// The rule the record broke, when it broke one.
    pub diagnostic: Option<Diagnostic>,
    nodes: Vec<Node>,
    stage: Stage,
    pictures: BTreeMap<String, usize>,
    defs: BTreeMap<String, String>,
}

impl Page {
    /// A page whose start node shows `position` and `picture`.
    pub fn new(game: &str, title: &str, position: String, picture: Svg) -> Page {
        let mut page = Page {
            game: game.to_string(),
            title: title.to_string(),
            headers: Vec::new(),
            notes: Vec::new(),
            diagnostic: None,
            nodes: Vec::new(),
            stage: Stage::Frames(Vec::new()),
            pictures: BTreeMap::new(),
            defs: BTreeMap::new(),
        };
        let start = Node {
            text: "start".into(),
            position,
            ..Node::default()
        };
        page.push(start, Some(picture));
        page
    }

    /// A page whose pictures are layers of one picture (`open` is its `<svg …>` tag); the
    /// start node has no picture of its own until layers are added.
    pub fn layered(game: &str, title: &str, position: String, open: String) -> Page {
        let mut page = Page::new(game, title, position, Svg::new(0, 0, ""));
        page.stage = Stage::Layered {
            open,
            layers: Vec::new(),
        };
        page.pictures.clear();
        page
    }

    /// Add a node after `node.parent` with its picture (`None`: the parent's, as for an
    /// illegal ply or a layered page); returns its index. A parent's first child continues
    /// its line.
    pub fn push(&mut self, mut node: Node, picture: Option<Svg>) -> usize {
        node.picture = match (picture, node.parent) {
            (Some(svg), _) => self.picture(svg),
            (None, Some(p)) => self.nodes[p].picture,
            (None, None) => 0,
        };
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// Add a line after node `parent`, its first ply numbered `first`; an illegal ply closes
    /// it (it becomes the page's diagnostic unless an earlier line had one). Returns the
    /// nodes of the legal plies.
    pub fn add_line(
        &mut self,
        parent: usize,
        first: usize,
        plies: Vec<Ply>,
        illegal: Option<Illegal>,
    ) -> Vec<usize> {
        let mut at = parent;
        let mut added = Vec::with_capacity(plies.len());
        for (k, p) in plies.into_iter().enumerate() {
            let node = Node {
                parent: Some(at),
                ply: first + k,
                text: p.text,
                position: p.position,
                comments: p.comments,
                time: p.time,
                panel: p.panel,
                ..Node::default()
            };
            at = self.push(node, Some(p.picture));
            added.push(at);
        }
        if let Some(bad) = illegal {
            let node = Node {
                parent: Some(at),
                ply: first + added.len(),
                text: bad.text,
                position: self.nodes[at].position.clone(),
                comments: vec![format!("{}: {}", bad.rule, bad.message)],
                panel: self.nodes[at].panel.clone(),
                illegal: true,
                ..Node::default()
            };
            let i = self.push(node, None);
            if self.diagnostic.is_none() {
                self.diagnostic = Some(Diagnostic {
                    rule: bad.rule,
                    message: bad.message,
                    node: i,
                });
            }
        }
        added
    }

    /// Add a layer to a layered page, its definitions joining the page's.
    pub fn layer(&mut self, node: usize, persistent: bool, svg: Svg) {
        self.defs
            .extend(svg.defs().iter().map(|(k, v)| (k.clone(), v.clone())));
        let markup = svg.without_defs();
        // keep only the body: the layer is a group inside the one picture
        let body = markup
            .split_once(">\n")
            .map_or("", |(_, b)| b)
            .trim_end()
            .trim_end_matches("</svg>")
            .to_string();
        if let Stage::Layered { layers, .. } = &mut self.stage {
            layers.push(Layer {
                node,
                persistent,
                markup: body,
            });
        }
    }

    fn picture(&mut self, svg: Svg) -> usize {
        self.defs
            .extend(svg.defs().iter().map(|(k, v)| (k.clone(), v.clone())));
        let markup = svg.without_defs();
        if let Some(&i) = self.pictures.get(&markup) {
            return i;
        }
        let Stage::Frames(frames) = &mut self.stage else {
            return 0;
        };
        frames.push(markup.clone());
        let i = frames.len() - 1;
        self.pictures.insert(markup, i);
        i
    }

    /// Every node, the start first; a parent comes before its children.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The node at `i`, to add comments or a panel after it was pushed.
    pub fn node_mut(&mut self, i: usize) -> &mut Node {
        &mut self.nodes[i]
    }

    /// The children of a node, its line's continuation first.
    pub fn children(&self, i: usize) -> Vec<usize> {
        (0..self.nodes.len())
            .filter(|&c| self.nodes[c].parent == Some(i))
            .collect()
    }

    /// The number of plies of the main line (the first children from the start).
    pub fn main_line_plies(&self) -> usize {
        let mut n = 0;
        let mut at = 0;
        while let Some(&c) = self.children(at).first() {
            if self.nodes[c].illegal {
                break;
            }
            n += 1;
            at = c;
        }
        n
    }

    /// The URL-fragment path of each node (see the module documentation).
    pub fn paths(&self) -> Vec<String> {
        let mut out = vec![String::new(); self.nodes.len()];
        let mut prefix = vec![String::new(); self.nodes.len()];
        out[0] = "0".into();
        for i in 1..self.nodes.len() {
            // parents come before their children
            let p = self.nodes[i].parent.unwrap_or(0);
            let rank = self.children(p).iter().position(|&c| c == i).unwrap_or(0);
            prefix[i] = if rank == 0 {
                prefix[p].clone()
            } else {
                format!("{}{}.{rank}.", prefix[p], self.nodes[i].ply)
            };
            out[i] = format!("{}{}", prefix[i], self.nodes[i].ply);
        }
        out
    }

    /// The whole HTML document.
    pub fn html(&self) -> String {
        html::write(self)
    }
}
