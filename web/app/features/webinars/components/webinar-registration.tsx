import { Later, type LaterBlock } from "@/components/ui/block";
import { Message, toastLine } from "@/components/form/client-messages";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { InputField } from "@/components/form/field";
import { serverMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { ButtonLink, buttonClasses } from "@/components/ui/button-link";
import { registerForWebinar } from "@/features/webinars/api/register";
import type { PublicEvent } from "@/lib/api-types";
import { isBookable } from "@/lib/availability";

/** The form's words (shown once the webinars loaded; the webinar page registers them). */
export const webinarRegistrationTexts = {
  pay: { name: "webinar-reeks.form.pay", text: "Inschrijven en betalen", label: true },
  name: { name: "webinar-reeks.form.name", text: "Naam" },
  email: { name: "webinar-reeks.form.email", text: "E-mailadres" },
  button: { name: "webinar-reeks.form.button", text: "Gratis inschrijven", label: true },
  busy: { name: "shared.form.busy", text: "Bezig...", label: true },
  success: { name: "webinar-reeks.form.success", text: "Ingeschreven!" },
  error: { name: "shared.form.error", text: "Er is iets misgegaan" },
  errorText: { name: "shared.form.error-text", text: "Probeer het later opnieuw." },
} satisfies Record<string, LaterBlock>;
const t = webinarRegistrationTexts;

/** Free webinars: name and e-mail here; paid ones go to the checkout. */
export function WebinarRegistration({ event }: { event: PublicEvent }) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const { field, formRef, submitting, onSubmit } = useForm({
    initial: () => ({ name: "", email: "" }),
    async submit(v) {
      const result = await registerForWebinar(event.id, { name: v.name.trim(), email: v.email.trim() });
      // One answer whether or not the address was registered already (the server never says).
      toast.success(<Later block={t.success} />, { description: <Message>{result.message}</Message> });
      setDone(result.message);
      void queryClient.invalidateQueries({ queryKey: ["events"] });
    },
    onError: (error) =>
      toast.error(<Later block={t.error} />, { description: toastLine(t.errorText, serverMessage(error)) }),
  });

  if (!isBookable(event)) return null;
  if (event.price_cents > 0) {
    return (
      <ButtonLink to={`/checkout?product=webinar&event=${event.id}`}>
        <Later block={t.pay} />
        <span className="sr-only"> voor {event.title}</span>
      </ButtonLink>
    );
  }
  if (done) {
    return (
      <p role="status" data-from="server" className="rounded-xl bg-teal-soft p-4 font-medium text-ink">
        {done}
      </p>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label={`Inschrijven voor ${event.title}`} className="grid gap-3">
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
