import { PeopleAdmin } from "@/features/people/components/people-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Personen", path: "/admin/personen", noindex: true });
}

export default function AdminPersonen() {
  return <PeopleAdmin />;
}
