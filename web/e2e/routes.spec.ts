import { expect, test } from "@playwright/test";
import { signInViaApi } from "./admin-helpers";
import { adminRoutes, aliasGroups, collectConsoleErrors, publicRoutes, site, waitForHydration } from "./helpers";
import type { ErrorBody, EventList, ReviewList } from "@/lib/api-types";

test.describe("every route", () => {
  for (const path of publicRoutes) {
    test(`${path} renders its own page without errors`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("main h1")).toHaveCount(1);
      await expect(page.locator("main h1")).toBeVisible();
      await expect(page).toHaveTitle(/\| In Lumine$/);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      expect(errors.filter((e) => !e.includes("/api/"))).toEqual([]);
    });
  }

  for (const path of adminRoutes) {
    test(`${path} exists, is client-rendered and is kept out of search engines`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["x-robots-tag"]).toContain("noindex");
      await expect(page.locator("main h1")).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      // Signed out, every admin page but the login page itself sends you to the login page first.
      if (path !== "/admin/login") {
        await expect(page).toHaveURL(`/admin/login?next=${encodeURIComponent(path)}`);
      }
      await expect(page.locator("main h1")).toHaveText("Inloggen");
    });

    if (path !== "/admin/login") {
      test(`${path} renders its own page when signed in`, async ({ page }) => {
        const errors = collectConsoleErrors(page);
        await signInViaApi(page);
        await page.goto(path);
        await expect(page).toHaveURL(path);
        await expect(page.locator("main h1")).toHaveCount(1);
        await expect(page.locator("main h1")).toBeVisible();
        await expect(page.locator("main h1")).not.toHaveText("Inloggen");
        await expect(page).toHaveTitle(/^Beheer — .+ \| In Lumine$/);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        await expect(page.getByRole("navigation", { name: "Beheermenu" })).toBeVisible();
        expect(errors).toEqual([]);
      });
    }
  }
});

test("aliases render the same page with one canonical URL", async ({ page }) => {
  // The admin alias pair sits behind the login.
  await signInViaApi(page);
  for (const [first, second] of aliasGroups) {
    await page.goto(first);
    const heading = await page.locator("main h1").innerText();
    const isAdmin = first.startsWith("/admin");
    const canonical = isAdmin ? null : await page.locator('link[rel="canonical"]').getAttribute("href");
    await page.goto(second);
    await expect(page.locator("main h1")).toHaveText(heading);
    if (canonical) {
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    }
  }
});

test("an unknown path answers 404 with the site's 404 page, logs the path and links home", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (m) => logged.push(m.text()));
  const response = await page.goto("/dit-bestaat-niet");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect.poll(() => logged.some((t) => t.includes("/dit-bestaat-niet"))).toBe(true);
  await page.getByRole("link", { name: "Terug naar de startpagina" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Doe de zelftest" })).toBeVisible();
});

test("a client-side navigation to an unknown path shows the 404 page too", async ({ page }) => {
  // From the 404 page, the one page that boots React Router (on a page of islands every path
  // change is a page load), first to a page in the app, then to an unknown path.
  await page.goto("/bestaat-niet");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Over mij", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toHaveCount(0);
  await page.evaluate(() => {
    window.history.pushState({}, "", "/nergens-te-vinden");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

test("unknown API paths answer a JSON 404 in Dutch", async ({ request }) => {
  const response = await request.get("/api/bestaat-niet");
  expect(response.status()).toBe(404);
  const body = (await response.json()) as ErrorBody;
  expect(body.error.code).toBe("not_found");
  expect(body.error.message.length).toBeGreaterThan(5);
});

test.describe("page head in the served HTML, without JavaScript", () => {
  const origin = site.siteUrl.replace(/\/$/, "");

  /** The page's JSON-LD node whose @type passes `isType`, read as the shape the test expects. */
  function ldNode<T>(html: string, isType: (type: string) => boolean): T {
    const nodes = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as { "@type"?: string | string[] },
    );
    return nodes.find((node) => isType(String(node["@type"]))) as T;
  }
  type Offer = { price: string; priceCurrency: string };
  function metaContent(html: string, attr: "name" | "property", key: string) {
    const re = new RegExp(`<meta[^>]*${attr}="${key}"[^>]*content="([^"]*)"|<meta[^>]*content="([^"]*)"[^>]*${attr}="${key}"`);
    const m = html.match(re);
    return m ? (m[1] ?? m[2]) : undefined;
  }

  for (const path of publicRoutes) {
    test(`${path} has title, description, canonical, Open Graph, Twitter card and Organization data`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();
      expect(html).toMatch(/<title>[^<]+ \| In Lumine<\/title>/);
      expect(metaContent(html, "name", "description")?.length).toBeGreaterThan(30);
      expect(html).toMatch(new RegExp(`<link[^>]*rel="canonical"[^>]*href="${origin}[^"]*"`));
      expect(metaContent(html, "property", "og:type")).toBe("website");
      const image = metaContent(html, "property", "og:image");
      expect(image).toBe(`${origin}${site.shareImage}`);
      expect(metaContent(html, "property", "og:title")).toBeTruthy();
      expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
      const org = ldNode<{ url: string; sameAs: string[] }>(html, (t) => t === "Organization");
      expect(org.url.replace(/\/$/, "")).toBe(origin);
      expect(org).toMatchObject({
        name: "In Lumine",
        address: { addressLocality: "Mechelen", addressCountry: "BE" },
        founder: { name: site.coach.name },
      });
      expect(org.sameAs).toEqual(expect.arrayContaining(Object.values(site.social)));
      if (path !== "/") {
        const crumbs = ldNode<{ itemListElement: unknown[] } | undefined>(html, (t) => t === "BreadcrumbList");
        expect(crumbs?.itemListElement.length).toBeGreaterThanOrEqual(2);
        expect(crumbs?.itemListElement[0]).toMatchObject({ position: 1, item: `${origin}/` });
      }
    });
  }

  test("the default share image exists", async ({ request }) => {
    const response = await request.get(site.shareImage);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
  });

  test("course pages carry their Course data with the right prices", async ({ request }) => {
    const expectations: [string, string, string][] = [
      ["/begrijp-jezelf/spiegelgevecht", "Het Spiegelgevecht", "19"],
      ["/begrijp-jezelf", "Zelfinzicht in 7 Stappen", "97"],
      ["/transformeer/zelfbeeld-ommekeer", "De Zelfbeeld-Ommekeer", "1500"],
    ];
    for (const [path, name, price] of expectations) {
      const course = ldNode<{ offers: Offer | Offer[] }>(await (await request.get(path)).text(), (t) => t === "Course");
      expect(course, path).toMatchObject({ name });
      const offers = Array.isArray(course.offers) ? course.offers[0]! : course.offers;
      expect(Number(offers.price)).toBe(Number(price));
      expect(offers.priceCurrency).toBe("EUR");
    }
    const onsite = ldNode<unknown>(await (await request.get("/transformeer/zelfbeeld-ommekeer")).text(), (t) => t === "Course");
    expect(JSON.stringify(onsite)).toMatch(/onsite/i);
    expect(JSON.stringify(onsite)).toContain("P3D");
  });

  test("the storytelling-evening page carries the next evening as an Event from the data", async ({ request }) => {
    const { events } = (await (await request.get("/api/events/upcoming?kind=vertelavond")).json()) as EventList;
    expect(events.length).toBeGreaterThan(0);
    for (const path of ["/vertelavond", "/begrijp-jezelf/vertelavond"]) {
      const event = ldNode<{ startDate: string }>(await (await request.get(path)).text(), (t) => t === "Event");
      expect(event, path).toMatchObject({
        name: events[0]!.title,
        location: { address: { postalCode: "2800", addressLocality: "Mechelen" } },
        offers: { price: "35.00", priceCurrency: "EUR" },
      });
      expect(event.startDate).toMatch(/T19:30:00\+0[12]:00$/);
    }
  });

  test("home carries the LocalBusiness rating: the reviews' own average and count, the spec's without any", async ({
    request,
  }) => {
    // The admin tests add and remove reviews in parallel: compare a consistent pair of reads.
    await expect(async () => {
      const { reviews, total } = (await (await request.get("/api/reviews")).json()) as ReviewList;
      const business = ldNode<{ aggregateRating: unknown }>(await (await request.get("/")).text(), (t) =>
        t.includes("LocalBusiness"),
      );
      const stars = reviews.reduce((sum, review) => sum + review.rating, 0);
      expect(business.aggregateRating).toMatchObject({
        // One decimal, half up; the list holds every review up to 12.
        ratingValue: total === 0 ? 4.9 : total === reviews.length ? Math.round((stars * 10) / total) / 10 : expect.any(Number),
        bestRating: 5,
        worstRating: 1,
        reviewCount: total > 0 ? total : 25,
      });
    }).toPass({ timeout: 20_000 });
  });
});

test("static assets are compressed and cached for a year, HTML is revalidated", async ({ request, page }) => {
  const html = await request.get("/", { headers: { "accept-encoding": "br" } });
  expect(html.headers()["cache-control"]).toContain("no-cache");
  expect(html.headers()["content-security-policy"]).toContain("default-src 'self'");
  expect(html.headers()["x-content-type-options"]).toBe("nosniff");
  await page.goto("/");
  // A script the page loaded (its boot script, imported once the page has painted).
  const loadedScript = () =>
    page.evaluate(() => performance.getEntriesByType("resource").find((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))?.name);
  await expect.poll(loadedScript).toBeTruthy();
  const asset = await request.get((await loadedScript())!, { headers: { "accept-encoding": "br, gzip" } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toContain("immutable");
  expect(asset.headers()["content-encoding"]).toMatch(/br|gzip/);
});

test("public pages never load the admin code", async ({ page }) => {
  const scripts = new Set<string>();
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.add(new URL(r.url()).pathname);
  });
  // The admin's React Router manifest names the module of every route, so the admin chunks can be
  // told apart by route id (a public page's manifest names only the public routes).
  await page.goto("/admin/login");
  const adminModules: string[] = await page.evaluate(() =>
    Object.values(
      (window as unknown as { __reactRouterManifest: { routes: Record<string, { id: string; module: string }> } })
        .__reactRouterManifest.routes,
    )
      .filter((route) => /admin/.test(route.id))
      .map((route) => route.module),
  );
  expect(adminModules.length).toBeGreaterThan(0);
  scripts.clear();
  for (const path of ["/", "/vertelavond", "/contact", "/over-mij", "/gratis-kennismakingsgesprek"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts.size).toBeGreaterThan(0);
  expect([...scripts].filter((s) => adminModules.includes(s))).toEqual([]);

  // The same modules do load on an admin page: the check above is not vacuous.
  await page.goto("/admin/dashboard");
  await page.waitForLoadState("networkidle");
  expect([...scripts].filter((s) => adminModules.includes(s)).length).toBeGreaterThan(0);
});

test("a page that fails while rendering shows the router's fallback 'Unexpected Application Error!'", async ({ page }) => {
  // An answer the page cannot have expected makes its component throw during render, here in the
  // app: /vertelavond reached from the 404 page, the one page that boots React Router.
  await page.route("**/api/products/vertelavond", (route) => route.fulfill({ json: { slug: "vertelavond", events: null } }));
  await page.goto("/bestaat-niet");
  await waitForHydration(page);
  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  await menu.getByRole("button", { name: "Submenu Begrijp jezelf" }).click();
  await menu.getByRole("link", { name: "Vertelavond" }).click();
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await page.getByRole("link", { name: "Terug naar de startpagina" }).click();
  await expect(page).toHaveURL("/");
});

test("an island that fails while rendering says so in its place, and the page around it stays", async ({ page }) => {
  // The same answer on /vertelavond loaded as itself: a page of islands, its dates one of them.
  await page.route("**/api/products/vertelavond", (route) => route.fulfill({ json: { slug: "vertelavond", events: null } }));
  await page.goto("/vertelavond");
  const failed = page.getByRole("alert").filter({ hasText: "Unexpected Application Error!" });
  await expect(failed).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vertelavond", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mis geen enkele vertelavond" })).toBeVisible();
  await failed.getByRole("link", { name: "ga terug naar de startpagina" }).click();
  await expect(page).toHaveURL("/");
});
