import { MessagesAdmin } from "@/features/contact/components/messages-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Berichten", path: "/admin/berichten", noindex: true });
}

export default function AdminBerichten() {
  return <MessagesAdmin />;
}
