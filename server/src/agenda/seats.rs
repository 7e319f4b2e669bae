//! Seats at an event: the only code that writes `events.seats_taken`. Every change is one
//! conditional UPDATE in the caller's transaction (row-locked on PostgreSQL, serialized by
//! BEGIN IMMEDIATE on SQLite) with one guard each way: a take never goes above the capacity,
//! a give-back never below zero.
use crate::kit::db::{self, Tx};

/// Takes `seats` at a published, future event if they are free: a checkout's hold, a late
/// payment, a waiting-list offer, a webinar registration. False when they are not (or the event
/// cannot be booked); then nothing changed.
pub async fn take(tx: &mut Tx, event_id: i64, seats: i64) -> Result<bool, sqlx::Error> {
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

/// Frees `seats` nobody holds any more: a pending order that ended or an order refunded with its
/// seats, an ended waiting-list offer, a ticket the coach cancelled, an erased person's webinar
/// registrations and offers. Every freed seat passes here: this is the place that decides who
/// gets it next.
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
