//! The server's layers, in code: `server/src` holds a handful of groups, top to bottom
//!
//!   app → overview → commerce | content | audience → agenda → platform → kit
//!
//! and code in one group may only name a group below it (commerce, content and audience sit side
//! by side and never name each other). Within and across groups the modules (`group::module`)
//! form no cycle. Both tests print what breaks the rule.
//!
//! It reads `src/**/*.rs` as text: every `crate::a::b` (also inside `use crate::{a::b, c::{d, e}}`)
//! and every `super::…` that leaves the file's module is an edge to module `a::b`.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The groups from the top down; groups in one inner list are side by side.
const LAYERS: &[&[&str]] = &[
    &["app"],
    &["overview"],
    &["commerce", "content", "audience"],
    &["agenda"],
    &["platform"],
    &["kit"],
];

#[test]
fn the_modules_form_no_cycle() {
    let graph = module_graph(&src_dir());
    assert!(
        graph.len() > 40,
        "too few modules found in {}",
        src_dir().display()
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!("the modules form a cycle: {}", cycle.join(" → "));
    }
}

#[test]
fn every_group_names_only_groups_below_it() {
    let graph = module_graph(&src_dir());
    let broken = layer_violations(&graph);
    assert!(
        broken.is_empty(),
        "imports that point up or sideways ({:?}):\n{}",
        LAYERS,
        broken.join("\n")
    );
}

#[test]
fn server_src_holds_only_the_groups_and_the_crate_root() {
    let mut entries: Vec<String> = std::fs::read_dir(src_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    entries.sort();
    let mut expected: Vec<String> = LAYERS
        .iter()
        .flat_map(|l| l.iter())
        .map(|g| g.to_string())
        .collect();
    expected.extend(["lib.rs".to_string(), "main.rs".to_string()]);
    expected.sort();
    assert_eq!(
        entries, expected,
        "server/src should hold the groups of LAYERS, lib.rs and main.rs"
    );
}

#[test]
fn paths_in_groups_nested_modules_and_super_are_followed() {
    let text = "use crate::{kit::db, platform::{state::AppState, outbox}};\nmod tests { use super::*; use super::super::paging::Page; }\nfn f() { crate::kit::dutch::euro('{'); let s = \"crate::app::ignored\"; } // crate::app::also_ignored\npub(crate) fn g() {}";
    let path: Vec<String> = ["commerce", "orders", "admin"].map(String::from).to_vec();
    let targets = references(&path, text);
    assert_eq!(
        targets,
        BTreeSet::from(
            [
                "kit::db",
                "platform::state",
                "platform::outbox",
                "kit::dutch",
                "commerce::orders"
            ]
            .map(String::from)
        )
    );
    let graph = Graph::from([
        ("a::x".into(), BTreeSet::from(["b::y".into()])),
        ("b::y".into(), BTreeSet::from(["c::z".into()])),
        ("c::z".into(), BTreeSet::from(["a::x".into()])),
    ]);
    assert_eq!(
        find_cycle(&graph).unwrap(),
        ["a::x", "b::y", "c::z", "a::x"]
    );
}

#[test]
fn an_upward_or_sideways_import_is_reported() {
    let graph = Graph::from([
        (
            "agenda::events".into(),
            BTreeSet::from(["commerce::orders".into(), "kit::db".into()]),
        ),
        (
            "content::reviews".into(),
            BTreeSet::from(["audience::newsletter".into(), "agenda::events".into()]),
        ),
        (
            "commerce::orders".into(),
            BTreeSet::from(["commerce::invoices".into()]),
        ),
    ]);
    assert_eq!(
        layer_violations(&graph),
        [
            "agenda::events → commerce::orders",
            "content::reviews → audience::newsletter",
        ]
    );
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The edges that leave a group for a group that is not below it.
fn layer_violations(graph: &Graph) -> Vec<String> {
    let layer = |module: &str| {
        let group = module.split("::").next().unwrap();
        LAYERS
            .iter()
            .position(|layer| layer.contains(&group))
            .unwrap_or_else(|| panic!("`{group}` is in no layer of LAYERS"))
    };
    let group = |module: &str| module.split("::").next().unwrap().to_string();
    let mut broken = Vec::new();
    for (from, targets) in graph {
        for to in targets {
            if group(from) != group(to) && layer(to) <= layer(from) {
                broken.push(format!("{from} → {to}"));
            }
        }
    }
    broken
}

/// Module (`group::module`) → the modules its files refer to (itself left out).
fn module_graph(src: &Path) -> Graph {
    let mut graph = Graph::new();
    for file in rust_files(src) {
        let relative = file.strip_prefix(src).unwrap();
        let mut path: Vec<String> = relative
            .with_extension("")
            .iter()
            .map(|part| part.to_string_lossy().into_owned())
            .collect();
        if path.last().is_some_and(|last| last == "mod") {
            path.pop();
        }
        // lib.rs and main.rs are the crate root, and a group's mod.rs only lists its members.
        if path.len() < 2 {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let own = module_of(&path);
        let targets = references(&path, &text);
        let edges = graph.entry(own.clone()).or_default();
        edges.extend(targets.into_iter().filter(|target| *target != own));
    }
    graph
}

/// `group::module` of an absolute module path (a path naming a group alone stays the group).
fn module_of(path: &[String]) -> String {
    path.iter().take(2).cloned().collect::<Vec<_>>().join("::")
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The modules (`group::module`) that code in the module at `path` (e.g.
/// `["commerce", "orders", "admin"]`) names through `crate::` or `super::`.
fn references(path: &[String], text: &str) -> BTreeSet<String> {
    let code = without_comments_and_strings(text);
    let mut targets = BTreeSet::new();
    // The module each open brace belongs to, for `super::` inside inline `mod x { … }`.
    let mut modules: Vec<(usize, String)> = Vec::new();
    let mut depth = 0;
    let mut pending_mod: Option<String> = None;
    let tokens = tokenize(&code);
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i].as_str() {
            "mod" if i + 2 < tokens.len() && tokens[i + 2] == "{" => {
                pending_mod = Some(tokens[i + 1].clone());
            }
            "{" => {
                depth += 1;
                if let Some(name) = pending_mod.take() {
                    modules.push((depth, name));
                }
            }
            "}" => {
                if modules.last().is_some_and(|(d, _)| *d == depth) {
                    modules.pop();
                }
                depth -= 1;
            }
            "crate" if i == 0 || tokens[i - 1] != "$" => {
                let (paths, next) = expand(&tokens, i + 1, Vec::new());
                targets.extend(paths.iter().filter(|p| p.len() >= 2).map(|p| module_of(p)));
                i = next;
                continue;
            }
            "super" if tokens.get(i + 1).is_some_and(|t| t == "::") => {
                let mut current: Vec<String> = path.to_vec();
                current.extend(modules.iter().map(|(_, name)| name.clone()));
                let mut j = i;
                while tokens.get(j).is_some_and(|t| t == "super")
                    && tokens.get(j + 1).is_some_and(|t| t == "::")
                {
                    current.pop();
                    j += 2;
                }
                let (paths, next) = expand(&tokens, j - 1, current);
                targets.extend(paths.iter().filter(|p| p.len() >= 2).map(|p| module_of(p)));
                i = next;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    targets
}

/// After a path root at `start - 1` (`crate`, or the last `super`): every full path of
/// `::a::b`, `::a::{b, c::{d, e}}`, each prefixed with `prefix`. Returns them and where the
/// path ends. A path that stops at a type or function keeps its module prefix, which is all
/// `module_of` reads.
fn expand(tokens: &[String], start: usize, prefix: Vec<String>) -> (Vec<Vec<String>>, usize) {
    let mut current = prefix;
    let mut i = start;
    loop {
        if tokens.get(i).is_none_or(|t| t != "::") {
            return (vec![current], i);
        }
        match tokens.get(i + 1).map(String::as_str) {
            Some("{") => {
                let mut paths = Vec::new();
                i += 2;
                loop {
                    match tokens.get(i).map(String::as_str) {
                        Some("}") => return (paths, i + 1),
                        Some(",") => i += 1,
                        // `name as alias`: the alias names nothing.
                        Some("as") => i += 2,
                        Some(name) if is_identifier(name) => {
                            let mut branch = current.clone();
                            if name != "self" {
                                branch.push(name.to_string());
                            }
                            let (more, next) = expand(tokens, i + 1, branch);
                            paths.extend(more);
                            i = next;
                        }
                        // `*`, `as x` and the like: skip the token.
                        Some(_) => i += 1,
                        None => return (paths, i),
                    }
                }
            }
            Some(name) if is_identifier(name) => {
                current.push(name.to_string());
                i += 2;
            }
            _ => return (vec![current], i + 1),
        }
    }
}

fn is_identifier(token: &str) -> bool {
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && token.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Identifiers, `::`, and single punctuation characters.
fn tokenize(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".into());
            i += 2;
        } else {
            if !c.is_whitespace() {
                tokens.push(c.to_string());
            }
            i += 1;
        }
    }
    tokens
}

/// The code with comments and the insides of string and char literals blanked out, so a path
/// in a doc comment or an SQL string is no dependency. Lifetimes (`'a`) are kept.
fn without_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1).copied()) {
            ('/', Some('/')) => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ('/', Some('*')) => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            }
            ('r', Some('#' | '"')) if i == 0 || !is_identifier(&chars[i - 1].to_string()) => {
                let mut hashes = 0;
                i += 1;
                while chars.get(i) == Some(&'#') {
                    hashes += 1;
                    i += 1;
                }
                if chars.get(i) != Some(&'"') {
                    out.push('r');
                    continue;
                }
                i += 1;
                let end: String = std::iter::once('"')
                    .chain("#".repeat(hashes).chars())
                    .collect();
                while i < chars.len() && !chars[i..].iter().collect::<String>().starts_with(&end) {
                    i += 1;
                }
                i += end.len();
                out.push_str("\"\"");
            }
            ('"', _) => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push_str("\"\"");
            }
            ('\'', _) if chars.get(i + 2) == Some(&'\'') || chars.get(i + 1) == Some(&'\\') => {
                i += 1;
                while i < chars.len() && chars[i] != '\'' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push_str("' '");
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// A cycle as `a → b → … → a`, if there is one (depth-first search).
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        done: &mut BTreeSet<String>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}
