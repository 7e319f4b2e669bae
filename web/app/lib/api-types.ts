// Names for the API's types, all taken from the schema generated out of the server's OpenAPI
// document (app/lib/api-schema.d.ts; regenerate with `make api-types`, drift fails `make test`).
// Nothing here is written by hand: a type the web needs by name gets an alias here.
import type { components } from "@/lib/api-schema";

type Schemas = components["schemas"];

export type ErrorBody = Schemas["ErrorBody"];
export type Session = Schemas["Session"];
export type LoginRequest = Schemas["LoginRequest"];
export type RefreshRequest = Schemas["RefreshRequest"];
export type NewPasswordRequest = Schemas["NewPasswordRequest"];
export type AdminAccounts = Schemas["AdminAccounts"];
export type AdminAccount = Schemas["AdminAccount"];
export type PendingInvitation = Schemas["PendingInvitation"];
export type SubscribeRequest = Schemas["SubscribeRequest"];
export type ContactRequest = Schemas["ContactRequest"];
export type WebinarRegistrationRequest = Schemas["WebinarRegistrationRequest"];
export type BookingRequest = Schemas["BookingRequest"];

export type Review = Schemas["Review"];
export type ReviewList = Schemas["ReviewList"];
export type ReviewInput = Schemas["ReviewInput"];
export type MediaImage = Schemas["MediaImage"];
export type MediaItem = Schemas["MediaItem"];
export type MediaSlot = Schemas["Slot"];
export type SlotChoice = Schemas["SlotChoice"];
export type ReviewStatus = Schemas["ReviewStatus"];
export type ReviewInvitation = Schemas["ReviewInvitation"];
export type ParticipantReviewRequest = Schemas["ParticipantReviewRequest"];
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
export type NotificationSettings = Schemas["NotificationSettings"];
export type NotificationSettingsForm = Schemas["NotificationSettingsForm"];
export type BusinessDetails = Schemas["BusinessDetails"];
export type BusinessDetailsForm = Schemas["BusinessDetailsForm"];
export type GoLiveCheck = Schemas["GoLiveCheck"];
export type Enrolment = Schemas["Enrolment"];
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
export type RefundableTicket = Schemas["RefundableTicket"];
export type InvoiceSummary = Schemas["InvoiceSummary"];
export type InvoiceKind = Schemas["InvoiceKind"];
export type InvoiceFormat = Schemas["InvoiceFormat"];
export type AdminInvoice = Schemas["AdminInvoice"];
export type AdminInvoicePage = Schemas["Page_AdminInvoice"];
export type InvoiceTotals = Schemas["InvoiceTotals"];
export type PeriodTotal = Schemas["PeriodTotal"];
export type Ticket = Schemas["Ticket"];
export type WaitlistRequest = Schemas["WaitlistRequest"];
export type WaitlistEntry = Schemas["WaitlistEntry"];
export type WaitlistStatus = Schemas["WaitlistStatus"];
export type AttendeeMessage = Schemas["AttendeeMessage"];
export type AttendeeMessageInput = Schemas["AttendeeMessageInput"];
export type Campaign = Schemas["Campaign"];
export type CampaignInput = Schemas["CampaignInput"];
export type PreviewInput = Schemas["PreviewInput"];
export type AudienceOption = Schemas["AudienceOption"];

// Closed sets, as the server declares them (one enum each, so the unions are generated too).
export type EventKind = Schemas["EventKind"];
export type EventStatus = Schemas["EventStatus"];
export type When = Schemas["When"];
export type SubscriberStatus = Schemas["SubscriberStatus"];
export type CampaignStatus = Schemas["CampaignStatus"];
export type Audience = Schemas["Audience"];
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

export type Person = Schemas["Person"];
export type RecordKind = Schemas["RecordKind"];
export type TimelineEntry = Schemas["TimelineEntry"];
export type PersonTimeline = Schemas["PersonTimeline"];
export type ExportFormat = Schemas["ExportFormat"];
export type ErasureRecord = Schemas["ErasureRecord"];
export type ErasureCounts = Schemas["ErasureCounts"];
export type Delivery = Schemas["Delivery"];
export type EnrolmentStatus = Schemas["EnrolmentStatus"];
export type EnrolmentMethod = Schemas["EnrolmentMethod"];

export type MailKind = Schemas["MailKind"];
export type MailText = Schemas["MailText"];
export type MailTextInput = Schemas["MailTextInput"];
export type MailTextSummary = Schemas["MailTextSummary"];
export type PageTexts = Schemas["PageTexts"];
export type PageBlock = Schemas["PageBlock"];
export type PageBlockInput = Schemas["PageBlockInput"];
export type PageBlockVersion = Schemas["PageBlockVersion"];
