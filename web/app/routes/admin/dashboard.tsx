import { PageHeader } from "@/components/admin/page-header";
import { DashboardOverview } from "@/features/dashboard/components/dashboard-overview";
import { GoLiveChecklist } from "@/features/go-live/components/go-live";
import { TodayList } from "@/features/today/components/today-list";
import { useSession } from "@/lib/session-store";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Vandaag", path: "/admin", noindex: true });
}

/** What needs her today first, in time order; then the go-live checklist (folded once done) and the figures. */
export default function AdminDashboard() {
  const session = useSession();
  return (
    <>
      <PageHeader
        title="Vandaag"
        intro={<p>Welkom terug{session ? `, ${session.user.email}` : ""}. Eerst wat op je wacht, daarna hoe het loopt.</p>}
      />
      <div className="mt-8 grid gap-8">
        <TodayList />
        <GoLiveChecklist />
      </div>
      <DashboardOverview />
    </>
  );
}
