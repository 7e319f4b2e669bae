import { AdminPlaceholder } from "@/features/admin/components/admin-placeholder";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Zelfbeeld-events", path: "/admin", noindex: true });
}

export default function AdminPage() {
  return <AdminPlaceholder section="Zelfbeeld-events" />;
}
