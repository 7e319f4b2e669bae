import type { ReactNode } from "react";
import type { ImagePicker } from "@/features/events/components/event-form";
import { EventsAdmin } from "@/features/events/components/events-admin";
import type { AdminEvent } from "@/lib/api-types";

export { eventPeriod } from "@/features/events/components/events-admin";

/** The zelfbeeld course dates: upcoming and past in two tabs; add, edit, cancel, delete; bookings per date. */
export function ZelfbeeldEventsAdmin({
  bookings,
  imagePicker,
}: {
  bookings?: (event: AdminEvent) => ReactNode;
  imagePicker?: ImagePicker;
}) {
  return (
    <EventsAdmin
      title="Zelfbeeld-events"
      intro={
        <p>
          De data van De Zelfbeeld-Ommekeer. Gepubliceerde komende data verschijnen op de website, met het aantal vrije
          plaatsen.
        </p>
      }
      kinds={["zelfbeeld"]}
      attendees={bookings}
      imagePicker={imagePicker}
    />
  );
}
