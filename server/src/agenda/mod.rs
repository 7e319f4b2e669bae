//! The agenda: what happens on a date (events, webinars, intro calls) and the seats and tickets at it.
pub mod attendees; // the coach writes to everyone with a seat
pub mod events; // storytelling evenings, Zelfbeeld course dates and webinars
pub mod intro_calls; // free intro calls: availability, booking, moving and cancelling
pub mod seats; // taking, releasing and moving seats: the only writer of events.seats_taken
pub mod tickets; // one seat at an event, with its code
pub mod webinars; // free webinar registration
