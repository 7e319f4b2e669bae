import { DrempelVideosAdmin } from "@/features/drempel-videos/components/drempel-videos-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Drempelvideo's", path: "/admin/drempel-videos", noindex: true });
}

export default function AdminDrempelVideos() {
  return <DrempelVideosAdmin />;
}
