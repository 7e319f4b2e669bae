//! The real binary refuses to go live with the simulated payment provider.
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

fn server(public_url: &str, staging: Option<&str>) -> Command {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data_dir = std::env::temp_dir().join(format!(
        "inlumine-golive-{}",
        hex::encode(rand::random::<[u8; 8]>())
    ));
    let mut command = Command::new(env!("CARGO_BIN_EXE_inlumine"));
    command
        .arg("serve")
        .env_clear()
        .env("HOST", "127.0.0.1")
        .env("PORT", "0")
        .env("DATA_DIR", &data_dir)
        .env("SITE_CONFIG", manifest.join("../config/site.json"))
        .env("WEB_DIR", manifest.join("tests/fixtures/site"))
        .env("INLUMINE_CONFIG", manifest.join("../config/server.toml"))
        .env("PUBLIC_URL", public_url)
        .env("PAYMENT_PROVIDER", "simulated")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(value) = staging {
        command.env("ALLOW_SIMULATED_PAYMENTS", value);
    }
    command
}

#[test]
fn the_simulated_provider_on_an_https_address_refuses_to_start() {
    let out = server("https://www.inlumine.be", None).output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("PAYMENT_PROVIDER"), "{stderr}");
    assert!(stderr.contains("ALLOW_SIMULATED_PAYMENTS=true"), "{stderr}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("Listening"));
}

/// Starts the server, waits for its `Listening on` line and stops it again.
fn starts(mut command: Command) {
    let mut child = command.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let line = BufReader::new(stdout).lines().next();
    let _ = child.kill();
    let _ = child.wait();
    let line = line.expect("the server printed a line").unwrap();
    assert!(line.starts_with("Listening on http://"), "{line}");
}

#[test]
fn the_staging_switch_and_a_plain_http_address_start() {
    starts(server("https://staging.inlumine.be", Some("true")));
    // What `make run` does.
    starts(server("http://127.0.0.1:8080", None));
}
