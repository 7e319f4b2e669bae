import { afterEach, describe, expect, it, vi } from "vitest";
import siteJson from "../../../config/site.json";

// The saved details are read once when the module loads, as in the page: each test loads it afresh.
async function loadWith(saved: Record<string, string> | null) {
  document.getElementById("live-site")?.remove();
  if (saved) {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = "live-site";
    script.textContent = JSON.stringify(saved);
    document.head.append(script);
  }
  vi.resetModules();
  return {
    ...(await import("@/config/site")),
    ...(await import("@/lib/seo")),
  };
}

afterEach(() => document.getElementById("live-site")?.remove());

type Tag = Record<string, unknown>;

describe("live brand, coach name and city", () => {
  it("render the saved values where marked and keep the build's in unmarked text", async () => {
    const { liveValue, site } = await loadWith({ brand: "Praktijk Lumen", coachName: "An Peeters", city: "Lier" });
    expect(liveValue("brand")).toBe("Praktijk Lumen");
    expect(liveValue("coachName")).toBe("An Peeters");
    expect(liveValue("city")).toBe("Lier");
    // The server leaves unmarked text as built, so this must too.
    expect(site.brand).toBe(siteJson.brand);
    expect(site.coach.name).toBe(siteJson.coach.name);
    expect(site.contact.city).toBe(siteJson.contact.city);
    expect(liveValue("mapsUrl")).toContain("Lier");
  });

  it("are replaced in the head once each, the longest first, as the server does", async () => {
    const { liveText, pageMeta } = await loadWith({
      brand: `${siteJson.brand} ${siteJson.contact.city}`,
      coachName: "An Peeters",
      coachFirstName: "An",
      city: "Lier",
    });
    const first = siteJson.coach.name.split(" ")[0];
    expect(liveText(`${siteJson.coach.name}, ${first}, ${siteJson.brand} in ${siteJson.contact.city}`)).toBe(
      `An Peeters, An, ${siteJson.brand} ${siteJson.contact.city} in Lier`,
    );
    const tags = pageMeta({ title: "Over mij", path: "/over-mij" }) as Tag[];
    expect(tags).toContainEqual({ title: `Over mij | ${siteJson.brand} ${siteJson.contact.city}` });
    expect(tags).toContainEqual({ property: "og:site_name", content: `${siteJson.brand} ${siteJson.contact.city}` });
    const organization = tags.map((t) => t["script:ld+json"] as Tag | undefined).find((l) => l?.["@type"] === "Organization")!;
    expect(organization.name).toBe(`${siteJson.brand} ${siteJson.contact.city}`);
    expect(organization.founder).toEqual(expect.objectContaining({ name: "An Peeters" }));
    expect(organization.address).toEqual(expect.objectContaining({ addressLocality: "Lier" }));
  });

  it("leave the head as built without saved details", async () => {
    const { liveText, pageMeta } = await loadWith(null);
    expect(liveText(`${siteJson.brand} in ${siteJson.contact.city}`)).toBe(`${siteJson.brand} in ${siteJson.contact.city}`);
    expect(pageMeta({ title: "Over mij", path: "/over-mij" })).toContainEqual({ title: `Over mij | ${siteJson.brand}` });
  });
});
