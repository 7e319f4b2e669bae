import { Send } from "lucide-react";
import { InputField, TextareaField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { useForm } from "@/components/form/use-form";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { toast } from "@/components/ui/toast";
import { useAttendeeMessages } from "@/features/attendee-messages/api/list-messages";
import { useSendAttendeeMessage } from "@/features/attendee-messages/api/send-message";
import type { AdminEvent } from "@/lib/api-types";
import { formatShortDate, formatTime } from "@/lib/format";

type MessageField = "subject" | "text";

/** Write to everyone with a seat at this event (e.g. a change of venue); earlier messages below. */
export function AttendeeMessages({ event }: { event: AdminEvent }) {
  const history = useAttendeeMessages(event.id);
  const send = useSendAttendeeMessage(event.id);
  const form = useForm<{ subject: string; text: string }, MessageField>({
    initial: () => ({ subject: "", text: "" }),
    validate: (v) => ({
      subject: v.subject.trim() ? undefined : "Vul een onderwerp in.",
      text: v.text.trim() ? undefined : "Schrijf een bericht.",
    }),
    async submit(v) {
      const sent = await send.mutateAsync({ subject: v.subject.trim(), text: v.text.trim() });
      toast.success("Bericht verstuurd", {
        description: `Het bericht gaat naar ${sent.recipients} ${sent.recipients === 1 ? "adres" : "adressen"}.`,
      });
      form.reset();
    },
  });
  const headingId = `bericht-${event.id}`;

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h3 id={headingId} className="text-xl">
        Schrijf naar de deelnemers
      </h3>
      <p className="mt-1 text-ink-soft">
        Iedereen met een geldig ticket krijgt één e-mail, ook wie meerdere tickets heeft. Antwoorden komen bij jou toe.
      </p>
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate aria-labelledby={headingId} className={`${cardClass} mt-4 grid gap-4`}>
        <FormAlert message={form.formError} />
        <InputField label="Onderwerp" {...form.field("subject")} type="text" required maxLength={150} />
        <TextareaField label="Bericht" {...form.field("text")} required rows={6} maxLength={5000} hint="Een witregel begint een nieuwe alinea." />
        <div>
          <button type="submit" disabled={form.submitting} className={adminButton("primary")}>
            <Send aria-hidden="true" className="h-5 w-5" />
            {form.submitting ? "Bezig..." : "Verstuur naar alle deelnemers"}
          </button>
        </div>
      </form>

      <h4 className="mt-8 text-lg">Eerder verstuurd</h4>
      {history.isPending ? (
        <LoadingBlock label="Berichten laden..." />
      ) : history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.messages.length === 0 ? (
        <p className="mt-2 text-ink-soft">Je schreef nog niet naar de deelnemers van deze datum.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {history.data.messages.map((m) => (
            <li key={m.id} className={cardClass}>
              <p className="font-semibold text-ink">{m.subject}</p>
              <p className="text-sm text-ink-soft">
                {formatShortDate(m.created_at)}, {formatTime(m.created_at)} · naar {m.recipients}{" "}
                {m.recipients === 1 ? "adres" : "adressen"} · door {m.sent_by}
              </p>
              <p className="mt-2 whitespace-pre-line text-ink">{m.text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
