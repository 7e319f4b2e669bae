//! Paying an order back, all of it or some of its tickets. Money moves first, at the provider:
//! if it refuses, nothing changes here. So that a repeated click or a crash between the two never
//! pays twice, the refund is written first (`order_refunds`, pending) with its tickets claimed
//! (`tickets.refund_id`, each ticket is paid back at most once), and the provider is asked with
//! that refund's id as idempotency key; then one transaction cancels the tickets, gives their
//! seats back through `agenda::seats::release` (the waiting list gets them), adds the amount to
//! `orders.refunded_cents` (a conditional UPDATE: never more than was paid), issues the credit
//! note for exactly those tickets and queues its mail. A click that finds its refund pending
//! (the first one is still talking to the provider, or crashed) asks the provider again with
//! the same key and finishes it; one that finds it done hears it was paid back already.
//!
//! Each ticket's part of the order is its share of the total, cent-exact: ticket `i` of `q`
//! (in issue order) is worth `total·(i+1)/q − total·i/q`, so the parts add up to the total.
use sqlx::{AssertSqlSafe, Row};

use super::admin::{AdminOrderDetail, RefundableTicket, detail};
use super::fulfilment::credit_note_email;
use super::{Order, OrderAttention, OrderStatus, load, record, release_hold};
use crate::agenda::seats;
use crate::commerce::course_access;
use crate::commerce::invoices::{self, Credited};
use crate::kit::db;
use crate::kit::error::AppError;
use crate::kit::money;
use crate::kit::validation::Fields;
use crate::platform::outbox;
use crate::platform::state::AppState;

/// A ticket of the order, as a refund needs it.
struct OrderTicket {
    id: i64,
    refund_id: Option<i64>,
}

/// A refund written and its tickets claimed, not yet finished.
struct Pending {
    id: i64,
    amount_cents: i64,
    /// How many tickets (units of the invoice line) it pays back; None: what is left of a
    /// whole order.
    tickets: Vec<i64>,
}

fn already_refunded() -> AppError {
    AppError::Conflict("Deze bestelling is al terugbetaald.".into())
}

/// Refunds order `id`: the tickets `ticket_ids`, or (None) everything not paid back yet.
pub async fn refund(
    state: &AppState,
    id: i64,
    ticket_ids: Option<Vec<i64>>,
) -> Result<AdminOrderDetail, AppError> {
    let order = load(&state.pool, id)
        .await?
        .ok_or_else(super::actions::order_not_found)?;
    let status = order.status;
    if !(status == OrderStatus::Paid || order.attention == Some(OrderAttention::RefundNeeded)) {
        return Err(if status == OrderStatus::Refunded {
            already_refunded()
        } else {
            AppError::Conflict(
                "Voor deze bestelling is niets betaald, dus er valt niets terug te betalen.".into(),
            )
        });
    }
    let provider = order.provider;
    if provider != state.payments.kind() {
        return Err(AppError::Conflict(format!(
            "Deze bestelling is betaald via {provider}, maar de site gebruikt nu {}. Betaal ze terug bij {provider} zelf.",
            state.payments.kind()
        )));
    }
    let pending = claim(state, &order, ticket_ids).await?;
    // Money moves first: if the provider refuses, the claim is undone and nothing changed.
    if let Some(provider_ref) = &order.provider_ref
        && let Err(e) = state
            .payments
            .refund(provider_ref, pending.amount_cents, &pending.id.to_string())
            .await
    {
        tracing::error!(error = format!("{e:#}"), "refund refused");
        unclaim(state, pending.id).await?;
        return Err(AppError::Unavailable(
            "De betaalprovider kon de terugbetaling niet uitvoeren. Probeer het later opnieuw of betaal terug via de provider zelf."
                .into(),
        ));
    }
    finish(state, &order, &pending).await
}

/// The order's tickets in issue order.
async fn tickets_of(
    conn: &mut sqlx::AnyConnection,
    order_id: i64,
) -> Result<Vec<OrderTicket>, sqlx::Error> {
    sqlx::query("SELECT id, refund_id FROM tickets WHERE order_id = $1 ORDER BY id")
        .bind(order_id)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|row| {
            Ok(OrderTicket {
                id: row.try_get("id")?,
                refund_id: row.try_get("refund_id")?,
            })
        })
        .collect()
}

/// The order's tickets not paid back (nor being paid back) yet, each with its part.
pub async fn refundable(
    conn: &mut sqlx::AnyConnection,
    order_id: i64,
    total_cents: i64,
) -> Result<Vec<RefundableTicket>, sqlx::Error> {
    let tickets = tickets_of(conn, order_id).await?;
    let count = i64::try_from(tickets.len()).unwrap_or(i64::MAX);
    Ok(tickets
        .iter()
        .enumerate()
        .filter(|(_, t)| t.refund_id.is_none())
        .map(|(i, t)| RefundableTicket {
            ticket_id: t.id,
            amount_cents: share(total_cents, count, i64::try_from(i).unwrap_or(0)),
        })
        .collect())
}

/// Ticket `index`'s part of `total` when it is one of `count`.
fn share(total: i64, count: i64, index: i64) -> i64 {
    total * (index + 1) / count - total * index / count
}

/// The key of a refund of these tickets (sorted ids), as stored.
fn key(ticket_ids: &[i64]) -> String {
    ticket_ids
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Writes the refund (pending) and claims its tickets, or finds the pending refund of exactly
/// these tickets that an earlier click left.
async fn claim(
    state: &AppState,
    order: &Order,
    ticket_ids: Option<Vec<i64>>,
) -> Result<Pending, AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    let all = tickets_of(&mut tx, order.id).await?;
    let open = |t: &&OrderTicket| t.refund_id.is_none();
    let chosen: Vec<&OrderTicket> = match &ticket_ids {
        None => all.iter().filter(open).collect(),
        Some(ids) => {
            let mut ids = ids.clone();
            ids.sort_unstable();
            ids.dedup();
            if ids.is_empty() {
                return Err(Fields::one(
                    "ticket_ids",
                    "Kies minstens één ticket om terug te betalen.",
                ));
            }
            if ids.len() > 1000 {
                return Err(Fields::one("ticket_ids", "Kies minder tickets tegelijk."));
            }
            let mut chosen = Vec::with_capacity(ids.len());
            for id in ids {
                match all.iter().find(|t| t.id == id) {
                    Some(ticket) => chosen.push(ticket),
                    None => {
                        return Err(Fields::one(
                            "ticket_ids",
                            "Een van deze tickets hoort niet bij deze bestelling.",
                        ));
                    }
                }
            }
            chosen
        }
    };
    let ids: Vec<i64> = chosen.iter().map(|t| t.id).collect();
    // An earlier click for exactly these tickets that did not finish: ask again, same key.
    if let Some(refund_id) = chosen.first().and_then(|t| t.refund_id)
        && ticket_ids.is_some()
    {
        let row = sqlx::query(
            "SELECT amount_cents, status, ticket_ids FROM order_refunds WHERE id = $1 AND order_id = $2",
        )
        .bind(refund_id)
        .bind(order.id)
        .fetch_one(&mut *tx)
        .await?;
        let status: String = row.try_get("status")?;
        if status == "pending" && row.try_get::<String, _>("ticket_ids")? == key(&ids) {
            return Ok(Pending {
                id: refund_id,
                amount_cents: row.try_get("amount_cents")?,
                tickets: ids,
            });
        }
    }
    if chosen.iter().any(|t| t.refund_id.is_some()) {
        return Err(AppError::Conflict(
            "Een van deze tickets is al terugbetaald, of wordt het nu. Herlaad de bestelling."
                .into(),
        ));
    }
    let left = order.total_cents - order.refunded_cents;
    let amount = match ticket_ids {
        // Whatever is left: the rest of the total, with every ticket not paid back yet.
        None => left,
        Some(_) => {
            let count = i64::try_from(all.len()).unwrap_or(i64::MAX);
            all.iter()
                .enumerate()
                .filter(|(_, t)| ids.contains(&t.id))
                .map(|(i, _)| share(order.total_cents, count, i64::try_from(i).unwrap_or(0)))
                .sum::<i64>()
                .min(left)
        }
    };
    if amount <= 0 {
        return Err(already_refunded());
    }
    let refund_id: i64 = sqlx::query(
        "INSERT INTO order_refunds (order_id, ticket_ids, amount_cents, status, created_at) \
         VALUES ($1, $2, $3, 'pending', $4) RETURNING id",
    )
    .bind(order.id)
    .bind(key(&ids))
    .bind(amount)
    .bind(db::now())
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    if !ids.is_empty() {
        // Our ids, all integers: safe as SQL text. Conditional, so a concurrent claim of one
        // of them makes this one fail whole.
        let claimed = sqlx::query(AssertSqlSafe(format!(
            "UPDATE tickets SET refund_id = $1 WHERE order_id = $2 AND refund_id IS NULL AND id IN ({})",
            key(&ids)
        )))
        .bind(refund_id)
        .bind(order.id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if claimed != ids.len() as u64 {
            return Err(AppError::Conflict(
                "Een van deze tickets wordt net terugbetaald. Herlaad de bestelling.".into(),
            ));
        }
    }
    tx.commit().await?;
    Ok(Pending {
        id: refund_id,
        amount_cents: amount,
        tickets: ids,
    })
}

/// The provider refused: the refund and its claim go, as if nothing was asked.
async fn unclaim(state: &AppState, refund_id: i64) -> Result<(), AppError> {
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query("UPDATE tickets SET refund_id = NULL WHERE refund_id = $1")
        .bind(refund_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM order_refunds WHERE id = $1 AND status = 'pending'")
        .bind(refund_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// The money went back: everything else changes in one transaction.
async fn finish(
    state: &AppState,
    order: &Order,
    pending: &Pending,
) -> Result<AdminOrderDetail, AppError> {
    let id = order.id;
    let now = db::now();
    let mut tx = db::begin_write(&state.pool).await?;
    // The event before the order and its tickets (see agenda::seats).
    seats::lock(&mut tx, order.event_id).await?;
    let done = sqlx::query(
        "UPDATE order_refunds SET status = 'done', done_at = $1 WHERE id = $2 AND status = 'pending'",
    )
    .bind(&now)
    .bind(pending.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if done == 0 {
        // A concurrent click finished it: the same answer.
        let detail = detail(&mut tx, id).await?;
        tx.commit().await?;
        return Ok(detail);
    }
    let counted = sqlx::query(
        "UPDATE orders SET refunded_cents = refunded_cents + $1, \
         status = CASE WHEN refunded_cents + $1 >= total_cents THEN 'refunded' ELSE status END, \
         attention = CASE WHEN refunded_cents + $1 >= total_cents THEN NULL ELSE attention END, \
         updated_at = $2 WHERE id = $3 AND refunded_cents + $1 <= total_cents \
         RETURNING refunded_cents, total_cents",
    )
    .bind(pending.amount_cents)
    .bind(&now)
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| {
        AppError::Conflict("Er valt niet meer terug te betalen dan betaald werd.".into())
    })?;
    let fully =
        counted.try_get::<i64, _>("refunded_cents")? >= counted.try_get::<i64, _>("total_cents")?;
    // Its tickets are cancelled; those still valid give their seat back.
    let freed = sqlx::query(
        "UPDATE tickets SET status = 'cancelled', updated_at = $1 \
         WHERE refund_id = $2 AND status <> 'cancelled'",
    )
    .bind(&now)
    .bind(pending.id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let freed = i64::try_from(freed).unwrap_or(0);
    if let Some(event_id) = order.event_id
        && freed > 0
    {
        // The order's hold counts its seats; those of these tickets leave it.
        let released = sqlx::query(
            "UPDATE orders SET seats_held = seats_held - $1 WHERE id = $2 AND seats_held >= $1",
        )
        .bind(freed)
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if released == 1 {
            seats::release(&mut tx, event_id, freed).await?;
        }
    }
    if fully {
        // Whatever the order still holds (seats of tickets never issued, its coupon use).
        release_hold(&mut tx, id).await?;
        // A course paid back is no longer followed.
        course_access::revoke(&mut tx, state, id).await?;
    }
    let provider = order.provider;
    let count = pending.tickets.len();
    let note = match (count, fully && order.refunded_cents == 0) {
        (_, true) => format!("Terugbetaald via {provider}; tickets geannuleerd."),
        (1, _) => format!(
            "1 ticket terugbetaald via {provider} ({}) en geannuleerd.",
            money::euro(pending.amount_cents)
        ),
        (0, _) => format!(
            "Rest terugbetaald via {provider} ({}).",
            money::euro(pending.amount_cents)
        ),
        (n, _) => format!(
            "{n} tickets terugbetaald via {provider} ({}) en geannuleerd.",
            money::euro(pending.amount_cents)
        ),
    };
    let status = if fully {
        OrderStatus::Refunded
    } else {
        OrderStatus::Paid
    };
    record(&mut tx, id, status, &note).await?;
    // The invoice stays as issued; a credit note for what was paid back refers to it, and the
    // buyer gets it by mail.
    let credited = if order.refunded_cents == 0 && pending.amount_cents == order.total_cents {
        Credited::All
    } else {
        Credited::Part {
            quantity: i64::try_from(count).unwrap_or(0).max(1),
            total_cents: pending.amount_cents,
        }
    };
    let paid_back = if fully && order.refunded_cents == 0 {
        "Het volledige bedrag werd terugbetaald.".to_string()
    } else {
        format!("{} werd terugbetaald.", money::euro(pending.amount_cents))
    };
    if let Some(credit) = invoices::credit(&mut tx, id, credited, &paid_back).await? {
        sqlx::query("UPDATE order_refunds SET credit_note_id = $1 WHERE id = $2")
            .bind(credit.id)
            .bind(pending.id)
            .execute(&mut *tx)
            .await?;
        let message = credit_note_email(&mut tx, state, &order.public_id, &credit.document).await?;
        outbox::enqueue_email(&mut tx, &message).await?;
    }
    let detail = detail(&mut tx, id).await?;
    tx.commit().await?;
    state.outbox_notify.notify_one();
    Ok(detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticket_shares_add_up_to_the_total_to_the_cent() {
        for (total, count) in [(7000, 2), (10_000, 3), (6300, 2), (1, 3), (9999, 7)] {
            let shares: Vec<i64> = (0..count).map(|i| share(total, count, i)).collect();
            assert_eq!(shares.iter().sum::<i64>(), total, "{total}/{count}");
            let (min, max) = (shares.iter().min().unwrap(), shares.iter().max().unwrap());
            assert!(max - min <= 1, "{shares:?}");
        }
        assert_eq!(key(&[3, 10, 12]), "3,10,12");
    }
}
