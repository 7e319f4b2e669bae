-- no-transaction
-- One spelling: orders say `cancelled`, like events, tickets and intro calls.
-- SQLite cannot change a CHECK constraint, so `orders` is rebuilt the documented way
-- (https://www.sqlite.org/lang_altertable.html#otheralter). This migration runs outside sqlx's
-- transaction because foreign keys can only be switched off outside one: with them on, dropping
-- the old table would cascade into order_history and null payment_events.order_id.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE orders_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- Unguessable id used in links (payment pages, success page); the numeric id stays internal.
    public_id TEXT NOT NULL UNIQUE,
    -- Chosen by the checkout form once per attempt: a double submit finds the same order.
    idempotency_key TEXT NOT NULL UNIQUE,
    product_id INTEGER NOT NULL REFERENCES products (id),
    event_id INTEGER NULL REFERENCES events (id),
    quantity INTEGER NOT NULL CHECK (quantity >= 1),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NULL,
    company TEXT NULL,
    vat_number TEXT NULL,
    unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
    subtotal_cents INTEGER NOT NULL CHECK (subtotal_cents >= 0),
    discount_cents INTEGER NOT NULL CHECK (discount_cents >= 0),
    total_cents INTEGER NOT NULL CHECK (total_cents >= 0),
    coupon_id INTEGER NULL REFERENCES coupons (id),
    coupon_code TEXT NULL,
    -- 1 while this order counts in coupons.redemptions.
    coupon_held INTEGER NOT NULL DEFAULT 0 CHECK (coupon_held IN (0, 1)),
    -- Seats this order currently counts in events.seats_taken (0 once released).
    seats_held INTEGER NOT NULL DEFAULT 0 CHECK (seats_held >= 0),
    terms_accepted_at TEXT NOT NULL,
    consent_text TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled', 'expired', 'failed', 'refunded')),
    -- Set when the coach must act, e.g. 'refund_needed' for a payment after expiry without a seat.
    attention TEXT NULL,
    provider TEXT NOT NULL,
    provider_ref TEXT NULL UNIQUE,
    checkout_url TEXT NULL,
    expires_at TEXT NOT NULL,
    paid_at TEXT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

INSERT INTO orders_new (id, public_id, idempotency_key, product_id, event_id, quantity, first_name, last_name,
    email, phone, company, vat_number, unit_price_cents, subtotal_cents, discount_cents, total_cents, coupon_id,
    coupon_code, coupon_held, seats_held, terms_accepted_at, consent_text, status, attention, provider,
    provider_ref, checkout_url, expires_at, paid_at, created_at, updated_at)
SELECT id, public_id, idempotency_key, product_id, event_id, quantity, first_name, last_name,
    email, phone, company, vat_number, unit_price_cents, subtotal_cents, discount_cents, total_cents, coupon_id,
    coupon_code, coupon_held, seats_held, terms_accepted_at, consent_text,
    CASE status WHEN 'canceled' THEN 'cancelled' ELSE status END, attention, provider,
    provider_ref, checkout_url, expires_at, paid_at, created_at, updated_at
FROM orders;
-- Ids of the old table are never handed out again.
UPDATE sqlite_sequence SET seq = (SELECT seq FROM sqlite_sequence WHERE name = 'orders')
    WHERE name = 'orders_new' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'orders');

DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;
CREATE INDEX orders_status_expires_idx ON orders (status, expires_at);
CREATE INDEX orders_created_at_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_event_idx ON orders (event_id);

UPDATE order_history SET status = 'cancelled' WHERE status = 'canceled';

COMMIT;
PRAGMA foreign_keys = ON;
