import { Later, type LaterBlock } from "@/components/ui/block";
import { Message, toastLine } from "@/components/form/client-messages";
import { useState } from "react";
import { InputField } from "@/components/form/field";
import { serverMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { buttonClasses } from "@/components/ui/button-link";
import { toast } from "@/components/ui/toast";
import { joinWaitlist } from "@/features/waitlist/api/join-waitlist";
import type { PublicEvent } from "@/lib/api-types";
import { formatDateTime } from "@/lib/format";

/** The form's words (shown once the dates loaded; the page registers them). */
export const waitlistTexts = {
  intro: {
    name: "shared.waitlist.intro",
    text: "Deze datum is uitverkocht. Zet je op de wachtlijst: komt er een plaats vrij, dan krijg je als eerste een e-mail en houden we die plaats even voor je vast.",
  },
  name: { name: "shared.waitlist.name", text: "Naam" },
  email: { name: "shared.waitlist.email", text: "E-mailadres" },
  button: { name: "shared.waitlist.button", text: "Zet me op de wachtlijst", label: true },
  busy: { name: "shared.form.busy", text: "Bezig...", label: true },
  success: { name: "shared.waitlist.success", text: "Je staat op de wachtlijst" },
  error: { name: "shared.form.error", text: "Er is iets misgegaan" },
  errorText: { name: "shared.form.error-text", text: "Probeer het later opnieuw." },
} satisfies Record<string, LaterBlock>;
const t = waitlistTexts;

/** A sold-out date: leave name and e-mail, and hear first when a seat comes free. */
export function WaitlistForm({ event }: { event: PublicEvent }) {
  const [done, setDone] = useState<string | null>(null);
  const { field, formRef, submitting, onSubmit } = useForm({
    initial: () => ({ name: "", email: "" }),
    async submit(v) {
      const result = await joinWaitlist(event.id, { name: v.name.trim(), email: v.email.trim() });
      toast.success(<Later block={t.success} />, { description: <Message>{result.message}</Message> });
      setDone(result.message);
    },
    onError: (error) =>
      toast.error(<Later block={t.error} />, { description: toastLine(t.errorText, serverMessage(error)) }),
  });

  if (done) {
    return (
      <p role="status" data-from="server" className="rounded-xl bg-teal-soft p-4 font-medium text-ink">
        {done}
      </p>
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      // Unique per date, so several sold-out dates on one page keep distinct form landmarks.
      aria-label={`Wachtlijst voor ${event.title}, ${formatDateTime(event.starts_at)}`}
      className="grid gap-3"
    >
      <Later block={t.intro} as="p" className="text-ink-soft" />
      <InputField label={<Later block={t.name} />} {...field("name")} type="text" required maxLength={100} autoComplete="name" />
      <InputField label={<Later block={t.email} />} {...field("email")} type="email" required autoComplete="email" />
      <div>
        <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
          {submitting ? <Later block={t.busy} /> : <Later block={t.button} />}
        </button>
      </div>
    </form>
  );
}
