//! With the `embed-web` feature (release builds: `make server-release`, `make dist`), the built web
//! app (`web/build/client`, with its precompressed `.br`/`.gz` siblings) goes into the binary, so
//! it serves the whole site from an empty folder. Without it (debug builds, tests, a fresh clone
//! without `web/build`) nothing is embedded: the server reads `WEB_DIR`, and every rebuild stays
//! as quick as before (no megabytes copied into the crate on each change).
//!
//! The result is `$OUT_DIR/embedded_web.rs`: `EMBEDDED_WEB`, every file by its path relative to
//! the build folder, as `include_bytes!` of the file itself (no copy is made here).
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("embedded_web.rs");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_EMBED_WEB").is_none() {
        write(
            &out,
            "/// Not built with the `embed-web` feature: the web app is read from `WEB_DIR`.\n\
             pub static EMBEDDED_WEB: Option<&[(&str, &[u8])]> = None;\n",
        );
        return;
    }
    let build = manifest.join("../web/build/client");
    println!("cargo::rerun-if-changed={}", build.display());
    if !build.join("index.html").is_file() {
        panic!(
            "the `embed-web` feature embeds the built web app, but {} has no index.html: \
             build it first (make web), or build without the feature",
            build.display()
        );
    }
    let mut files = Vec::new();
    collect(&build, &build, &mut files);
    files.sort();
    let mut code = String::from(
        "/// The built web app, embedded by `build.rs` (feature `embed-web`).\n\
         pub static EMBEDDED_WEB: Option<&[(&str, &[u8])]> = Some(&[\n",
    );
    for (relative, absolute) in &files {
        writeln!(
            code,
            "    ({relative:?}, include_bytes!({:?})),",
            absolute.display().to_string()
        )
        .expect("writing to a String");
    }
    code.push_str("]);\n");
    write(&out, &code);
}

/// Every file under `dir` as (path relative to `root` with `/`, absolute path); source maps and
/// hidden files stay out.
fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a readable folder entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if name.starts_with('.') || name.ends_with(".map") {
            continue;
        }
        if path.is_dir() {
            collect(root, &path, out);
        } else {
            let relative = path
                .strip_prefix(root)
                .expect("below the root")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let absolute = path.canonicalize().expect("an existing file");
            out.push((relative, absolute));
        }
    }
}

fn write(path: &Path, text: &str) {
    // Unchanged text keeps its timestamp, so nothing downstream rebuilds for it.
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return;
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
