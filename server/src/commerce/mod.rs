//! Commerce: what is sold and paid for. It may use the agenda and the platform, never content or audience.
pub mod checkout; // quotes and starting a payment
pub mod coupons; // discount codes
pub mod course_access; // online course access after payment
pub mod invoices; // invoices and credit notes (PDF and UBL)
pub mod orders; // the order lifecycle and fulfilment
pub mod products; // the catalogue
pub mod waitlist; // waiting lists for sold-out events
