//! The server's top-level modules depend on each other in one direction only: a cycle (say a
//! domain importing the module that assembles the router) fails this test and is printed.
//!
//! It reads `src/**/*.rs` as text: every `crate::a` (also inside `use crate::{a, b::c}`) and
//! every `super::a` that leaves the file's top-level module is an edge to top-level module `a`.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

#[test]
fn the_top_level_modules_form_no_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = module_graph(&src);
    assert!(graph.len() > 10, "no modules found in {}", src.display());
    if let Some(cycle) = find_cycle(&graph) {
        panic!("the modules form a cycle: {}", cycle.join(" → "));
    }
}

#[test]
fn paths_in_groups_nested_modules_and_super_are_followed() {
    let text = "use crate::{db, error::{AppError, ApiJson}};\nmod tests { use super::*; use super::super::paging::Page; }\nfn f() { crate::dutch::euro('{'); let s = \"crate::ignored\"; } // crate::also_ignored\npub(crate) fn g() {}";
    let targets = references(&["orders".into()], text);
    assert_eq!(
        targets,
        BTreeSet::from(["db", "error", "dutch", "orders", "paging"].map(String::from))
    );
    let graph = Graph::from([
        ("a".into(), BTreeSet::from(["b".into()])),
        ("b".into(), BTreeSet::from(["c".into()])),
        ("c".into(), BTreeSet::from(["a".into()])),
    ]);
    assert_eq!(find_cycle(&graph).unwrap(), ["a", "b", "c", "a"]);
}

/// Top-level module → the top-level modules its files refer to (itself left out).
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
        // lib.rs and main.rs are the crate root: they only declare and start things.
        if path == ["lib"] || path == ["main"] {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let own = path[0].clone();
        let targets = references(&path, &text);
        let edges = graph.entry(own.clone()).or_default();
        edges.extend(targets.into_iter().filter(|target| *target != own));
    }
    graph
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

/// The top-level modules that code in the module at `path` (e.g. `["orders", "admin"]`) names.
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
                let (firsts, next) = first_segments(&tokens, i + 1);
                targets.extend(firsts);
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
                if let Some(top) = current.first() {
                    targets.insert(top.clone());
                } else {
                    let (firsts, next) = first_segments(&tokens, j - 1);
                    targets.extend(firsts);
                    i = next;
                    continue;
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    targets
}

/// After `crate` at `start - 1`: the first segment of `::a::…`, or of every path in
/// `::{a, b::{…}}`. Returns them and where the path ends.
fn first_segments(tokens: &[String], start: usize) -> (Vec<String>, usize) {
    if tokens.get(start).is_none_or(|t| t != "::") {
        return (Vec::new(), start);
    }
    match tokens.get(start + 1).map(String::as_str) {
        Some("{") => {
            let mut firsts = Vec::new();
            let mut depth = 0;
            let mut expect_first = true;
            let mut i = start + 1;
            while let Some(token) = tokens.get(i) {
                match token.as_str() {
                    "{" => depth += 1,
                    "}" => {
                        depth -= 1;
                        if depth == 0 {
                            return (firsts, i + 1);
                        }
                    }
                    "," if depth == 1 => expect_first = true,
                    name if depth == 1 && expect_first && is_identifier(name) => {
                        firsts.push(name.to_string());
                        expect_first = false;
                    }
                    _ => {}
                }
                i += 1;
            }
            (firsts, i)
        }
        Some(name) if is_identifier(name) => (vec![name.to_string()], start + 2),
        _ => (Vec::new(), start + 1),
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
