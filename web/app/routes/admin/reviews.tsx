import { ReviewsAdmin } from "@/features/reviews/components/reviews-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Reviews", path: "/admin/reviews", noindex: true });
}

export default function AdminReviews() {
  return <ReviewsAdmin />;
}
