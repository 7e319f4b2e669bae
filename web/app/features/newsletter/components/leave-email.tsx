import type { ReactNode } from "react";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";

interface LeaveEmailProps {
  /** The sentence that says why (no date yet, sold out). */
  children: ReactNode;
  /**
   * Where the signup form is: "inline" shows it here; an anchor ("#nieuwsbrief") links to the
   * page's own newsletter section (one form per page keeps the form landmarks unique).
   */
  form?: "inline" | `#${string}`;
}

/** No date to book: say so, and offer to leave an e-mail address for the next one. */
export function LeaveEmail({ children, form = "inline" }: LeaveEmailProps) {
  return (
    <div className="rounded-2xl border border-sand bg-paper p-6 sm:p-8">
      <div className="text-lg text-ink">{children}</div>
      {form === "inline" ? (
        <>
          <p className="mt-2 text-ink-soft">
            Laat je e-mailadres achter: je hoort het als eerste wanneer er een nieuwe datum is.
          </p>
          <div className="mt-6">
            <NewsletterForm />
          </div>
        </>
      ) : (
        <p className="mt-2 text-ink-soft">
          <a href={form} className="text-link">
            Laat je e-mailadres achter
          </a>{" "}
          en je hoort het als eerste wanneer er een nieuwe datum is.
        </p>
      )}
    </div>
  );
}
