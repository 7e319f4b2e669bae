import { ArrowLeft } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Badge } from "@/components/admin/badge";
import { PageHeader } from "@/components/admin/page-header";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { usePageTexts } from "@/features/page-texts/api/page-texts";
import { PageBlockEditor } from "@/features/page-texts/components/page-block-editor";

/** Beheer > Pagina's: the public pages, or the blocks of the one in `?pagina=`. */
export function PageTextsAdmin() {
  const [params] = useSearchParams();
  const route = params.get("pagina");
  const pages = usePageTexts();
  if (pages.isPending) return <LoadingBlock />;
  if (pages.isError) return <LoadError error={pages.error} onRetry={() => void pages.refetch()} />;
  const page = route === null ? undefined : pages.data.find((p) => p.route === route);
  if (!page) {
    return (
      <>
        <PageHeader
          title="Pagina's"
          intro="De teksten van je pagina's in je eigen woorden, en hoe elke pagina in zoekmachines verschijnt. Wat je bewaart, staat meteen op de site; elke vorige versie kan je terugzetten."
        />
        <ul className="mt-8 grid gap-3">
          {pages.data.map((p) => {
            const changed = p.blocks.filter((b) => b.customised).length;
            return (
              <li key={p.route} className={`${cardClass} flex flex-wrap items-start justify-between gap-3`}>
                <div>
                  <h2 className="text-lg">
                    <Link to={`?pagina=${encodeURIComponent(p.route)}`} className="text-teal-dark underline-offset-4 hover:underline">
                      {p.title}
                    </Link>
                  </h2>
                  <p className="mt-1 text-ink-soft">
                    {p.route} · {p.blocks.length} teksten
                  </p>
                </div>
                {changed > 0 ? <Badge tone="teal">{changed} aangepast</Badge> : <Badge>Standaardteksten</Badge>}
              </li>
            );
          })}
        </ul>
      </>
    );
  }
  return (
    <div className="grid gap-6">
      <div>
        <Link to="/admin/paginas" className={adminButton("quiet", "sm")}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Alle pagina's
        </Link>
      </div>
      <PageHeader
        title={page.title}
        intro={
          <>
            De teksten van <a href={page.route} className="text-teal-dark underline">{page.route}</a>, van boven naar
            onder. Een lege regel begint een nieuwe alinea.
          </>
        }
      />
      {page.blocks.map((block) => (
        // A save, reset or restore starts the editor again from what is stored.
        <PageBlockEditor key={`${block.key}-${block.updated_at ?? "standaard"}`} block={block} />
      ))}
    </div>
  );
}
