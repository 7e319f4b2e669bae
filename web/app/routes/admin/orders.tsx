import { OrdersAdmin } from "@/features/orders/components/orders-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Bestellingen", path: "/admin/orders", noindex: true });
}

export default function AdminOrders() {
  return <OrdersAdmin />;
}
