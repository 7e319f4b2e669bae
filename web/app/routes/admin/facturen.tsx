import { useSearchParams } from "react-router";
import { InvoicesAdmin } from "@/features/invoices/components/invoices-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Facturen", path: "/admin/facturen", noindex: true });
}

export default function AdminInvoices() {
  // A new ?factuur= link (the admin search) starts the page afresh on that invoice.
  const [params] = useSearchParams();
  return <InvoicesAdmin key={params.get("factuur") ?? ""} />;
}
