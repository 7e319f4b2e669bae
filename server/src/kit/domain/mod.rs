//! Input types that can only hold valid values (parse, don't validate).
mod country_code;
mod email_address;
mod first_name;
mod phone_number;
mod registration_number;
mod vat_number;

pub use country_code::CountryCode;
pub use email_address::EmailAddress;
pub use first_name::FirstName;
pub use phone_number::PhoneNumber;
pub use registration_number::RegistrationNumber;
pub use vat_number::VatNumber;
