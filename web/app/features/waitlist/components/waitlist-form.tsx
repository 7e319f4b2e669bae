import { useState } from "react";
import { InputField } from "@/components/form/field";
import { serverMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { buttonClasses } from "@/components/ui/button-link";
import { toast } from "@/components/ui/toast";
import { joinWaitlist } from "@/features/waitlist/api/join-waitlist";
import type { PublicEvent } from "@/lib/api-types";
import { formatDateTime } from "@/lib/format";

/** A sold-out date: leave name and e-mail, and hear first when a seat comes free. */
export function WaitlistForm({ event }: { event: PublicEvent }) {
  const [done, setDone] = useState<string | null>(null);
  const { field, formRef, submitting, onSubmit } = useForm({
    initial: () => ({ name: "", email: "" }),
    async submit(v) {
      const result = await joinWaitlist(event.id, { name: v.name.trim(), email: v.email.trim() });
      toast.success("Je staat op de wachtlijst", { description: result.message });
      setDone(result.message);
    },
    onError: (error) =>
      toast.error("Er is iets misgegaan", { description: serverMessage(error) ?? "Probeer het later opnieuw." }),
  });

  if (done) {
    return (
      <p role="status" className="rounded-xl bg-teal-soft p-4 font-medium text-ink">
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
      <p className="text-ink-soft">
        Deze datum is uitverkocht. Zet je op de wachtlijst: komt er een plaats vrij, dan krijg je als eerste een e-mail
        en houden we die plaats even voor je vast.
      </p>
      <InputField label="Naam" {...field("name")} type="text" required maxLength={100} autoComplete="name" />
      <InputField label="E-mailadres" {...field("email")} type="email" required autoComplete="email" />
      <div>
        <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
          {submitting ? "Bezig..." : "Zet me op de wachtlijst"}
        </button>
      </div>
    </form>
  );
}
