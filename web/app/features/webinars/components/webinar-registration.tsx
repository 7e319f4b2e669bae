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

/** Free webinars: name and e-mail here; paid ones go to the checkout. */
export function WebinarRegistration({ event }: { event: PublicEvent }) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const { field, formRef, submitting, onSubmit } = useForm({
    initial: () => ({ name: "", email: "" }),
    async submit(v) {
      const result = await registerForWebinar(event.id, { name: v.name.trim(), email: v.email.trim() });
      toast.success(result.status === "registered" ? "Ingeschreven!" : "Je was al ingeschreven", {
        description: result.message,
      });
      setDone(result.message);
      void queryClient.invalidateQueries({ queryKey: ["events"] });
    },
    onError: (error) =>
      toast.error("Er is iets misgegaan", { description: serverMessage(error) ?? "Probeer het later opnieuw." }),
  });

  if (!isBookable(event)) return null;
  if (event.price_cents > 0) {
    return (
      <ButtonLink to={`/checkout?product=webinar&event=${event.id}`}>
        Inschrijven en betalen<span className="sr-only"> voor {event.title}</span>
      </ButtonLink>
    );
  }
  if (done) {
    return (
      <p role="status" className="rounded-xl bg-teal-soft p-4 font-medium text-ink">
        {done}
      </p>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label={`Inschrijven voor ${event.title}`} className="grid gap-3">
      <InputField label="Naam" {...field("name")} type="text" required maxLength={100} autoComplete="name" />
      <InputField label="E-mailadres" {...field("email")} type="email" required autoComplete="email" />
      <div>
        <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
          {submitting ? "Bezig..." : "Gratis inschrijven"}
        </button>
      </div>
    </form>
  );
}
