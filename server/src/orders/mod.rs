//! Orders. The coach's views are in `admin`; the checkout core joins this module.
pub mod admin;
