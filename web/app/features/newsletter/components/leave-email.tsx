import type { ReactNode } from "react";
import { Later, type LaterBlock } from "@/components/ui/block";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";

/** Its words, shown only once the dates have loaded (register them with `<LaterBlocks>`). */
export const leaveEmailTexts = {
  inline: {
    name: "shared.leave-email.text",
    text: "Laat je e-mailadres achter: je hoort het als eerste wanneer er een nieuwe datum is.",
  },
  link: { name: "shared.leave-email.link", text: "Laat je e-mailadres achter", label: true },
  after: { name: "shared.leave-email.after", text: "en je hoort het als eerste wanneer er een nieuwe datum is." },
} satisfies Record<string, LaterBlock>;

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
          <Later block={leaveEmailTexts.inline} as="p" className="mt-2 block text-ink-soft" />
          <div className="mt-6">
            <NewsletterForm />
          </div>
        </>
      ) : (
        <p className="mt-2 text-ink-soft">
          <a href={form} className="text-link">
            <Later block={leaveEmailTexts.link} />
          </a>{" "}
          <Later block={leaveEmailTexts.after} />
        </p>
      )}
    </div>
  );
}
