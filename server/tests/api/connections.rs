//! Slow or idle clients cannot hold the server, and a stop still lets open requests finish.
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

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
