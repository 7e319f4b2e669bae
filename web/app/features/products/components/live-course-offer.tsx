import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button-link";
import type { Course } from "@/config/site";
import { CourseOffer } from "@/features/products/components/course-offer";
import { checkoutHref } from "@/lib/checkout-params";
import { useProduct } from "@/lib/products/get-product";
import { formatEventWhen, isBookable, seatsLabel } from "@/lib/availability";
import { ApiError } from "@/lib/api";

interface LiveCourseOfferProps {
  course: Course;
  features?: ReactNode[];
  /** The buy button: straight to the checkout ("Koop de cursus"), or to a page to pick a date. */
  action: { label: ReactNode; to?: string };
  /** Further links under the buy button. */
  secondary?: { label: ReactNode; to: string };
  /** For a course given on dates: show the next date and its seats left. */
  showNextDate?: boolean;
}

/**
 * A course's price box: the prerendered HTML carries the site configuration's price; in the
 * browser the live price (and next date) from the API replaces it.
 */
export function LiveCourseOffer({ course, features, action, secondary, showNextDate = false }: LiveCourseOfferProps) {
  const { data, isPending, error } = useProduct(course.slug);
  const unavailable = error instanceof ApiError && error.status === 404;
  const next = data?.events.find(isBookable) ?? null;

  // Only a course with dates says it is loading: the line its dates take then. Another shows the
  // configured price until the live one replaces it in place, so its buy button does not move.
  const note = isPending ? (
    showNextDate ? <p role="status">Actuele prijs en data laden...</p> : null
  ) : unavailable ? (
    <p>Deze cursus is op dit moment niet te koop.</p>
  ) : showNextDate && data ? (
    next ? (
      <p>
        Eerstvolgende datum: {formatEventWhen(next.starts_at, next.ends_at)} · {seatsLabel(next.seats_left)}
      </p>
    ) : (
      <p>Er is op dit moment geen datum met vrije plaatsen.</p>
    )
  ) : null;

  return (
    <CourseOffer course={course} features={features} priceCents={data?.price_cents} priceNote={note}>
      {unavailable ? null : (
        <Link to={action.to ?? checkoutHref({ product: course.slug })} className={buttonClasses("primary")}>
          {action.label}
        </Link>
      )}
      {secondary ? (
        <Link to={secondary.to} className={buttonClasses("secondary")}>
          {secondary.label}
        </Link>
      ) : null}
    </CourseOffer>
  );
}
