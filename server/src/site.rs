//! The business details from `config/site.json` that the server needs (unknown fields ignored).
use std::path::Path;

use anyhow::Context;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Site {
    pub brand: String,
    pub description: String,
    pub site_url: String,
    pub contact: Contact,
    pub logo: String,
    pub share_image: String,
    pub aggregate_rating: AggregateRating,
    /// The VAT rate contained in every price, for the checkout's breakdown.
    #[serde(default = "default_vat_rate")]
    pub vat_rate_percent: i64,
}

fn default_vat_rate() -> i64 {
    21
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
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AggregateRating {
    pub rating_value: f64,
    pub best_rating: i64,
    pub worst_rating: i64,
    pub fallback_review_count: i64,
}

impl Site {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read site configuration {}", path.display()))?;
        let mut site: Site = serde_json::from_str(&text)
            .with_context(|| format!("site configuration {} is invalid", path.display()))?;
        site.site_url = site.site_url.trim_end_matches('/').to_string();
        Ok(site)
    }

    /// An absolute URL on the public site for a path such as `/images/logo.svg`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.site_url, path)
    }
}
