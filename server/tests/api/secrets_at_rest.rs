//! Secrets at rest: whoever reads the database or a backup cannot sign in as the coach, and
//! nobody else on the machine can read what the server writes.
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use base64::Engine as _;
use inlumine::kit::access_tokens::{Claims, KEY_FILE, Role};
use inlumine::platform::backup::{BackupSource, write_archive};
use jsonwebtoken::{EncodingKey, Header};
use reqwest::Method;
use serde_json::json;
use sqlx::Row;

use crate::helpers::{ADMIN_EMAIL, Engine, TestApp, eventually, spawn_app, spawn_app_with};
use crate::media::{jpeg, upload};

both_engines!(
    a_copy_of_the_database_and_its_backup_cannot_sign_an_admin_session,
    every_file_the_server_writes_is_readable_by_its_user_only,
    a_delivered_reset_or_invitation_mail_keeps_no_working_link,
);

/// An access token for `sub` naming session `sid`, signed with `key`, as an attacker would make.
fn mint(key: &str, sub: i64, sid: &str) -> String {
    let now = jiff::Timestamp::now().as_second();
    let claims = Claims {
        sub: sub.to_string(),
        role: Role::Admin,
        sid: sid.to_string(),
        iat: now,
        exp: now + 600,
    };
    jsonwebtoken::encode(
        &Header::default(),
        &claims,
        &EncodingKey::from_secret(key.as_bytes()),
    )
    .unwrap()
}

async fn me(app: &TestApp, token: &str) -> u16 {
    app.authed(Method::GET, "/api/admin/me", token)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn a_copy_of_the_database_and_its_backup_cannot_sign_an_admin_session(engine: Engine) {
    let app = spawn_app(engine).await;
    let access = app.admin_token().await;
    assert_eq!(me(&app, &access).await, 200);
    let admin: i64 = sqlx::query("SELECT id FROM users WHERE email_normalized = $1")
        .bind(ADMIN_EMAIL)
        .fetch_one(&app.pool)
        .await
        .unwrap()
        .try_get("id")
        .unwrap();

    // Everything in the database that could be a key, and every session-like value in it.
    let keys: Vec<String> = sqlx::query("SELECT value FROM app_meta")
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get("value").unwrap())
        .collect();
    let mut sids = Vec::new();
    for row in sqlx::query(
        "SELECT family_id, token_hash, COALESCE(session_hash, '') AS session_hash FROM refresh_tokens",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap()
    {
        for column in ["family_id", "token_hash", "session_hash"] {
            sids.push(row.try_get::<String, _>(column).unwrap());
        }
    }
    assert!(!keys.is_empty() && !sids.is_empty());
    for key in &keys {
        for sid in &sids {
            assert_eq!(me(&app, &mint(key, admin, sid)).await, 401, "{key} / {sid}");
        }
    }

    // The key file, which neither the database nor a backup holds: with it and the session id
    // of a real token the same minting is accepted, so the refusals above are the key's absence.
    let key = std::fs::read_to_string(app.data_dir.join(KEY_FILE)).unwrap();
    let payload = access.split('.').nth(1).unwrap();
    let claims: Claims = serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(payload)
            .unwrap(),
    )
    .unwrap();
    assert_eq!(me(&app, &mint(&key, admin, &claims.sid)).await, 200);
    assert!(!keys.contains(&key), "the key is not in the database");
    assert!(
        !sids.contains(&claims.sid),
        "the session id is stored hashed"
    );

    // A backup holds the database and photos only: no key file, and (SQLite, whose copy is
    // plain) not the key's text anywhere in it.
    let file = app.data_dir.join("backups").join("copy.zip");
    write_archive(
        &BackupSource {
            database_url: app.database_url.clone(),
            photo_folder: Some(app.data_dir.join("media")),
        },
        &file,
    )
    .await
    .unwrap();
    let mut zip = zip::ZipArchive::new(std::fs::File::open(&file).unwrap()).unwrap();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).unwrap();
        let name = entry.name().unwrap().to_string();
        assert!(!name.contains(KEY_FILE), "{name}");
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut bytes).unwrap();
        if let Engine::Sqlite = engine {
            assert!(
                !bytes.windows(key.len()).any(|w| w == key.as_bytes()),
                "{name} holds the key"
            );
        }
    }
}

/// Every file and folder under `dir` (itself included) whose mode lets others in.
fn open_to_others(dir: &Path, found: &mut Vec<String>) {
    let mode = std::fs::metadata(dir).unwrap().permissions().mode();
    if mode & 0o077 != 0 {
        found.push(format!("{} {:o}", dir.display(), mode & 0o777));
    }
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let meta = std::fs::symlink_metadata(&path).unwrap();
        if meta.is_dir() {
            open_to_others(&path, found);
        } else if meta.permissions().mode() & 0o077 != 0 {
            found.push(format!(
                "{} {:o}",
                path.display(),
                meta.permissions().mode() & 0o777
            ));
        }
    }
}

async fn every_file_the_server_writes_is_readable_by_its_user_only(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.backup.keep = 1).await;
    let token = app.admin_token().await;
    // A photo, a mail (the file transport) and today's backup.
    let (status, _) = upload(&app, &token, Some("Zon"), "zon.jpg", &jpeg(640, 400)).await;
    assert_eq!(status, 201);
    let res = app
        .post_json(
            "/api/auth/password-forgotten",
            &json!({"email": ADMIN_EMAIL}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 202);
    app.wait_for_mails(1).await;
    let backups = app.data_dir.join("backups");
    eventually("today's backup is written", || async {
        std::fs::read_dir(&backups).is_ok_and(|entries| {
            entries
                .filter_map(Result::ok)
                .any(|e| e.file_name().to_string_lossy().ends_with(".zip"))
        })
    })
    .await;
    let mut found = Vec::new();
    open_to_others(&app.data_dir, &mut found);
    assert!(found.is_empty(), "readable by others: {found:#?}");
    assert!(app.data_dir.join(KEY_FILE).is_file());
}

/// The token after `prefix` in `text`.
fn token_after(text: &str, prefix: &str) -> String {
    let start = text
        .find(prefix)
        .unwrap_or_else(|| panic!("{prefix} in {text}"))
        + prefix.len();
    text[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

async fn a_delivered_reset_or_invitation_mail_keeps_no_working_link(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let res = app
        .post_json(
            "/api/auth/password-forgotten",
            &json!({"email": ADMIN_EMAIL}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 202);
    let res = app
        .authed(Method::POST, "/api/admin/accounts/invitations", &token)
        .json(&json!({"email": "tweede@example.be"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let mails = app.wait_for_mails(2).await;
    let find = |prefix: &str| {
        mails
            .iter()
            .find(|m| m.contains(prefix))
            .map(|m| token_after(m, prefix))
            .unwrap()
    };
    let reset = find("/admin/nieuw-wachtwoord?token=");
    let invitation = find("/admin/uitnodiging?token=");
    // Delivered: the stored copies keep the mail, not its links.
    eventually("both mails are marked sent", || async {
        app.count("SELECT COUNT(*) FROM outbox WHERE status = 'sent'")
            .await
            == 2
    })
    .await;
    let payloads: Vec<String> = sqlx::query("SELECT payload FROM outbox")
        .fetch_all(&app.pool)
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get("payload").unwrap())
        .collect();
    for payload in &payloads {
        assert!(
            !payload.contains(&reset) && !payload.contains(&invitation),
            "{payload}"
        );
        assert!(payload.contains("[verwijderd-na-verzending]"), "{payload}");
        assert!(
            payload.contains("wachtwoord"),
            "the rest of the mail stays: {payload}"
        );
    }
    // The links themselves still work for whoever got the mail.
    let res = app
        .post_json(
            "/api/auth/invitation",
            &json!({"token": invitation, "password": "een-tweede-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
    let res = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"token": reset, "password": "een-nieuw-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
}
