// The API's types, taken from the schema generated out of the server's OpenAPI document
// (app/lib/api-schema.d.ts; regenerate with `make api-types`, drift fails `make test`).
import type { components } from "@/lib/api-schema";

type Schemas = components["schemas"];

export type ApiErrorBody = Schemas["ErrorBody"];
export type Review = Schemas["Review"];
export type ReviewsResponse = Schemas["ReviewList"];
export type NewsletterSignupRequest = Required<Schemas["SubscribeRequest"]>;
export type NewsletterSignupResponse = Schemas["SubscribeResponse"];
export type NewsletterTokenRequest = Required<Schemas["TokenRequest"]>;
export type NewsletterStatusResponse = Schemas["StatusResponse"];
export type PublicEvent = Schemas["Event"];
export type UpcomingEventsResponse = Schemas["EventList"];

/** The event kinds the server knows (the `kind` query parameter of /api/events/upcoming). */
export type EventKind = "vertelavond" | "zelfbeeld" | "webinar";

// Admin area (issue 3). The generated schema names follow the admin API contract. Fields the
// contract lists as `T | null` come out optional in the schema; Required<> puts them back.
export type Session = Schemas["Session"];
export type SessionUser = Schemas["SessionUser"];
export type LoginRequest = Schemas["LoginRequest"];
export type RefreshRequest = Schemas["RefreshRequest"];
export type ReviewInput = Required<Schemas["ReviewInput"]>;
export type ReviewPage = Schemas["ReviewPage"];
export type DrempelVideo = Schemas["DrempelVideo"];
export type DrempelVideoInput = Schemas["DrempelVideoInput"];
export type DrempelVideoPage = Schemas["DrempelVideoPage"];
export type DrempelVideoList = Schemas["DrempelVideoList"];
export type MoveRequest = Schemas["MoveRequest"];
export type AdminEvent = Schemas["AdminEvent"];
export type EventInput = Required<Schemas["EventInput"]>;
export type AdminEventPage = Schemas["AdminEventPage"];
export type Subscriber = Required<Schemas["Subscriber"]>;
export type SubscriberPage = Schemas["SubscriberPage"];
export type DashboardSummary = Schemas["DashboardSummary"];
export type SubscriberCounts = Schemas["SubscriberCounts"];
export type WeeklySignups = Schemas["WeeklySignups"];
export type ReviewStats = Required<Schemas["ReviewStats"]>;

/** The roles a signed-in user can have; only "admin" may use the admin API. */
export type UserRole = "admin" | "user";
/** Event status as stored by the server. */
export type EventStatus = "draft" | "published" | "cancelled";
/** Newsletter subscriber status. */
export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";

// Intro calls, contact and webinar registration (issue 5).
export type SlotList = Schemas["SlotList"];
export type SlotDay = Schemas["SlotDay"];
export type FreeSlot = Schemas["FreeSlot"];
export type BookingRequest = Required<Schemas["BookingRequest"]>;
export type BookingResponse = Schemas["BookingResponse"];
export type ManagedCall = Schemas["ManagedCall"];
export type CallStatus = Schemas["CallStatus"];
export type IntroCall = Schemas["IntroCall"];
export type IntroCallPage = Schemas["IntroCallPage"];
export type AvailabilityForm = Schemas["AvailabilityForm"];
export type WeeklyRange = Schemas["WeeklyRange"];
export type BlockedDays = Schemas["BlockedDays"];
export type ContactRequest = Required<Schemas["ContactRequest"]>;
export type ContactResponse = Schemas["ContactResponse"];
export type ContactMessage = Schemas["ContactMessage"];
export type MessagePage = Schemas["MessagePage"];
export type WebinarRegistrationRequest = Required<Schemas["WebinarRegistrationRequest"]>;
export type WebinarRegistrationResponse = Schemas["WebinarRegistrationResponse"];

/** How an intro call takes place. */
export type CallMode = "phone" | "video" | "in_person";
/** Contact message status. */
export type MessageStatus = "unread" | "read" | "archived";
