//! A response body held in memory with its compressed variants, made once (at build, at start or
//! when its data changes) and chosen per request by `Accept-Encoding`, with an ETag per variant
//! and `304 Not Modified` for a matching `If-None-Match`.
use std::io::Write;

use axum::body::Body;
use axum::http::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_TYPE, ETAG,
    IF_NONE_MATCH, VARY,
};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use bytes::Bytes;
use sha2::{Digest, Sha256};

/// Bodies below this size are sent as they are: compressing them saves nothing worth a header.
const MIN_COMPRESS: usize = 256;
/// Brotli quality for bodies compressed while serving: close to 11 in size, far cheaper in time.
const BROTLI_QUALITY: u32 = 9;

/// Marks a response whose body is already encoded as it should be sent, so the compression
/// layer leaves it alone (also when it is small or sent uncompressed on purpose).
#[derive(Clone, Copy)]
pub struct Precompressed;

pub struct Encoded {
    identity: Bytes,
    gzip: Option<Bytes>,
    br: Option<Bytes>,
    /// The identity variant's tag (quoted); the others add `-gz` / `-br` inside the quotes.
    etag: String,
    etags: [HeaderValue; 3],
    content_type: HeaderValue,
    cache_control: HeaderValue,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Coding {
    Identity = 0,
    Gzip = 1,
    Br = 2,
}

impl Encoded {
    /// Compresses `body` now (gzip and brotli), keeping a variant only when it is smaller.
    pub fn compress(body: Bytes, content_type: HeaderValue, cache_control: HeaderValue) -> Self {
        let (gzip, br) = if body.len() >= MIN_COMPRESS {
            (Some(gzip(&body)), Some(brotli(&body)))
        } else {
            (None, None)
        };
        Self::with_variants(body, gzip, br, content_type, cache_control)
    }

    /// A body with variants compressed elsewhere (the web build's `.gz` / `.br` siblings).
    pub fn with_variants(
        identity: Bytes,
        gzip: Option<Bytes>,
        br: Option<Bytes>,
        content_type: HeaderValue,
        cache_control: HeaderValue,
    ) -> Self {
        let keep = |v: Option<Bytes>| v.filter(|v| v.len() < identity.len());
        let (gzip, br) = (keep(gzip), keep(br));
        let digest = Sha256::digest(&identity);
        let tag = hex::encode(&digest[..12]);
        let etag = format!("\"{tag}\"");
        let etags = ["", "-gz", "-br"].map(|suffix| {
            HeaderValue::from_str(&format!("\"{tag}{suffix}\"")).expect("hex is a valid header")
        });
        Self {
            identity,
            gzip,
            br,
            etag,
            etags,
            content_type,
            cache_control,
        }
    }

    pub fn identity(&self) -> &Bytes {
        &self.identity
    }

    /// The identity variant's ETag, quoted.
    pub fn etag(&self) -> &str {
        &self.etag
    }

    /// The variant the request accepts (brotli before gzip), `304` when the client has it.
    pub fn respond(&self, status: StatusCode, request: &HeaderMap) -> Response {
        let coding = self.choose(request.get(ACCEPT_ENCODING));
        let etag = &self.etags[coding as usize];
        let not_modified = status == StatusCode::OK
            && request
                .get_all(IF_NONE_MATCH)
                .iter()
                .any(|v| if_none_match_hits(v.as_bytes(), etag.as_bytes()));
        let body = match coding {
            Coding::Identity => &self.identity,
            Coding::Gzip => self.gzip.as_ref().unwrap_or(&self.identity),
            Coding::Br => self.br.as_ref().unwrap_or(&self.identity),
        };
        let mut res = if not_modified {
            let mut res = Response::new(Body::empty());
            *res.status_mut() = StatusCode::NOT_MODIFIED;
            res
        } else {
            let mut res = Response::new(Body::from(body.clone()));
            *res.status_mut() = status;
            res.headers_mut()
                .insert(CONTENT_LENGTH, HeaderValue::from(body.len()));
            res
        };
        let h = res.headers_mut();
        h.insert(CONTENT_TYPE, self.content_type.clone());
        h.insert(CACHE_CONTROL, self.cache_control.clone());
        h.insert(VARY, HeaderValue::from_static("Accept-Encoding"));
        h.insert(ETAG, etag.clone());
        match coding {
            Coding::Identity => {}
            Coding::Gzip => {
                h.insert(CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            }
            Coding::Br => {
                h.insert(CONTENT_ENCODING, HeaderValue::from_static("br"));
            }
        }
        res.extensions_mut().insert(Precompressed);
        res
    }

    fn choose(&self, accept: Option<&HeaderValue>) -> Coding {
        let Some(accept) = accept.and_then(|v| v.to_str().ok()) else {
            return Coding::Identity;
        };
        // Named codings win over `*`, which only speaks for the codings not named.
        let (mut gzip, mut br, mut any) = (None, None, false);
        for item in accept.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            if name.eq_ignore_ascii_case("br") {
                br = Some(!refused);
            } else if name.eq_ignore_ascii_case("gzip") {
                gzip = Some(!refused);
            } else if name == "*" {
                any = !refused;
            }
        }
        let (gzip, br) = (gzip.unwrap_or(any), br.unwrap_or(any));
        if br && self.br.is_some() {
            Coding::Br
        } else if gzip && self.gzip.is_some() {
            Coding::Gzip
        } else {
            Coding::Identity
        }
    }
}

/// `If-None-Match` uses the weak comparison: `W/"x"` matches `"x"`; `*` matches anything.
fn if_none_match_hits(header: &[u8], etag: &[u8]) -> bool {
    header.split(|b| *b == b',').any(|candidate| {
        let candidate = candidate.trim_ascii();
        let candidate = candidate.strip_prefix(b"W/").unwrap_or(candidate);
        candidate == b"*" || candidate == etag
    })
}

fn gzip(body: &[u8]) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(body).expect("writing to memory");
    Bytes::from(encoder.finish().expect("writing to memory"))
}

fn brotli(body: &[u8]) -> Bytes {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: BROTLI_QUALITY as i32,
        lgwin: 22,
        size_hint: body.len(),
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &body[..], &mut out, &params).expect("writing to memory");
    Bytes::from(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::header::HeaderName;

    fn encoded() -> Encoded {
        Encoded::compress(
            Bytes::from("In Lumine ".repeat(100)),
            HeaderValue::from_static("text/plain"),
            HeaderValue::from_static("no-cache"),
        )
    }

    fn headers(pairs: &[(HeaderName, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(k, v)| (k.clone(), HeaderValue::from_static(v)))
            .collect()
    }

    #[test]
    fn the_variant_follows_accept_encoding() {
        let e = encoded();
        let pick = |accept: &'static str| {
            let res = e.respond(StatusCode::OK, &headers(&[(ACCEPT_ENCODING, accept)]));
            res.headers()
                .get(CONTENT_ENCODING)
                .map(|v| v.to_str().unwrap().to_string())
        };
        assert_eq!(pick("gzip, deflate, br").as_deref(), Some("br"));
        assert_eq!(pick("gzip").as_deref(), Some("gzip"));
        assert_eq!(pick("br;q=0, gzip").as_deref(), Some("gzip"));
        assert_eq!(pick("identity"), None);
        assert_eq!(pick("*").as_deref(), Some("br"));
        assert_eq!(pick("gzip, *;q=0").as_deref(), Some("gzip"));
        let res = e.respond(StatusCode::OK, &HeaderMap::new());
        assert_eq!(res.headers()[CONTENT_LENGTH], "1000");
        assert!(res.headers().get(CONTENT_ENCODING).is_none());
    }

    #[test]
    fn a_matching_etag_gets_304_for_its_own_variant_only() {
        let e = encoded();
        let gz_tag = e
            .respond(StatusCode::OK, &headers(&[(ACCEPT_ENCODING, "gzip")]))
            .headers()[ETAG]
            .clone();
        let mut req = headers(&[(ACCEPT_ENCODING, "gzip")]);
        req.insert(IF_NONE_MATCH, gz_tag.clone());
        assert_eq!(
            e.respond(StatusCode::OK, &req).status(),
            StatusCode::NOT_MODIFIED
        );
        req.insert(ACCEPT_ENCODING, HeaderValue::from_static("br"));
        assert_eq!(e.respond(StatusCode::OK, &req).status(), StatusCode::OK);
        assert!(if_none_match_hits(b"\"a\", W/\"b\"", b"\"b\""));
    }

    #[test]
    fn small_bodies_are_not_compressed() {
        let e = Encoded::compress(
            Bytes::from_static(b"{}"),
            HeaderValue::from_static("application/json"),
            HeaderValue::from_static("no-cache"),
        );
        let res = e.respond(StatusCode::OK, &headers(&[(ACCEPT_ENCODING, "br")]));
        assert!(res.headers().get(CONTENT_ENCODING).is_none());
        assert!(res.extensions().get::<Precompressed>().is_some());
    }
}
