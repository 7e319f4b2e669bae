//! Content: what the coach publishes. It may use the agenda and the platform, never commerce or audience.
pub mod drempel_videos; // threshold videos
pub mod page_texts; // page texts the coach edits
pub mod reviews; // reviews and participant review invitations
