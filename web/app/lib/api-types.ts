// Names for the API's types, all taken from the schema generated out of the server's OpenAPI
// document (app/lib/api-schema.d.ts; regenerate with `make api-types`, drift fails `make test`).
// Nothing here is written by hand: a type the web needs by name gets an alias here.
import type { components } from "@/lib/api-schema";

type Schemas = components["schemas"];

export type ErrorBody = Schemas["ErrorBody"];
export type Session = Schemas["Session"];
export type LoginRequest = Schemas["LoginRequest"];
export type RefreshRequest = Schemas["RefreshRequest"];
export type SubscribeRequest = Schemas["SubscribeRequest"];
export type ContactRequest = Schemas["ContactRequest"];
export type WebinarRegistrationRequest = Schemas["WebinarRegistrationRequest"];
export type BookingRequest = Schemas["BookingRequest"];

export type Review = Schemas["Review"];
export type ReviewInput = Schemas["ReviewInput"];
export type DrempelVideo = Schemas["DrempelVideo"];
export type DrempelVideoInput = Schemas["DrempelVideoInput"];
export type Direction = Schemas["Direction"];
/** A published event as the public pages show it (named so it does not hide the DOM's `Event`). */
export type PublicEvent = Schemas["Event"];
export type AdminEvent = Schemas["AdminEvent"];
export type EventInput = Schemas["EventInput"];
export type MonthlyRevenue = Schemas["MonthlyRevenue"];
export type EventTickets = Schemas["EventTickets"];
export type WeeklySignups = Schemas["WeeklySignups"];

export type SlotDay = Schemas["SlotDay"];
export type BookingResponse = Schemas["BookingResponse"];
export type ManagedCall = Schemas["ManagedCall"];
export type IntroCall = Schemas["IntroCall"];
export type AvailabilityForm = Schemas["AvailabilityForm"];
export type ContactMessage = Schemas["ContactMessage"];

export type ProductDetail = Schemas["ProductDetail"];
export type Quote = Schemas["Quote"];
export type OrderRequest = Schemas["OrderRequest"];
export type CheckoutRequest = Schemas["CheckoutRequest"];
export type OrderSummary = Schemas["OrderSummary"];
export type Coupon = Schemas["Coupon"];
export type CouponInput = Schemas["CouponInput"];
export type AdminOrder = Schemas["AdminOrder"];
export type AdminOrderDetail = Schemas["AdminOrderDetail"];
export type Ticket = Schemas["Ticket"];

// Closed sets: the schema's own values (a union once the server declares the enum).
export type EventKind = PublicEvent["kind"];
export type EventStatus = PublicEvent["status"];
export type SubscriberStatus = Schemas["Subscriber"]["status"];
export type CallMode = IntroCall["mode"];
export type MessageStatus = ContactMessage["status"];
export type OrderStatus = AdminOrder["status"];
export type TicketStatus = Ticket["status"];
export type DiscountKind = Coupon["discount_kind"];
export type SimulatedOutcome = Schemas["SimulatedOutcome"]["outcome"];
