//! The business details: `config/site.json` (unknown fields ignored) as the first-run default,
//! with what the coach saved in Beheer > Instellingen over it (`LiveSite`).
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use anyhow::Context;
use serde::{Deserialize, Serialize};
use sqlx::{AnyPool, Row};
use utoipa::ToSchema;

use crate::kit::configuration::DEFAULT_SITE_CONFIG;
use crate::platform::photos::{self, MediaImage, Slot};

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Site {
    pub brand: String,
    pub tagline: String,
    pub description: String,
    pub site_url: String,
    pub coach: Coach,
    pub contact: Contact,
    pub social: Social,
    pub platform_url: String,
    pub quiz_url: String,
    pub intro_video_url: String,
    /// The default logo (`/images/logo.svg`); `chosen_logo` when she uploaded her own.
    pub logo: String,
    /// Her own logo (Beheer > Instellingen, the media slot `logo`), read with the details.
    #[serde(skip)]
    pub chosen_logo: Option<MediaImage>,
    pub share_image: String,
    pub aggregate_rating: AggregateRating,
    /// Beheer > Instellingen: "Doe de test" leads to her own self-test (`settings.selftest_own`).
    #[serde(skip)]
    pub selftest_own: bool,
    /// A version of her self-test is published (publishing moves the settings version).
    #[serde(skip)]
    pub selftest_published: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Coach {
    pub name: String,
    /// Set in `config/site.json` while its coach details are placeholders.
    #[serde(rename = "_sample", default)]
    pub sample: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Social {
    pub facebook: String,
    pub instagram: String,
    pub linkedin: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Contact {
    pub email: String,
    pub phone: String,
    pub street: String,
    pub postal_code: String,
    pub city: String,
    pub country: String,
    /// The name on invoices (e.g. the coach's own name for a sole proprietorship); the brand
    /// when missing.
    #[serde(default)]
    pub legal_name: Option<String>,
    /// The VAT number, which in Belgium holds the enterprise number: `BE0123.456.749`.
    #[serde(default)]
    pub vat_number: String,
    /// True under the small-business VAT exemption (art. 56bis WBTW): no VAT is charged and
    /// invoices carry the legal mention instead.
    #[serde(default)]
    pub vat_exempt: bool,
    /// Set in `config/site.json` while its e-mail, phone and street are placeholders.
    #[serde(rename = "_sample", default)]
    pub sample: Option<String>,
    /// Starts with "SAMPLE" while its VAT number is a placeholder.
    #[serde(default)]
    pub vat_note: Option<String>,
}

/// Who sells, as invoices name them: the one place that gives the seller's details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seller {
    pub name: String,
    pub street: String,
    pub postal_code: String,
    pub city: String,
    /// ISO 3166-1 alpha-2, e.g. `BE`.
    pub country: String,
    /// Compact, e.g. `BE0123456749`.
    pub vat_number: String,
    /// Belgium's ten-digit enterprise number (KBO), e.g. `0123456749`.
    pub enterprise_number: String,
    pub vat_exempt: bool,
    pub email: String,
    pub phone: String,
    pub website: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AggregateRating {
    pub rating_value: f64,
    pub best_rating: i64,
    pub worst_rating: i64,
    pub fallback_review_count: i64,
}

/// `config/site.json` as this binary was built with it (`inlumine defaults site.json`).
pub const BUILT_IN_SITE_JSON: &str = include_str!("../../../config/site.json");

impl Site {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read site configuration {}", path.display()))?;
        Self::parse(&text, &path.display().to_string())
    }

    /// The file at `path`; when that is the default path and no file is there (the binary alone
    /// in a folder), the built-in copy. Another path that is missing is an error.
    pub fn load_configured(path: &Path) -> anyhow::Result<Self> {
        if path == Path::new(DEFAULT_SITE_CONFIG) && !path.exists() {
            return Self::parse(BUILT_IN_SITE_JSON, "(built in)");
        }
        Self::load(path)
    }

    fn parse(text: &str, name: &str) -> anyhow::Result<Self> {
        let mut site: Site = serde_json::from_str(text)
            .with_context(|| format!("site configuration {name} is invalid"))?;
        site.site_url = site.site_url.trim_end_matches('/').to_string();
        Ok(site)
    }

    /// The seller's details for invoices.
    pub fn seller(&self) -> Seller {
        let c = &self.contact;
        let vat_number: String = c
            .vat_number
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_uppercase();
        let enterprise_number = vat_number
            .strip_prefix(&c.country.to_uppercase())
            .unwrap_or(&vat_number)
            .to_string();
        Seller {
            name: c.legal_name.clone().unwrap_or_else(|| self.brand.clone()),
            street: c.street.clone(),
            postal_code: c.postal_code.clone(),
            city: c.city.clone(),
            country: c.country.to_uppercase(),
            vat_number,
            enterprise_number,
            vat_exempt: c.vat_exempt,
            email: c.email.clone(),
            phone: c.phone.clone(),
            website: self.site_url.clone(),
        }
    }

    /// The logo's path on the site: hers (its widest JPEG) or the default.
    pub fn logo_path(&self) -> &str {
        self.chosen_logo
            .as_ref()
            .map_or(self.logo.as_str(), |image| image.src.as_str())
    }

    /// Where "Doe de test" leads: her own self-test when she chose it and a version is
    /// published, else the external quiz.
    pub fn quiz_href(&self) -> String {
        if self.selftest_own && self.selftest_published {
            SELFTEST_PATH.to_string()
        } else {
            self.quiz_url.clone()
        }
    }

    /// An absolute URL on the public site for a path such as `/images/logo.svg`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.site_url, path)
    }
}

/// The page of her own self-test.
pub const SELFTEST_PATH: &str = "/wees-eerlijk/zelftest";

/// The business details the coach edits in Beheer > Instellingen; the defaults come from
/// `config/site.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BusinessDetails {
    pub brand: String,
    /// The short line under the logo in the header and the footer.
    pub tagline: String,
    pub coach_name: String,
    pub email: String,
    pub phone: String,
    pub street: String,
    pub postal_code: String,
    pub city: String,
    /// The name on invoices; empty = the brand.
    pub legal_name: String,
    /// Compact, e.g. `BE0123456749`; empty only when VAT-exempt without a number.
    pub vat_number: String,
    /// Small-business VAT exemption (art. 56bis WBTW).
    pub vat_exempt: bool,
    /// Empty: the footer shows no Facebook icon (and so for the other two).
    pub facebook: String,
    pub instagram: String,
    pub linkedin: String,
    pub platform_url: String,
    pub quiz_url: String,
    pub intro_video_url: String,
}

impl Site {
    pub fn details(&self) -> BusinessDetails {
        let c = &self.contact;
        BusinessDetails {
            brand: self.brand.clone(),
            tagline: self.tagline.clone(),
            coach_name: self.coach.name.clone(),
            email: c.email.clone(),
            phone: c.phone.clone(),
            street: c.street.clone(),
            postal_code: c.postal_code.clone(),
            city: c.city.clone(),
            legal_name: c.legal_name.clone().unwrap_or_default(),
            vat_number: c.vat_number.clone(),
            vat_exempt: c.vat_exempt,
            facebook: self.social.facebook.clone(),
            instagram: self.social.instagram.clone(),
            linkedin: self.social.linkedin.clone(),
            platform_url: self.platform_url.clone(),
            quiz_url: self.quiz_url.clone(),
            intro_video_url: self.intro_video_url.clone(),
        }
    }

    /// This site with `d` over its business details.
    pub fn with_details(&self, d: BusinessDetails) -> Site {
        let mut site = self.clone();
        site.brand = d.brand;
        site.tagline = d.tagline;
        site.coach.name = d.coach_name;
        let c = &mut site.contact;
        c.email = d.email;
        c.phone = d.phone;
        c.street = d.street;
        c.postal_code = d.postal_code;
        c.city = d.city;
        c.legal_name = Some(d.legal_name).filter(|n| !n.is_empty());
        c.vat_number = d.vat_number;
        c.vat_exempt = d.vat_exempt;
        site.social = Social {
            facebook: d.facebook,
            instagram: d.instagram,
            linkedin: d.linkedin,
        };
        site.platform_url = d.platform_url;
        site.quiz_url = d.quiz_url;
        site.intro_video_url = d.intro_video_url;
        site
    }

    /// The details the public pages show where they carry a marker (`data-live="key"`), by the
    /// web app's key, in the same order (`web/app/config/site.ts`, `liveKeys`).
    pub fn page_values(&self) -> Vec<(&'static str, String)> {
        let c = &self.contact;
        vec![
            ("brand", self.brand.clone()),
            ("coachName", self.coach.name.clone()),
            ("coachFirstName", self.coach_first_name().to_string()),
            ("city", c.city.clone()),
            ("tagline", self.tagline.clone()),
            ("email", c.email.clone()),
            ("phone", c.phone.clone()),
            ("street", c.street.clone()),
            ("postalCode", c.postal_code.clone()),
            ("vatNumber", c.vat_number.clone()),
            ("facebook", self.social.facebook.clone()),
            ("instagram", self.social.instagram.clone()),
            ("linkedin", self.social.linkedin.clone()),
            ("platformUrl", self.platform_url.clone()),
            ("quizUrl", self.quiz_href()),
            ("introVideoUrl", self.intro_video_url.clone()),
            ("mapsUrl", self.maps_url()),
        ]
    }

    /// "Lien" for "Lien Vermeulen", as the web app takes it (`liveKeys.coachFirstName`).
    pub fn coach_first_name(&self) -> &str {
        self.coach
            .name
            .split_whitespace()
            .next()
            .unwrap_or_default()
    }

    /// The address on OpenStreetMap, as the web app's `mapsUrl()` makes it.
    pub fn maps_url(&self) -> String {
        let c = &self.contact;
        let query = format!("{}, {} {}", c.street, c.postal_code, c.city);
        // JavaScript's encodeURIComponent: all but letters, digits and -_.!~*'() escaped.
        let encoded: String = query
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        format!("https://www.openstreetmap.org/search?query={encoded}")
    }
}

impl Site {
    /// The details still at a placeholder value of `config/site.json` (`defaults`), by field.
    pub fn samples_left(&self, defaults: &Site) -> Vec<&'static str> {
        let (c, d) = (&self.contact, &defaults.contact);
        let contact_sample = d.sample.is_some();
        let vat_sample = d
            .vat_note
            .as_deref()
            .is_some_and(|n| n.starts_with("SAMPLE"));
        [
            (
                "coach_name",
                defaults.coach.sample.is_some() && self.coach.name == defaults.coach.name,
            ),
            ("email", contact_sample && c.email == d.email),
            ("phone", contact_sample && c.phone == d.phone),
            ("street", contact_sample && c.street == d.street),
            ("vat_number", vat_sample && c.vat_number == d.vat_number),
            // The sample's note asks for both: the next invoice would carry the sample name.
            ("legal_name", vat_sample && c.legal_name == d.legal_name),
        ]
        .into_iter()
        .filter_map(|(field, sample)| sample.then_some(field))
        .collect()
    }
}

/// The link a marked `href` gets for a page value (`data-live-href="key"`), as the web app
/// makes it (`telHref`, `mailto:`).
pub fn page_href(key: &str, value: &str) -> String {
    match key {
        "email" => format!("mailto:{value}"),
        "phone" => format!(
            "tel:{}",
            value
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '+')
                .collect::<String>()
        ),
        _ => value.to_string(),
    }
}

/// The business details in force: the defaults with what the coach saved over them, kept in
/// memory and reloaded when the `settings` data version moves (see `live::DataVersions`).
/// Every reader goes through `get` (`AppState::site`).
pub struct LiveSite {
    defaults: Arc<Site>,
    current: RwLock<Arc<Site>>,
    /// Whether the coach saved details (pages are then made with them).
    saved: std::sync::atomic::AtomicBool,
    /// The settings version `current` was read at; `u64::MAX` before the first read.
    loaded: AtomicU64,
}

impl LiveSite {
    pub fn new(defaults: Site) -> Self {
        let defaults = Arc::new(defaults);
        Self {
            current: RwLock::new(defaults.clone()),
            defaults,
            saved: Default::default(),
            loaded: AtomicU64::new(u64::MAX),
        }
    }

    pub fn get(&self) -> Arc<Site> {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    pub fn defaults(&self) -> &Site {
        &self.defaults
    }

    /// True once the coach saved details (or chose her own self-test): pages then carry them
    /// instead of the build's values.
    pub fn is_saved(&self) -> bool {
        self.saved.load(Ordering::Acquire)
    }

    /// Reads the saved details when `version` is not the one loaded. The version is read before
    /// the data, so the data is at least that new.
    pub async fn sync(&self, pool: &AnyPool, version: u64) -> Result<(), sqlx::Error> {
        if self.loaded.load(Ordering::Acquire) == version {
            return Ok(());
        }
        let saved = load_saved(pool).await?;
        // Choosing the logo moves the settings version too (`media::admin::set_slot`), and so
        // does publishing a self-test (`overview::selftest::admin`).
        let logo = photos::slot_image(pool, Slot::Logo).await?;
        let (selftest_own, selftest_published) = load_selftest(pool).await?;
        let site = match (&saved, logo) {
            (None, None) if !selftest_own => self.defaults.clone(),
            (saved, logo) => {
                let mut site = match saved {
                    Some(details) => self.defaults.with_details(details.clone()),
                    None => (*self.defaults).clone(),
                };
                site.chosen_logo = logo;
                site.selftest_own = selftest_own;
                site.selftest_published = selftest_published;
                Arc::new(site)
            }
        };
        // Her own self-test changes a link on every page ("Doe de test"), like saved details.
        let live = saved.is_some() || site.quiz_href() != self.defaults.quiz_url;
        let mut current = self.current.write().unwrap_or_else(|e| e.into_inner());
        // The poll and a page being made can read at once: a read of an older version that ends
        // last must not put older details back (a page made then would keep them under the newer
        // version until the next change).
        let loaded = self.loaded.load(Ordering::Acquire);
        if loaded != u64::MAX && loaded > version {
            return Ok(());
        }
        *current = site;
        self.saved.store(live, Ordering::Release);
        self.loaded.store(version, Ordering::Release);
        Ok(())
    }
}

/// Whether she chose her own self-test for "Doe de test", and whether a version is published.
async fn load_selftest(pool: &AnyPool) -> Result<(bool, bool), sqlx::Error> {
    let own = sqlx::query("SELECT selftest_own FROM settings WHERE id = 1")
        .fetch_optional(pool)
        .await?
        .map(|r| r.try_get::<i64, _>("selftest_own"))
        .transpose()?
        .unwrap_or(0)
        == 1;
    let published = sqlx::query("SELECT id FROM selftest_versions LIMIT 1")
        .fetch_optional(pool)
        .await?
        .is_some();
    Ok((own, published))
}

/// The details the coach saved; None when she saved none.
async fn load_saved(pool: &AnyPool) -> Result<Option<BusinessDetails>, sqlx::Error> {
    let row = sqlx::query("SELECT details FROM settings WHERE id = 1")
        .fetch_optional(pool)
        .await?;
    let Some(text) = row
        .map(|r| r.try_get::<Option<String>, _>("details"))
        .transpose()?
        .flatten()
    else {
        return Ok(None);
    };
    match serde_json::from_str(&text) {
        Ok(details) => Ok(Some(details)),
        Err(e) => {
            tracing::error!(error = %e, "saved business details are unreadable; using the defaults");
            Ok(None)
        }
    }
}
