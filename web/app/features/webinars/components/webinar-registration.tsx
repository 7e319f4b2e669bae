import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { ButtonLink, buttonClasses } from "@/components/ui/button-link";
import { isCancelled, isSoldOut } from "@/features/events/components/event-details";
import { registerForWebinar } from "@/features/webinars/api/register";
import type { PublicEvent } from "@/lib/api-types";

const inputClass =
  "mt-1 block w-full rounded-xl border border-ink-soft/40 bg-paper px-4 py-3 text-base text-ink placeholder:text-ink-soft/70 focus-visible:border-teal";

/** Free webinars: name and e-mail here; paid ones go to the checkout. */
export function WebinarRegistration({ event }: { event: PublicEvent }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (isCancelled(event) || isSoldOut(event)) return null;
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

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const result = await registerForWebinar(event.id, { name: name.trim(), email: email.trim() });
      toast.success(result.status === "registered" ? "Ingeschreven!" : "Je was al ingeschreven", {
        description: result.message,
      });
      setDone(result.message);
      void queryClient.invalidateQueries({ queryKey: ["events"] });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : "Probeer het later opnieuw.";
      toast.error("Er is iets misgegaan", { description: message });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label={`Inschrijven voor ${event.title}`} className="grid gap-3">
      <div>
        <label htmlFor={`${id}-naam`} className="font-medium text-ink">
          Naam
        </label>
        <input
          id={`${id}-naam`}
          type="text"
          required
          maxLength={100}
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="font-medium text-ink">
          E-mailadres
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className={inputClass}
        />
      </div>
      <div>
        <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
          {submitting ? "Bezig..." : "Gratis inschrijven"}
        </button>
      </div>
    </form>
  );
}
