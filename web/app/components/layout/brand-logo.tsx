import { Link } from "react-router";
import { Live } from "@/components/ui/live";
import { PagePhoto } from "@/components/ui/page-photo";
import { site } from "@/config/site";

/** Logo + brand name, linking home; its name is the brand's text (live) and where it leads. */
export function BrandLogo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" onClick={onNavigate} className="flex items-center gap-3 rounded-md no-underline">
      {/* Her own logo when she uploaded one (Beheer > Instellingen), 2.5rem high. */}
      <PagePhoto as="span" slot="logo" sizes="160px" imgClassName="h-10 w-auto max-w-40 object-contain">
        <img src={site.logo} alt="" width={40} height={40} className="h-10 w-10" />
      </PagePhoto>
      <span className="whitespace-nowrap font-serif text-2xl font-semibold tracking-wide text-ink">
        <Live field="brand" />
      </span>
      <span className="sr-only"> – naar de startpagina</span>
    </Link>
  );
}
