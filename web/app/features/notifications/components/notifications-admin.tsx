import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { InputField, SelectField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { useForm } from "@/components/form/use-form";
import { useNotificationSettings, useSaveNotificationSettings } from "@/features/notifications/api/notification-settings";
import { useRenewCalendarLink } from "@/features/notifications/api/renew-calendar-link";
import type { Delivery, NotificationSettings } from "@/lib/api-types";
import { formatDateAt } from "@/lib/format";
import { meetingLinkError } from "@/lib/meeting-link";

const DELIVERIES: { value: Delivery; label: string }[] = [
  { value: "immediate", label: "Meteen een e-mail" },
  { value: "daily", label: "Eén samenvatting per dag" },
];

const KINDS = [
  { key: "orders", label: "Bestellingen", hint: "Cursussen en tickets die betaald zijn." },
  { key: "bookings", label: "Zelfbeeld-boekingen", hint: "Betaalde plaatsen voor De Zelfbeeld-Ommekeer." },
  { key: "webinars", label: "Webinarinschrijvingen", hint: "Gratis inschrijvingen voor een webinar." },
  { key: "intro_calls", label: "Kennismakingsgesprekken", hint: "Geboekt, verplaatst of geannuleerd, met een agenda-bestand." },
] as const;

type Values = {
  orders: Delivery;
  bookings: Delivery;
  webinars: Delivery;
  intro_calls: Delivery;
  summary_time: string;
  meeting_url: string;
};
type FieldName = keyof Values;

function validate(v: Values) {
  const errors: Partial<Record<FieldName, string>> = {};
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.summary_time)) errors.summary_time = "Vul een tijdstip in als UU:MM, bijvoorbeeld 08:00.";
  const link = meetingLinkError(v.meeting_url);
  if (link) errors.meeting_url = link;
  return errors;
}

function SettingsForm({ saved }: { saved: NotificationSettings }) {
  const save = useSaveNotificationSettings();
  const { field, formError, formRef, submitting, onSubmit } = useForm<Values, FieldName>({
    initial: () => ({
      orders: saved.orders,
      bookings: saved.bookings,
      webinars: saved.webinars,
      intro_calls: saved.intro_calls,
      summary_time: saved.summary_time,
      meeting_url: saved.meeting_url ?? "",
    }),
    validate,
    async submit(v) {
      await save.mutateAsync({ ...v, meeting_url: v.meeting_url.trim() || null });
      toast.success("Meldingen opgeslagen");
    },
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-8 grid gap-8">
      <FormAlert message={formError} />
      <section className={cardClass} aria-labelledby="meldingen">
        <h2 id="meldingen" className="text-xl">
          Hoe hoor je het?
        </h2>
        <p className="mt-1 text-ink-soft">
          Per soort: meteen een e-mail, of alles samen in één e-mail per dag. Berichten van het contactformulier krijg je
          altijd meteen.
        </p>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          {KINDS.map((kind) => (
            <SelectField key={kind.key} label={kind.label} hint={kind.hint} {...field(kind.key)}>
              {DELIVERIES.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </SelectField>
          ))}
          <InputField
            label="Tijdstip van de dagelijkse samenvatting"
            type="time"
            {...field("summary_time")}
            hint="Belgische tijd. Alles van de voorbije dag komt in die ene e-mail."
          />
        </div>
      </section>
      <section className={cardClass} aria-labelledby="video">
        <h2 id="video" className="text-xl">
          Videogesprekken
        </h2>
        <InputField
          className="mt-4"
          label="Standaardlink voor videogesprekken"
          type="url"
          inputMode="url"
          optional
          placeholder="https://meet.jit.si/in-lumine"
          {...field("meeting_url")}
          hint="Gaat mee in de bevestiging en de herinnering van elk kennismakingsgesprek via video. Per gesprek pas je hem aan in Afspraken."
        />
      </section>
      <div className="flex justify-end">
        <button type="submit" disabled={submitting} className={adminButton("primary")}>
          {submitting ? "Bezig..." : "Meldingen opslaan"}
        </button>
      </div>
    </form>
  );
}

function CalendarLink({ saved }: { saved: NotificationSettings }) {
  const renew = useRenewCalendarLink();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function make() {
    try {
      const link = await renew.mutateAsync();
      setUrl(link.url);
      setConfirming(false);
      toast.success("Nieuwe agendalink gemaakt");
    } catch {
      toast.error("Een nieuwe link maken lukte niet. Probeer het opnieuw.");
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link gekopieerd");
    } catch {
      toast.error("Kopiëren lukte niet; selecteer de link en kopieer hem zelf.");
    }
  }

  return (
    <section className={`${cardClass} mt-8`} aria-labelledby="agenda">
      <h2 id="agenda" className="text-xl">
        Je agenda op je telefoon
      </h2>
      <p className="mt-1 text-ink-soft">
        Abonneer je in de agenda van je telefoon (Agenda toevoegen › Via URL of ‘Abonnement’) op deze privélink: je ziet
        er je kennismakingsgesprekken en events in. Deel hem met niemand. We tonen hem alleen net nadat je hem maakt; ben
        je hem kwijt, maak dan een nieuwe (de oude werkt dan niet meer).
      </p>
      {url ? (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <InputField
            className="min-w-0 flex-1"
            label="Je agendalink"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            controlClassName="font-mono text-sm"
          />
          <button type="button" onClick={() => void copy()} className={adminButton("quiet")}>
            Kopiëren
          </button>
        </div>
      ) : (
        <p className="mt-4 text-ink-soft" data-testid="calendar-status">
          {saved.calendar_feed_active && saved.calendar_feed_created_at
            ? `Er is een agendalink, gemaakt op ${formatDateAt(saved.calendar_feed_created_at)}.`
            : "Je hebt nog geen agendalink."}
        </p>
      )}
      <div className="mt-4">
        <button
          type="button"
          disabled={renew.isPending}
          onClick={() => (saved.calendar_feed_active ? setConfirming(true) : void make())}
          className={adminButton(saved.calendar_feed_active ? "quiet" : "primary")}
        >
          {saved.calendar_feed_active ? "Nieuwe agendalink maken" : "Agendalink maken"}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Nieuwe agendalink maken?"
        confirmLabel="Nieuwe link maken"
        onConfirm={make}
        onCancel={() => setConfirming(false)}
      >
        <p>De huidige link stopt meteen met werken. Abonneer je daarna opnieuw met de nieuwe link.</p>
      </ConfirmDialog>
    </section>
  );
}

/** /admin/meldingen: how the coach hears of sales and bookings, her calendar link, the video link. */
export function NotificationsAdmin() {
  const { data, isPending, isError, error, refetch } = useNotificationSettings();
  return (
    <>
      <PageHeader
        title="Meldingen"
        intro={<p>Hoe je hoort van bestellingen, boekingen, inschrijvingen en gesprekken, en je agenda op je telefoon.</p>}
      />
      {isPending ? (
        <LoadingBlock label="Meldingen laden..." />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <SettingsForm saved={data} />
          <CalendarLink saved={data} />
        </>
      )}
    </>
  );
}
