import { CouponsAdmin } from "@/features/coupons/components/coupons-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Coupons", path: "/admin/coupons", noindex: true });
}

export default function AdminCoupons() {
  return <CouponsAdmin />;
}
