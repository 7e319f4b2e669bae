//! Seats at an event: the only code that writes `events.seats_taken`. Every change happens in
//! the caller's transaction under the event row's lock, with one guard each way: a take never
//! goes above the capacity, a give-back never below zero.
//!
//! One lock order keeps PostgreSQL free of deadlocks: a transaction that takes or frees seats
//! locks its events first ([`lock`], by id), before it writes any other row. Writing `events`
//! also bumps the `events` row of `data_versions` (a trigger), so an event locked after that
//! bump would wait in the other order than a transaction that locked it first. SQLite needs
//! no row locks: `BEGIN IMMEDIATE` (`db::begin_write`) already runs one writer at a time.
use sqlx::Row;

use crate::kit::db::{self, Tx};

/// Locks the seat counts of `event_ids` until the end of the transaction, in id order. The
/// first statement of every transaction that takes or frees seats: whoever comes next waits
/// and then sees the seats as this one leaves them (e.g. freed seats already offered to the
/// waiting list). Locking an event again in the same transaction costs one read.
pub async fn lock(
    tx: &mut Tx,
    event_ids: impl IntoIterator<Item = i64>,
) -> Result<(), sqlx::Error> {
    let mut ids: Vec<i64> = event_ids.into_iter().collect();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        locked(tx, id).await?;
    }
    Ok(())
}

/// The event's count, capacity and whether it can be booked, read under its lock.
struct Seats {
    taken: i64,
    capacity: i64,
    bookable: bool,
}

async fn locked(tx: &mut Tx, event_id: i64) -> Result<Option<Seats>, sqlx::Error> {
    // NO KEY UPDATE is the lock an UPDATE takes: it leaves the foreign-key checks of new
    // orders and tickets (KEY SHARE) free.
    let sql = if tx.backend_name() == "PostgreSQL" {
        "SELECT seats_taken, capacity, status, starts_at FROM events WHERE id = $1 FOR NO KEY UPDATE"
    } else {
        "SELECT seats_taken, capacity, status, starts_at FROM events WHERE id = $1"
    };
    let row = sqlx::query(sql)
        .bind(event_id)
        .fetch_optional(&mut **tx)
        .await?;
    row.map(|row| {
        // Stored timestamps have one fixed-width form, so they compare as text (as in SQL).
        let starts_at: String = row.try_get("starts_at")?;
        Ok(Seats {
            taken: row.try_get("seats_taken")?,
            capacity: row.try_get("capacity")?,
            bookable: row.try_get::<String, _>("status")? == "published" && starts_at > db::now(),
        })
    })
    .transpose()
}

/// Takes `seats` at a published, future event if they are free: a checkout's hold, a late
/// payment, a waiting-list offer, a webinar registration. False when they are not (or the event
/// cannot be booked); then nothing changed.
pub async fn take(tx: &mut Tx, event_id: i64, seats: i64) -> Result<bool, sqlx::Error> {
    let Some(now) = locked(tx, event_id).await? else {
        return Ok(false);
    };
    // Refused without a write, so a sold-out event's row (and the cached pages made from it)
    // stays as it is.
    if !now.bookable || now.taken + seats > now.capacity {
        return Ok(false);
    }
    let done = sqlx::query(
        "UPDATE events SET seats_taken = seats_taken + $1, updated_at = $2 \
         WHERE id = $3 AND status = 'published' AND starts_at > $2 AND seats_taken + $1 <= capacity",
    )
    .bind(seats)
    .bind(db::now())
    .bind(event_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether the event's freed seats have a line to go to: someone waiting on its waiting list,
/// or holding an open offer. A freed seat is the line's (see [`release`]): a taker that is not
/// offered seats through the line (a payment that came after its hold ended) leaves them alone
/// while this holds. Read under the event's lock ([`lock`]), so no offer or join slips between
/// this look and a take.
pub async fn line_waits(tx: &mut Tx, event_id: i64) -> Result<bool, sqlx::Error> {
    locked(tx, event_id).await?;
    let row = sqlx::query(
        "SELECT COUNT(*) AS n FROM waitlist_entries WHERE event_id = $1 AND status IN ('waiting', 'offered')",
    )
    .bind(event_id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(row.try_get::<i64, _>("n")? > 0)
}

/// Frees `seats` nobody holds any more: a pending order that ended or an order refunded with its
/// seats, an ended waiting-list offer, a ticket the coach cancelled, an erased person's webinar
/// registrations and offers. A freed seat of an event with a waiting list is the line's: every
/// taker outside it (a checkout) first has `waitlist::offer_free_seats` offer what is free,
/// under this same lock, and the waiting-list pass offers what no checkout came for.
pub async fn release(tx: &mut Tx, event_id: i64, seats: i64) -> Result<(), sqlx::Error> {
    lower(tx, event_id, seats).await
}

/// The seat an offer link held leaves the offer, so the order that link starts takes it in this
/// same transaction: it moves to that order rather than coming free, so it skips `release`.
pub async fn hand_offer_to_order(tx: &mut Tx, event_id: i64) -> Result<(), sqlx::Error> {
    lower(tx, event_id, 1).await
}

/// Gives back `seats` this same transaction took and found no use for (no one in line to offer
/// it to, a late payment whose coupon ran out): they never came free, so they skip `release`.
pub async fn untake(tx: &mut Tx, event_id: i64, seats: i64) -> Result<(), sqlx::Error> {
    lower(tx, event_id, seats).await
}

/// Lowers the count by `seats`, never below zero.
async fn lower(tx: &mut Tx, event_id: i64, seats: i64) -> Result<(), sqlx::Error> {
    if locked(tx, event_id).await?.is_none_or(|s| s.taken <= 0) {
        return Ok(());
    }
    sqlx::query(
        "UPDATE events SET seats_taken = CASE WHEN seats_taken >= $1 THEN seats_taken - $1 ELSE 0 END, \
         updated_at = $2 WHERE id = $3 AND seats_taken > 0",
    )
    .bind(seats)
    .bind(db::now())
    .bind(event_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
