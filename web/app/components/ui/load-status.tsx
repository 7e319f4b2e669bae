// What a public page shows while its live data (dates, prices, a payment) loads, or when it could not.
export function EventsLoading() {
  return (
    <p role="status" className="text-ink-soft">
      Laden...
    </p>
  );
}

export function EventsError() {
  return (
    <p role="alert" className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
      De data konden nu niet geladen worden. Probeer het later opnieuw, of neem gerust contact op.
    </p>
  );
}
