-- no-transaction
-- Runs outside sqlx's transaction like 0005: `invoices` is rebuilt below, and foreign keys can
-- only be switched off outside a transaction.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

-- The country of the buyer's invoice address (ISO 3166-1 alpha-2); a company must give the
-- whole address (street, postal code, city, country) to get an invoice in its name.
ALTER TABLE orders ADD COLUMN billing_country TEXT NULL;

-- What was paid back so far, in euro cents: never more than total_cents (checked by the
-- conditional UPDATE that adds to it). An order partly paid back stays 'paid'; it becomes
-- 'refunded' when all of it is.
ALTER TABLE orders ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0
    CHECK (refunded_cents >= 0);
UPDATE orders SET refunded_cents = total_cents WHERE status = 'refunded';

-- One refund the coach started: the whole order, or some of its tickets. It is written (and
-- its tickets claimed) before the provider is asked, so a repeated click finds it and the
-- provider sees the same idempotency key; 'done' once the money went back and the tickets,
-- seats and credit note were changed in one transaction.
CREATE TABLE order_refunds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders (id),
    -- The tickets it is for, sorted ids joined by ',' ('' for a whole order without tickets).
    ticket_ids TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    status TEXT NOT NULL CHECK (status IN ('pending', 'done')),
    credit_note_id INTEGER NULL REFERENCES invoices (id),
    created_at TEXT NOT NULL,
    done_at TEXT NULL
);
CREATE INDEX order_refunds_order_idx ON order_refunds (order_id);

-- The refund that paid a ticket back (a ticket is paid back at most once).
ALTER TABLE tickets ADD COLUMN refund_id INTEGER NULL REFERENCES order_refunds (id);

-- An order has one invoice but may get a credit note per partial refund; each credit note
-- still names the invoice it (partly) cancels. SQLite cannot drop a UNIQUE constraint, so
-- the table is rebuilt the documented way with the same columns, rows, index and triggers
-- (the rows are copied as they are: an issued invoice never changes).
-- compatible: the invoices keep every column an older server reads and writes; only the
-- one-credit-note-per-invoice rule is loosened, and an older server only makes whole refunds.
CREATE TABLE invoices_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
    number TEXT NOT NULL UNIQUE,
    year INTEGER NOT NULL,
    sequence INTEGER NOT NULL CHECK (sequence >= 1),
    order_id INTEGER NOT NULL REFERENCES orders (id),
    credits_invoice_id INTEGER NULL REFERENCES invoices (id),
    issue_date TEXT NOT NULL,
    buyer_name TEXT NOT NULL,
    buyer_company TEXT NULL,
    buyer_vat_number TEXT NULL,
    taxable_cents INTEGER NOT NULL,
    vat_cents INTEGER NOT NULL,
    total_cents INTEGER NOT NULL,
    document TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (kind, year, sequence),
    CHECK ((kind = 'credit_note') = (credits_invoice_id IS NOT NULL))
);
INSERT INTO invoices_new (id, kind, number, year, sequence, order_id, credits_invoice_id, issue_date,
    buyer_name, buyer_company, buyer_vat_number, taxable_cents, vat_cents, total_cents, document, created_at)
SELECT id, kind, number, year, sequence, order_id, credits_invoice_id, issue_date,
    buyer_name, buyer_company, buyer_vat_number, taxable_cents, vat_cents, total_cents, document, created_at
FROM invoices;
-- Ids of the old table are never handed out again.
UPDATE sqlite_sequence SET seq = (SELECT seq FROM sqlite_sequence WHERE name = 'invoices')
    WHERE name = 'invoices_new' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'invoices');
DROP TABLE invoices;
ALTER TABLE invoices_new RENAME TO invoices;
CREATE INDEX invoices_issue_date_idx ON invoices (issue_date, id);
CREATE UNIQUE INDEX invoices_one_invoice_per_order ON invoices (order_id) WHERE kind = 'invoice';
CREATE INDEX invoices_order_idx ON invoices (order_id, id);
CREATE TRIGGER invoices_never_change BEFORE UPDATE ON invoices
BEGIN SELECT RAISE(ABORT, 'an issued invoice never changes'); END;
CREATE TRIGGER invoices_never_removed BEFORE DELETE ON invoices
BEGIN SELECT RAISE(ABORT, 'an issued invoice is never removed'); END;

COMMIT;
PRAGMA foreign_keys = ON;
