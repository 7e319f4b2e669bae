//! Closed sets of values (statuses, kinds, modes): each is declared once with its strings, which
//! are at the same time its JSON value, its OpenAPI enum value and its stored TEXT.
use std::str::FromStr;

use serde::{Deserialize, Deserializer};

/// A value outside a closed set, e.g. a stored status this build does not know.
#[derive(Debug, thiserror::Error)]
#[error("{value:?} is not one of the {set} values")]
pub struct UnknownValue {
    pub set: &'static str,
    pub value: String,
}

/// Declares an enum whose variants are the listed strings, with serde, `ToSchema`, `FromStr`,
/// `Display` and sqlx encoding/decoding as TEXT (so `.bind(status)` and `try_get` work on both
/// engines). With `Variant = "text" => "Label"` for every variant it also gets `label()`, the
/// value in Dutch for people.
macro_rules! closed_set {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $text:tt => $label:tt),+ $(,)?
        }
    ) => {
        closed_set! {
            $(#[$meta])*
            $vis enum $name {
                $($(#[$variant_meta])* $variant = $text),+
            }
        }

        impl $name {
            pub fn label(self) -> &'static str {
                match self {
                    $(Self::$variant => $label),+
                }
            }
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $text:tt),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
        $vis enum $name {
            $($(#[$variant_meta])* #[serde(rename = $text)] $variant),+
        }

        impl $name {
            pub const ALL: &[Self] = &[$(Self::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::kit::closed_set::UnknownValue;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                match text {
                    $($text => Ok(Self::$variant),)+
                    _ => Err($crate::kit::closed_set::UnknownValue {
                        set: stringify!($name),
                        value: text.to_string(),
                    }),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl sqlx::Type<sqlx::Any> for $name {
            fn type_info() -> sqlx::any::AnyTypeInfo {
                <str as sqlx::Type<sqlx::Any>>::type_info()
            }
        }

        impl<'q> sqlx::Encode<'q, sqlx::Any> for $name {
            fn encode_by_ref(
                &self,
                buf: &mut <sqlx::Any as sqlx::Database>::ArgumentBuffer,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&str as sqlx::Encode<'q, sqlx::Any>>::encode(self.as_str(), buf)
            }
        }

        impl<'r> sqlx::Decode<'r, sqlx::Any> for $name {
            fn decode(value: sqlx::any::AnyValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
                Ok(<&str as sqlx::Decode<'r, sqlx::Any>>::decode(value)?.parse()?)
            }
        }
    };
}
pub(crate) use closed_set;

/// A closed-set value as a request sent it. Unknown values are kept instead of failing the whole
/// body, so the form's other field errors are reported with it, each with its own Dutch message.
/// Its OpenAPI schema is the set's (`#[schema(value_type = …)]` on the field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice<T> {
    Known(T),
    Unknown(String),
}

impl<T> Default for Choice<T> {
    /// A missing field, like an empty one, is no choice.
    fn default() -> Self {
        Self::Unknown(String::new())
    }
}

impl<'de, T: FromStr> Deserialize<'de> for Choice<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Ok(match text.parse() {
            Ok(value) => Self::Known(value),
            Err(_) => Self::Unknown(text),
        })
    }
}

impl<T> Choice<T> {
    pub fn known(self) -> Option<T> {
        match self {
            Self::Known(value) => Some(value),
            Self::Unknown(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    closed_set! {
        enum Colour {
            Red = "red" => "rood",
            LightBlue = "light_blue" => "lichtblauw",
        }
    }

    #[test]
    fn values_are_their_strings_in_every_direction() {
        assert_eq!(Colour::LightBlue.as_str(), "light_blue");
        assert_eq!("red".parse::<Colour>().unwrap(), Colour::Red);
        assert!("Red".parse::<Colour>().is_err());
        assert_eq!(
            serde_json::to_string(&Colour::LightBlue).unwrap(),
            "\"light_blue\""
        );
        assert_eq!(Colour::ALL, [Colour::Red, Colour::LightBlue]);
        assert_eq!(Colour::LightBlue.label(), "lichtblauw");
        let schema = serde_json::to_value(<Colour as utoipa::PartialSchema>::schema()).unwrap();
        assert_eq!(schema["enum"], serde_json::json!(["red", "light_blue"]));
    }

    #[test]
    fn unknown_choices_are_kept_for_the_field_message() {
        let choice: Choice<Colour> = serde_json::from_str("\"red\"").unwrap();
        assert_eq!(choice, Choice::Known(Colour::Red));
        let choice: Choice<Colour> = serde_json::from_str("\"paars\"").unwrap();
        assert_eq!(choice.known(), None);
    }
}
