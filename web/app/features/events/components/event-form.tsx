import { useEffect, type ReactNode } from "react";
import { toast } from "@/components/ui/toast";
import { getCourse, site } from "@/config/site";
import { InputField, SelectField, TextareaField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { useForm } from "@/components/form/use-form";
import { adminButton } from "@/components/admin/styles";
import { labelClass } from "@/components/form/styles";
import { useCreateEvent } from "@/features/events/api/create-event";
import { useUpdateEvent } from "@/features/events/api/update-event";
import { centsToEuroInput } from "@/lib/euro";
import { EVENT_STATUSES, eventKindLabel, eventStatusLabel, seatsText } from "@/lib/event-labels";
import {
  EVENT_LIMITS,
  eventFormToInput,
  eventToForm,
  validateEvent,
  type EventField,
  type EventFormValues,
} from "@/features/events/lib/event-validation";
import type { AdminEvent, EventKind, EventStatus } from "@/lib/api-types";
import { formatDateTime } from "@/lib/format";

/** A new zelfbeeld date starts from the course's name and price and the practice's town. */
export function newZelfbeeldEventForm(): EventFormValues {
  const course = getCourse("zelfbeeld-ommekeer");
  return {
    title: course.name,
    description: "",
    starts_at: "",
    ends_at: "",
    venue_name: "",
    street: "",
    postal_code: site.contact.postalCode,
    city: site.contact.city,
    capacity: "12",
    price: centsToEuroInput(course.priceCents),
    status: "draft",
    image_id: null,
  };
}

/**
 * A new event of a kind: a zelfbeeld date as above; a storytelling evening in the practice's
 * town; a webinar online. The price comes from the kind's product once it is known.
 */
export function newEventForm(kind: EventKind, productPriceCents?: number | null): EventFormValues {
  if (kind === "zelfbeeld") return newZelfbeeldEventForm();
  const price = productPriceCents === undefined || productPriceCents === null ? "" : centsToEuroInput(productPriceCents);
  const base: EventFormValues = {
    title: eventKindLabel(kind),
    description: "",
    starts_at: "",
    ends_at: "",
    venue_name: "",
    street: "",
    postal_code: "",
    city: "",
    online_url: "",
    capacity: "",
    price,
    status: "draft",
    image_id: null,
  };
  return kind === "webinar"
    ? { ...base, capacity: "100", price: price || "0,00" }
    : { ...base, postal_code: site.contact.postalCode, city: site.contact.city, capacity: "30" };
}

const statusHints: Record<EventStatus, string> = {
  draft: "Concept: nog niet zichtbaar op de website.",
  published: "Gepubliceerd: zichtbaar op de website en te boeken.",
  cancelled: "Geannuleerd: blijft zichtbaar als geannuleerd, niet meer te boeken.",
};

interface EventFormProps {
  event: AdminEvent | null;
  kind: EventKind;
  /** The price of the kind's product, for a new event (vertelavond, webinar). */
  productPriceCents?: number | null;
  onDone: () => void;
  /** The photo picker from the media library, composed in by the route (features stay apart). */
  imagePicker?: ImagePicker;
}

export type ImagePicker = (props: { value: number | null; onChange: (id: number | null) => void; error?: string }) => ReactNode;

/** Create or edit an event date. Times are Brussels time, sent exactly as typed. */
export function EventForm({ event, kind, productPriceCents, onDone, imagePicker }: EventFormProps) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const seatsTaken = event?.seats_taken ?? 0;
  const { values, set, field, errors, formError, formRef, submitting, onSubmit } = useForm<EventFormValues, EventField>({
    initial: () => (event ? eventToForm(event) : newEventForm(kind, productPriceCents)),
    validate: (values) => validateEvent(values, seatsTaken),
    async submit(values) {
      const input = eventFormToInput(values, kind, event?.online_url ?? null);
      const saved = event ? await update.mutateAsync({ id: event.id, input }) : await create.mutateAsync(input);
      toast.success(event ? "Datum opgeslagen" : "Datum toegevoegd", {
        description: `${saved.title}, ${formatDateTime(saved.starts_at)} (${eventStatusLabel(saved.status).toLowerCase()}).`,
      });
      onDone();
    },
  });

  // A new event's price follows the product's once that has loaded (unless already typed).
  useEffect(() => {
    if (!event && !values.price && productPriceCents !== undefined && productPriceCents !== null)
      set("price", centsToEuroInput(productPriceCents));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the product's price arriving fills the field, not the coach's own edits
  }, [productPriceCents]);

  const online = kind === "webinar" || Boolean(event?.online_url);
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormAlert message={formError} />
      {event ? (
        <p className="rounded-xl bg-teal-soft p-3 text-sm text-ink">{seatsText(event.seats_taken, event.capacity)}.</p>
      ) : null}
      <InputField label="Titel" {...field("title")} type="text" autoComplete="off" maxLength={EVENT_LIMITS.title} />
      <TextareaField label="Beschrijving" optional {...field("description")} rows={3} />
      {imagePicker?.({ value: values.image_id, onChange: (id) => set("image_id", id), error: errors.image_id })}
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Begin" {...field("starts_at")} hint="Datum en uur, Belgische tijd." type="datetime-local" />
        <InputField
          label="Einde"
          {...field("ends_at")}
          hint="Bij meerdere dagen: de laatste dag."
          type="datetime-local"
          min={values.starts_at || undefined}
        />
      </div>
      <fieldset className="grid gap-4 rounded-xl border border-sand p-4">
        <legend className={`${labelClass} px-1`}>Locatie</legend>
        <InputField label="Naam van de locatie" optional {...field("venue_name")} type="text" autoComplete="off" />
        <InputField label="Straat en nummer" optional {...field("street")} type="text" autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-[13rem_1fr]">
          <InputField label="Postcode" optional {...field("postal_code")} type="text" inputMode="numeric" autoComplete="off" />
          <InputField label="Gemeente" optional {...field("city")} type="text" autoComplete="off" />
        </div>
      </fieldset>
      {online ? (
        <InputField
          label="Link voor deelnemers"
          optional
          name="online_url"
          value={values.online_url ?? ""}
          onChange={(e) => set("online_url", e.target.value)}
          error={errors.online_url}
          hint="De link naar de online sessie (https://…), komt in de bevestigingsmail."
          type="url"
          autoComplete="off"
        />
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Aantal plaatsen"
          {...field("capacity")}
          hint={seatsTaken > 0 ? `Minstens ${seatsTaken}: zoveel zijn er al geboekt.` : undefined}
          type="number"
          inputMode="numeric"
          min={Math.max(1, seatsTaken)}
          max={EVENT_LIMITS.capacity}
          step={1}
        />
        <InputField
          label="Prijs in euro"
          {...field("price")}
          error={errors.price_cents}
          hint="Incl. btw, bv. 1500 of 1.500,00."
          type="text"
          inputMode="decimal"
          autoComplete="off"
          unit="€"
        />
      </div>
      <SelectField label="Status" {...field("status")} hint={statusHints[values.status]}>
        {EVENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {eventStatusLabel(s)}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} disabled={submitting} className={adminButton("quiet")}>
          Annuleren
        </button>
        <button type="submit" disabled={submitting} className={adminButton("primary")}>
          {submitting ? "Bezig..." : event ? "Wijzigingen opslaan" : "Datum toevoegen"}
        </button>
      </div>
    </form>
  );
}
