//! Input types that can only hold valid values (parse, don't validate).
mod email_address;
mod first_name;

pub use email_address::EmailAddress;
pub use first_name::FirstName;
