import { Link } from "react-router";
import { site } from "@/config/site";

/** Logo + brand name, linking home. */
export function BrandLogo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className="flex items-center gap-3 rounded-md no-underline"
      aria-label={`${site.brand} – naar de startpagina`}
    >
      <img src={site.logo} alt="" width={40} height={40} className="h-10 w-10" />
      <span className="whitespace-nowrap font-serif text-2xl font-semibold tracking-wide text-ink">{site.brand}</span>
    </Link>
  );
}
