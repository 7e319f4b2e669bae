import { useSearchParams } from "react-router";
import { MediaPicker } from "@/features/media/components/media-picker";
import { AttendeeMessages } from "@/features/attendee-messages/components/attendee-messages";
import { EventsAdmin } from "@/features/events/components/events-admin";
import { CheckInBox } from "@/features/orders/components/check-in-box";
import { TicketsList } from "@/features/orders/components/tickets-list";
import { WaitlistAdmin } from "@/features/waitlist/components/waitlist-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Tickets", path: "/admin/tickets", noindex: true });
}

export default function AdminTickets() {
  // A ?ticket= link (the admin search) starts the ticket list afresh with that code.
  const [params] = useSearchParams();
  return (
    <EventsAdmin
      title="Tickets"
      intro={
        <p>
          Vertelavonden en webinars: plan de data, volg de verkochte tickets op en check gasten in aan de deur. Kies bij
          een datum ‘Tickets’ om de lijst te zien.
        </p>
      }
      kinds={["vertelavond", "webinar"]}
      top={<CheckInBox />}
      attendees={(event) => (
        <div key={event.id}>
          <TicketsList key={params.get("ticket") ?? ""} event={event} />
          <AttendeeMessages event={event} />
          {event.price_cents > 0 ? <WaitlistAdmin event={event} /> : null}
        </div>
      )}
      imagePicker={(picker) => <MediaPicker label="Foto van de activiteit" {...picker} />}
    />
  );
}
