//! The coach's coupon management: list with usage, create, edit, delete.
//! Validity dates are typed in Brussels wall time and stored in UTC.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{DiscountKind, normalize_code};
use crate::kit::brussels;
use crate::kit::closed_set::Choice;
use crate::kit::db::{self, Tx};
use crate::kit::error::{ApiJson, ApiPath, ApiQuery, AppError, ErrorBody};
use crate::kit::paging::{self, ListSql, Page, PageQuery};
use crate::kit::validation::Fields;
use crate::platform::state::AppState;
const MAX_FIXED_CENTS: i64 = 1_000_000;
const MAX_REDEMPTIONS: i64 = 100_000;
const DUPLICATE_CODE: &str = "Deze code bestaat al.";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_coupons, create_coupon))
        .routes(routes!(update_coupon, delete_coupon))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Coupon {
    pub id: i64,
    /// As the coach typed it; checked case-insensitively.
    pub code: String,
    pub discount_kind: DiscountKind,
    /// percent: 1 to 100; fixed: euro cents.
    pub discount_value: i64,
    /// Only valid for this product; null for every product.
    pub product_slug: Option<String>,
    pub product_name: Option<String>,
    /// Brussels wall time `YYYY-MM-DDTHH:MM` (for a datetime-local input).
    pub valid_from_local: Option<String>,
    pub valid_until_local: Option<String>,
    /// UTC, RFC 3339.
    pub valid_from: Option<String>,
    pub valid_until: Option<String>,
    pub max_redemptions: Option<i64>,
    /// Held by pending orders and kept by paid ones.
    pub redemptions: i64,
    /// Paid orders that used the code.
    pub paid_orders: i64,
    /// Sum of the discount of those paid orders, in euro cents.
    pub discount_given_cents: i64,
    pub active: bool,
    /// UTC, RFC 3339.
    pub created_at: String,
}

/// The coupon with its product and what it has given so far on paid orders, from [`FROM`].
const COLUMNS: &str = "c.id, c.code, c.discount_kind, c.discount_value, p.slug AS product_slug, \
     p.name AS product_name, c.valid_from, c.valid_until, c.max_redemptions, c.redemptions, c.active, c.created_at, \
     (SELECT COUNT(*) FROM orders o WHERE o.coupon_id = c.id AND o.status = 'paid') AS paid_orders, \
     (SELECT CAST(COALESCE(SUM(o.discount_cents), 0) AS BIGINT) FROM orders o \
      WHERE o.coupon_id = c.id AND o.status = 'paid') AS discount_given_cents";
const FROM: &str = "coupons c LEFT JOIN products p ON p.id = c.product_id";

impl Coupon {
    fn from_row(row: &AnyRow) -> Result<Self, AppError> {
        let valid_from: Option<String> = row.try_get("valid_from")?;
        let valid_until: Option<String> = row.try_get("valid_until")?;
        Ok(Self {
            id: row.try_get("id")?,
            code: row.try_get("code")?,
            discount_kind: row.try_get("discount_kind")?,
            discount_value: row.try_get("discount_value")?,
            product_slug: row.try_get("product_slug")?,
            product_name: row.try_get("product_name")?,
            valid_from_local: valid_from.as_deref().map(brussels::wall_time).transpose()?,
            valid_until_local: valid_until
                .as_deref()
                .map(brussels::wall_time)
                .transpose()?,
            valid_from,
            valid_until,
            max_redemptions: row.try_get("max_redemptions")?,
            redemptions: row.try_get("redemptions")?,
            paid_orders: row.try_get("paid_orders")?,
            discount_given_cents: row.try_get("discount_given_cents")?,
            active: row.try_get::<i64, _>("active")? != 0,
            created_at: row.try_get("created_at")?,
        })
    }
}

#[derive(Deserialize, ToSchema)]
pub struct CouponInput {
    /// 3 to 40 letters, digits, `-` or `_`; unique regardless of case.
    pub code: String,
    #[schema(value_type = DiscountKind)]
    pub discount_kind: Choice<DiscountKind>,
    /// percent: 1 to 100; fixed: euro cents, 1 to 1 000 000.
    pub discount_value: i64,
    /// Slug of the only product it is valid for; null or "" for every product.
    pub product_slug: Option<String>,
    /// Brussels wall time `YYYY-MM-DDTHH:MM`; null or "" for no start.
    pub valid_from_local: Option<String>,
    /// Brussels wall time `YYYY-MM-DDTHH:MM`, after the start; null or "" for no end.
    pub valid_until_local: Option<String>,
    /// 1 to 100 000; null for no limit.
    pub max_redemptions: Option<i64>,
    pub active: bool,
}

/// A coupon that passed the checks that need no database.
struct ValidCoupon {
    code: String,
    code_normalized: String,
    discount_kind: DiscountKind,
    discount_value: i64,
    product_slug: Option<String>,
    valid_from: Option<String>,
    valid_until: Option<String>,
    max_redemptions: Option<i64>,
    active: bool,
}

fn blank_to_none(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

fn valid_code(code: &str) -> bool {
    (3..=40).contains(&code.len())
        && code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

impl TryFrom<CouponInput> for ValidCoupon {
    type Error = AppError;

    fn try_from(input: CouponInput) -> Result<Self, AppError> {
        let mut f = Fields::default();
        let code = input.code.trim().to_string();
        if code.is_empty() {
            f.error("code", "Vul een code in.");
        } else if !valid_code(&code) {
            f.error(
                "code",
                "Een code heeft 3 tot 40 tekens: letters, cijfers, - of _ (geen spaties).",
            );
        }
        let discount_kind = f.choice(
            "discount_kind",
            input.discount_kind,
            "Kies een soort korting: een percentage of een vast bedrag.",
        );
        match discount_kind {
            Some(DiscountKind::Percent) if !(1..=100).contains(&input.discount_value) => {
                f.error("discount_value", "Geef een percentage van 1 tot 100.");
            }
            Some(DiscountKind::Fixed) if !(1..=MAX_FIXED_CENTS).contains(&input.discount_value) => {
                f.error(
                    "discount_value",
                    "Geef een bedrag van € 0,01 tot € 10.000,00.",
                );
            }
            _ => {}
        }
        let mut when = |field, value: Option<&str>| {
            let text = blank_to_none(value)?;
            let parsed = brussels::parse_wall_time(text);
            if parsed.is_none() {
                f.error(
                    field,
                    "Kies een geldige datum en een geldig uur, of laat dit veld leeg.",
                );
            }
            parsed
        };
        let from = when("valid_from_local", input.valid_from_local.as_deref());
        let until = when("valid_until_local", input.valid_until_local.as_deref());
        if let (Some(from), Some(until)) = (from, until)
            && until <= from
        {
            f.error(
                "valid_until_local",
                "Het einde van de geldigheid moet na het begin liggen.",
            );
        }
        if let Some(max) = input.max_redemptions
            && !(1..=MAX_REDEMPTIONS).contains(&max)
        {
            f.error(
                "max_redemptions",
                "Geef een maximum aantal keer gebruiken van 1 tot 100000, of laat dit veld leeg.",
            );
        }
        let product_slug = blank_to_none(input.product_slug.as_deref()).map(str::to_string);
        if product_slug.as_ref().is_some_and(|s| s.len() > 100) {
            f.error("product_slug", "Kies een bestaand product.");
        }
        f.finish()?;
        let discount_kind = discount_kind.expect("checked above");
        Ok(Self {
            code_normalized: normalize_code(&code),
            code,
            discount_kind,
            discount_value: input.discount_value,
            product_slug,
            valid_from: from.map(db::format_ts),
            valid_until: until.map(db::format_ts),
            max_redemptions: input.max_redemptions,
            active: input.active,
        })
    }
}

fn not_found() -> AppError {
    AppError::NotFound("Deze kortingscode bestaat niet (meer).".into())
}

fn duplicate_code() -> AppError {
    Fields::one("code", DUPLICATE_CODE)
}

/// The product id for a slug, or a field error when there is no such product.
async fn product_id(
    tx: &mut Tx,
    slug: Option<&str>,
    f: &mut Fields,
) -> Result<Option<i64>, AppError> {
    let Some(slug) = slug else {
        return Ok(None);
    };
    let id = sqlx::query("SELECT id FROM products WHERE slug = $1")
        .bind(slug)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| row.try_get::<i64, _>("id"))
        .transpose()?;
    if id.is_none() {
        f.error("product_slug", "Kies een bestaand product.");
    }
    Ok(id)
}

async fn fetch(tx: &mut Tx, id: i64) -> Result<Coupon, AppError> {
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE c.id = $1"
    )))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or_else(not_found)?;
    Coupon::from_row(&row)
}

#[utoipa::path(
    get,
    path = "/admin/coupons",
    operation_id = "admin_list_coupons",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "One page of coupons with their use, newest first; q searches the code", body = Page<Coupon>),
    )
)]
pub async fn list_coupons(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Page<Coupon>>, AppError> {
    let pattern = query.like_pattern_or_all();
    let sql = ListSql {
        columns: COLUMNS,
        from: FROM,
        filter: "WHERE LOWER(c.code) LIKE $1 ESCAPE '\\'",
        order_by: "c.created_at DESC, c.id DESC",
    };
    let page = paging::fetch_page(
        &state.pool,
        query.info(),
        &sql,
        |q| q.bind(&pattern),
        Coupon::from_row,
    )
    .await?;
    Ok(Json(page))
}

#[utoipa::path(
    post,
    path = "/admin/coupons",
    operation_id = "admin_create_coupon",
    tag = "admin",
    request_body = CouponInput,
    responses(
        (status = 201, description = "Created", body = Coupon),
        (status = 422, description = "Invalid input, with a message per field (also: the code exists already)", body = ErrorBody),
    )
)]
pub async fn create_coupon(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<CouponInput>,
) -> Result<(StatusCode, Json<Coupon>), AppError> {
    let c = ValidCoupon::try_from(input)?;
    let mut tx = db::begin_write(&state.pool).await?;
    let mut f = Fields::default();
    let product_id = product_id(&mut tx, c.product_slug.as_deref(), &mut f).await?;
    f.finish()?;
    let now = db::now();
    // ON CONFLICT keeps two coaches typing the same new code at once to one coupon.
    let id = sqlx::query(
        "INSERT INTO coupons (code, code_normalized, discount_kind, discount_value, product_id, valid_from, \
         valid_until, max_redemptions, redemptions, active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, $10) \
         ON CONFLICT (code_normalized) DO NOTHING RETURNING id",
    )
    .bind(c.code)
    .bind(c.code_normalized)
    .bind(c.discount_kind)
    .bind(c.discount_value)
    .bind(product_id)
    .bind(c.valid_from)
    .bind(c.valid_until)
    .bind(c.max_redemptions)
    .bind(i64::from(c.active))
    .bind(&now)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(duplicate_code)?
    .try_get::<i64, _>("id")?;
    let coupon = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(coupon)))
}

#[utoipa::path(
    put,
    path = "/admin/coupons/{id}",
    operation_id = "admin_update_coupon",
    tag = "admin",
    params(("id" = i64, Path, description = "Coupon id")),
    request_body = CouponInput,
    responses(
        (status = 200, description = "Updated", body = Coupon),
        (status = 404, description = "No such coupon", body = ErrorBody),
        (status = 422, description = "Invalid input (also: the code exists already, or a maximum below the use so far)", body = ErrorBody),
    )
)]
pub async fn update_coupon(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<CouponInput>,
) -> Result<Json<Coupon>, AppError> {
    let c = ValidCoupon::try_from(input)?;
    let mut tx = db::begin_write(&state.pool).await?;
    let current = fetch(&mut tx, id).await?;
    let mut f = Fields::default();
    let product_id = product_id(&mut tx, c.product_slug.as_deref(), &mut f).await?;
    let below_use = |max: Option<i64>, used: i64| max.is_some_and(|max| max < used);
    let below_use_message = |used: i64| {
        format!("Deze code is al {used} keer gebruikt; het maximum kan niet lager zijn.")
    };
    if below_use(c.max_redemptions, current.redemptions) {
        f.error("max_redemptions", below_use_message(current.redemptions));
    }
    f.finish()?;
    // The limit is checked again in the statement: a checkout may have used the code since.
    let updated = sqlx::query(
        "UPDATE coupons SET code = $1, code_normalized = $2, discount_kind = $3, discount_value = $4, \
         product_id = $5, valid_from = $6, valid_until = $7, max_redemptions = $8, active = $9, updated_at = $10 \
         WHERE id = $11 AND ($8 IS NULL OR redemptions <= $8)",
    )
    .bind(c.code)
    .bind(c.code_normalized)
    .bind(c.discount_kind)
    .bind(c.discount_value)
    .bind(product_id)
    .bind(c.valid_from)
    .bind(c.valid_until)
    .bind(c.max_redemptions)
    .bind(i64::from(c.active))
    .bind(db::now())
    .bind(id)
    .execute(&mut *tx)
    .await;
    match updated {
        Err(e) if db::is_unique_violation(&e) => return Err(duplicate_code()),
        Err(e) => return Err(e.into()),
        Ok(done) if done.rows_affected() == 0 => {
            let used = fetch(&mut tx, id).await?.redemptions;
            return Err(Fields::one("max_redemptions", below_use_message(used)));
        }
        Ok(_) => {}
    }
    let coupon = fetch(&mut tx, id).await?;
    tx.commit().await?;
    Ok(Json(coupon))
}

#[utoipa::path(
    delete,
    path = "/admin/coupons/{id}",
    operation_id = "admin_delete_coupon",
    tag = "admin",
    params(("id" = i64, Path, description = "Coupon id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such coupon", body = ErrorBody),
        (status = 409, description = "An order used the code: set it inactive instead", body = ErrorBody),
    )
)]
pub async fn delete_coupon(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let used = || {
        AppError::Conflict(
            "Deze kortingscode is al gebruikt; zet hem op inactief in plaats van hem te verwijderen."
                .into(),
        )
    };
    let mut tx = db::begin_write(&state.pool).await?;
    let coupon = fetch(&mut tx, id).await?;
    let in_orders = sqlx::query("SELECT 1 AS one FROM orders WHERE coupon_id = $1 LIMIT 1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
    if in_orders || coupon.redemptions > 0 {
        return Err(used());
    }
    // A checkout that picked the code meanwhile makes the foreign key refuse the delete.
    let deleted = sqlx::query("DELETE FROM coupons WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await;
    match deleted {
        Err(e)
            if e.as_database_error()
                .is_some_and(|d| d.is_foreign_key_violation()) =>
        {
            return Err(used());
        }
        Err(e) => return Err(e.into()),
        Ok(_) => {}
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_letters_digits_dashes_and_underscores() {
        assert!(valid_code("ZOMER-2026_a"));
        assert!(valid_code("abc"));
        assert!(!valid_code("ab"));
        assert!(!valid_code(&"x".repeat(41)));
        assert!(!valid_code("zomer 10"));
        assert!(!valid_code("été10"));
        assert!(!valid_code("50%"));
    }
}
