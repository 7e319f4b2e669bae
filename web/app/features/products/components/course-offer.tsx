import type { ReactNode } from "react";
import { Block } from "@/components/ui/block";
import type { Course } from "@/config/site";
import { formatPriceCents } from "@/lib/format";

interface CourseOfferProps {
  course: Course;
  children?: ReactNode;
  /** A fixed list (page texts), so its order keys it. */
  features?: ReactNode[];
  /** The live price; the site configuration's price until it has loaded. */
  priceCents?: number;
  /** A line under the price (e.g. the loading state of the live price). */
  priceNote?: ReactNode;
}

/** Price box for a course: name, VAT-inclusive price, mode and actions. */
export function CourseOffer({ course, children, features = [], priceCents, priceNote }: CourseOfferProps) {
  const mode =
    course.mode === "onsite"
      ? `${course.durationDays ? `${course.durationDays} dagen ` : ""}ter plaatse`
      : "Online, in je eigen tempo";
  return (
    <section
      aria-label={`Prijs van ${course.name}`}
      className="rounded-3xl border border-gold/60 bg-paper p-6 shadow-md sm:p-8"
    >
      <Block name={`shared.course.${course.slug}.mode`} as="p" className="text-sm font-semibold uppercase tracking-widest text-gold-ink">
        {mode}
      </Block>
      {/* The product's name and price: the same on the checkout and invoices (data, not a page text). */}
      <p data-from="product" className="mt-2 font-serif text-2xl text-ink">
        {course.name}
      </p>
      <p className="mt-4 font-serif text-4xl text-teal">
        <span data-from="product" className="whitespace-nowrap">
          {formatPriceCents(priceCents ?? course.priceCents)}
        </span>
      </p>
      <Block name="shared.course.vat" as="p" className="text-sm text-ink-soft">
        incl. btw
      </Block>
      {priceNote ? <div className="mt-2 text-sm text-ink-soft">{priceNote}</div> : null}
      {features.length > 0 ? (
        <ul className="mt-5 space-y-2 text-ink-soft">
          {features.map((f, i) => (
            <li key={i} className="flex gap-2">
              <span aria-hidden="true" className="text-gold-ink">
                ✦
              </span>
              <span>{f}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {children ? <div className="mt-6 flex flex-col gap-3">{children}</div> : null}
    </section>
  );
}
