import { AvailabilityAdmin } from "@/features/intro-calls/components/availability-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Beschikbaarheid", path: "/admin/beschikbaarheid", noindex: true });
}

export default function AdminBeschikbaarheid() {
  return <AvailabilityAdmin />;
}
