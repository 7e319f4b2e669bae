import { Eye } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "@/components/ui/toast";
import { EmailAddress } from "@/components/ui/email-address";
import { PageHeader } from "@/components/admin/page-header";
import { RowButton } from "@/components/admin/row-button";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { usePeople } from "@/features/people/api/list-people";
import { useErasures } from "@/features/people/api/list-erasures";
import { EraseDialog } from "@/features/people/components/erase-dialog";
import { PersonTimeline } from "@/features/people/components/person-timeline";
import { describeCounts } from "@/features/people/lib/record-labels";
import type { ErasureRecord, Person } from "@/lib/api-types";
import { formatDateTime } from "@/lib/format";

const PER_PAGE = 20;

const columns: Column<Person>[] = [
  { header: "Naam", cell: (p) => p.name || "—" },
  { header: "E-mailadres", cell: (p) => <EmailAddress email={p.email} /> },
  { header: "Gegevens", cell: (p) => (p.records === 1 ? "1 gegeven" : `${p.records} gegevens`) },
  { header: "Laatst gezien", cell: (p) => formatDateTime(p.last_seen), className: "text-sm text-ink-soft @5xl:whitespace-nowrap" },
];

const erasureColumns: Column<ErasureRecord>[] = [
  { header: "Gewist op", cell: (r) => formatDateTime(r.erased_at), className: "font-medium @5xl:whitespace-nowrap" },
  { header: "Door", cell: (r) => <EmailAddress email={r.erased_by} /> },
  { header: "Wat", cell: (r) => describeCounts(r.counts) },
];

function Erasures() {
  const list = useListState({ perPage: 10 });
  const erasures = useErasures({ page: list.page, perPage: 10 });
  return (
    <section aria-labelledby="erasures-title" className="mt-12">
      <h2 id="erasures-title" className="text-2xl">
        Gewiste personen
      </h2>
      <p className="mt-1 text-ink-soft">Het bewijs dat je een verzoek tot wissen uitvoerde: wanneer, door wie en hoeveel, zonder de persoon.</p>
      <div className="mt-4">
        <DataList
          list={list}
          query={erasures}
          label="Gewiste personen, nieuwste eerst"
          pagingLabel="gewiste personen"
          loadingLabel="Laden..."
          empty="Je wiste nog niemand."
          columns={erasureColumns}
        />
      </div>
    </section>
  );
}

/**
 * People (GDPR): search everyone who left data, open one person's timeline (?email=…), download
 * it for an access request, or erase it.
 */
export function PeopleAdmin() {
  const [params, setParams] = useSearchParams();
  const selected = params.get("email");
  const list = useListState({ perPage: PER_PAGE });
  const people = usePeople({ q: list.q, page: list.page, perPage: PER_PAGE });
  const [erasing, setErasing] = useState<string | null>(null);

  function select(email: string | null) {
    const next = new URLSearchParams(params);
    if (email) next.set("email", email);
    else next.delete("email");
    setParams(next);
  }

  return (
    <>
      <PageHeader
        title="Personen"
        intro={
          <p>
            Iedereen die gegevens achterliet: op de nieuwsbrief, met een bestelling of ticket, een kennismakingsgesprek, een
            bericht of een webinar. Open een persoon om alles te zien, te downloaden bij een vraag om inzage, of te wissen.
          </p>
        }
      />

      {selected ? (
        <PersonTimeline email={selected} onClose={() => select(null)} onErase={() => setErasing(selected)} />
      ) : null}

      <DataList
        list={list}
        query={people}
        label="Personen, laatst gezien eerst"
        search={{ label: "Zoeken op naam of e-mailadres" }}
        noun={{ one: "persoon", other: "personen" }}
        pagingLabel="personen"
        loadingLabel="Personen laden..."
        empty={list.q ? "Niemand gevonden met deze zoekopdracht." : "Er zijn nog geen gegevens van bezoekers."}
        columns={columns}
        rowKey={(p) => p.email.toLowerCase()}
        actions={(p) => <RowButton icon={Eye} label="Bekijken" row={p.email} onClick={() => select(p.email)} />}
      />

      <Erasures />

      <EraseDialog
        email={erasing}
        onClose={() => setErasing(null)}
        onErased={(record) => {
          setErasing(null);
          select(null);
          toast.success("Gegevens gewist", { description: `Gewist: ${describeCounts(record.counts)}.` });
        }}
      />
    </>
  );
}
