-- Erasure that erases (issue 21): coach notices kept for the daily summary name the person they
-- are about, so an erasure finds them by address; and an erasure may clear the buyer's e-mail
-- and phone from an issued invoice, the one change the law allows (name, address, company, VAT
-- number, amounts and dates stay).
ALTER TABLE coach_notices ADD COLUMN email_normalized TEXT NULL;
CREATE INDEX coach_notices_email_idx ON coach_notices (email_normalized);

-- compatible: the trigger only lets one more UPDATE through (erasing e-mail and phone from the
-- document); an older server never issues that UPDATE and is refused every other one as before.
DROP TRIGGER invoices_never_change;
CREATE TRIGGER invoices_never_change BEFORE UPDATE ON invoices
WHEN NOT (NEW.id IS OLD.id AND NEW.kind IS OLD.kind AND NEW.number IS OLD.number
    AND NEW.year IS OLD.year AND NEW.sequence IS OLD.sequence AND NEW.order_id IS OLD.order_id
    AND NEW.credits_invoice_id IS OLD.credits_invoice_id AND NEW.issue_date IS OLD.issue_date
    AND NEW.buyer_name IS OLD.buyer_name AND NEW.buyer_company IS OLD.buyer_company
    AND NEW.buyer_vat_number IS OLD.buyer_vat_number AND NEW.taxable_cents IS OLD.taxable_cents
    AND NEW.vat_cents IS OLD.vat_cents AND NEW.total_cents IS OLD.total_cents
    AND NEW.created_at IS OLD.created_at
    AND NEW.document IS json_set(OLD.document, '$.buyer.email', json('null'), '$.buyer.phone', json('null')))
BEGIN SELECT RAISE(ABORT, 'an issued invoice never changes'); END;
