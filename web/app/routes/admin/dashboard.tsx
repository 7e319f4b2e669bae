import { PageHeader } from "@/components/admin/page-header";
import { DashboardOverview } from "@/features/dashboard/components/dashboard-overview";
import { GoLiveChecklist } from "@/features/go-live/components/go-live";
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
      <div className="mt-8">
        <GoLiveChecklist />
      </div>
      <DashboardOverview />
    </>
  );
}
