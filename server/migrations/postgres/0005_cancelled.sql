-- One spelling: orders say `cancelled`, like events, tickets and intro calls.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
UPDATE orders SET status = 'cancelled' WHERE status = 'canceled';
ALTER TABLE orders ADD CONSTRAINT orders_status_check
    CHECK (status IN ('pending', 'paid', 'cancelled', 'expired', 'failed', 'refunded'));
UPDATE order_history SET status = 'cancelled' WHERE status = 'canceled';
