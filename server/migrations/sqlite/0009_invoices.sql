-- Invoices (facturen) and credit notes (creditnota's), made in the transaction that marks an
-- order paid (or refunded). Each row keeps everything its PDF and UBL XML print as a JSON
-- document, so both are rendered from the row alone and reproduce the invoice as issued.

-- The VAT rate contained in a product's VAT-inclusive price (Belgium: 21 % for coaching and
-- online courses); the invoice line keeps the rate it was issued with.
ALTER TABLE products ADD COLUMN vat_rate_percent INTEGER NOT NULL DEFAULT 21
    CHECK (vat_rate_percent BETWEEN 0 AND 100);

-- The buyer's address for the invoice, when they give one (optional at checkout).
ALTER TABLE orders ADD COLUMN billing_street TEXT NULL;
ALTER TABLE orders ADD COLUMN billing_postal_code TEXT NULL;
ALTER TABLE orders ADD COLUMN billing_city TEXT NULL;

-- One unbroken sequence per series and year: the number is taken with a conditional
-- UPDATE ... RETURNING in the issuing transaction, so a rollback gives it back.
CREATE TABLE invoice_counters (
    series TEXT NOT NULL CHECK (series IN ('invoice', 'credit_note')),
    year INTEGER NOT NULL,
    last_number INTEGER NOT NULL CHECK (last_number >= 0),
    PRIMARY KEY (series, year)
);

CREATE TABLE invoices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    -- e.g. 2026-000001 (invoice) or C2026-000001 (credit note).
    number TEXT NOT NULL UNIQUE,
    year INTEGER NOT NULL,
    sequence INTEGER NOT NULL CHECK (sequence >= 1),
    order_id INTEGER NOT NULL REFERENCES orders (id),
    -- A credit note names the invoice it cancels; an invoice is credited at most once.
    credits_invoice_id INTEGER NULL UNIQUE REFERENCES invoices (id),
    -- The Brussels date of issue, YYYY-MM-DD.
    issue_date TEXT NOT NULL,
    buyer_name TEXT NOT NULL,
    buyer_company TEXT NULL,
    buyer_vat_number TEXT NULL,
    -- Euro cents; negative on a credit note.
    taxable_cents INTEGER NOT NULL,
    vat_cents INTEGER NOT NULL,
    total_cents INTEGER NOT NULL,
    document TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (kind, year, sequence),
    UNIQUE (order_id, kind),
    CHECK ((kind = 'credit_note') = (credits_invoice_id IS NOT NULL))
);
CREATE INDEX invoices_issue_date_idx ON invoices (issue_date, id);

-- An issued invoice never changes and is never removed (a refund makes a credit note).
CREATE TRIGGER invoices_never_change BEFORE UPDATE ON invoices
BEGIN SELECT RAISE(ABORT, 'an issued invoice never changes'); END;
CREATE TRIGGER invoices_never_removed BEFORE DELETE ON invoices
BEGIN SELECT RAISE(ABORT, 'an issued invoice is never removed'); END;
