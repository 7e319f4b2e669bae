import { useSearchParams } from "react-router";
import { CouponsAdmin } from "@/features/coupons/components/coupons-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Coupons", path: "/admin/coupons", noindex: true });
}

export default function AdminCoupons() {
  // A new ?coupon= link starts the list afresh with that code.
  const [params] = useSearchParams();
  return <CouponsAdmin key={params.get("coupon") ?? ""} />;
}
