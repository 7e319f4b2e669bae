-- The admin search (issue 27): every name, e-mail address and number it finds, lower-cased, one
-- row per term, with the row it comes from. A name also gives what follows each space in it
-- ("sofie van den berghe", "van den berghe", "den berghe", "berghe"), so the start of any word
-- is found as one range of the (source, term) index, never a scan. Triggers keep the terms in
-- step with their rows on every write (an erasure that deletes or anonymises a row rewrites its
-- terms), also when an older server writes during `inlumine migrate`.
CREATE TABLE search_terms (
    source TEXT COLLATE "C" NOT NULL,
    source_id BIGINT NOT NULL,
    -- Byte order, as SQLite's: a prefix is one range of the index.
    term TEXT COLLATE "C" NOT NULL
);
CREATE INDEX search_terms_term_idx ON search_terms (source, term, source_id);
CREATE INDEX search_terms_row_idx ON search_terms (source, source_id);

-- "Sofie Van den Berghe" gives "sofie van den berghe", "van den berghe", "den berghe", "berghe".
CREATE FUNCTION search_word_starts(value TEXT) RETURNS SETOF TEXT LANGUAGE sql IMMUTABLE AS $$
    SELECT array_to_string(w[i:], ' ')
    FROM (SELECT string_to_array(lower(trim(value)), ' ') AS w) words,
         generate_series(1, cardinality(w)) i
$$;

CREATE FUNCTION orders_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_terms WHERE source = 'order' AND source_id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO search_terms (source, source_id, term)
        SELECT 'order', NEW.id, term FROM (
            SELECT search_word_starts(NEW.first_name || ' ' || NEW.last_name) AS term
            UNION SELECT lower(trim(NEW.email)) AS term
            UNION SELECT lower(trim(NEW.public_id)) AS term
        ) terms WHERE term <> '';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER orders_search_terms AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name, email, public_id ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_search_terms();
INSERT INTO search_terms (source, source_id, term)
SELECT 'order', source_id, term FROM (
    SELECT search_word_starts(x.first_name || ' ' || x.last_name) AS term, x.id AS source_id FROM orders x
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM orders x
    UNION SELECT lower(trim(x.public_id)) AS term, x.id AS source_id FROM orders x
) terms WHERE term <> '';

CREATE FUNCTION tickets_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_terms WHERE source = 'ticket' AND source_id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO search_terms (source, source_id, term)
        SELECT 'ticket', NEW.id, term FROM (
            SELECT search_word_starts(NEW.holder_name) AS term
            UNION SELECT lower(trim(NEW.email)) AS term
            UNION SELECT lower(trim(NEW.code)) AS term
        ) terms WHERE term <> '';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER tickets_search_terms AFTER INSERT OR DELETE OR UPDATE OF holder_name, email, code ON tickets
    FOR EACH ROW EXECUTE FUNCTION tickets_search_terms();
INSERT INTO search_terms (source, source_id, term)
SELECT 'ticket', source_id, term FROM (
    SELECT search_word_starts(x.holder_name) AS term, x.id AS source_id FROM tickets x
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM tickets x
    UNION SELECT lower(trim(x.code)) AS term, x.id AS source_id FROM tickets x
) terms WHERE term <> '';

CREATE FUNCTION newsletter_subscribers_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_terms WHERE source = 'subscriber' AND source_id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO search_terms (source, source_id, term)
        SELECT 'subscriber', NEW.id, term FROM (
            SELECT search_word_starts(NEW.first_name) AS term
            UNION SELECT lower(trim(NEW.email)) AS term
        ) terms WHERE term <> '';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER newsletter_subscribers_search_terms AFTER INSERT OR DELETE OR UPDATE OF first_name, email ON newsletter_subscribers
    FOR EACH ROW EXECUTE FUNCTION newsletter_subscribers_search_terms();
INSERT INTO search_terms (source, source_id, term)
SELECT 'subscriber', source_id, term FROM (
    SELECT search_word_starts(x.first_name) AS term, x.id AS source_id FROM newsletter_subscribers x
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM newsletter_subscribers x
) terms WHERE term <> '';

CREATE FUNCTION intro_calls_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_terms WHERE source = 'intro_call' AND source_id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO search_terms (source, source_id, term)
        SELECT 'intro_call', NEW.id, term FROM (
            SELECT search_word_starts(NEW.name) AS term
            UNION SELECT lower(trim(NEW.email)) AS term
        ) terms WHERE term <> '';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER intro_calls_search_terms AFTER INSERT OR DELETE OR UPDATE OF name, email ON intro_calls
    FOR EACH ROW EXECUTE FUNCTION intro_calls_search_terms();
INSERT INTO search_terms (source, source_id, term)
SELECT 'intro_call', source_id, term FROM (
    SELECT search_word_starts(x.name) AS term, x.id AS source_id FROM intro_calls x
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM intro_calls x
) terms WHERE term <> '';

CREATE FUNCTION contact_messages_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_terms WHERE source = 'contact_message' AND source_id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO search_terms (source, source_id, term)
        SELECT 'contact_message', NEW.id, term FROM (
            SELECT search_word_starts(NEW.name) AS term
            UNION SELECT lower(trim(NEW.email)) AS term
        ) terms WHERE term <> '';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER contact_messages_search_terms AFTER INSERT OR DELETE OR UPDATE OF name, email ON contact_messages
    FOR EACH ROW EXECUTE FUNCTION contact_messages_search_terms();
INSERT INTO search_terms (source, source_id, term)
SELECT 'contact_message', source_id, term FROM (
    SELECT search_word_starts(x.name) AS term, x.id AS source_id FROM contact_messages x
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM contact_messages x
) terms WHERE term <> '';

CREATE FUNCTION waitlist_entries_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_terms WHERE source = 'waitlist_entry' AND source_id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO search_terms (source, source_id, term)
        SELECT 'waitlist_entry', NEW.id, term FROM (
            SELECT search_word_starts(NEW.name) AS term
            UNION SELECT lower(trim(NEW.email)) AS term
        ) terms WHERE term <> '';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER waitlist_entries_search_terms AFTER INSERT OR DELETE OR UPDATE OF name, email ON waitlist_entries
    FOR EACH ROW EXECUTE FUNCTION waitlist_entries_search_terms();
INSERT INTO search_terms (source, source_id, term)
SELECT 'waitlist_entry', source_id, term FROM (
    SELECT search_word_starts(x.name) AS term, x.id AS source_id FROM waitlist_entries x
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM waitlist_entries x
) terms WHERE term <> '';

CREATE FUNCTION invoices_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_terms WHERE source = 'invoice' AND source_id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO search_terms (source, source_id, term)
        SELECT 'invoice', NEW.id, term FROM (
            SELECT lower(trim(NEW.number)) AS term
            UNION SELECT search_word_starts(NEW.buyer_name) AS term
        ) terms WHERE term <> '';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER invoices_search_terms AFTER INSERT OR DELETE OR UPDATE OF number, buyer_name ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoices_search_terms();
INSERT INTO search_terms (source, source_id, term)
SELECT 'invoice', source_id, term FROM (
    SELECT lower(trim(x.number)) AS term, x.id AS source_id FROM invoices x
    UNION SELECT search_word_starts(x.buyer_name) AS term, x.id AS source_id FROM invoices x
) terms WHERE term <> '';

CREATE FUNCTION coupons_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_terms WHERE source = 'coupon' AND source_id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO search_terms (source, source_id, term)
        SELECT 'coupon', NEW.id, term FROM (
            SELECT lower(trim(NEW.code)) AS term
        ) terms WHERE term <> '';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER coupons_search_terms AFTER INSERT OR DELETE OR UPDATE OF code ON coupons
    FOR EACH ROW EXECUTE FUNCTION coupons_search_terms();
INSERT INTO search_terms (source, source_id, term)
SELECT 'coupon', source_id, term FROM (
    SELECT lower(trim(x.code)) AS term, x.id AS source_id FROM coupons x
) terms WHERE term <> '';

CREATE FUNCTION events_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_terms WHERE source = 'event' AND source_id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO search_terms (source, source_id, term)
        SELECT 'event', NEW.id, term FROM (
            SELECT search_word_starts(NEW.title) AS term
        ) terms WHERE term <> '';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER events_search_terms AFTER INSERT OR DELETE OR UPDATE OF title ON events
    FOR EACH ROW EXECUTE FUNCTION events_search_terms();
INSERT INTO search_terms (source, source_id, term)
SELECT 'event', source_id, term FROM (
    SELECT search_word_starts(x.title) AS term, x.id AS source_id FROM events x
) terms WHERE term <> '';
