import type { ReactNode } from "react";
import { Link } from "react-router";
import { Block, Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { buttonClasses } from "@/components/ui/button-link";
import type { Course } from "@/config/site";
import { CourseOffer } from "@/features/products/components/course-offer";
import { checkoutHref } from "@/lib/checkout-params";
import { useProduct } from "@/lib/products/get-product";
import { formatEventWhen, isBookable, seatsLabel } from "@/lib/availability";
import { ApiError } from "@/lib/api";

/** What the box says once the API answered. */
export const courseOfferTexts = {
  unavailable: { name: "shared.course.unavailable", text: "Deze cursus is op dit moment niet te koop." },
  next: { name: "shared.course.next-date", text: "Eerstvolgende datum:" },
  none: { name: "shared.course.no-date", text: "Er is op dit moment geen datum met vrije plaatsen." },
} satisfies Record<string, LaterBlock>;

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
    showNextDate ? (
      <Block name="shared.course.loading" as="p" role="status">
        Actuele prijs en data laden...
      </Block>
    ) : null
  ) : unavailable ? (
    <Later block={courseOfferTexts.unavailable} as="p" />
  ) : showNextDate && data ? (
    next ? (
      <p>
        <Later block={courseOfferTexts.next} />{" "}
        <span data-from="event">
          {formatEventWhen(next.starts_at, next.ends_at)} · {seatsLabel(next.seats_left)}
        </span>
      </p>
    ) : (
      <Later block={courseOfferTexts.none} as="p" />
    )
  ) : null;

  return (
    <CourseOffer course={course} features={features} priceCents={data?.price_cents} priceNote={note}>
      <LaterBlocks blocks={Object.values(courseOfferTexts)} />
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
