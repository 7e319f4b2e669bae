import { MediaPicker } from "@/features/media/components/media-picker";
import { ReviewsAdmin } from "@/features/reviews/components/reviews-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Reviews", path: "/admin/reviews", noindex: true });
}

export default function AdminReviews() {
  return (
    <ReviewsAdmin
      avatarPicker={(picker) => <MediaPicker label="Foto uit de mediabibliotheek" hint="Toont deze foto in plaats van de link." {...picker} />}
    />
  );
}
