//! Sign-in throttling nobody else can abuse, account recovery, more admins, and sessions that
//! end at once.
use futures_util::future::join_all;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Engine, TestApp, spawn_app, spawn_app_with};

both_engines!(
    thirty_parallel_wrong_passwords_get_at_most_five_answers,
    wrong_passwords_elsewhere_never_lock_the_coach_out,
    the_account_ceiling_stops_distributed_guessing_and_mails_the_coach_once,
    a_forgotten_password_gets_a_single_use_link_and_ends_every_session,
    a_reset_link_expires_and_asking_is_limited,
    a_revoked_session_loses_its_access_token_at_once,
    an_invited_admin_signs_in_and_the_last_admin_stays,
    a_flood_of_guessed_links_meets_the_limit_within_two_dozen,
    a_removed_admins_invitations_and_a_revoked_one_are_refused,
);

async fn login_from(app: &TestApp, ip: &str, email: &str, password: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/auth/login"))
        .header("x-forwarded-for", ip)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
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

fn token(session: &Value, name: &str) -> String {
    session[name].as_str().unwrap().to_string()
}

/// The token in the first link of `mail` that starts with `prefix`.
fn link_token(mail: &str, prefix: &str) -> String {
    let start = mail
        .find(prefix)
        .unwrap_or_else(|| panic!("{prefix} in {mail}"))
        + prefix.len();
    mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

async fn thirty_parallel_wrong_passwords_get_at_most_five_answers(engine: Engine) {
    let app = spawn_app(engine).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let wrong = json!({"email": ADMIN_EMAIL, "password": "fout-wachtwoord"});
    let attempts = (0..30).map(|_| app.post_json("/api/auth/login", &wrong));
    let statuses: Vec<u16> = join_all(attempts)
        .await
        .iter()
        .map(|r| r.status().as_u16())
        .collect();
    let refused = statuses.iter().filter(|s| **s == 401).count();
    let throttled = statuses.iter().filter(|s| **s == 429).count();
    assert!((1..=5).contains(&refused), "{statuses:?}");
    assert_eq!(refused + throttled, 30, "{statuses:?}");
}

async fn wrong_passwords_elsewhere_never_lock_the_coach_out(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.auth.trust_forwarded_for = true).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    for _ in 0..5 {
        let res = login_from(&app, "203.0.113.9", ADMIN_EMAIL, "fout-wachtwoord").await;
        assert_eq!(res.status().as_u16(), 401);
    }
    let res = login_from(&app, "203.0.113.9", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(res.status().as_u16(), 429);
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    // The coach at her own address signs in.
    let res = login_from(&app, "198.51.100.7", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(res.status().as_u16(), 200);
    // One IPv6 line (/64) is one address: another host in it shares the guesser's counter.
    for _ in 0..5 {
        let res = login_from(&app, "2001:db8:1:2::a", ADMIN_EMAIL, "fout-wachtwoord").await;
        assert_eq!(res.status().as_u16(), 401);
    }
    let res = login_from(&app, "2001:db8:1:2:ffff::b", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(res.status().as_u16(), 429);
    let res = login_from(&app, "2001:db8:1:3::a", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(res.status().as_u16(), 200);
}

async fn the_account_ceiling_stops_distributed_guessing_and_mails_the_coach_once(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.auth.trust_forwarded_for = true).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    for i in 0..50 {
        let ip = format!("10.0.{}.{}", i / 200, i % 200 + 1);
        let res = login_from(&app, &ip, ADMIN_EMAIL, "fout-wachtwoord").await;
        assert_eq!(res.status().as_u16(), 401, "attempt {i}");
    }
    for ip in ["10.9.0.1", "10.9.0.2", "10.9.0.3"] {
        let res = login_from(&app, ip, ADMIN_EMAIL, "fout-wachtwoord").await;
        assert_eq!(res.status().as_u16(), 429);
    }
    let mails = app.wait_for_mails(1).await;
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert_eq!(app.mail_files().len(), 1, "one mail per window");
    assert!(
        mails[0].contains(&format!("To: {ADMIN_EMAIL}")),
        "{}",
        mails[0]
    );
    assert!(mails[0].contains("50 keer"), "{}", mails[0]);
    // An unknown address at its ceiling is refused the same way, and mails nobody.
    for i in 0..51 {
        let ip = format!("10.1.{}.{}", i / 200, i % 200 + 1);
        let res = login_from(&app, &ip, "niemand@example.be", "fout-wachtwoord").await;
        let expected = if i < 50 { 401 } else { 429 };
        assert_eq!(res.status().as_u16(), expected, "attempt {i}");
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(app.mail_files().len(), 1);
}

async fn forgotten(app: &TestApp, email: &str) -> reqwest::Response {
    app.post_json("/api/auth/password-forgotten", &json!({"email": email}))
        .await
}

async fn a_forgotten_password_gets_a_single_use_link_and_ends_every_session(engine: Engine) {
    let app = spawn_app(engine).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let old = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;

    // Unknown and known addresses get the same answer; only the admin gets a mail.
    let unknown = forgotten(&app, "niemand@example.be").await;
    assert_eq!(unknown.status().as_u16(), 202);
    let unknown_body = unknown.text().await.unwrap();
    let known = forgotten(&app, " Coach@Example.be ").await;
    assert_eq!(known.status().as_u16(), 202);
    assert_eq!(known.text().await.unwrap(), unknown_body);
    let mails = app.wait_for_mails(1).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(app.mail_files().len(), 1);
    assert!(mails[0].contains(&format!("To: {ADMIN_EMAIL}")));
    let reset = link_token(&mails[0], "/admin/nieuw-wachtwoord?token=");
    assert!(reset.len() >= 40, "{reset}");
    assert_eq!(
        app.count("SELECT COUNT(*) FROM account_links WHERE token_hash LIKE '%-%'")
            .await,
        0,
        "only the hash is stored"
    );

    // A too-short password does not use the link up.
    let res = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"token": reset, "password": "kort"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 422);
    let body: Value = res.json().await.unwrap();
    assert!(
        body["error"]["fields"]["password"]
            .as_str()
            .unwrap()
            .contains("minstens 10")
    );

    let res = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"token": reset, "password": "een-nieuw-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
    let fresh: Value = res.json().await.unwrap();
    assert_eq!(me(&app, &token(&fresh, "access_token")).await, 200);
    // The old session is over at once: its access token and its refresh token.
    assert_eq!(me(&app, &token(&old, "access_token")).await, 401);
    let res = app
        .post_json(
            "/api/auth/refresh",
            &json!({"refresh_token": token(&old, "refresh_token")}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 401);
    // Single use.
    let res = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"token": reset, "password": "nog-een-ander-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 400);
    let body: Value = res.json().await.unwrap();
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("al gebruikt of verlopen")
    );
    app.login(ADMIN_EMAIL, "een-nieuw-wachtwoord").await;
    let res = login_from(&app, "127.0.0.1", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(res.status().as_u16(), 401);
}

async fn a_reset_link_expires_and_asking_is_limited(engine: Engine) {
    let app = spawn_app(engine).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(forgotten(&app, ADMIN_EMAIL).await.status().as_u16(), 202);
    let mails = app.wait_for_mails(1).await;
    let reset = link_token(&mails[0], "/admin/nieuw-wachtwoord?token=");
    let lifetime: String = sqlx::query_scalar::<_, String>("SELECT expires_at FROM account_links")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let lifetime: jiff::Timestamp = lifetime.parse().unwrap();
    let left = lifetime.duration_since(jiff::Timestamp::now());
    assert!(left.as_secs() > 3500 && left.as_secs() <= 3600, "{left:?}");
    sqlx::query("UPDATE account_links SET expires_at = '2020-01-01T00:00:00.000000Z'")
        .execute(&app.pool)
        .await
        .unwrap();
    let res = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"token": reset, "password": "een-nieuw-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 400);
    app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;

    // Three per address per hour; the answer is 429 with a wait and a Dutch message.
    assert_eq!(forgotten(&app, ADMIN_EMAIL).await.status().as_u16(), 202);
    assert_eq!(forgotten(&app, ADMIN_EMAIL).await.status().as_u16(), 202);
    let res = forgotten(&app, ADMIN_EMAIL).await;
    assert_eq!(res.status().as_u16(), 429);
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=3600).contains(&wait), "{wait}");
    let body: Value = res.json().await.unwrap();
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("momentje")
    );
    // Per client: ten per hour over all addresses.
    for i in 0..7 {
        let res = forgotten(&app, &format!("iemand{i}@example.be")).await;
        assert_eq!(res.status().as_u16(), 202, "ask {i}");
    }
    assert_eq!(
        forgotten(&app, "nog-iemand@example.be")
            .await
            .status()
            .as_u16(),
        429
    );
    let res = forgotten(&app, "geen adres").await;
    assert_eq!(res.status().as_u16(), 422);
}

async fn a_revoked_session_loses_its_access_token_at_once(engine: Engine) {
    let app = spawn_app(engine).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;

    // Signing out.
    let session = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let other = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(me(&app, &token(&session, "access_token")).await, 200);
    let res = app
        .post_json(
            "/api/auth/logout",
            &json!({"refresh_token": token(&session, "refresh_token")}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 204);
    assert_eq!(me(&app, &token(&session, "access_token")).await, 401);
    // Another sign-in of the same admin goes on.
    assert_eq!(me(&app, &token(&other, "access_token")).await, 200);

    // A refresh token coming back after its grace: the whole session ends.
    let first = token(&other, "refresh_token");
    let res = app
        .post_json("/api/auth/refresh", &json!({"refresh_token": first}))
        .await;
    let rotated: Value = res.json().await.unwrap();
    sqlx::query("UPDATE refresh_tokens SET used_at = '2020-01-01T00:00:00.000000Z' WHERE used_at IS NOT NULL")
        .execute(&app.pool)
        .await
        .unwrap();
    let res = app
        .post_json("/api/auth/refresh", &json!({"refresh_token": first}))
        .await;
    assert_eq!(res.status().as_u16(), 401);
    assert_eq!(me(&app, &token(&rotated, "access_token")).await, 401);

    // A new password from the command line.
    let session = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(me(&app, &token(&session, "access_token")).await, 200);
    app.create_admin(ADMIN_EMAIL, "nog-een-lang-wachtwoord")
        .await;
    assert_eq!(me(&app, &token(&session, "access_token")).await, 401);
}

async fn accounts(app: &TestApp, admin: &str) -> Value {
    app.authed(Method::GET, "/api/admin/accounts", admin)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

async fn invite(app: &TestApp, admin: &str, email: &str) -> reqwest::Response {
    app.authed(Method::POST, "/api/admin/accounts/invitations", admin)
        .json(&json!({"email": email}))
        .send()
        .await
        .unwrap()
}

async fn an_invited_admin_signs_in_and_the_last_admin_stays(engine: Engine) {
    let app = spawn_app(engine).await;
    let coach = app.admin_token().await;
    let res = invite(&app, &coach, "geen adres").await;
    assert_eq!(res.status().as_u16(), 422);
    let res = invite(&app, &coach, ADMIN_EMAIL).await;
    assert_eq!(res.status().as_u16(), 409);

    let res = invite(&app, &coach, "Tweede@Example.be").await;
    assert_eq!(res.status().as_u16(), 201);
    let mails = app.wait_for_mails(1).await;
    assert!(mails[0].contains("To: Tweede@Example.be"), "{}", mails[0]);
    let invitation = link_token(&mails[0], "/admin/uitnodiging?token=");
    let list = accounts(&app, &coach).await;
    assert_eq!(list["admins"].as_array().unwrap().len(), 1);
    assert_eq!(list["admins"][0]["is_you"], true);
    assert_eq!(list["invitations"][0]["email"], "Tweede@Example.be");

    // A reset link is not an invitation.
    let res = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"token": invitation, "password": "een-tweede-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 400);
    let res = app
        .post_json(
            "/api/auth/invitation",
            &json!({"token": invitation, "password": "een-tweede-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
    let second: Value = res.json().await.unwrap();
    assert_eq!(second["user"]["email"], "Tweede@Example.be");
    // Single use.
    let res = app
        .post_json(
            "/api/auth/invitation",
            &json!({"token": invitation, "password": "een-derde-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 400);
    let second_token = token(
        &app.login("tweede@example.be", "een-tweede-wachtwoord")
            .await,
        "access_token",
    );
    assert_eq!(me(&app, &second_token).await, 200);

    // An expired invitation does not work.
    assert_eq!(
        invite(&app, &coach, "derde@example.be")
            .await
            .status()
            .as_u16(),
        201
    );
    let mails = app.wait_for_mails(2).await;
    let third = mails
        .iter()
        .find(|m| m.contains("To: derde@example.be"))
        .map(|m| link_token(m, "/admin/uitnodiging?token="))
        .unwrap();
    sqlx::query("UPDATE account_links SET expires_at = '2020-01-01T00:00:00.000000Z' WHERE email = 'derde@example.be'")
        .execute(&app.pool)
        .await
        .unwrap();
    let res = app
        .post_json(
            "/api/auth/invitation",
            &json!({"token": third, "password": "een-derde-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 400);

    // Nobody removes herself; two admins removing each other at once leave one.
    let list = accounts(&app, &coach).await;
    let ids: Vec<i64> = list["admins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids.len(), 2);
    let remove = |token: &str, id: i64| {
        app.authed(Method::DELETE, &format!("/api/admin/accounts/{id}"), token)
            .send()
    };
    let res = remove(&coach, ids[0]).await.unwrap();
    assert_eq!(res.status().as_u16(), 409);
    let res = remove(&coach, 999_999).await.unwrap();
    assert_eq!(res.status().as_u16(), 404);
    let (a, b) = tokio::join!(remove(&coach, ids[1]), remove(&second_token, ids[0]));
    let statuses = [a.unwrap().status().as_u16(), b.unwrap().status().as_u16()];
    assert_eq!(
        statuses.iter().filter(|s| **s == 204).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM users WHERE role = 'admin'")
            .await,
        1
    );
    // The removed admin's access token stops at once.
    let (gone, stays) = if statuses[0] == 204 {
        (&second_token, &coach)
    } else {
        (&coach, &second_token)
    };
    assert_eq!(me(&app, gone).await, 401);
    assert_eq!(me(&app, stays).await, 200);
}

async fn a_flood_of_guessed_links_meets_the_limit_within_two_dozen(engine: Engine) {
    let app = spawn_app_with(engine, |s| s.auth.trust_forwarded_for = true).await;
    app.create_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    // 300 guessed reset and invitation links, 100 at a time, from one address.
    let mut statuses = Vec::new();
    for round in 0..3 {
        let batch = (0..100).map(|i| {
            let n = round * 100 + i;
            let path = if n % 2 == 0 {
                "/api/auth/password-reset"
            } else {
                "/api/auth/invitation"
            };
            app.client
                .post(app.url(path))
                .header("x-forwarded-for", "203.0.113.9")
                .json(&json!({"token": format!("geraden-{n}"), "password": "een-lang-wachtwoord"}))
                .send()
        });
        for res in join_all(batch).await {
            let res = res.unwrap();
            let status = res.status().as_u16();
            if status == 429 {
                assert!(res.headers().contains_key("retry-after"));
            }
            statuses.push(status);
        }
    }
    assert!(
        statuses.iter().all(|s| *s == 400 || *s == 429),
        "{statuses:?}"
    );
    let answered = statuses.iter().filter(|s| **s == 400).count();
    assert!((1..=20).contains(&answered), "{statuses:?}");

    // The limit is the guesser's: the coach's own link from her address still works.
    assert_eq!(forgotten(&app, ADMIN_EMAIL).await.status().as_u16(), 202);
    let mails = app.wait_for_mails(1).await;
    let reset = link_token(&mails[0], "/admin/nieuw-wachtwoord?token=");
    let res = app
        .client
        .post(app.url("/api/auth/password-reset"))
        .header("x-forwarded-for", "198.51.100.7")
        .json(&json!({"token": reset, "password": "een-nieuw-wachtwoord"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
}

async fn a_removed_admins_invitations_and_a_revoked_one_are_refused(engine: Engine) {
    let app = spawn_app(engine).await;
    let coach = app.admin_token().await;
    // A second admin, who then invites someone herself.
    assert_eq!(
        invite(&app, &coach, "tweede@example.be")
            .await
            .status()
            .as_u16(),
        201
    );
    let mails = app.wait_for_mails(1).await;
    let res = app
        .post_json(
            "/api/auth/invitation",
            &json!({"token": link_token(&mails[0], "/admin/uitnodiging?token="), "password": "een-tweede-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
    let second = token(&res.json().await.unwrap(), "access_token");
    assert_eq!(
        invite(&app, &second, "derde@example.be")
            .await
            .status()
            .as_u16(),
        201
    );
    assert_eq!(
        invite(&app, &coach, "vierde@example.be")
            .await
            .status()
            .as_u16(),
        201
    );
    let mails = app.wait_for_mails(3).await;
    let link_to = |address: &str| {
        mails
            .iter()
            .find(|m| m.contains(&format!("To: {address}")))
            .map(|m| link_token(m, "/admin/uitnodiging?token="))
            .unwrap()
    };
    let (third, fourth) = (link_to("derde@example.be"), link_to("vierde@example.be"));
    let open = accounts(&app, &coach).await["invitations"].clone();
    assert_eq!(open.as_array().unwrap().len(), 2, "{open}");

    // The coach removes the second admin: the invitation she sent ends with her.
    let second_id = accounts(&app, &coach).await["admins"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["email"] == "tweede@example.be")
        .map(|a| a["id"].as_i64().unwrap())
        .unwrap();
    let res = app
        .authed(
            Method::DELETE,
            &format!("/api/admin/accounts/{second_id}"),
            &coach,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 204);
    let server = &app;
    let accept = |token: String| {
        let body = json!({"token": token, "password": "een-derde-wachtwoord"});
        async move { server.post_json("/api/auth/invitation", &body).await }
    };
    assert_eq!(accept(third).await.status().as_u16(), 400);
    let open = accounts(&app, &coach).await["invitations"].clone();
    assert_eq!(open.as_array().unwrap().len(), 1, "{open}");
    assert_eq!(open[0]["email"], "vierde@example.be");

    // The coach revokes her own open invitation: gone from the list, its link refused.
    let id = open[0]["id"].as_i64().unwrap();
    let revoke = |id: i64| {
        app.authed(
            Method::DELETE,
            &format!("/api/admin/accounts/invitations/{id}"),
            &coach,
        )
        .send()
    };
    assert_eq!(revoke(id).await.unwrap().status().as_u16(), 204);
    assert_eq!(revoke(id).await.unwrap().status().as_u16(), 404);
    assert_eq!(revoke(999_999).await.unwrap().status().as_u16(), 404);
    assert!(
        accounts(&app, &coach).await["invitations"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(accept(fourth).await.status().as_u16(), 400);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM users WHERE role = 'admin'")
            .await,
        1
    );
    // Only an admin revokes.
    let res = app
        .client
        .delete(app.url(&format!("/api/admin/accounts/invitations/{id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 401);
}
