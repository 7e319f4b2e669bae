//! Migrations that rewrite stored data keep every row and every link between rows.
use inlumine::kit::db;
use sqlx::{AnyPool, Row};

use crate::helpers::{Engine, TestDatabase};

both_engines!(migration_5_spells_cancelled_once_and_keeps_every_order_and_its_links);

async fn scalar(pool: &AnyPool, sql: String) -> String {
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .fetch_one(pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

async fn migration_5_spells_cancelled_once_and_keeps_every_order_and_its_links(engine: Engine) {
    let database = TestDatabase::create(engine).await;
    let pool = db::connect(&database.url).await.unwrap();
    let sqlite = matches!(engine, Engine::Sqlite);
    let mut before = db::migrator(sqlite);
    before.migrations.to_mut().truncate(4);
    before.run(&pool).await.unwrap();

    let statements = [
        "INSERT INTO events (kind, title, description, starts_at, ends_at, capacity, seats_taken, price_cents, \
         status, created_at, updated_at) VALUES ('vertelavond', 'Avond', '', '2099-01-01T18:00:00.000000Z', \
         '2099-01-01T20:00:00.000000Z', 10, 1, 3500, 'published', 'x', 'x')",
        "INSERT INTO orders (public_id, idempotency_key, product_id, event_id, quantity, first_name, last_name, email, \
         unit_price_cents, subtotal_cents, discount_cents, total_cents, terms_accepted_at, consent_text, status, \
         provider, provider_ref, expires_at, created_at, updated_at) VALUES \
         ('pub-canceled', 'key-canceled-0000001', 4, 1, 1, 'An', 'Peeters', 'an@example.be', 3500, 3500, 0, 3500, \
          'x', 'ok', 'canceled', 'simulated', 'sim_1', 'x', '2026-01-01', 'x'), \
         ('pub-paid', 'key-paid-000000000001', 4, 1, 1, 'Bo', 'Claes', 'bo@example.be', 3500, 3500, 0, 3500, \
          'x', 'ok', 'paid', 'simulated', 'sim_2', 'x', '2026-01-02', 'x')",
        "INSERT INTO order_history (order_id, status, note, created_at) VALUES \
         (1, 'pending', 'aangemaakt', 'x'), (1, 'canceled', 'geannuleerd', 'x'), (2, 'paid', 'betaald', 'x')",
        "INSERT INTO payment_events (provider, event_id, order_id, received_at) VALUES ('simulated', 'evt_1', 1, 'x')",
        "INSERT INTO tickets (code, event_id, order_id, holder_name, email, status, created_at, updated_at) \
         VALUES ('ABCDEFGHJKMN', 1, 2, 'Bo Claes', 'bo@example.be', 'valid', 'x', 'x')",
    ];
    for sql in statements {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }

    db::migrate(&pool).await.unwrap();

    let statuses = |table: &str| {
        scalar(
            &pool,
            if sqlite {
                format!(
                    "SELECT GROUP_CONCAT(status, ',') FROM (SELECT status FROM {table} ORDER BY id)"
                )
            } else {
                format!("SELECT STRING_AGG(status, ',' ORDER BY id) FROM {table}")
            },
        )
    };
    assert_eq!(statuses("orders").await, "cancelled,paid");
    assert_eq!(statuses("order_history").await, "pending,cancelled,paid");
    if sqlite {
        let dangling = sqlx::query("PRAGMA foreign_key_check")
            .fetch_all(&pool)
            .await
            .unwrap();
        assert!(
            dangling.is_empty(),
            "{} dangling references",
            dangling.len()
        );
    }
    let linked = sqlx::query(
        "SELECT (SELECT order_id FROM payment_events) AS payment, (SELECT order_id FROM tickets) AS ticket, \
         (SELECT public_id FROM orders WHERE id = 2) AS public_id",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(
        linked.try_get::<Option<i64>, _>("payment").unwrap(),
        Some(1)
    );
    assert_eq!(linked.try_get::<Option<i64>, _>("ticket").unwrap(), Some(2));
    assert_eq!(
        linked.try_get::<String, _>("public_id").unwrap(),
        "pub-paid"
    );

    // The new spelling is the only one the database accepts, and order ids go on after the old ones.
    let insert = |status: &str| {
        format!(
            "INSERT INTO orders (public_id, idempotency_key, product_id, quantity, first_name, last_name, email, \
             unit_price_cents, subtotal_cents, discount_cents, total_cents, terms_accepted_at, consent_text, status, \
             provider, expires_at, created_at, updated_at) VALUES ('pub-{status}', 'key-{status}-00000000000', 1, 1, \
             'C', 'D', 'c@example.be', 1900, 1900, 0, 1900, 'x', 'ok', '{status}', 'simulated', 'x', 'x', 'x') \
             RETURNING id"
        )
    };
    assert!(
        sqlx::query(sqlx::AssertSqlSafe(insert("canceled")))
            .fetch_one(&pool)
            .await
            .is_err()
    );
    let id: i64 = sqlx::query(sqlx::AssertSqlSafe(insert("cancelled")))
        .fetch_one(&pool)
        .await
        .unwrap()
        .try_get("id")
        .unwrap();
    assert!(id > 2, "order id {id} reuses an old one");
    // Foreign keys still hold after the rebuild.
    assert!(
        sqlx::query("INSERT INTO order_history (order_id, status, note, created_at) VALUES (99, 'paid', '', 'x')")
            .execute(&pool)
            .await
            .is_err()
    );
    pool.close().await;
}
