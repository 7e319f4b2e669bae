import { ArrowLeft, ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Badge } from "@/components/admin/badge";
import { PageHeader } from "@/components/admin/page-header";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { SearchField } from "@/components/admin/search-field";
import { adminButton, cardClass } from "@/components/admin/styles";
import { usePageTexts } from "@/features/page-texts/api/page-texts";
import { PageBlockEditor } from "@/features/page-texts/components/page-block-editor";
import { blockName } from "@/features/page-texts/lib/block-names";
import type { PageBlock, PageTexts } from "@/lib/api-types";

/** A block with its Dutch name and the part of the page it sits in. */
interface NamedBlock {
  block: PageBlock;
  section: string;
  name: string;
  /** "Titel · Bovenaan": the editor's label. */
  label: string;
}

function named(page: PageTexts): NamedBlock[] {
  return page.blocks.map((block) => {
    const { section, name } = blockName(block.key, page.route);
    return { block, section, name, label: `${name} · ${section}` };
  });
}

/** Lower case without accents, so "ervaring" finds "Ervaring" and "e" finds "é". */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();
}

function matches(item: NamedBlock, query: string): boolean {
  const q = fold(query.trim());
  if (q === "") return true;
  return [item.name, item.section, item.block.markdown, item.block.default_markdown].some((t) => fold(t).includes(q));
}

/** The blocks grouped by their section, in the page's order (top to bottom). */
function groups(items: NamedBlock[]): [string, NamedBlock[]][] {
  const out = new Map<string, NamedBlock[]>();
  for (const item of items) {
    out.set(item.section, [...(out.get(item.section) ?? []), item]);
  }
  return [...out.entries()];
}

/** Beheer > Pagina's: the public pages, or the blocks of the one in `?pagina=`; `?zoek=` searches. */
export function PageTextsAdmin() {
  const [params, setParams] = useSearchParams();
  const route = params.get("pagina");
  const query = params.get("zoek") ?? "";
  const pages = usePageTexts();
  const setQuery = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set("zoek", value);
        else next.delete("zoek");
        return next;
      },
      { replace: true },
    );
  if (pages.isPending) return <LoadingBlock />;
  if (pages.isError) return <LoadError error={pages.error} onRetry={() => void pages.refetch()} />;
  const page = route === null ? undefined : pages.data.find((p) => p.route === route);
  if (!page) {
    const found = query.trim()
      ? pages.data.flatMap((p) => named(p).filter((item) => matches(item, query)).map((item) => ({ page: p, item })))
      : [];
    return (
      <>
        <PageHeader
          title="Pagina's"
          intro="De teksten van je pagina's in je eigen woorden, en hoe elke pagina in zoekmachines verschijnt. Wat je bewaart, staat meteen op de site; elke vorige versie kan je terugzetten."
        />
        <div className="mt-6 max-w-xl">
          <SearchField
            label="Zoek een tekst op alle pagina's"
            value={query}
            onChange={setQuery}
            placeholder="Bv. Abonneer, Bekijk op de kaart"
          />
        </div>
        {query.trim() ? (
          <section aria-label="Gevonden teksten" className="mt-6 grid gap-3">
            <p role="status" className="text-ink-soft">
              {found.length === 0
                ? "Geen tekst gevonden. Probeer een ander woord."
                : `${found.length} ${found.length === 1 ? "tekst" : "teksten"} gevonden`}
            </p>
            <ul className="grid gap-3">
              {found.slice(0, 50).map(({ page: p, item }) => (
                <li key={`${p.route} ${item.block.key}`} className={`${cardClass} grid gap-1`}>
                  <Link
                    to={`?pagina=${encodeURIComponent(p.route)}&zoek=${encodeURIComponent(query)}`}
                    className="text-teal-dark underline-offset-4 hover:underline"
                  >
                    {item.name} · {item.section}
                  </Link>
                  <p className="text-sm text-ink-soft">{p.title}</p>
                  <p className="line-clamp-2 break-words text-sm">{item.block.markdown}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : (
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
        )}
      </>
    );
  }
  const items = named(page).filter((item) => matches(item, query));
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
            onder, per deel van de pagina. Een lege regel begint een nieuwe alinea.
          </>
        }
      />
      <div className="max-w-xl">
        <SearchField label="Zoek een tekst op deze pagina" value={query} onChange={setQuery} placeholder="Bv. Titel, knop" />
      </div>
      {items.length === 0 ? (
        <p role="status" className="text-ink-soft">
          Geen tekst gevonden op deze pagina. Probeer een ander woord.
        </p>
      ) : null}
      <Sections key={page.route} items={items} searching={query.trim() !== ""} total={page.blocks.length} />
    </div>
  );
}

/** A page with more blocks than this (Home: the header's and footer's too) opens with its first part only. */
const OPEN_ALL_UP_TO = 50;

/**
 * The blocks per part of the page, each part folded open or shut; a shut part mounts no editors,
 * so Home's ~90 blocks do not all render at once. A search opens every part with a match.
 */
function Sections({ items, searching, total }: { items: NamedBlock[]; searching: boolean; total: number }) {
  const list = groups(items);
  const [open, setOpen] = useState<Set<string>>(() => {
    if (total <= OPEN_ALL_UP_TO) return new Set(list.map(([section]) => section));
    // The page's own first part (after its SEO texts and the header every page has).
    const own = list.find(([, blocks]) => blocks.some((item) => !/^(seo|layout|shared)\./.test(item.block.key)));
    return new Set(own ? [own[0]] : []);
  });
  const toggle = (section: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(section)) next.delete(section);
      else next.add(section);
      return next;
    });
  const allOpen = searching || list.every(([section]) => open.has(section));
  return (
    <>
      {allOpen ? null : (
        <div>
          <button type="button" onClick={() => setOpen(new Set(list.map(([section]) => section)))} className={adminButton("secondary", "sm")}>
            Open alle delen
          </button>
        </div>
      )}
      {list.map(([section, blocks]) => (
        <Section
          key={section}
          section={section}
          blocks={blocks}
          open={searching || open.has(section)}
          onToggle={searching ? undefined : () => toggle(section)}
        />
      ))}
    </>
  );
}

function Section({
  section,
  blocks,
  open,
  onToggle,
}: {
  section: string;
  blocks: NamedBlock[];
  open: boolean;
  /** Absent while searching: the matches stay open. */
  onToggle?: () => void;
}) {
  const bodyId = useId();
  // Once opened, the editors stay mounted (hidden when shut), so a text being typed is not lost.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const changed = blocks.filter((item) => item.block.customised).length;
  const count = `${blocks.length} ${blocks.length === 1 ? "tekst" : "teksten"}${changed > 0 ? `, ${changed} aangepast` : ""}`;
  return (
    <div className="grid gap-4">
      <h2 className="text-xl">
        {onToggle ? (
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={opened ? bodyId : undefined}
            className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl text-left hover:text-teal-dark"
          >
            <ChevronDown aria-hidden="true" className={`h-5 w-5 shrink-0 transition-transform ${open ? "" : "-rotate-90"}`} />
            <span>{section}</span>
            <span className="text-base font-normal text-ink-soft">({count})</span>
          </button>
        ) : (
          section
        )}
      </h2>
      {opened ? (
        <div id={bodyId} className={open ? "grid gap-4" : "hidden"}>
          {blocks.map(({ block, label }) => (
            // A save, reset or restore starts the editor again from what is stored.
            <PageBlockEditor key={`${block.key}-${block.updated_at ?? "standaard"}`} block={block} label={label} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
