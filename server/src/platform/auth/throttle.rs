//! Throttling of sign-ins and recovery mails. Every attempt is counted *before* the slow work
//! (the password hash, the mail), in one write transaction that locks the counters, decides and
//! records; so thirty parallel guesses cannot all pass a check made before any was recorded.
//! A correct password forgives its own attempt afterwards.
use jiff::{SignedDuration, Timestamp};
use sqlx::Row;

use crate::kit::db::{self, Tx};
use crate::kit::error::AppError;

/// One counter kind: at most `limit` attempts per key in `window`.
pub struct Rule {
    pub scope: &'static str,
    limit: i64,
    window: SignedDuration,
    /// Past the limit: one more try after 1 min, 2 min, 4 min… (capped at `window`); the count
    /// starts over after `window` without attempts. Without it: a fixed window from the first.
    growing: bool,
}

/// Wrong passwords for one account from one address (a /64 for IPv6): the coach's own typos
/// and a guesser elsewhere never share this counter.
pub const PAIR: Rule = Rule {
    scope: "pair",
    limit: 5,
    window: SignedDuration::from_hours(1),
    growing: true,
};
/// One address trying many accounts.
pub const IP: Rule = Rule {
    scope: "ip",
    limit: 20,
    window: SignedDuration::from_mins(15),
    growing: false,
};
/// The ceiling per account over all addresses: stops distributed guessing and mails the coach.
pub const ACCOUNT_CEILING: i64 = 50;
pub const ACCOUNT: Rule = Rule {
    scope: "account",
    limit: ACCOUNT_CEILING,
    window: SignedDuration::from_hours(1),
    growing: false,
};
/// Password-reset mails per address asked for, and per client address.
pub const RESET_EMAIL: Rule = Rule {
    scope: "reset_email",
    limit: 3,
    window: SignedDuration::from_hours(1),
    growing: false,
};
pub const RESET_IP: Rule = Rule {
    scope: "reset_ip",
    limit: 10,
    window: SignedDuration::from_hours(1),
    growing: false,
};

/// Reset and invitation links redeemed from one address (every try counts, right or wrong): a
/// person uses one link, perhaps after a refused password; a guesser stops here.
pub const LINK_IP: Rule = Rule {
    scope: "link_ip",
    limit: 20,
    window: SignedDuration::from_mins(15),
    growing: false,
};

/// Tries of one account's live reset or invitation link, over all addresses: each costs a
/// password hash, and a person sets a password once, perhaps after a refused one or two.
pub const LINK_ACCOUNT: Rule = Rule {
    scope: "link_account",
    limit: 10,
    window: SignedDuration::from_hours(1),
    growing: false,
};

#[cfg(test)]
impl Rule {
    /// Attempts allowed, and in how long a window: for the README's table of limits.
    pub fn limit_and_window(&self) -> (i64, SignedDuration) {
        (self.limit, self.window)
    }
}

const FIRST_DELAY: SignedDuration = SignedDuration::from_mins(1);

/// The counter key of one account at one address.
pub fn pair_key(account: &str, ip: &str) -> String {
    format!("{account}|{ip}")
}

/// Counts one attempt under every (rule, key), or refuses with 429 and records nothing when any
/// counter is at its limit. Returns the rules whose counter reached its limit with this attempt
/// and had not been reported in this window (the caller tells the coach, then `mark_alerted`).
pub async fn take(
    tx: &mut Tx,
    counters: &[(&'static Rule, &str)],
) -> Result<Vec<&'static Rule>, AppError> {
    let now = Timestamp::now();
    let stamp = db::format_ts(now);
    // Housekeeping: counters quiet for a day mean nothing any more.
    sqlx::query("DELETE FROM auth_throttle WHERE last_at < $1")
        .bind(db::format_ts(now - SignedDuration::from_hours(24)))
        .execute(&mut **tx)
        .await?;
    let mut updates = Vec::with_capacity(counters.len());
    let mut wait: Option<SignedDuration> = None;
    for &(rule, key) in counters {
        // The no-op update locks an existing row on PostgreSQL until commit; SQLite's
        // BEGIN IMMEDIATE already serializes writers.
        sqlx::query(
            "INSERT INTO auth_throttle (scope, key, attempts, window_start, last_at) \
             VALUES ($1, $2, 0, $3, $3) \
             ON CONFLICT (scope, key) DO UPDATE SET attempts = auth_throttle.attempts",
        )
        .bind(rule.scope)
        .bind(key)
        .bind(&stamp)
        .execute(&mut **tx)
        .await?;
        let row = sqlx::query(
            "SELECT attempts, window_start, last_at, alerted_at FROM auth_throttle \
             WHERE scope = $1 AND key = $2",
        )
        .bind(rule.scope)
        .bind(key)
        .fetch_one(&mut **tx)
        .await?;
        let mut attempts: i64 = row.try_get("attempts")?;
        let mut window_start = db::parse_ts(&row.try_get::<String, _>("window_start")?)?;
        let last_at = db::parse_ts(&row.try_get::<String, _>("last_at")?)?;
        let alerted = row
            .try_get::<Option<String>, _>("alerted_at")?
            .map(|t| db::parse_ts(&t))
            .transpose()?;
        let expired = if rule.growing {
            now >= last_at + rule.window
        } else {
            now >= window_start + rule.window
        };
        if expired {
            attempts = 0;
            window_start = now;
        }
        if attempts >= rule.limit {
            let free_at = if rule.growing {
                let doublings = u32::try_from(attempts - rule.limit)
                    .unwrap_or(u32::MAX)
                    .min(10);
                let delay = FIRST_DELAY
                    .checked_mul(1 << doublings)
                    .unwrap_or(rule.window)
                    .min(rule.window);
                last_at + delay
            } else {
                window_start + rule.window
            };
            if now < free_at {
                let this = free_at.duration_since(now);
                wait = Some(wait.map_or(this, |w| w.max(this)));
                tracing::warn!(scope = rule.scope, "attempt throttled");
                continue;
            }
        }
        let reached = attempts + 1 == rule.limit && alerted.is_none_or(|at| at < window_start);
        updates.push((rule, key, attempts + 1, window_start, reached));
    }
    if let Some(wait) = wait {
        // Nothing is recorded for a refused attempt; the caller drops the transaction.
        return Err(AppError::RateLimited {
            retry_after_secs: u64::try_from(wait.as_secs()).unwrap_or(0).max(1),
        });
    }
    let mut reached = Vec::new();
    for (rule, key, attempts, window_start, limit_reached) in updates {
        sqlx::query(
            "UPDATE auth_throttle SET attempts = $1, window_start = $2, last_at = $3 \
             WHERE scope = $4 AND key = $5",
        )
        .bind(attempts)
        .bind(db::format_ts(window_start))
        .bind(&stamp)
        .bind(rule.scope)
        .bind(key)
        .execute(&mut **tx)
        .await?;
        if limit_reached {
            reached.push(rule);
        }
    }
    Ok(reached)
}

/// Remembers that the coach was told about this counter, so she hears once per window.
pub async fn mark_alerted(tx: &mut Tx, rule: &Rule, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE auth_throttle SET alerted_at = $1 WHERE scope = $2 AND key = $3")
        .bind(db::now())
        .bind(rule.scope)
        .bind(key)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A correct password: the pair starts over, and the attempt no longer counts for the address
/// or the account.
pub async fn forgive(tx: &mut Tx, account: &str, ip: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM auth_throttle WHERE scope = $1 AND key = $2")
        .bind(PAIR.scope)
        .bind(pair_key(account, ip))
        .execute(&mut **tx)
        .await?;
    for (rule, key) in [(&IP, ip), (&ACCOUNT, account)] {
        sqlx::query(
            "UPDATE auth_throttle SET attempts = attempts - 1 \
             WHERE scope = $1 AND key = $2 AND attempts > 0",
        )
        .bind(rule.scope)
        .bind(key)
        .execute(&mut **tx)
        .await?;
        // A counter back at zero (a first, correct sign-in) leaves nothing behind.
        sqlx::query("DELETE FROM auth_throttle WHERE scope = $1 AND key = $2 AND attempts = 0")
            .bind(rule.scope)
            .bind(key)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// The account's owner proved herself (a reset link): earlier guesses stop counting against it.
pub async fn clear_account(tx: &mut Tx, account: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM auth_throttle WHERE key = $1 AND scope = $2")
        .bind(account)
        .bind(ACCOUNT.scope)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The README's table of every public write's limit against `[limits]`, these fixed rules and
/// the routes of the OpenAPI document.
#[cfg(test)]
mod readme_table {
    use std::collections::{BTreeMap, BTreeSet};

    const README: &str = include_str!("../../../../README.md");
    const SERVER_TOML: &str = include_str!("../../../../config/server.toml");
    const OPENAPI: &str = include_str!("../../../openapi.json");

    /// (endpoints, the limit's number, its setting) of every row of the README's table.
    fn rows() -> Vec<(Vec<String>, i64, String)> {
        let section = README
            .split("### Limits on public writes")
            .nth(1)
            .expect("the README has a section \"Limits on public writes\"");
        let section = section.split("\n#").next().unwrap();
        let ticked = |cell: &str| -> Vec<String> {
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        };
        section
            .lines()
            .filter(|line| line.starts_with("| `"))
            .map(|line| {
                let cells: Vec<&str> = line.split(" | ").collect();
                assert!(cells.len() >= 4, "a row of four cells: {line}");
                let number: String = cells[1]
                    .chars()
                    .skip_while(|c| !c.is_ascii_digit())
                    .take_while(char::is_ascii_digit)
                    .collect();
                let setting = ticked(cells[2]).pop().unwrap_or_default();
                (ticked(cells[0]), number.parse().unwrap(), setting)
            })
            .collect()
    }

    #[test]
    fn the_readme_table_matches_the_settings_and_the_fixed_limits() {
        let toml: toml::Table = SERVER_TOML.parse().unwrap();
        let settings: BTreeMap<String, i64> = toml["limits"]
            .as_table()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_integer().unwrap()))
            .collect();
        let rules = [
            &super::PAIR,
            &super::IP,
            &super::ACCOUNT,
            &super::RESET_EMAIL,
            &super::RESET_IP,
            &super::LINK_IP,
            &super::LINK_ACCOUNT,
        ];
        let mut named = BTreeSet::new();
        for (endpoints, number, setting) in rows() {
            assert!(!endpoints.is_empty(), "a row without an endpoint");
            let expected = if let Some(scope) = setting.strip_prefix("throttle:") {
                let rule = rules
                    .iter()
                    .find(|r| r.scope == scope)
                    .unwrap_or_else(|| panic!("no throttle rule {scope}"));
                Some(rule.limit_and_window().0)
            } else if setting.is_empty() {
                None
            } else {
                Some(
                    *settings
                        .get(&setting)
                        .unwrap_or_else(|| panic!("README names `{setting}`, not in [limits]")),
                )
            };
            if let Some(expected) = expected {
                assert_eq!(number, expected, "README row of `{setting}`");
            }
            named.insert(setting);
        }
        for key in settings.keys() {
            assert!(
                named.contains(key),
                "[limits] {key} is not in the README table"
            );
        }
        for rule in rules {
            let key = format!("throttle:{}", rule.scope);
            assert!(named.contains(&key), "{key} is not in the README table");
        }
    }

    #[test]
    fn every_public_write_has_a_row_in_the_readme_table() {
        let listed: BTreeSet<String> = rows().into_iter().flat_map(|row| row.0).collect();
        let openapi: serde_json::Value = serde_json::from_str(OPENAPI).unwrap();
        let mut missing = Vec::new();
        for (path, operations) in openapi["paths"].as_object().unwrap() {
            if path.starts_with("/api/admin") {
                continue;
            }
            for method in operations.as_object().unwrap().keys() {
                if ["post", "put", "patch", "delete"].contains(&method.as_str()) {
                    let endpoint = format!("{} {path}", method.to_uppercase());
                    if !listed.contains(&endpoint) {
                        missing.push(endpoint);
                    }
                }
            }
        }
        assert!(
            missing.is_empty(),
            "public writes without a limit in the README: {missing:?}"
        );
    }
}
