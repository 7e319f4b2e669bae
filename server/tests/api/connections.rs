//! Slow or idle clients cannot hold the server, one address cannot take it from the others, and
//! a stop still lets open requests finish.
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use inlumine::kit::configuration::Settings;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::helpers::{Engine, TestApp, spawn_app, spawn_app_until, spawn_app_with};

both_engines!(
    a_client_sending_its_headers_byte_by_byte_is_disconnected_within_15_seconds,
    an_idle_kept_alive_connection_is_closed,
    past_the_connection_cap_the_next_client_waits_until_one_closes,
    a_stop_lets_the_request_in_progress_finish,
);

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .unwrap()
}

/// Reads until the server closes the connection; returns everything it sent.
async fn read_to_close(stream: &mut tokio::net::tcp::OwnedReadHalf) -> Vec<u8> {
    let mut all = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => return all,
            Ok(n) => all.extend_from_slice(&buf[..n]),
        }
    }
}

async fn a_client_sending_its_headers_byte_by_byte_is_disconnected_within_15_seconds(
    engine: Engine,
) {
    let app = spawn_app(engine).await;
    let (mut read, mut write) = connect(&app).await.into_split();
    let started = Instant::now();
    let closed = tokio::spawn(async move {
        read_to_close(&mut read).await;
        started.elapsed()
    });
    let header = format!(
        "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: {}",
        "a".repeat(100)
    );
    for byte in header.bytes() {
        if closed.is_finished() || write.write_all(&[byte]).await.is_err() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let after = tokio::time::timeout(Duration::from_secs(20), closed)
        .await
        .expect("the server closed the connection")
        .unwrap();
    assert!(after < Duration::from_secs(15), "closed after {after:?}");
}

async fn an_idle_kept_alive_connection_is_closed(engine: Engine) {
    let app = spawn_app(engine).await;
    let (mut read, mut write) = connect(&app).await.into_split();
    write
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(20), read_to_close(&mut read))
        .await
        .expect("the idle connection is closed");
    assert!(String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 200"));
    assert!(started.elapsed() < Duration::from_secs(15));
}

async fn past_the_connection_cap_the_next_client_waits_until_one_closes(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.max_connections = 2).await;
    let first = connect(&app).await;
    let _second = connect(&app).await;
    let client = reqwest::Client::new();
    let url = app.url("/healthz");
    let waiting = tokio::spawn(async move { client.get(url).send().await.map(|r| r.status()) });
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert!(!waiting.is_finished(), "a third connection is not served");
    drop(first);
    let status = tokio::time::timeout(Duration::from_secs(5), waiting)
        .await
        .expect("served once a connection closed")
        .unwrap()
        .unwrap();
    assert_eq!(status, 200);
}

async fn a_stop_lets_the_request_in_progress_finish(engine: Engine) {
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let app = spawn_app_until(engine, |_| {}, async move {
        let _ = stopped.await;
    })
    .await;
    let body = r#"{"firstName": "Lotte", "email": "lotte@example.be"}"#;
    let (mut read, mut write) = connect(&app).await.into_split();
    let head = format!(
        "POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    write.write_all(head.as_bytes()).await.unwrap();
    write.write_all(&body.as_bytes()[..10]).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    write.write_all(&body.as_bytes()[10..]).await.unwrap();
    let answer = tokio::time::timeout(Duration::from_secs(10), read_to_close(&mut read))
        .await
        .expect("the answer comes and the connection closes");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM newsletter_subscribers")
            .await,
        1
    );
    assert!(
        TcpStream::connect(app.address.trim_start_matches("http://"))
            .await
            .is_err(),
        "no new connections after the stop"
    );
}

/// The caps per address as a live server has them (the test servers lift them: every test client
/// comes from 127.0.0.1), under the global cap of 1,024.
fn real_address_caps(settings: &mut Settings) {
    let live = Settings::default();
    settings.max_connections = 1024;
    settings.max_connections_per_address = live.max_connections_per_address;
    settings.new_connections_per_second_per_address = live.new_connections_per_second_per_address;
    settings.new_connections_burst_per_address = live.new_connections_burst_per_address;
}

/// What the flooding address got.
#[derive(Default)]
struct Flood {
    attempts: AtomicUsize,
    /// Reset by the server (at connect or at the first read): refused.
    refused: AtomicUsize,
    /// Closed by the server with a FIN after its header timeout: taken and held, from when to
    /// when. (A connection the kernel dropped from a full queue looks open to the client forever;
    /// only a clean close proves that the server held it.)
    held: Mutex<Vec<(Instant, Instant)>>,
    /// Open for `HELD_AFTER` now, whatever the server did with them: the warm-up's signal.
    open_now: AtomicUsize,
    stop: AtomicBool,
}

const HELD_AFTER: Duration = Duration::from_secs(3);

impl Flood {
    /// One of the attacker's sockets: connect, keep the connection as long as the server does,
    /// reconnect at once when it is closed.
    async fn hold_and_reopen(self: Arc<Self>, server: SocketAddr) {
        let mut buf = [0u8; 64];
        while !self.stop.load(Ordering::Relaxed) {
            self.attempts.fetch_add(1, Ordering::Relaxed);
            let connected = Instant::now();
            let mut stream = match TcpStream::connect(server).await {
                Ok(stream) => stream,
                Err(e) => {
                    if e.kind() == std::io::ErrorKind::ConnectionReset {
                        self.refused.fetch_add(1, Ordering::Relaxed);
                    } else {
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                    continue;
                }
            };
            let read = match tokio::time::timeout(HELD_AFTER, stream.read(&mut buf)).await {
                Ok(read) => read,
                Err(_) => {
                    self.open_now.fetch_add(1, Ordering::Relaxed);
                    let read = stream.read(&mut buf).await;
                    self.open_now.fetch_sub(1, Ordering::Relaxed);
                    read
                }
            };
            match read {
                Ok(0) => self.held.lock().unwrap().push((connected, Instant::now())),
                _ => {
                    self.refused.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }

    /// The most connections the server held at once, of those it closed.
    fn held_at_once(&self) -> usize {
        let mut edges: Vec<(Instant, i32)> = Vec::new();
        for &(from, to) in self.held.lock().unwrap().iter() {
            edges.push((from, 1));
            edges.push((to, -1));
        }
        edges.sort_by_key(|&(at, step)| (at, step));
        let (mut now, mut most) = (0, 0);
        for (_, step) in edges {
            now += step;
            most = most.max(now);
        }
        most as usize
    }
}

/// A request from 127.0.0.2 (Linux routes all of 127/8 to the loopback) on a new connection;
/// the answer's first line.
async fn get_from_another_address(server: SocketAddr) -> std::io::Result<String> {
    let socket = TcpSocket::new_v4()?;
    socket.bind("127.0.0.2:0".parse().unwrap())?;
    let stream = socket.connect(server).await?;
    let (mut read, mut write) = stream.into_split();
    write
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await?;
    let answer = read_to_close(&mut read).await;
    Ok(String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string())
}

/// The attack of the audit (issue 23): one address opens 1,024 connections, holds them and
/// reopens each one the server closes. It holds at most its own cap, its other connections are
/// reset at once without taking a slot, and another address gets 20 of 20 answers within 1 s each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holding_and_reopening_1024_connections_leaves_the_site_to_others() {
    let app = spawn_app_with(Engine::Sqlite, real_address_caps).await;
    let server: SocketAddr = app.address.trim_start_matches("http://").parse().unwrap();
    let cap = Settings::default().max_connections_per_address as usize;
    let header_timeout = Duration::from_secs(Settings::default().header_timeout_secs);
    let flood = Arc::new(Flood::default());
    // The attacker is another program: its own thread and runtime, not the server's workers.
    let attacker = {
        let flood = flood.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                for _ in 0..1024 {
                    tokio::spawn(flood.clone().hold_and_reopen(server));
                }
                while !flood.stop.load(Ordering::Relaxed) {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            });
            // Dropping the runtime closes every socket the attacker still has.
        })
    };
    let started = Instant::now();
    while flood.open_now.load(Ordering::Relaxed) < cap
        && started.elapsed() < Duration::from_secs(30)
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let warmed_up = started.elapsed();

    let attempts_before = flood.attempts.load(Ordering::Relaxed);
    let probing = Instant::now();
    let mut latencies = Vec::new();
    for i in 0..20 {
        let sent = Instant::now();
        let answer = tokio::time::timeout(Duration::from_secs(1), get_from_another_address(server))
            .await
            .unwrap_or_else(|_| panic!("request {i} from 127.0.0.2 unanswered after 1 s"))
            .unwrap_or_else(|e| panic!("request {i} from 127.0.0.2 failed: {e}"));
        latencies.push(sent.elapsed());
        assert_eq!(answer, "HTTP/1.1 200 OK", "request {i}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let probe_time = probing.elapsed();
    let reconnects = flood.attempts.load(Ordering::Relaxed) - attempts_before;
    // The first connections the server took end at its header timeout: then they are counted.
    let first_closed = started + header_timeout + Duration::from_secs(3);
    tokio::time::sleep(first_closed.saturating_duration_since(Instant::now())).await;
    flood.stop.store(true, Ordering::Relaxed);
    attacker.join().unwrap();

    latencies.sort();
    let held_at_once = flood.held_at_once();
    eprintln!(
        "flood from 127.0.0.1 over {:.1?}: {} connections opened, {} held by the server and \
         closed at its header timeout (at most {held_at_once} at once), {} reset at once; \
         {:.0} reconnects/s while 127.0.0.2 asked (warm-up {:.1?}). 127.0.0.2: 20 of 20 \
         answered, median {:.1?}, slowest {:.1?}",
        started.elapsed(),
        flood.attempts.load(Ordering::Relaxed),
        flood.held.lock().unwrap().len(),
        flood.refused.load(Ordering::Relaxed),
        reconnects as f64 / probe_time.as_secs_f64(),
        warmed_up,
        latencies[10],
        latencies[19],
    );
    assert!(
        (1..=cap).contains(&held_at_once),
        "the server held {held_at_once} of the attacker's connections at once"
    );
    assert!(
        reconnects > 1024,
        "the attacker kept reconnecting while the other address asked"
    );
}

/// Behind a trusted proxy (`TRUST_FORWARDED_FOR`) every connection comes from the proxy's
/// address, so the caps per address are off there: the proxy limits per client.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_its_address_is_not_capped() {
    let app = spawn_app_with(Engine::Sqlite, |s| {
        real_address_caps(s);
        s.auth.trust_forwarded_for = true;
    })
    .await;
    let beyond = Settings::default().max_connections_per_address as usize + 16;
    let mut held = Vec::new();
    for _ in 0..beyond {
        held.push(connect(&app).await);
    }
    let (mut read, mut write) = held.pop().unwrap().into_split();
    write
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = tokio::time::timeout(Duration::from_secs(5), read_to_close(&mut read))
        .await
        .expect("answered");
    assert!(
        String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 200"),
        "connection {beyond} from the proxy is served"
    );
}
