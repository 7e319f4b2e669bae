//! Admin sign-in, sessions and the guard on every `/api/admin` route.
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Engine, TestApp, spawn_app, spawn_app_with};

both_engines!(
    every_admin_route_refuses_requests_without_a_valid_admin_token,
    signing_in_gives_a_session_and_wrong_details_reveal_nothing,
    a_refresh_rotates_the_tokens_and_a_reused_token_revokes_the_session,
    two_tabs_refreshing_at_once_both_stay_signed_in,
    signing_out_revokes_the_refresh_token,
    an_expired_access_token_is_refused,
    failed_sign_ins_are_throttled_per_account_and_per_ip,
);

/// Every (method, path) under /api/admin, taken from the admin router itself.
fn admin_routes() -> Vec<(Method, String)> {
    let document = inlumine::app::admin::openapi();
    let mut routes = Vec::new();
    for (path, item) in &document.paths.paths {
        let concrete = path.replace("{id}", "1");
        for (method, operation) in [
            (Method::GET, &item.get),
            (Method::POST, &item.post),
            (Method::PUT, &item.put),
            (Method::DELETE, &item.delete),
            (Method::PATCH, &item.patch),
        ] {
            if operation.is_some() {
                routes.push((method, concrete.clone()));
            }
        }
    }
    routes
}

async fn status_of(
    app: &TestApp,
    method: &Method,
    path: &str,
    token: Option<&str>,
) -> (u16, Value) {
    let mut req = app
        .client
        .request(method.clone(), app.url(path))
        .json(&json!({}));
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn every_admin_route_refuses_requests_without_a_valid_admin_token(engine: Engine) {
    let app = spawn_app(engine).await;
    let routes = admin_routes();
    assert!(
        routes.len() >= 12,
        "expected the admin routes, found {routes:?}"
    );
    assert!(
        routes.iter().all(|(_, p)| p.starts_with("/api/admin/")),
        "{routes:?}"
    );

    // A signed-in account without the admin role.
    sqlx::query(
        "INSERT INTO users (email, email_normalized, password_hash, role, created_at, updated_at) \
         VALUES ('lid@example.be', 'lid@example.be', $1, 'user', '2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z')",
    )
    .bind(inlumine::platform::auth::password::hash(ADMIN_PASSWORD).unwrap())
    .execute(&app.pool)
    .await
    .unwrap();
    let member = app.login("lid@example.be", ADMIN_PASSWORD).await;
    assert_eq!(member["user"]["role"], "user");
    let member_token = member["access_token"].as_str().unwrap();
    let admin_token = app.admin_token().await;
    // Our own token with the first character of its signature changed.
    let (signed, signature) = admin_token.rsplit_once('.').unwrap();
    let flipped = if signature.starts_with('A') { 'B' } else { 'A' };
    let forged = format!("{signed}.{flipped}{}", &signature[1..]);

    let mut checked = routes.clone();
    checked.push((Method::GET, "/api/admin/does-not-exist".into()));
    for (method, path) in &checked {
        for token in [None, Some("not-a-token"), Some(forged.as_str())] {
            let (status, body) = status_of(&app, method, path, token).await;
            assert_eq!(status, 401, "{method} {path} with {token:?}");
            assert_eq!(body["error"]["code"], "unauthorized", "{method} {path}");
        }
        let (status, body) = status_of(&app, method, path, Some(member_token)).await;
        assert_eq!(status, 403, "{method} {path} as a non-admin");
        assert_eq!(body["error"]["code"], "forbidden");
    }
    // The admin gets past the guard everywhere (the handlers may still say 404 or 422).
    for (method, path) in &routes {
        let (status, _) = status_of(&app, method, path, Some(&admin_token)).await;
        assert!(
            ![401, 403, 405].contains(&status),
            "{method} {path} as admin: {status}"
        );
    }
}

async fn signing_in_gives_a_session_and_wrong_details_reveal_nothing(engine: Engine) {
    let app = spawn_app(engine).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;

    let session = app.login(" Coach@Example.be ", ADMIN_PASSWORD).await;
    assert_eq!(session["user"]["email"], ADMIN_EMAIL);
    assert_eq!(session["user"]["role"], "admin");
    assert_eq!(session["expires_in"], 3600);
    let expires_at: jiff::Timestamp = session["expires_at"].as_str().unwrap().parse().unwrap();
    let left = expires_at.duration_since(jiff::Timestamp::now()).as_secs();
    assert!((3590..=3600).contains(&left), "{left}");
    let me = app
        .authed(
            Method::GET,
            "/api/admin/me",
            session["access_token"].as_str().unwrap(),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(me.status().as_u16(), 200);
    assert_eq!(me.json::<Value>().await.unwrap()["email"], ADMIN_EMAIL);
    // Only the hash of the refresh token is stored.
    let refresh = session["refresh_token"].as_str().unwrap();
    let stored: i64 = app.count("SELECT COUNT(*) FROM refresh_tokens").await;
    assert_eq!(stored, 1);
    let plain: i64 = sqlx::query("SELECT COUNT(*) AS n FROM refresh_tokens WHERE token_hash = $1")
        .bind(refresh)
        .fetch_one(&app.pool)
        .await
        .map(|r| sqlx::Row::get(&r, "n"))
        .unwrap();
    assert_eq!(plain, 0);

    let wrong_password = app
        .post_json(
            "/api/auth/login",
            &json!({"email": ADMIN_EMAIL, "password": "niet-het-wachtwoord"}),
        )
        .await;
    let unknown_email = app
        .post_json(
            "/api/auth/login",
            &json!({"email": "niemand@example.be", "password": "niet-het-wachtwoord"}),
        )
        .await;
    assert_eq!(wrong_password.status().as_u16(), 401);
    assert_eq!(unknown_email.status().as_u16(), 401);
    let (a, b): (Value, Value) = (
        wrong_password.json().await.unwrap(),
        unknown_email.json().await.unwrap(),
    );
    assert_eq!(a, b, "the answer must not reveal whether the e-mail exists");
    assert_eq!(a["error"]["code"], "invalid_credentials");

    let empty = app
        .post_json("/api/auth/login", &json!({"email": "", "password": ""}))
        .await;
    assert_eq!(empty.status().as_u16(), 422);
    let body: Value = empty.json().await.unwrap();
    assert!(body["error"]["fields"]["email"].is_string());
    assert!(body["error"]["fields"]["password"].is_string());
}

async fn refresh(app: &TestApp, token: &str) -> reqwest::Response {
    app.post_json("/api/auth/refresh", &json!({"refresh_token": token}))
        .await
}

/// Moves a refresh token's use back in time, as if the grace window had passed.
async fn age_use(app: &TestApp) {
    sqlx::query("UPDATE refresh_tokens SET used_at = '2000-01-01T00:00:00.000000Z' WHERE used_at IS NOT NULL")
        .execute(&app.pool)
        .await
        .unwrap();
}

async fn a_refresh_rotates_the_tokens_and_a_reused_token_revokes_the_session(engine: Engine) {
    let app = spawn_app(engine).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let first = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let first_refresh = first["refresh_token"].as_str().unwrap();

    let res = refresh(&app, first_refresh).await;
    assert_eq!(res.status().as_u16(), 200);
    let second: Value = res.json().await.unwrap();
    let second_refresh = second["refresh_token"].as_str().unwrap();
    assert_ne!(second_refresh, first_refresh);
    assert_eq!(second["user"]["email"], ADMIN_EMAIL);
    let me = app
        .authed(
            Method::GET,
            "/api/admin/me",
            second["access_token"].as_str().unwrap(),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(me.status().as_u16(), 200);

    // The new token rotates in turn.
    let res = refresh(&app, second_refresh).await;
    assert_eq!(res.status().as_u16(), 200);
    let third: Value = res.json().await.unwrap();
    let third_refresh = third["refresh_token"].as_str().unwrap();

    // Long after its use, the first token comes back: theft. The whole family is revoked.
    age_use(&app).await;
    let res = refresh(&app, first_refresh).await;
    assert_eq!(res.status().as_u16(), 401);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"]["code"], "session_expired");
    assert_eq!(
        refresh(&app, third_refresh).await.status().as_u16(),
        401,
        "the newest token is revoked too"
    );

    // Another sign-in is a separate family and unaffected.
    let other = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(
        refresh(&app, other["refresh_token"].as_str().unwrap())
            .await
            .status()
            .as_u16(),
        200
    );
    assert_eq!(refresh(&app, "made-up").await.status().as_u16(), 401);
}

async fn two_tabs_refreshing_at_once_both_stay_signed_in(engine: Engine) {
    let app = spawn_app(engine).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let session = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let token = session["refresh_token"].as_str().unwrap();
    let (a, b) = tokio::join!(refresh(&app, token), refresh(&app, token));
    assert_eq!((a.status().as_u16(), b.status().as_u16()), (200, 200));
    let (a, b): (Value, Value) = (a.json().await.unwrap(), b.json().await.unwrap());
    for tab in [&a, &b] {
        let next = refresh(&app, tab["refresh_token"].as_str().unwrap()).await;
        assert_eq!(
            next.status().as_u16(),
            200,
            "each tab's new token still works"
        );
    }
}

async fn signing_out_revokes_the_refresh_token(engine: Engine) {
    let app = spawn_app(engine).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let session = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let token = session["refresh_token"].as_str().unwrap();
    let res = app
        .post_json("/api/auth/logout", &json!({"refresh_token": token}))
        .await;
    assert_eq!(res.status().as_u16(), 204);
    assert_eq!(refresh(&app, token).await.status().as_u16(), 401);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM refresh_tokens WHERE revoked_at IS NULL")
            .await,
        0
    );
    // Signing out twice, or with a made-up token, is harmless.
    let res = app
        .post_json("/api/auth/logout", &json!({"refresh_token": "made-up"}))
        .await;
    assert_eq!(res.status().as_u16(), 204);
}

async fn an_expired_access_token_is_refused(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.auth.access_token_ttl_secs = 1).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let session = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(session["expires_in"], 1);
    let token = session["access_token"].as_str().unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    let res = app
        .authed(Method::GET, "/api/admin/me", token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 401);
    assert_eq!(res.headers()["www-authenticate"], "Bearer");
    // The refresh token still gives a new one.
    let res = refresh(&app, session["refresh_token"].as_str().unwrap()).await;
    assert_eq!(res.status().as_u16(), 200);
}

async fn failed_sign_ins_are_throttled_per_account_and_per_ip(engine: Engine) {
    let app = spawn_app(engine).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let attempt = async |email: &str, password: &str| {
        app.post_json(
            "/api/auth/login",
            &json!({"email": email, "password": password}),
        )
        .await
    };
    for _ in 0..5 {
        assert_eq!(
            attempt(ADMIN_EMAIL, "fout-wachtwoord")
                .await
                .status()
                .as_u16(),
            401
        );
    }
    // Even the right password waits now, and so does an unknown address at its limit.
    let res = attempt(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(res.status().as_u16(), 429);
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=900).contains(&retry), "{retry}");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"]["code"], "rate_limited");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("momentje")
    );

    // Per IP: many addresses from one client (5 failures above count too).
    for i in 0..15 {
        let res = attempt(&format!("gok{i}@example.be"), "fout-wachtwoord").await;
        assert_eq!(res.status().as_u16(), 401, "attempt {i}");
    }
    let res = attempt("nog-een@example.be", "fout-wachtwoord").await;
    assert_eq!(res.status().as_u16(), 429);
    assert_eq!(app.count("SELECT COUNT(*) FROM refresh_tokens").await, 0);
}
