// The one place the app reads business details from: ../../config/site.json
// (shared with the server). Nothing business-specific is hard-coded elsewhere.
import siteJson from "../../../config/site.json";

export type CourseMode = "online" | "onsite";

export interface Course {
  slug: string;
  name: string;
  priceCents: number;
  mode: CourseMode;
  durationDays?: number;
  path: string;
  description: string;
}

export interface SiteConfig {
  brand: string;
  brandMeaning: string;
  tagline: string;
  description: string;
  siteUrl: string;
  language: string;
  coach: { name: string; role: string; photo: string };
  contact: {
    email: string;
    phone: string;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    vatNumber: string;
  };
  social: { facebook: string; instagram: string; linkedin: string };
  platformUrl: string;
  quizUrl: string;
  introVideoUrl: string;
  logo: string;
  shareImage: string;
  aggregateRating: {
    ratingValue: number;
    bestRating: number;
    worstRating: number;
    fallbackReviewCount: number;
  };
  courses: Course[];
}

export const site: SiteConfig = siteJson as SiteConfig;

/** Absolute URL on the public site for a path ("/over-mij"). */
export function absoluteUrl(path: string): string {
  const base = site.siteUrl.replace(/\/+$/, "");
  if (/^https?:\/\//.test(path)) return path;
  if (path === "/" || path === "") return `${base}/`;
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}

export function getCourse(slug: string): Course {
  const course = site.courses.find((c) => c.slug === slug);
  if (!course) throw new Error(`Course "${slug}" is missing from config/site.json`);
  return course;
}

/** "tel:" href from a human-readable phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function mapsUrl(): string {
  const { street, postalCode, city } = site.contact;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${street}, ${postalCode} ${city}`)}`;
}

export const socialLinks = [
  { key: "facebook", label: "Facebook", href: site.social.facebook },
  { key: "instagram", label: "Instagram", href: site.social.instagram },
  { key: "linkedin", label: "LinkedIn", href: site.social.linkedin },
] as const;
