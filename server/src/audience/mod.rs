//! Audience: the people she writes to and who write to her. It may use the agenda and the platform, never commerce or content.
pub mod campaigns; // newsletters she writes and sends
pub mod contact; // the contact form and her inbox
pub mod newsletter; // newsletter signup, confirmation and unsubscribe
