import { PageHeader } from "@/components/admin/page-header";
import { DashboardOverview } from "@/features/dashboard/components/dashboard-overview";
import { useSession } from "@/lib/session-store";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Dashboard", path: "/admin", noindex: true });
}

export default function AdminDashboard() {
  const session = useSession();
  return (
    <>
      <PageHeader
        title="Dashboard"
        intro={<p>Welkom terug{session ? `, ${session.user.email}` : ""}. Hier zie je in één oogopslag hoe het loopt.</p>}
      />
      <DashboardOverview />
    </>
  );
}
