import { Star } from "@/components/ui/icons";

export function StarRating({ rating, max = 5 }: { rating: number; max?: number }) {
  const value = Math.max(0, Math.min(max, Math.round(rating)));
  return (
    <div role="img" aria-label={`${value} van ${max} sterren`} className="flex gap-0.5 text-gold">
      {Array.from({ length: max }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className="h-4 w-4"
          fill={i < value ? "currentColor" : "none"}
          strokeWidth={1.5}
        />
      ))}
    </div>
  );
}
