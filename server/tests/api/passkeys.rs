//! Passkeys for the admins, with a software authenticator (ECDSA P-256, "none" attestation)
//! speaking WebAuthn's JSON as a browser would: add, sign in, require, recover, limits, and that
//! an admin manages only her own.
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use reqwest::Method;
use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_ASN1_SIGNING, EcdsaKeyPair, KeyPair};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Engine, TestApp, spawn_app};

both_engines!(
    a_passkey_is_added_and_signs_in_like_a_password,
    a_required_passkey_refuses_the_password_alone_until_a_reset_link,
    passkeys_are_few_named_and_each_admin_manages_only_her_own,
    a_passkey_sign_in_counts_on_the_password_throttles,
);

/// One passkey on a software authenticator.
struct SoftPasskey {
    key: EcdsaKeyPair,
    id: Vec<u8>,
    user_handle: String,
    rp_id: String,
    counter: u32,
}

fn cbor_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    match bytes.len() {
        n if n < 24 => out.push(0x40 | n as u8),
        n if n < 256 => out.extend([0x58, n as u8]),
        n => {
            out.push(0x59);
            out.extend((n as u16).to_be_bytes());
        }
    }
    out.extend(bytes);
}

fn cbor_text(out: &mut Vec<u8>, text: &str) {
    out.push(0x60 | text.len() as u8);
    out.extend(text.as_bytes());
}

fn client_data(kind: &str, challenge: &str, rp_id: &str) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "type": kind,
        "challenge": challenge,
        "origin": format!("https://{rp_id}"),
        "crossOrigin": false,
    }))
    .unwrap()
}

impl SoftPasskey {
    /// Answers `navigator.credentials.create(options)`: a new key pair, the credential JSON.
    fn create(options: &Value) -> (Self, Value) {
        let public_key = &options["publicKey"];
        let rp_id = public_key["rp"]["id"].as_str().unwrap().to_string();
        assert_eq!(
            public_key["authenticatorSelection"]["residentKey"], "required",
            "a discoverable passkey is asked for: {options}"
        );
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, &rng).unwrap();
        let key = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, pkcs8.as_ref(), &rng)
            .unwrap();
        let id = rand::random::<[u8; 16]>().to_vec();
        let point = key.public_key().as_ref();
        let mut cose = vec![0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21];
        cbor_bytes(&mut cose, &point[1..33]);
        cose.push(0x22);
        cbor_bytes(&mut cose, &point[33..65]);
        let mut auth_data = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth_data.push(0x45); // user present, user verified, attested credential data
        auth_data.extend(0u32.to_be_bytes());
        auth_data.extend([0; 16]); // AAGUID
        auth_data.extend((id.len() as u16).to_be_bytes());
        auth_data.extend(&id);
        auth_data.extend(&cose);
        let mut attestation = vec![0xa3];
        cbor_text(&mut attestation, "fmt");
        cbor_text(&mut attestation, "none");
        cbor_text(&mut attestation, "attStmt");
        attestation.push(0xa0);
        cbor_text(&mut attestation, "authData");
        cbor_bytes(&mut attestation, &auth_data);
        let challenge = public_key["challenge"].as_str().unwrap();
        let credential = json!({
            "id": B64.encode(&id),
            "rawId": B64.encode(&id),
            "type": "public-key",
            "response": {
                "attestationObject": B64.encode(&attestation),
                "clientDataJSON": B64.encode(client_data("webauthn.create", challenge, &rp_id)),
            },
            "extensions": {},
        });
        let passkey = Self {
            key,
            id,
            user_handle: public_key["user"]["id"].as_str().unwrap().to_string(),
            rp_id,
            counter: 0,
        };
        (passkey, credential)
    }

    /// Answers `navigator.credentials.get(options)` as a discoverable credential.
    fn get(&mut self, options: &Value) -> Value {
        let public_key = &options["publicKey"];
        assert_eq!(
            public_key["allowCredentials"]
                .as_array()
                .map_or(0, Vec::len),
            0,
            "no e-mail address first, so no list of credentials: {options}"
        );
        self.counter += 1;
        let mut auth_data = Sha256::digest(self.rp_id.as_bytes()).to_vec();
        auth_data.push(0x05); // user present, user verified
        auth_data.extend(self.counter.to_be_bytes());
        let client_data = client_data(
            "webauthn.get",
            public_key["challenge"].as_str().unwrap(),
            &self.rp_id,
        );
        let mut signed = auth_data.clone();
        signed.extend(Sha256::digest(&client_data));
        let signature = self.key.sign(&SystemRandom::new(), &signed).unwrap();
        json!({
            "id": B64.encode(&self.id),
            "rawId": B64.encode(&self.id),
            "type": "public-key",
            "response": {
                "authenticatorData": B64.encode(&auth_data),
                "clientDataJSON": B64.encode(&client_data),
                "signature": B64.encode(signature.as_ref()),
                "userHandle": self.user_handle,
            },
            "extensions": {},
        })
    }
}

async fn send(app: &TestApp, method: Method, path: &str, token: &str, body: Value) -> (u16, Value) {
    let res = app
        .authed(method, path, token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// Adds a passkey named `name` to the account of `token`.
async fn add_passkey(app: &TestApp, token: &str, name: &str) -> (SoftPasskey, Value) {
    let (status, challenge) = send(
        app,
        Method::POST,
        "/api/admin/passkeys/options",
        token,
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{challenge}");
    let (passkey, credential) = SoftPasskey::create(&challenge["options"]);
    let (status, added) = send(
        app,
        Method::POST,
        "/api/admin/passkeys",
        token,
        json!({"challenge_id": challenge["challenge_id"], "name": name, "credential": credential}),
    )
    .await;
    assert_eq!(status, 201, "{added}");
    (passkey, added)
}

async fn sign_in_options(app: &TestApp) -> Value {
    let res = app.post_json("/api/auth/passkey/options", &json!({})).await;
    assert_eq!(res.status().as_u16(), 200);
    res.json().await.unwrap()
}

async fn passkey_sign_in(app: &TestApp, challenge: &Value, credential: &Value) -> (u16, Value) {
    let res = app
        .post_json(
            "/api/auth/passkey/login",
            &json!({"challenge_id": challenge["challenge_id"], "credential": credential}),
        )
        .await;
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn sign_in_with(app: &TestApp, passkey: &mut SoftPasskey) -> (u16, Value) {
    let challenge = sign_in_options(app).await;
    let credential = passkey.get(&challenge["options"]);
    passkey_sign_in(app, &challenge, &credential).await
}

async fn password_sign_in(app: &TestApp, email: &str, password: &str) -> (u16, Value) {
    let res = app
        .post_json(
            "/api/auth/login",
            &json!({"email": email, "password": password}),
        )
        .await;
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn overview(app: &TestApp, token: &str) -> Value {
    let (status, body) = send(app, Method::GET, "/api/admin/passkeys", token, json!({})).await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn a_passkey_is_added_and_signs_in_like_a_password(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let start = overview(&app, &token).await;
    assert_eq!(start["available"], true);
    assert_eq!(start["required"], false);
    assert_eq!(start["max"], 5);
    assert_eq!(start["passkeys"], json!([]));

    let (mut passkey, added) = add_passkey(&app, &token, "  Laptop  ").await;
    assert_eq!(added["name"], "Laptop");
    assert_eq!(added["last_used_at"], Value::Null);

    let challenge = sign_in_options(&app).await;
    let credential = passkey.get(&challenge["options"]);
    let (status, session) = passkey_sign_in(&app, &challenge, &credential).await;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["user"]["email"], ADMIN_EMAIL);
    assert_eq!(session["user"]["role"], "admin");
    assert_eq!(session["ask_for_passkey"], false);
    // The same session as a password's: the access token opens the admin, the refresh token
    // rotates.
    let access = session["access_token"].as_str().unwrap();
    let (status, me) = send(&app, Method::GET, "/api/admin/me", access, json!({})).await;
    assert_eq!((status, me["email"].as_str()), (200, Some(ADMIN_EMAIL)));
    let res = app
        .post_json(
            "/api/auth/refresh",
            &json!({"refresh_token": session["refresh_token"]}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
    assert_ne!(
        overview(&app, access).await["passkeys"][0]["last_used_at"],
        Value::Null
    );

    // A challenge answers once: the same answer again is refused.
    let (status, body) = passkey_sign_in(&app, &challenge, &credential).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("opnieuw")
    );

    // A passkey this site never saw, and a signature made for another challenge.
    let fresh = sign_in_options(&app).await;
    let (mut stranger, _) = SoftPasskey::create(
        &send(
            &app,
            Method::POST,
            "/api/admin/passkeys/options",
            &token,
            json!({}),
        )
        .await
        .1["options"],
    );
    let (status, body) = passkey_sign_in(&app, &fresh, &stranger.get(&fresh["options"])).await;
    assert_eq!(status, 401, "{body}");
    let other = sign_in_options(&app).await;
    let (status, _) = passkey_sign_in(&app, &fresh, &passkey.get(&other["options"])).await;
    assert_eq!(status, 401, "a signature over another challenge");
    // Junk is a Dutch 422, not a 500.
    let (status, body) = passkey_sign_in(&app, &other, &json!({"id": 5})).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("toestel")
    );
    // Challenges are stored hashed.
    let stored: Vec<String> = sqlx::query_scalar("SELECT id FROM passkey_challenges")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert!(!stored.contains(&other["challenge_id"].as_str().unwrap().to_string()));
}

async fn a_required_passkey_refuses_the_password_alone_until_a_reset_link(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let require = |on: bool| {
        let app = &app;
        let token = token.clone();
        async move {
            send(
                app,
                Method::PUT,
                "/api/admin/passkeys/requirement",
                &token,
                json!({"required": on}),
            )
            .await
        }
    };
    // Not without a passkey to sign in with.
    let (status, body) = require(true).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Voeg eerst een passkey toe")
    );

    let (mut laptop, added) = add_passkey(&app, &token, "Laptop").await;
    let (status, body) = require(true).await;
    assert_eq!((status, &body["required"]), (200, &json!(true)), "{body}");

    // The right password alone is refused, in Dutch; a wrong one says only that it is wrong.
    let (status, body) = password_sign_in(&app, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["error"]["code"], "passkey_required");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("passkey verplicht")
    );
    let (status, body) = password_sign_in(&app, ADMIN_EMAIL, "niet-het-wachtwoord").await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (401, &json!("invalid_credentials"))
    );
    let (status, session) = sign_in_with(&app, &mut laptop).await;
    assert_eq!(status, 200, "{session}");

    // Her last passkey cannot go while it is required.
    let path = format!("/api/admin/passkeys/{}", added["id"]);
    let (status, body) = send(&app, Method::DELETE, &path, &token, json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("laatste passkey")
    );

    // The laptop is lost: the reset link sets a new password and asks for a new passkey.
    let res = app
        .post_json(
            "/api/auth/password-forgotten",
            &json!({"email": ADMIN_EMAIL}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 202);
    let mails = app.wait_for_mails(1).await;
    let marker = "/admin/nieuw-wachtwoord?token=";
    let start = mails[0].find(marker).unwrap() + marker.len();
    let reset: String = mails[0][start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let res = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"token": reset, "password": "een-nieuw-wachtwoord"}),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
    let session: Value = res.json().await.unwrap();
    assert_eq!(session["ask_for_passkey"], true);
    let after_reset = session["access_token"].as_str().unwrap().to_string();
    let state = overview(&app, &after_reset).await;
    assert_eq!(state["required"], false);
    assert_eq!(state["waiting_for_new_passkey"], true);
    // Until she adds one, the new password signs in (and asks again).
    let (status, session) = password_sign_in(&app, ADMIN_EMAIL, "een-nieuw-wachtwoord").await;
    assert_eq!(
        (status, &session["ask_for_passkey"]),
        (200, &json!(true)),
        "{session}"
    );
    // The lost one may go now; the new one brings the requirement back.
    let (status, _) = send(&app, Method::DELETE, &path, &after_reset, json!({})).await;
    assert_eq!(status, 204);
    let (mut phone, _) = add_passkey(&app, &after_reset, "Telefoon").await;
    let state = overview(&app, &after_reset).await;
    assert_eq!(state["required"], true);
    assert_eq!(state["waiting_for_new_passkey"], false);
    let (status, body) = password_sign_in(&app, ADMIN_EMAIL, "een-nieuw-wachtwoord").await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (401, &json!("passkey_required"))
    );
    assert_eq!(sign_in_with(&app, &mut phone).await.0, 200);
    assert_eq!(
        sign_in_with(&app, &mut laptop).await.0,
        401,
        "the removed one"
    );

    // Turned off, the password alone works again.
    let (status, body) = send(
        &app,
        Method::PUT,
        "/api/admin/passkeys/requirement",
        &after_reset,
        json!({"required": false}),
    )
    .await;
    assert_eq!((status, &body["required"]), (200, &json!(false)));
    assert_eq!(
        password_sign_in(&app, ADMIN_EMAIL, "een-nieuw-wachtwoord")
            .await
            .0,
        200
    );
}

async fn passkeys_are_few_named_and_each_admin_manages_only_her_own(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let mut ids = Vec::new();
    for n in 1..=5 {
        ids.push(add_passkey(&app, &token, &format!("Sleutel {n}")).await.1["id"].clone());
    }
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/admin/passkeys/options",
        &token,
        json!({}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("al 5 passkeys")
    );

    // Names: required, short, one line.
    let path = format!("/api/admin/passkeys/{}", ids[0]);
    for (name, problem) in [
        ("   ", "Geef je passkey een naam"),
        (&"x".repeat(61) as &str, "hoogstens 60"),
        ("Twee\nregels", "regeleinden"),
    ] {
        let (status, body) = send(&app, Method::PUT, &path, &token, json!({"name": name})).await;
        assert_eq!(status, 422, "{name:?}: {body}");
        assert!(
            body["error"]["fields"]["name"]
                .as_str()
                .unwrap()
                .contains(problem),
            "{body}"
        );
    }
    let (status, body) = send(
        &app,
        Method::PUT,
        &path,
        &token,
        json!({"name": "Oude laptop"}),
    )
    .await;
    assert_eq!((status, &body["name"]), (200, &json!("Oude laptop")));
    // Removing one makes room again.
    let (status, _) = send(&app, Method::DELETE, &path, &token, json!({})).await;
    assert_eq!(status, 204);
    assert_eq!(
        overview(&app, &token).await["passkeys"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    // A name is needed when adding, too (checked before the ceremony is used up).
    let (_, challenge) = send(
        &app,
        Method::POST,
        "/api/admin/passkeys/options",
        &token,
        json!({}),
    )
    .await;
    let (_, credential) = SoftPasskey::create(&challenge["options"]);
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/admin/passkeys",
        &token,
        json!({"challenge_id": challenge["challenge_id"], "name": "", "credential": credential}),
    )
    .await;
    assert_eq!(status, 422);

    // Another admin sees none of these and can change none, nor finish her ceremony.
    app.create_admin("tweede@example.be", ADMIN_PASSWORD).await;
    let other = app.login("tweede@example.be", ADMIN_PASSWORD).await;
    let other = other["access_token"].as_str().unwrap();
    assert_eq!(overview(&app, other).await["passkeys"], json!([]));
    let path = format!("/api/admin/passkeys/{}", ids[1]);
    let (status, _) = send(&app, Method::PUT, &path, other, json!({"name": "Van mij"})).await;
    assert_eq!(status, 404);
    let (status, _) = send(&app, Method::DELETE, &path, other, json!({})).await;
    assert_eq!(status, 404);
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/admin/passkeys",
        other,
        json!({"challenge_id": challenge["challenge_id"], "name": "Gestolen", "credential": credential}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        overview(&app, &token).await["passkeys"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    // Without a session, nothing.
    let res = app.get("/api/admin/passkeys").await;
    assert_eq!(res.status().as_u16(), 401);
}

async fn a_passkey_sign_in_counts_on_the_password_throttles(engine: Engine) {
    let app = spawn_app(engine).await;
    let token = app.admin_token().await;
    let (mut passkey, _) = add_passkey(&app, &token, "Laptop").await;
    // Five wrong passwords for her account from this address fill its counter...
    for _ in 0..5 {
        let (status, _) = password_sign_in(&app, ADMIN_EMAIL, "fout-wachtwoord").await;
        assert_eq!(status, 401);
    }
    // ...and a passkey for that account from this address waits the same.
    let (status, body) = sign_in_with(&app, &mut passkey).await;
    assert_eq!(status, 429, "{body}");
    // The challenges themselves are limited per address.
    let mut statuses = Vec::new();
    for _ in 0..40 {
        let res = app.post_json("/api/auth/passkey/options", &json!({})).await;
        statuses.push(res.status().as_u16());
    }
    assert!(statuses.contains(&429), "{statuses:?}");
}
