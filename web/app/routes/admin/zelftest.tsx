import { SelfTestAdmin } from "@/features/selftest/components/selftest-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Zelftest", path: "/admin/zelftest", noindex: true });
}

export default function AdminZelftest() {
  return <SelfTestAdmin />;
}
