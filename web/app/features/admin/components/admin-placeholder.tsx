import { Construction } from "lucide-react";
import { Link } from "react-router";

/** Placeholder for an admin section that a later issue builds. */
export function AdminPlaceholder({ section }: { section: string }) {
  return (
    <div className="rounded-2xl border border-sand bg-paper p-8 shadow-sm">
      <Construction aria-hidden="true" className="h-8 w-8 text-gold-ink" />
      <h1 className="mt-4 text-3xl">Beheer — {section}</h1>
      <p className="mt-3 max-w-xl text-ink-soft">
        Dit onderdeel van het beheer wordt momenteel gebouwd. Binnenkort kan je hier alles zelf beheren.
      </p>
      <Link to="/" className="text-link mt-6 inline-block">
        Naar de publieke website
      </Link>
    </div>
  );
}
