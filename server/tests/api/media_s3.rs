//! Photos in an S3-compatible bucket (`MEDIA_STORE=s3`): two servers on one PostgreSQL, each with
//! its own data folder, against a real S3 server on loopback (moto's, from PyPI, in a venv under
//! the target folder). A photo uploaded through one is served by the other, deleted through the
//! other it is gone from the bucket, and neither writes a photo into its own folder. The servers
//! run as processes: the bucket's credentials come from the standard AWS_* variables.
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::backup::{create_admin, login};
use crate::helpers::{Engine, Server, TestDatabase, inlumine};
use crate::media::{BOUNDARY, form, jpeg};

const MOTO_VERSION: &str = "5.2.5";
/// Two tests may want the venv at once; one makes it.
static VENV: Mutex<()> = Mutex::new(());

/// The venv's moto_server, made on first use. Fails with a clear message when Python or the
/// package index is missing: this test never skips itself.
fn moto_server() -> PathBuf {
    let _one_at_a_time = VENV.lock().unwrap_or_else(|e| e.into_inner());
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("moto-venv");
    let marker = venv.join(format!(".moto-{MOTO_VERSION}"));
    let server = venv.join("bin/moto_server");
    if marker.is_file() {
        return server;
    }
    let _ = std::fs::remove_dir_all(&venv);
    let made = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .status()
        .unwrap_or_else(|e| panic!("this test needs python3 (with venv) to run an S3 server: {e}"));
    assert!(made.success(), "python3 -m venv {} failed", venv.display());
    let installed = Command::new(venv.join("bin/pip"))
        .args([
            "install",
            "--quiet",
            "--disable-pip-version-check",
            &format!("moto[server]=={MOTO_VERSION}"),
        ])
        .status()
        .expect("pip runs");
    assert!(
        installed.success(),
        "pip could not install moto[server]=={MOTO_VERSION} into {}",
        venv.display()
    );
    std::fs::write(&marker, "").unwrap();
    server
}

/// moto's S3 server on a free loopback port; killed on drop.
pub(crate) struct S3Server {
    child: Child,
    pub(crate) endpoint: String,
}

impl S3Server {
    pub(crate) fn start() -> Self {
        let program = moto_server();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(program)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("moto_server starts");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "moto_server did not listen"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        Self {
            child,
            endpoint: format!("http://127.0.0.1:{port}"),
        }
    }

    /// Makes a bucket (moto takes unsigned requests).
    pub(crate) async fn bucket(&self, name: &str) {
        let res = reqwest::Client::new()
            .put(format!("{}/{name}", self.endpoint))
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "{}", res.status());
    }

    /// The object names in `bucket` (ListObjectsV2's XML, read for its keys).
    pub(crate) async fn keys(&self, bucket: &str) -> Vec<String> {
        let xml = reqwest::get(format!("{}/{bucket}?list-type=2", self.endpoint))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        xml.split("<Key>")
            .skip(1)
            .map(|rest| rest.split("</Key>").next().unwrap().to_string())
            .collect()
    }

    /// `inlumine` with the photos in `bucket` of this server.
    pub(crate) fn configure(&self, command: &mut Command, bucket: &str) {
        command
            .env("MEDIA_STORE", "s3")
            .env("MEDIA_S3_BUCKET", bucket)
            .env("MEDIA_S3_ENDPOINT", &self.endpoint)
            .env("MEDIA_S3_ALLOW_HTTP", "true")
            .env("AWS_ACCESS_KEY_ID", "inlumine-test")
            .env("AWS_SECRET_ACCESS_KEY", "inlumine-test-secret")
            .env("AWS_REGION", "eu-west-1");
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn run(mut command: Command) -> std::process::Output {
    tokio::task::spawn_blocking(move || command.output().expect("inlumine runs"))
        .await
        .unwrap()
}

/// Every file below `dir` (none when it does not exist).
fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(files_below(&path));
            } else {
                out.push(path);
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgres_serve_every_photo_from_the_bucket() {
    let s3 = tokio::task::spawn_blocking(S3Server::start).await.unwrap();
    s3.bucket("fotos").await;
    let database = TestDatabase::create(Engine::Postgres).await;
    let migrate = run(inlumine(&database, &["migrate"])).await;
    assert!(migrate.status.success(), "{migrate:?}");
    create_admin(&database);

    // Each server has its own data folder, as on two machines.
    let folders = [
        database.data_dir.join("server-a"),
        database.data_dir.join("server-b"),
    ];
    let mut servers = Vec::new();
    for folder in &folders {
        let mut serve = inlumine(&database, &["serve"]);
        serve.env("DATA_DIR", folder);
        s3.configure(&mut serve, "fotos");
        servers.push(Server::spawn(serve).await);
    }
    let (a, b) = (&servers[0], &servers[1]);
    let client = reqwest::Client::new();
    let token = login(&client, &a.address).await;

    let res = client
        .post(format!("{}/api/admin/media", a.address))
        .bearer_auth(&token)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(form(
            Some("Zonlicht door de bomen"),
            "zon.jpg",
            &jpeg(700, 450),
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let photo: Value = res.json().await.unwrap();
    let id = photo["id"].as_i64().unwrap();
    let src = photo["src"].as_str().unwrap().to_string();
    let webp: Vec<String> = photo["webp_srcset"]
        .as_str()
        .unwrap()
        .split(", ")
        .map(|entry| entry.split(' ').next().unwrap().to_string())
        .collect();
    assert!(webp.len() >= 2, "{photo}");

    // Every variant is in the bucket, by its key.
    let keys = s3.keys("fotos").await;
    for url in webp.iter().chain([&src]) {
        let key = url.strip_prefix("/media/").unwrap();
        assert!(keys.iter().any(|k| k == key), "{key} not in {keys:?}");
    }
    // The other server serves it, byte for byte what the first one serves.
    let from_a = client
        .get(format!("{}{src}", a.address))
        .send()
        .await
        .unwrap();
    assert_eq!(from_a.status().as_u16(), 200);
    let from_a = from_a.bytes().await.unwrap();
    let from_b = client
        .get(format!("{}{src}", b.address))
        .send()
        .await
        .unwrap();
    assert_eq!(from_b.status().as_u16(), 200);
    assert_eq!(
        from_b.headers()["content-type"].to_str().unwrap(),
        "image/jpeg"
    );
    assert_eq!(from_b.bytes().await.unwrap(), from_a);
    for url in &webp {
        let res = client
            .get(format!("{}{url}", b.address))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{url}");
    }

    // Deleted through the other server: gone from the bucket and from both.
    let token_b = login(&client, &b.address).await;
    let res = client
        .delete(format!("{}/api/admin/media/{id}", b.address))
        .bearer_auth(&token_b)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    assert!(s3.keys("fotos").await.is_empty());
    for server in [a, b] {
        let res = client
            .get(format!("{}{src}", server.address))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 404);
    }

    // No photo in either server's own folder.
    for folder in &folders {
        let photos: Vec<PathBuf> = files_below(folder)
            .into_iter()
            .filter(|f| {
                let name = f.to_string_lossy();
                name.contains("/media/") || name.ends_with(".jpg") || name.ends_with(".webp")
            })
            .collect();
        assert!(photos.is_empty(), "{photos:?}");
        assert!(!folder.join("media").exists());
    }

    // `inlumine check` reaches the bucket with the same settings.
    let mut check = inlumine(&database, &["check"]);
    s3.configure(&mut check, "fotos");
    let output = run(check).await;
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("ok       media     photos are kept in the bucket fotos"),
        "{stdout}"
    );
    assert!(s3.keys("fotos").await.is_empty(), "the probe object stayed");
}
