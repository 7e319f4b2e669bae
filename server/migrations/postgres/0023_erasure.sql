-- Erasure that erases (issue 21): coach notices kept for the daily summary name the person they
-- are about, so an erasure finds them by address; and an erasure may clear the buyer's e-mail
-- and phone from an issued invoice, the one change the law allows (name, address, company, VAT
-- number, amounts and dates stay).
ALTER TABLE coach_notices ADD COLUMN email_normalized TEXT NULL;
CREATE INDEX coach_notices_email_idx ON coach_notices (email_normalized);

-- compatible: the function only lets one more UPDATE through (erasing e-mail and phone from the
-- document); an older server never issues that UPDATE and is refused every other one as before.
CREATE OR REPLACE FUNCTION invoices_are_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE'
        AND to_jsonb(NEW) - 'document' = to_jsonb(OLD) - 'document'
        AND NEW.document::jsonb = jsonb_set(jsonb_set(OLD.document::jsonb, '{buyer,email}', 'null'),
            '{buyer,phone}', 'null') THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'an issued invoice never changes';
END;
$$;
