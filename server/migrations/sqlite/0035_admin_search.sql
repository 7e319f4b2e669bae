-- The admin search (issue 27): every name, e-mail address and number it finds, lower-cased, one
-- row per term, with the row it comes from. A name also gives what follows each space in it
-- ("sofie van den berghe", "van den berghe", "den berghe", "berghe"), so the start of any word
-- is found as one range of the (source, term) index, never a scan. Triggers keep the terms in
-- step with their rows on every write (an erasure that deletes or anonymises a row rewrites its
-- terms), also when an older server writes during `inlumine migrate`.
CREATE TABLE search_terms (
    source TEXT NOT NULL,
    source_id INTEGER NOT NULL,
    term TEXT NOT NULL
);
CREATE INDEX search_terms_term_idx ON search_terms (source, term, source_id);
CREATE INDEX search_terms_row_idx ON search_terms (source, source_id);

CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'order', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.first_name || ' ' || NEW.last_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.first_name || ' ' || NEW.last_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.first_name || ' ' || NEW.last_name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
        UNION SELECT lower(trim(NEW.public_id)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER orders_search_update AFTER UPDATE OF first_name, last_name, email, public_id ON orders BEGIN
    DELETE FROM search_terms WHERE source = 'order' AND source_id = OLD.id;
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'order', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.first_name || ' ' || NEW.last_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.first_name || ' ' || NEW.last_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.first_name || ' ' || NEW.last_name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
        UNION SELECT lower(trim(NEW.public_id)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
    DELETE FROM search_terms WHERE source = 'order' AND source_id = OLD.id;
END;
INSERT INTO search_terms (source, source_id, term)
SELECT 'order', source_id, term FROM (
    SELECT substr(lower(trim(x.first_name || ' ' || x.last_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(x.first_name || ' ' || x.last_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term, x.id AS source_id FROM orders x, json_each('[' || replace(json_quote(lower(trim(x.first_name || ' ' || x.last_name))), ' ', '","') || ']') w
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM orders x
    UNION SELECT lower(trim(x.public_id)) AS term, x.id AS source_id FROM orders x
) WHERE term <> '';

CREATE TRIGGER tickets_search_insert AFTER INSERT ON tickets BEGIN
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'ticket', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.holder_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.holder_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.holder_name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
        UNION SELECT lower(trim(NEW.code)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER tickets_search_update AFTER UPDATE OF holder_name, email, code ON tickets BEGIN
    DELETE FROM search_terms WHERE source = 'ticket' AND source_id = OLD.id;
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'ticket', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.holder_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.holder_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.holder_name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
        UNION SELECT lower(trim(NEW.code)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER tickets_search_delete AFTER DELETE ON tickets BEGIN
    DELETE FROM search_terms WHERE source = 'ticket' AND source_id = OLD.id;
END;
INSERT INTO search_terms (source, source_id, term)
SELECT 'ticket', source_id, term FROM (
    SELECT substr(lower(trim(x.holder_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(x.holder_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term, x.id AS source_id FROM tickets x, json_each('[' || replace(json_quote(lower(trim(x.holder_name))), ' ', '","') || ']') w
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM tickets x
    UNION SELECT lower(trim(x.code)) AS term, x.id AS source_id FROM tickets x
) WHERE term <> '';

CREATE TRIGGER newsletter_subscribers_search_insert AFTER INSERT ON newsletter_subscribers BEGIN
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'subscriber', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.first_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.first_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.first_name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER newsletter_subscribers_search_update AFTER UPDATE OF first_name, email ON newsletter_subscribers BEGIN
    DELETE FROM search_terms WHERE source = 'subscriber' AND source_id = OLD.id;
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'subscriber', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.first_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.first_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.first_name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER newsletter_subscribers_search_delete AFTER DELETE ON newsletter_subscribers BEGIN
    DELETE FROM search_terms WHERE source = 'subscriber' AND source_id = OLD.id;
END;
INSERT INTO search_terms (source, source_id, term)
SELECT 'subscriber', source_id, term FROM (
    SELECT substr(lower(trim(x.first_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(x.first_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term, x.id AS source_id FROM newsletter_subscribers x, json_each('[' || replace(json_quote(lower(trim(x.first_name))), ' ', '","') || ']') w
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM newsletter_subscribers x
) WHERE term <> '';

CREATE TRIGGER intro_calls_search_insert AFTER INSERT ON intro_calls BEGIN
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'intro_call', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER intro_calls_search_update AFTER UPDATE OF name, email ON intro_calls BEGIN
    DELETE FROM search_terms WHERE source = 'intro_call' AND source_id = OLD.id;
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'intro_call', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER intro_calls_search_delete AFTER DELETE ON intro_calls BEGIN
    DELETE FROM search_terms WHERE source = 'intro_call' AND source_id = OLD.id;
END;
INSERT INTO search_terms (source, source_id, term)
SELECT 'intro_call', source_id, term FROM (
    SELECT substr(lower(trim(x.name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(x.name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term, x.id AS source_id FROM intro_calls x, json_each('[' || replace(json_quote(lower(trim(x.name))), ' ', '","') || ']') w
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM intro_calls x
) WHERE term <> '';

CREATE TRIGGER contact_messages_search_insert AFTER INSERT ON contact_messages BEGIN
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'contact_message', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER contact_messages_search_update AFTER UPDATE OF name, email ON contact_messages BEGIN
    DELETE FROM search_terms WHERE source = 'contact_message' AND source_id = OLD.id;
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'contact_message', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER contact_messages_search_delete AFTER DELETE ON contact_messages BEGIN
    DELETE FROM search_terms WHERE source = 'contact_message' AND source_id = OLD.id;
END;
INSERT INTO search_terms (source, source_id, term)
SELECT 'contact_message', source_id, term FROM (
    SELECT substr(lower(trim(x.name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(x.name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term, x.id AS source_id FROM contact_messages x, json_each('[' || replace(json_quote(lower(trim(x.name))), ' ', '","') || ']') w
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM contact_messages x
) WHERE term <> '';

CREATE TRIGGER waitlist_entries_search_insert AFTER INSERT ON waitlist_entries BEGIN
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'waitlist_entry', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER waitlist_entries_search_update AFTER UPDATE OF name, email ON waitlist_entries BEGIN
    DELETE FROM search_terms WHERE source = 'waitlist_entry' AND source_id = OLD.id;
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'waitlist_entry', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.name))), ' ', '","') || ']') w
        UNION SELECT lower(trim(NEW.email)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER waitlist_entries_search_delete AFTER DELETE ON waitlist_entries BEGIN
    DELETE FROM search_terms WHERE source = 'waitlist_entry' AND source_id = OLD.id;
END;
INSERT INTO search_terms (source, source_id, term)
SELECT 'waitlist_entry', source_id, term FROM (
    SELECT substr(lower(trim(x.name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(x.name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term, x.id AS source_id FROM waitlist_entries x, json_each('[' || replace(json_quote(lower(trim(x.name))), ' ', '","') || ']') w
    UNION SELECT lower(trim(x.email)) AS term, x.id AS source_id FROM waitlist_entries x
) WHERE term <> '';

CREATE TRIGGER invoices_search_insert AFTER INSERT ON invoices BEGIN
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'invoice', NEW.id, term FROM (
        SELECT lower(trim(NEW.number)) AS term
        UNION SELECT substr(lower(trim(NEW.buyer_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.buyer_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.buyer_name))), ' ', '","') || ']') w
    ) WHERE term <> '';
END;
CREATE TRIGGER invoices_search_update AFTER UPDATE OF number, buyer_name ON invoices BEGIN
    DELETE FROM search_terms WHERE source = 'invoice' AND source_id = OLD.id;
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'invoice', NEW.id, term FROM (
        SELECT lower(trim(NEW.number)) AS term
        UNION SELECT substr(lower(trim(NEW.buyer_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.buyer_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.buyer_name))), ' ', '","') || ']') w
    ) WHERE term <> '';
END;
CREATE TRIGGER invoices_search_delete AFTER DELETE ON invoices BEGIN
    DELETE FROM search_terms WHERE source = 'invoice' AND source_id = OLD.id;
END;
INSERT INTO search_terms (source, source_id, term)
SELECT 'invoice', source_id, term FROM (
    SELECT lower(trim(x.number)) AS term, x.id AS source_id FROM invoices x
    UNION SELECT substr(lower(trim(x.buyer_name)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(x.buyer_name))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term, x.id AS source_id FROM invoices x, json_each('[' || replace(json_quote(lower(trim(x.buyer_name))), ' ', '","') || ']') w
) WHERE term <> '';

CREATE TRIGGER coupons_search_insert AFTER INSERT ON coupons BEGIN
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'coupon', NEW.id, term FROM (
        SELECT lower(trim(NEW.code)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER coupons_search_update AFTER UPDATE OF code ON coupons BEGIN
    DELETE FROM search_terms WHERE source = 'coupon' AND source_id = OLD.id;
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'coupon', NEW.id, term FROM (
        SELECT lower(trim(NEW.code)) AS term
    ) WHERE term <> '';
END;
CREATE TRIGGER coupons_search_delete AFTER DELETE ON coupons BEGIN
    DELETE FROM search_terms WHERE source = 'coupon' AND source_id = OLD.id;
END;
INSERT INTO search_terms (source, source_id, term)
SELECT 'coupon', source_id, term FROM (
    SELECT lower(trim(x.code)) AS term, x.id AS source_id FROM coupons x
) WHERE term <> '';

CREATE TRIGGER events_search_insert AFTER INSERT ON events BEGIN
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'event', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.title)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.title))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.title))), ' ', '","') || ']') w
    ) WHERE term <> '';
END;
CREATE TRIGGER events_search_update AFTER UPDATE OF title ON events BEGIN
    DELETE FROM search_terms WHERE source = 'event' AND source_id = OLD.id;
    INSERT INTO search_terms (source, source_id, term)
    SELECT 'event', NEW.id, term FROM (
        SELECT substr(lower(trim(NEW.title)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(NEW.title))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term FROM json_each('[' || replace(json_quote(lower(trim(NEW.title))), ' ', '","') || ']') w
    ) WHERE term <> '';
END;
CREATE TRIGGER events_search_delete AFTER DELETE ON events BEGIN
    DELETE FROM search_terms WHERE source = 'event' AND source_id = OLD.id;
END;
INSERT INTO search_terms (source, source_id, term)
SELECT 'event', source_id, term FROM (
    SELECT substr(lower(trim(x.title)), 1 + coalesce((SELECT sum(length(p.value) + 1) FROM json_each('[' || replace(json_quote(lower(trim(x.title))), ' ', '","') || ']') p WHERE p.key < w.key), 0)) AS term, x.id AS source_id FROM events x, json_each('[' || replace(json_quote(lower(trim(x.title))), ' ', '","') || ']') w
) WHERE term <> '';
