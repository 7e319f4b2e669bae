interface SpinnerProps {
  label?: string;
  className?: string;
}

/** Accessible loading indicator: role="status" with a visually hidden label. */
export function Spinner({ label = "Pagina wordt geladen…", className = "" }: SpinnerProps) {
  return (
    <div role="status" className={`flex items-center justify-center ${className}`}>
      <span
        aria-hidden="true"
        className="inline-block h-10 w-10 animate-spin rounded-full border-4 border-sand border-t-teal"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Shown while a lazily loaded route module is fetched during navigation. */
export function NavigationSpinner() {
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50">
      <div aria-hidden="true" className="h-1 w-full animate-pulse bg-gold" />
      <Spinner className="mt-24" />
    </div>
  );
}
