import { PageHeader } from "@/components/admin/page-header";
import { VisitorsReport } from "@/features/dashboard/components/visitors-report";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Bezoekers", path: "/admin/bezoekers", noindex: true });
}

export default function AdminBezoekers() {
  return (
    <>
      <PageHeader
        title="Bezoekers"
        intro={
          <p>
            Hoeveel mensen je site bezoeken, waar ze vandaan komen en hoeveel van hen de weg naar jou vinden. Zonder cookies: we
            tellen, we volgen niemand.
          </p>
        }
      />
      <VisitorsReport />
    </>
  );
}
