import { MediaAdmin } from "@/features/media/components/media-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Media", path: "/admin/media", noindex: true });
}

export default function AdminMedia() {
  return <MediaAdmin />;
}
