// Page head for every route: title, description, canonical, Open Graph,
// Twitter card and JSON-LD. Everything here ends up in the prerendered HTML. Made from the details
// as built (`siteAsBuilt`) and passed through `liveText`, as the server rewrites them.
import type { MetaDescriptor } from "react-router";
import { savedText, seoKey } from "@/config/page-texts";
import { absoluteUrl, getCourse, liveText, siteAsBuilt as site, type Course } from "@/config/site";
import { pagePhotos, type ShareImage } from "@/config/page-photos";

/** The share image the coach chose (as the server writes it into the head), else the default. */
function shareImage(): ShareImage {
  return pagePhotos.share ?? { url: absoluteUrl(site.shareImage), width: 1200, height: 630 };
}

export interface Breadcrumb {
  name: string;
  path: string;
}

export type JsonLd = Record<string, unknown>;

export interface PageMetaInput {
  /** Page title without the brand; rendered as "{title} | {brand}". */
  title: string;
  description?: string;
  /** Canonical path of the page (aliases pass the canonical one). */
  path: string;
  /** Trail below the home page; "Home" is prepended automatically. Default: the page itself. */
  breadcrumbs?: Breadcrumb[];
  jsonLd?: JsonLd[];
  /** Admin pages: robots "noindex, nofollow" and nothing else. */
  noindex?: boolean;
  /** Public utility pages (payment result, newsletter links): a robots value, all other tags kept. */
  robots?: string;
}

export function pageTitle(title: string): string {
  return `${title} | ${site.brand}`;
}

export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${absoluteUrl("/")}#organization`,
    name: site.brand,
    description: site.description,
    url: absoluteUrl("/"),
    logo: absoluteUrl(site.logo),
    image: shareImage().url,
    email: site.contact.email,
    telephone: site.contact.phone,
    sameAs: [site.social.facebook, site.social.instagram, site.social.linkedin],
    address: {
      "@type": "PostalAddress",
      streetAddress: site.contact.street,
      addressLocality: site.contact.city,
      postalCode: site.contact.postalCode,
      addressCountry: site.contact.country,
    },
    founder: {
      "@type": "Person",
      name: site.coach.name,
      jobTitle: site.coach.role,
    },
  };
}

export function breadcrumbJsonLd(trail: Breadcrumb[]): JsonLd {
  const items = [{ name: "Home", path: "/" }, ...trail];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}

export function courseJsonLd(courseOrSlug: Course | string): JsonLd {
  const course = typeof courseOrSlug === "string" ? getCourse(courseOrSlug) : courseOrSlug;
  const instance: JsonLd = {
    "@type": "CourseInstance",
    courseMode: course.mode,
    inLanguage: site.language,
  };
  if (course.durationDays) {
    instance.courseWorkload = `P${course.durationDays}D`;
    instance.duration = `P${course.durationDays}D`;
  }
  if (course.mode === "onsite") {
    instance.location = {
      "@type": "Place",
      name: site.brand,
      address: {
        "@type": "PostalAddress",
        addressLocality: site.contact.city,
        postalCode: site.contact.postalCode,
        addressCountry: site.contact.country,
      },
    };
  }
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.name,
    description: course.description,
    url: absoluteUrl(course.path),
    inLanguage: site.language,
    ...(course.durationDays ? { timeRequired: `P${course.durationDays}D` } : {}),
    provider: {
      "@type": "Organization",
      name: site.brand,
      url: absoluteUrl("/"),
    },
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: course.priceCents / 100,
      priceCurrency: "EUR",
      url: absoluteUrl(course.path),
    },
    hasCourseInstance: [instance],
  };
}

/** Every string in `data` with the changed business details replaced, as the server does. */
function liveJsonLd(data: unknown): unknown {
  if (typeof data === "string") return liveText(data);
  // A cleared link leaves no empty entry (`sameAs`), as the server's `replace_strings`.
  if (Array.isArray(data)) return data.map(liveJsonLd).filter((v) => v !== "");
  if (data && typeof data === "object") {
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, liveJsonLd(value)]));
  }
  return data;
}

/**
 * The page head. The pages are built with the defaults; the server replaces the details the coach
 * changed in the title, the meta tags and the JSON-LD (`site_pages::rewrite_head`), and so does
 * `liveText` here, once per value, so the hydrated head equals the served one.
 */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  // The coach's SEO title and description (Beheer > Pagina's) win; the server puts the same in the HTML.
  const title = savedText(seoKey(input.path, "title")) ?? liveText(pageTitle(input.title));
  const description =
    savedText(seoKey(input.path, "description")) ?? liveText(input.description ?? site.description);
  const url = absoluteUrl(input.path);
  const image = shareImage();
  const imageUrl = liveText(image.url);

  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: description }];

  if (input.noindex) {
    tags.push({ name: "robots", content: "noindex, nofollow" });
    return tags;
  }

  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: liveText(site.brand) },
    { property: "og:locale", content: "nl_BE" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: liveText(url) },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { "script:ld+json": liveJsonLd(organizationJsonLd()) },
  );
  if (input.robots) tags.push({ name: "robots", content: input.robots });

  // Every sub-page has a trail; without an explicit one it is the page itself below home.
  const trail = input.breadcrumbs?.length ? input.breadcrumbs : [{ name: input.title, path: input.path }];
  if (input.path !== "/") {
    tags.push({ "script:ld+json": liveJsonLd(breadcrumbJsonLd(trail)) });
  }
  for (const ld of input.jsonLd ?? []) {
    tags.push({ "script:ld+json": liveJsonLd(ld) });
  }
  return tags;
}

/** Head of a course's own page: its name, description and Course data. */
export function coursePageMeta(slug: string, breadcrumbs: Breadcrumb[]): MetaDescriptor[] {
  const course = getCourse(slug);
  return pageMeta({
    title: course.name,
    description: course.description,
    path: course.path,
    breadcrumbs,
    jsonLd: [courseJsonLd(course)],
  });
}
