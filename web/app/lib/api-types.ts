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
export type ReviewList = Schemas["ReviewList"];
export type ReviewInput = Schemas["ReviewInput"];
export type DrempelVideo = Schemas["DrempelVideo"];
export type DrempelVideoInput = Schemas["DrempelVideoInput"];
export type Direction = Schemas["Direction"];
/** A published event as the public pages show it (named so it does not hide the DOM's `Event`). */
export type PublicEvent = Schemas["Event"];
export type EventList = Schemas["EventList"];
export type AdminEvent = Schemas["AdminEvent"];
export type AdminEventPage = Schemas["Page_AdminEvent"];
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
export type CheckoutStarted = Schemas["CheckoutStarted"];
export type OrderSummary = Schemas["OrderSummary"];
export type Coupon = Schemas["Coupon"];
export type CouponInput = Schemas["CouponInput"];
export type AdminOrder = Schemas["AdminOrder"];
export type AdminOrderPage = Schemas["Page_AdminOrder"];
export type AdminOrderDetail = Schemas["AdminOrderDetail"];
export type Ticket = Schemas["Ticket"];

// Closed sets, as the server declares them (one enum each, so the unions are generated too).
export type EventKind = Schemas["EventKind"];
export type EventStatus = Schemas["EventStatus"];
export type When = Schemas["When"];
export type SubscriberStatus = Schemas["SubscriberStatus"];
export type CallMode = Schemas["CallMode"];
export type ContactSubject = Schemas["ContactSubject"];
export type MessageStatus = Schemas["MessageStatus"];
export type Folder = Schemas["Folder"];
export type OrderStatus = Schemas["OrderStatus"];
export type OrderHistoryStatus = Schemas["OrderHistoryStatus"];
export type OrderFilter = Schemas["OrderFilter"];
export type PaymentProviderKind = Schemas["PaymentProviderKind"];
export type TicketStatus = Schemas["TicketStatus"];
export type DiscountKind = Schemas["DiscountKind"];
export type SimulatedButton = Schemas["SimulatedButton"];
