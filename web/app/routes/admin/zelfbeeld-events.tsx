import { MediaPicker } from "@/features/media/components/media-picker";
import { ZelfbeeldEventsAdmin } from "@/features/events/components/zelfbeeld-events-admin";
import { TicketsList } from "@/features/orders/components/tickets-list";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Zelfbeeld-events", path: "/admin/zelfbeeld-events", noindex: true });
}

export default function AdminZelfbeeldEvents() {
  return (
    <ZelfbeeldEventsAdmin
      bookings={(event) => <TicketsList key={event.id} event={event} />}
      imagePicker={(picker) => <MediaPicker label="Foto van de activiteit" {...picker} />}
    />
  );
}
