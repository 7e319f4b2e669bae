import { useSearchParams } from "react-router";
import { MediaPicker } from "@/features/media/components/media-picker";
import { ZelfbeeldEventsAdmin } from "@/features/events/components/zelfbeeld-events-admin";
import { TicketsList } from "@/features/orders/components/tickets-list";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Zelfbeeld-events", path: "/admin/zelfbeeld-events", noindex: true });
}

export default function AdminZelfbeeldEvents() {
  // A ?ticket= link (the admin search) starts the booking list afresh with that code.
  const [params] = useSearchParams();
  return (
    <ZelfbeeldEventsAdmin
      bookings={(event) => <TicketsList key={`${event.id}-${params.get("ticket") ?? ""}`} event={event} />}
      imagePicker={(picker) => <MediaPicker label="Foto van de activiteit" {...picker} />}
    />
  );
}
