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
