/**
 * What an island shows when it fails while rendering (an answer it could not have expected): the
 * words of the app's error page (root.tsx, ErrorBoundary) for this part only; the rest of the
 * page, which is HTML, stays as it is.
 */
export function IslandError() {
  return (
    <div role="alert" className="rounded-2xl border border-sand bg-paper p-6">
      <p className="font-serif text-xl text-ink">Unexpected Application Error!</p>
      <p className="mt-2 text-ink-soft">
        Er liep iets onverwachts mis bij het tonen van dit deel van de pagina. Probeer het opnieuw, of{" "}
        <a href="/" className="text-link">
          ga terug naar de startpagina
        </a>
        .
      </p>
    </div>
  );
}
