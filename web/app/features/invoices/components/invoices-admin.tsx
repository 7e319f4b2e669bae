import { Download, FileDown } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/admin/badge";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { FilterSelect } from "@/components/admin/filter-select";
import { PageHeader } from "@/components/admin/page-header";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { RowButton } from "@/components/admin/row-button";
import { cardClass } from "@/components/admin/styles";
import { errorMessage } from "@/components/form/form-errors";
import { useExportInvoices, type Period } from "@/features/invoices/api/export-invoices";
import { useInvoiceTotals } from "@/features/invoices/api/invoice-totals";
import { useInvoices } from "@/features/invoices/api/list-invoices";
import { RevenueChart } from "@/features/invoices/components/revenue-chart";
import {
  collapseEmpty,
  emptyMonths,
  emptyQuarters,
  hasInvoices,
  type PeriodLine,
} from "@/features/invoices/lib/periods";
import type { AdminInvoice, InvoiceFormat, PeriodTotal } from "@/lib/api-types";
import { formatPriceCents, formatShortDate } from "@/lib/format";
import { downloadInvoiceFile } from "@/lib/invoice-download";
import { invoiceKindLabel } from "@/lib/invoice-files";

const PER_PAGE = 20;

async function saveInvoice(invoice: AdminInvoice, format: InvoiceFormat) {
  try {
    const filename = await downloadInvoiceFile(invoice.id, format);
    toast.success("Gedownload", { description: `${filename} staat in je downloads.` });
  } catch (e) {
    toast.error("Downloaden lukte niet", { description: errorMessage(e) });
  }
}

const columns: Column<AdminInvoice>[] = [
  {
    header: "Nummer",
    cell: (i) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold">{i.number}</span>
        {i.kind === "credit_note" ? <Badge tone="gold">{invoiceKindLabel(i.kind)}</Badge> : null}
      </span>
    ),
  },
  { header: "Datum", cell: (i) => formatShortDate(i.issue_date), className: "text-sm @5xl:whitespace-nowrap" },
  {
    header: "Klant",
    cell: (i) => (
      <span>
        {i.buyer_company ?? i.buyer_name}
        {i.buyer_company ? <span className="block text-sm text-ink-soft">{i.buyer_name}</span> : null}
        {i.buyer_vat_number ? <span className="block font-mono text-sm text-ink-soft">{i.buyer_vat_number}</span> : null}
        {i.buyer_company && i.no_xml_reason ? <span className="block text-sm text-ink-soft">{i.no_xml_reason}</span> : null}
      </span>
    ),
  },
  { header: "Excl. btw", cell: (i) => formatPriceCents(i.taxable_cents), className: "@5xl:text-right @5xl:whitespace-nowrap" },
  { header: "Btw", cell: (i) => formatPriceCents(i.vat_cents), className: "@5xl:text-right @5xl:whitespace-nowrap" },
  { header: "Totaal", cell: (i) => formatPriceCents(i.total_cents), className: "font-semibold @5xl:text-right @5xl:whitespace-nowrap" },
];

function Amount({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="min-w-[6.5rem]">
      <dt className="text-xs text-ink-soft">{label}</dt>
      <dd className={strong ? "font-semibold text-ink" : "text-ink"}>{children}</dd>
    </div>
  );
}

/** One line per period with invoices (its counts, sums and ZIP download); one line per run without. */
function PeriodTotals({
  title,
  lines,
  onExport,
  exporting,
}: {
  title: string;
  lines: PeriodLine[];
  onExport: (period: Period) => void;
  exporting: boolean;
}) {
  return (
    <div>
      <h2 className="font-sans text-lg font-semibold text-ink">{title}</h2>
      <ol aria-label={title} className="mt-2 divide-y divide-sand">
        {lines.map((line) =>
          line.kind === "empty" ? (
            <li key={line.key} className="py-3 text-ink-soft">
              {line.text}
            </li>
          ) : (
            <PeriodRow key={`${line.row.from}-${line.row.to}`} row={line.row} onExport={onExport} exporting={exporting} />
          ),
        )}
      </ol>
    </div>
  );
}

function PeriodRow({
  row,
  onExport,
  exporting,
}: {
  row: PeriodTotal;
  onExport: (period: Period) => void;
  exporting: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
      <span className="w-44 font-medium text-ink">{row.label}</span>
      <dl className="flex flex-1 flex-wrap gap-x-6 gap-y-2">
        <Amount label="Facturen">{row.invoices}</Amount>
        <Amount label="Creditnota’s">{row.credit_notes}</Amount>
        <Amount label="Excl. btw">{formatPriceCents(row.taxable_cents)}</Amount>
        <Amount label="Btw">{formatPriceCents(row.vat_cents)}</Amount>
        <Amount label="Totaal" strong>
          {formatPriceCents(row.total_cents)}
        </Amount>
      </dl>
      {row.invoices + row.credit_notes > 0 ? (
        <RowButton
          icon={Download}
          label="ZIP"
          row={row.label}
          disabled={exporting}
          onClick={() => onExport({ from: row.from, to: row.to })}
        />
      ) : null}
    </li>
  );
}

/** Beheer > Facturen: totals per quarter and month, a period as ZIP, and every invoice. */
export function InvoicesAdmin() {
  // ?factuur=NUMBER&datum=YYYY-MM-DD (a link from the admin search) shows that invoice's year and
  // finds it in the list.
  const [params] = useSearchParams();
  const linkedYear = /^\d{4}-\d{2}-\d{2}$/.test(params.get("datum") ?? "") ? Number(params.get("datum")!.slice(0, 4)) : null;
  const [year, setYear] = useState<number | null>(linkedYear);
  const totals = useInvoiceTotals(year);
  const shownYear = totals.data?.year ?? year;
  const list = useListState({ perPage: PER_PAGE, filters: [shownYear], initialSearch: params.get("factuur") ?? "" });
  const invoices = useInvoices({
    q: list.q,
    from: shownYear ? `${shownYear}-01-01` : "",
    to: shownYear ? `${shownYear}-12-31` : "",
    page: list.page,
    perPage: PER_PAGE,
  });
  const exporting = useExportInvoices();

  async function onExport(period: Period) {
    try {
      const filename = await exporting.mutateAsync(period);
      toast.success("ZIP gedownload", { description: `${filename} staat in je downloads.` });
    } catch (e) {
      toast.error("Downloaden lukte niet", { description: errorMessage(e) });
    }
  }

  const yearOptions = (totals.data?.years ?? []).map((y) => ({ value: String(y), label: String(y) }));

  return (
    <>
      <PageHeader
        title="Facturen"
        intro={
          <p>
            Elke betaalde bestelling krijgt meteen een factuur, elke terugbetaling een creditnota. Download een kwartaal of
            maand als ZIP voor je boekhouder: de pdf’s, de e-facturen (UBL) van bedrijven en een overzicht in CSV.
          </p>
        }
        actions={
          yearOptions.length > 0 ? (
            <FilterSelect
              label="Jaar"
              value={String(shownYear ?? "")}
              options={yearOptions}
              onChange={(v) => setYear(Number(v))}
              className="w-40"
            />
          ) : null
        }
      />

      <section aria-label="Totalen" className={`${cardClass} mt-6 space-y-8`}>
        {totals.isPending ? (
          <LoadingBlock label="Totalen laden..." />
        ) : totals.isError ? (
          <LoadError error={totals.error} onRetry={() => void totals.refetch()} />
        ) : hasInvoices(totals.data.total) ? (
          <>
            <RevenueChart months={totals.data.months} year={totals.data.year} />
            <PeriodTotals
              title={`Per kwartaal (${totals.data.year})`}
              lines={[
                ...collapseEmpty(totals.data.quarters, (run) => emptyQuarters(run, totals.data.year)),
                { kind: "period", row: totals.data.total },
              ]}
              onExport={(p) => void onExport(p)}
              exporting={exporting.isPending}
            />
            <PeriodTotals
              title={`Per maand (${totals.data.year})`}
              lines={collapseEmpty(totals.data.months, (run) => emptyMonths(run, totals.data.year))}
              onExport={(p) => void onExport(p)}
              exporting={exporting.isPending}
            />
          </>
        ) : (
          <p className="text-ink-soft">Nog geen facturen in {totals.data.year}.</p>
        )}
      </section>

      <div className="mt-8">
        <DataList
          list={list}
          query={invoices}
          label={`Facturen en creditnota’s van ${shownYear ?? "dit jaar"}, op nummer`}
          search={{ label: "Zoeken op nummer, klant, bedrijf of btw-nummer" }}
          noun={{ one: "factuur", other: "facturen" }}
          pagingLabel="facturen"
          loadingLabel="Facturen laden..."
          empty={list.q ? "Geen factuur gevonden met deze zoekopdracht." : "Dit jaar zijn er nog geen facturen."}
          columns={columns}
          actions={(i) => {
            const name = `${invoiceKindLabel(i.kind)} ${i.number}`;
            return (
              <span className="flex flex-wrap gap-2">
                <RowButton icon={FileDown} label="PDF" row={name} onClick={() => void saveInvoice(i, "pdf")} />
                {i.has_xml ? (
                  <RowButton icon={FileDown} label="UBL" row={name} onClick={() => void saveInvoice(i, "xml")} />
                ) : null}
              </span>
            );
          }}
        />
      </div>
    </>
  );
}
