import { PageTextsAdmin } from "@/features/page-texts/components/page-texts-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Pagina's", path: "/admin/paginas", noindex: true });
}

export default function AdminPaginas() {
  return <PageTextsAdmin />;
}
