//! Beheer > Instellingen: the business details the coach edits (`site::BusinessDetails`),
//! validated here and saved over the defaults of `config/site.json`. The server reloads them
//! through the `settings` data version (`live`), so every page, mail and file shows them
//! within about a second on every server.
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::kit::db;
use crate::kit::domain::{EmailAddress, PhoneNumber, VatNumber};
use crate::kit::error::{ApiJson, AppError, ErrorBody};
use crate::kit::validation::Fields;
use crate::kit::video_url::is_embeddable;
use crate::platform::site::BusinessDetails;
use crate::platform::state::AppState;

/// Beheer > Instellingen, under `/api/admin`.
pub mod admin {
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use crate::platform::state::AppState;

    pub fn routes() -> OpenApiRouter<AppState> {
        OpenApiRouter::new().routes(routes!(super::get_settings, super::put_settings))
    }
}

/// The form as sent; missing fields count as empty.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BusinessDetailsForm {
    #[serde(default)]
    pub brand: String,
    #[serde(default)]
    pub tagline: String,
    #[serde(default)]
    pub coach_name: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub street: String,
    #[serde(default)]
    pub postal_code: String,
    #[serde(default)]
    pub city: String,
    /// Empty = the brand.
    #[serde(default)]
    pub legal_name: String,
    /// As typed, e.g. `BE 0123.456.749` or the ten KBO digits.
    #[serde(default)]
    pub vat_number: String,
    #[serde(default)]
    pub vat_exempt: bool,
    #[serde(default)]
    pub facebook: String,
    #[serde(default)]
    pub instagram: String,
    #[serde(default)]
    pub linkedin: String,
    #[serde(default)]
    pub platform_url: String,
    #[serde(default)]
    pub quiz_url: String,
    #[serde(default)]
    pub intro_video_url: String,
    /// "Doe de test" leads to her own self-test (once a version is published) instead of
    /// `quiz_url`.
    #[serde(default)]
    pub selftest_own: bool,
}

/// Beheer > Instellingen as the form shows it: the business details and her choice of self-test.
#[derive(Debug, Serialize, ToSchema)]
pub struct SiteSettings {
    #[serde(flatten)]
    pub details: BusinessDetails,
    /// "Doe de test" leads to her own self-test (`/wees-eerlijk/zelftest`) once a version is
    /// published; otherwise to `quiz_url`.
    pub selftest_own: bool,
}

#[utoipa::path(
    get,
    path = "/admin/settings",
    operation_id = "admin_get_settings",
    tag = "admin",
    responses(
        (status = 200, description = "The business details in force", body = SiteSettings),
    )
)]
pub async fn get_settings(State(state): State<AppState>) -> Json<SiteSettings> {
    let site = state.site();
    Json(SiteSettings {
        details: site.details(),
        selftest_own: site.selftest_own,
    })
}

#[utoipa::path(
    put,
    path = "/admin/settings",
    operation_id = "admin_put_settings",
    tag = "admin",
    request_body = BusinessDetailsForm,
    responses(
        (status = 200, description = "Saved; every page shows them within about a second", body = SiteSettings),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    )
)]
pub async fn put_settings(
    State(state): State<AppState>,
    ApiJson(form): ApiJson<BusinessDetailsForm>,
) -> Result<Json<SiteSettings>, AppError> {
    let details = validate(&form)?;
    let json = serde_json::to_string(&details).map_err(anyhow::Error::from)?;
    let mut tx = db::begin_write(&state.pool).await?;
    sqlx::query(
        "INSERT INTO settings (id, details, selftest_own, updated_at) VALUES (1, $1, $2, $3) \
         ON CONFLICT (id) DO UPDATE SET details = excluded.details, selftest_own = excluded.selftest_own, \
         updated_at = excluded.updated_at",
    )
    .bind(json)
    .bind(i64::from(form.selftest_own))
    .bind(db::now())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Json(SiteSettings {
        details,
        selftest_own: form.selftest_own,
    }))
}

const HTTPS: &str =
    "Vul een volledige https-link in, bijvoorbeeld https://www.instagram.com/jouwnaam.";

/// The form's details, each checked, or one Dutch message per invalid field.
fn validate(form: &BusinessDetailsForm) -> Result<BusinessDetails, AppError> {
    let mut f = Fields::default();
    let brand = f.text(
        "brand",
        &form.brand,
        "De merknaam",
        Some("Vul de naam van je zaak in."),
        60,
    );
    let tagline = f.text(
        "tagline",
        &form.tagline,
        "De openingszin",
        Some("Vul een korte openingszin in, bv. Transformationele coaching in Mechelen."),
        120,
    );
    let coach_name = f.text(
        "coach_name",
        &form.coach_name,
        "Je naam",
        Some("Vul je naam in."),
        100,
    );
    let email = match EmailAddress::parse(&form.email) {
        Ok(email) => email.as_ref().to_string(),
        Err(message) => {
            f.error("email", message);
            String::new()
        }
    };
    let phone = match PhoneNumber::parse(&form.phone) {
        Ok(phone) => phone.as_ref().to_string(),
        Err(message) => {
            f.error("phone", message);
            String::new()
        }
    };
    let street = f.text(
        "street",
        &form.street,
        "De straat",
        Some("Vul straat en huisnummer in."),
        120,
    );
    let postal_code = form.postal_code.trim().to_string();
    if !(postal_code.len() == 4 && postal_code.chars().all(|c| c.is_ascii_digit())) {
        f.error(
            "postal_code",
            "Vul een Belgische postcode van vier cijfers in, bv. 2800.",
        );
    }
    let city = f.text(
        "city",
        &form.city,
        "De gemeente",
        Some("Vul de gemeente in."),
        80,
    );
    let legal_name = f.text(
        "legal_name",
        &form.legal_name,
        "De naam op facturen",
        None,
        150,
    );
    let vat_number = match VatNumber::parse(&form.vat_number) {
        Ok(vat) => match vat.belgian_enterprise_number() {
            Some(kbo) => format!("BE{}.{}.{}", &kbo[..4], &kbo[4..7], &kbo[7..]),
            None => {
                f.error(
                    "vat_number",
                    "Vul je Belgisch ondernemingsnummer in, bv. BE0123.456.749.",
                );
                String::new()
            }
        },
        Err(message) => {
            f.error("vat_number", message);
            String::new()
        }
    };
    // A social link she does not use is left empty: the footer then shows no icon for it.
    let mut social = |field: &'static str, value: &str| {
        f.optional_https_url(field, Some(value), HTTPS)
            .unwrap_or_default()
    };
    let facebook = social("facebook", &form.facebook);
    let instagram = social("instagram", &form.instagram);
    let linkedin = social("linkedin", &form.linkedin);
    let mut url = |field: &'static str, value: &str, message: &str| {
        f.optional_https_url(field, Some(value), message)
            .unwrap_or_else(|| {
                f.error(field, message);
                String::new()
            })
    };
    let platform_url = url("platform_url", &form.platform_url, HTTPS);
    let quiz_url = url("quiz_url", &form.quiz_url, HTTPS);
    const VIDEO: &str = "Vul een https-link naar een YouTube- of Vimeo-video in, bv. https://www.youtube.com/watch?v=…";
    let intro_video_url = url("intro_video_url", &form.intro_video_url, VIDEO);
    if !intro_video_url.is_empty() && !is_embeddable(&intro_video_url) {
        f.error("intro_video_url", VIDEO);
    }
    f.finish()?;
    Ok(BusinessDetails {
        brand,
        tagline,
        coach_name,
        email,
        phone,
        street,
        postal_code,
        city,
        legal_name,
        vat_number,
        vat_exempt: form.vat_exempt,
        facebook,
        instagram,
        linkedin,
        platform_url,
        quiz_url,
        intro_video_url,
    })
}
