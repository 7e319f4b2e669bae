import { InvoicesAdmin } from "@/features/invoices/components/invoices-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Facturen", path: "/admin/facturen", noindex: true });
}

export default function AdminInvoices() {
  return <InvoicesAdmin />;
}
