//! One error type for every handler, rendered as `{"error":{"code","message","fields"?}}`.
use std::collections::BTreeMap;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::header::{RETRY_AFTER, WWW_AUTHENTICATE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;
use utoipa::ToSchema;

use crate::kit::closed_set::closed_set;

const INTERNAL_MESSAGE: &str = "Er ging iets mis aan onze kant. Probeer het later opnieuw.";

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("validation failed: {message}")]
    Validation {
        message: String,
        fields: BTreeMap<&'static str, String>,
    },
    #[error("bad request: {0}")]
    BadRequest(String),
    #[error("unsupported media type")]
    UnsupportedMediaType,
    #[error("payload too large")]
    PayloadTooLarge,
    /// 413 with its own Dutch message (e.g. a photo over its size limit).
    #[error("too large: {0}")]
    TooLarge(String),
    #[error("not found: {0}")]
    NotFound(String),
    /// 401 with `WWW-Authenticate: Bearer`; `code` tells the client why.
    #[error("unauthorized: {code}")]
    Unauthorized { code: ErrorCode, message: String },
    #[error("forbidden")]
    Forbidden,
    /// 409: the request clashes with the current state (e.g. deleting a date with bookings).
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("method not allowed")]
    MethodNotAllowed,
    /// 503: something we depend on (the payment provider) is unreachable; try again later.
    #[error("unavailable: {0}")]
    Unavailable(String),
    #[error("rate limited")]
    RateLimited { retry_after_secs: u64 },
    /// 503 with `Retry-After`: this server is at its bound for costly work (password hashes);
    /// nothing is wrong with the request itself.
    #[error("busy")]
    Busy { retry_after_secs: u64 },
    /// 429 with its own Dutch message, for a limit the visitor can act on (e.g. unpaid orders).
    #[error("rate limited: {message}")]
    Throttled {
        retry_after_secs: u64,
        message: String,
    },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    /// A validation error with one message per offending field. The summary repeats them, so a
    /// toast that shows only the message still tells the visitor what to fix.
    pub fn fields(fields: BTreeMap<&'static str, String>) -> Self {
        let message = fields.values().cloned().collect::<Vec<_>>().join(" ");
        Self::Validation { message, fields }
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Self::Validation {
            message: message.into(),
            fields: BTreeMap::new(),
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> Self {
        Self::Internal(e.into())
    }
}

closed_set! {
    /// Machine-readable kind of an error.
    pub enum ErrorCode {
        Validation = "validation",
        BadRequest = "bad_request",
        UnsupportedMediaType = "unsupported_media_type",
        PayloadTooLarge = "payload_too_large",
        NotFound = "not_found",
        Unauthorized = "unauthorized",
        /// Wrong e-mail address or password.
        InvalidCredentials = "invalid_credentials",
        /// The password is right, but this account requires a passkey.
        PasskeyRequired = "passkey_required",
        /// The session ended; sign in again.
        SessionExpired = "session_expired",
        Forbidden = "forbidden",
        Conflict = "conflict",
        MethodNotAllowed = "method_not_allowed",
        RateLimited = "rate_limited",
        Unavailable = "unavailable",
        Internal = "internal",
    }
}

/// An answer with the JSON error body, as the OpenAPI document describes it.
pub fn documented(description: &str) -> utoipa::openapi::Response {
    utoipa::openapi::ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            utoipa::openapi::ContentBuilder::new()
                .schema(Some(utoipa::openapi::Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build()
}

/// The JSON error body, documented in the OpenAPI document.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Serialize, ToSchema)]
pub struct ErrorDetail {
    pub code: ErrorCode,
    /// Dutch, fit to show a visitor.
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<&'static str, String>>,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let mut headers = HeaderMap::new();
        let (status, code, message, fields) = match self {
            AppError::Validation { message, fields } => (
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::Validation,
                message,
                (!fields.is_empty()).then_some(fields),
            ),
            AppError::BadRequest(message) => (
                StatusCode::BAD_REQUEST,
                ErrorCode::BadRequest,
                message,
                None,
            ),
            AppError::UnsupportedMediaType => (
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                ErrorCode::UnsupportedMediaType,
                "Stuur je gegevens als JSON (Content-Type: application/json).".into(),
                None,
            ),
            AppError::PayloadTooLarge => (
                StatusCode::PAYLOAD_TOO_LARGE,
                ErrorCode::PayloadTooLarge,
                "Je bericht is te groot. Maak het korter en probeer het opnieuw.".into(),
                None,
            ),
            AppError::TooLarge(message) => (
                StatusCode::PAYLOAD_TOO_LARGE,
                ErrorCode::PayloadTooLarge,
                message,
                None,
            ),
            AppError::NotFound(message) => {
                (StatusCode::NOT_FOUND, ErrorCode::NotFound, message, None)
            }
            AppError::Unauthorized { code, message } => {
                headers.insert(WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
                (StatusCode::UNAUTHORIZED, code, message, None)
            }
            AppError::Forbidden => (
                StatusCode::FORBIDDEN,
                ErrorCode::Forbidden,
                "Je account heeft geen toegang tot het beheer.".into(),
                None,
            ),
            AppError::Conflict(message) => {
                (StatusCode::CONFLICT, ErrorCode::Conflict, message, None)
            }
            AppError::Unavailable(message) => (
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::Unavailable,
                message,
                None,
            ),
            AppError::MethodNotAllowed => (
                StatusCode::METHOD_NOT_ALLOWED,
                ErrorCode::MethodNotAllowed,
                "Deze API-route kan zo niet gebruikt worden.".into(),
                None,
            ),
            AppError::RateLimited { retry_after_secs } => {
                headers.insert(RETRY_AFTER, HeaderValue::from(retry_after_secs.max(1)));
                (
                StatusCode::TOO_MANY_REQUESTS,
                ErrorCode::RateLimited,
                "Je hebt het even te vaak geprobeerd. Wacht een momentje en probeer het opnieuw."
                    .into(),
                None,
            )
            }
            AppError::Busy { retry_after_secs } => {
                headers.insert(RETRY_AFTER, HeaderValue::from(retry_after_secs.max(1)));
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    ErrorCode::Unavailable,
                    "Het is even erg druk. Probeer het over een paar seconden opnieuw.".into(),
                    None,
                )
            }
            AppError::Throttled {
                retry_after_secs,
                message,
            } => {
                headers.insert(RETRY_AFTER, HeaderValue::from(retry_after_secs.max(1)));
                (
                    StatusCode::TOO_MANY_REQUESTS,
                    ErrorCode::RateLimited,
                    message,
                    None,
                )
            }
            AppError::Internal(e) => {
                // Logged here, once; the visitor only gets the opaque message.
                tracing::error!(error = format!("{e:#}"), "request failed");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    ErrorCode::Internal,
                    INTERNAL_MESSAGE.into(),
                    None,
                )
            }
        };
        (
            status,
            headers,
            Json(ErrorBody {
                error: ErrorDetail {
                    code,
                    message,
                    fields,
                },
            }),
        )
            .into_response()
    }
}

/// `Json` whose rejections use the `AppError` format instead of axum's plain text.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(match rejection {
                JsonRejection::JsonDataError(_) => {
                    AppError::invalid("Een of meer velden hebben een ongeldige waarde.")
                }
                JsonRejection::MissingJsonContentType(_) => AppError::UnsupportedMediaType,
                JsonRejection::BytesRejection(r) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                    AppError::PayloadTooLarge
                }
                _ => AppError::BadRequest(
                    "We konden je gegevens niet lezen. Probeer het opnieuw.".into(),
                ),
            }),
        }
    }
}

/// `Query` whose rejections use the `AppError` format.
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(value)| ApiQuery(value))
            .map_err(|_| AppError::invalid("Deze zoekopdracht is ongeldig."))
    }
}

/// `Path` whose rejections (e.g. `/reviews/abc`) answer 404 in the `AppError` format.
pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ApiPath<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(value)| ApiPath(value))
            .map_err(|_| AppError::NotFound("Dit item bestaat niet (meer).".into()))
    }
}

/// Fallback for unknown `/api/*` paths.
pub async fn api_not_found() -> AppError {
    AppError::NotFound("Deze API-route bestaat niet.".into())
}

/// Fallback for a known `/api/*` path called with the wrong method.
pub async fn api_method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}
