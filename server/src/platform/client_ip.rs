//! The client's address as the limiters key it, extracted once for every handler that counts
//! requests per address (crates.io's `real_ip`): the socket peer, or behind a trusted proxy
//! (`TRUST_FORWARDED_FOR`) the last `X-Forwarded-For` hop.
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::platform::state::AppState;

/// The limiter key of the client: IPv4 as is, IPv6 per /64, the block one customer line
/// usually gets.
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = <ConnectInfo<SocketAddr> as FromRequestParts<AppState>>::Rejection;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(parts, state).await?;
        let forwarded = parts
            .headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|v| v.trim().parse::<IpAddr>().ok());
        let ip = match forwarded {
            Some(ip) if state.auth.trust_forwarded_for => ip,
            Some(_) => {
                warn_untrusted_forwarded_for();
                peer.ip()
            }
            None => peer.ip(),
        };
        Ok(Self(ip_key(ip)))
    }
}

/// Logs once per process when a limited request carries `X-Forwarded-For` that is not trusted:
/// behind a proxy every visitor would then share the proxy's address in the limiters.
fn warn_untrusted_forwarded_for() {
    static WARNED: AtomicBool = AtomicBool::new(false);
    if !WARNED.swap(true, Ordering::Relaxed) {
        tracing::warn!(
            "requests carry X-Forwarded-For but it is not trusted: behind a reverse proxy set \
             TRUST_FORWARDED_FOR=true, or every visitor shares the proxy's address in the limiters"
        );
    }
}

/// IPv4 as is; IPv6 reduced to its /64 (IPv4-mapped addresses count as the IPv4 address).
fn ip_key(ip: IpAddr) -> String {
    match address_block(ip) {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(prefix) => format!("{prefix}/64"),
    }
}

/// The block one client is counted as, by the limiters and the per-address connection caps:
/// IPv4 as is (also when IPv4-mapped), IPv6 as the first address of its /64.
pub fn address_block(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::ip_key;

    #[test]
    fn ipv6_addresses_count_per_64_and_ipv4_as_is() {
        let key = |text: &str| ip_key(text.parse().unwrap());
        assert_eq!(key("203.0.113.9"), "203.0.113.9");
        assert_eq!(key("2001:db8:1:2::a"), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2:ffff:1:2:3"), "2001:db8:1:2::/64");
        assert_ne!(key("2001:db8:1:3::a"), key("2001:db8:1:2::a"));
        assert_eq!(key("::ffff:203.0.113.9"), "203.0.113.9");
    }
}
