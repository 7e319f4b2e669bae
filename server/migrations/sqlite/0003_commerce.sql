-- Commerce: products, orders with seat holds, payment webhook dedupe, coupons and tickets.
-- Money is integer euro cents (VAT included); timestamps are UTC text as in 0001.

-- What can be bought. Courses have their own price; event products are bought per event of
-- `event_kind`, at that event's price.
CREATE TABLE products (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('course', 'event')),
    event_kind TEXT NULL CHECK (event_kind IN ('vertelavond', 'zelfbeeld', 'webinar')),
    price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
    access_url TEXT NULL,
    page_path TEXT NOT NULL,
    max_per_order INTEGER NOT NULL CHECK (max_per_order >= 1),
    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    CHECK ((kind = 'event') = (event_kind IS NOT NULL))
);

CREATE TABLE coupons (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    code_normalized TEXT NOT NULL UNIQUE,
    discount_kind TEXT NOT NULL CHECK (discount_kind IN ('percent', 'fixed')),
    -- percent: 1..100; fixed: euro cents.
    discount_value INTEGER NOT NULL CHECK (discount_value > 0),
    product_id INTEGER NULL REFERENCES products (id),
    valid_from TEXT NULL,
    valid_until TEXT NULL,
    max_redemptions INTEGER NULL CHECK (max_redemptions IS NULL OR max_redemptions >= 1),
    -- Held by pending orders and kept by paid ones, so the limit holds before money moves.
    redemptions INTEGER NOT NULL DEFAULT 0 CHECK (redemptions >= 0),
    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    CHECK (max_redemptions IS NULL OR redemptions <= max_redemptions),
    CHECK (discount_kind = 'fixed' OR discount_value <= 100)
);

CREATE TABLE orders (
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
    status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'canceled', 'expired', 'failed', 'refunded')),
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
CREATE INDEX orders_status_expires_idx ON orders (status, expires_at);
CREATE INDEX orders_created_at_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_event_idx ON orders (event_id);

-- Every state change of an order, for the coach's detail view.
CREATE TABLE order_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    note TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX order_history_order_idx ON order_history (order_id, id);

-- Webhook events already applied; inserted in the same transaction as their effect.
CREATE TABLE payment_events (
    provider TEXT NOT NULL,
    event_id TEXT NOT NULL,
    order_id INTEGER NULL REFERENCES orders (id) ON DELETE SET NULL,
    received_at TEXT NOT NULL,
    PRIMARY KEY (provider, event_id)
);

-- One seat at an event: a paid ticket (order_id set) or a free webinar registration (NULL).
CREATE TABLE tickets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL UNIQUE,
    event_id INTEGER NOT NULL REFERENCES events (id),
    order_id INTEGER NULL REFERENCES orders (id),
    holder_name TEXT NOT NULL,
    email TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('valid', 'checked_in', 'cancelled')),
    checked_in_at TEXT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX tickets_event_idx ON tickets (event_id, created_at);
CREATE INDEX tickets_order_idx ON tickets (order_id);

-- The catalogue with the spec's prices (VAT included). The coach's platform gives course access.
INSERT INTO products (slug, name, description, kind, event_kind, price_cents, access_url, page_path, max_per_order, active, created_at, updated_at) VALUES
    ('spiegelgevecht', 'Het Spiegelgevecht',
     'Een online cursus waarin je leert kijken naar wat de spiegel je echt vertelt, en de strijd met jezelf zachter maakt.',
     'course', NULL, 1900, 'https://platform.inlumine.be', '/begrijp-jezelf/spiegelgevecht', 1, 1,
     '2026-11-21T00:00:00.000000Z', '2026-11-21T00:00:00.000000Z'),
    ('zelfinzicht-7-stappen', 'Zelfinzicht in 7 Stappen',
     'Zeven online stappen naar een helder beeld van wie je bent, wat je drijft en wat je tegenhoudt.',
     'course', NULL, 9700, 'https://platform.inlumine.be', '/begrijp-jezelf', 1, 1,
     '2026-11-21T00:00:00.000000Z', '2026-11-21T00:00:00.000000Z'),
    ('zelfbeeld-ommekeer', 'De Zelfbeeld-Ommekeer',
     'Drie dagen in Mechelen waarin je je zelfbeeld grondig omkeert: van oude overtuigingen naar een beeld dat klopt met wie je nu bent.',
     'event', 'zelfbeeld', 150000, NULL, '/product-zelfbeeld-ommekeer', 1, 1,
     '2026-11-21T00:00:00.000000Z', '2026-11-21T00:00:00.000000Z'),
    ('vertelavond', 'Ticket vertelavond',
     'Een plaats op de vertelavond in Mechelen.',
     'event', 'vertelavond', 3500, NULL, '/vertelavond', 10, 1,
     '2026-11-21T00:00:00.000000Z', '2026-11-21T00:00:00.000000Z'),
    ('webinar', 'Ticket webinar',
     'Een plaats in een betalend webinar van de reeks.',
     'event', 'webinar', 0, NULL, '/webinar-reeks', 5, 1,
     '2026-11-21T00:00:00.000000Z', '2026-11-21T00:00:00.000000Z');
