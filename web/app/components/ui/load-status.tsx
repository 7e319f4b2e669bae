import { Block, Later, type LaterBlock } from "@/components/ui/block";

/** Shown only when a list could not load (registered on every page by the public layout). */
export const loadErrorText = {
  name: "shared.load-error",
  text: "De data konden nu niet geladen worden. Probeer het later opnieuw, of neem gerust contact op.",
} satisfies LaterBlock;

// What a public page shows while its live data (dates, prices, a payment) loads, or when it could not.
export function EventsLoading() {
  return (
    <p role="status" className="text-ink-soft">
      <Block name="shared.loading">Laden...</Block>
    </p>
  );
}

export function EventsError() {
  return (
    <p role="alert" className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
      <Later block={loadErrorText} />
    </p>
  );
}
