import { describe, expect, it } from "vitest";
import { site } from "@/config/site";
import { courseJsonLd, pageMeta } from "@/lib/seo";

type Tag = Record<string, unknown>;

describe("pageMeta", () => {
  const tags = pageMeta({
    title: "Vertelavond",
    description: "Beschrijving",
    path: "/begrijp-jezelf/vertelavond",
    breadcrumbs: [{ name: "Vertelavond", path: "/begrijp-jezelf/vertelavond" }],
  }) as Tag[];

  it("builds the title with the brand", () => {
    expect(tags).toContainEqual({ title: `Vertelavond | ${site.brand}` });
  });

  it("emits canonical, Open Graph and Twitter tags", () => {
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${site.siteUrl}/begrijp-jezelf/vertelavond`,
    });
    expect(tags).toContainEqual({ property: "og:image", content: `${site.siteUrl}${site.shareImage}` });
    expect(tags).toContainEqual({ property: "og:locale", content: "nl_BE" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("emits Organization and BreadcrumbList JSON-LD", () => {
    const ld = tags.filter((t) => "script:ld+json" in t).map((t) => t["script:ld+json"] as Tag);
    expect(ld.map((l) => l["@type"])).toEqual(["Organization", "BreadcrumbList"]);
    expect(ld[0]!.founder).toEqual(expect.objectContaining({ "@type": "Person", name: site.coach.name }));
  });

  it("marks admin pages noindex without structured data", () => {
    const admin = pageMeta({ title: "Beheer — Reviews", path: "/admin/reviews", noindex: true }) as Tag[];
    expect(admin).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(admin.some((t) => "script:ld+json" in t)).toBe(false);
  });
});

describe("courseJsonLd", () => {
  it("describes the onsite three-day course", () => {
    const ld = courseJsonLd("zelfbeeld-ommekeer");
    expect(ld["@type"]).toBe("Course");
    expect(ld.offers).toEqual(expect.objectContaining({ price: 1500, priceCurrency: "EUR" }));
    expect((ld.hasCourseInstance as Tag[])[0]).toEqual(
      expect.objectContaining({ courseMode: "onsite", courseWorkload: "P3D" }),
    );
  });
});
