import { expect, test } from "@playwright/test";
import {
  admin,
  fillLoginForm,
  SESSION_KEY,
  signInViaApi,
  storedSession,
  waitForAdminPage,
} from "./admin-helpers";

test.describe("admin sign-in", () => {
  test("a protected page sends you to the login page, and after signing in you land back on it", async ({ page }) => {
    await page.goto("/admin/reviews?pagina=2");
    await expect(page).toHaveURL(/\/admin\/login\?next=/);
    const next = new URL(page.url()).searchParams.get("next");
    expect(next).toBe("/admin/reviews?pagina=2");
    await expect(page.getByRole("heading", { level: 1, name: "Inloggen" })).toBeVisible();
    // The login page has its own simple shell: no admin menu.
    await expect(page.getByRole("navigation", { name: "Beheermenu" })).toHaveCount(0);

    await fillLoginForm(page);
    await expect(page).toHaveURL("/admin/reviews?pagina=2");
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Beheermenu" })).toBeVisible();
    await expect(page.getByText(`Aangemeld als ${admin.email}`).first()).toBeVisible();

    const session = await storedSession(page);
    expect(session?.user).toMatchObject({ email: admin.email, role: "admin" });
    expect(session?.access_token).toBeTruthy();
    expect(session?.refresh_token).toBeTruthy();
  });

  test("signing in without a next page opens the dashboard; a foreign next is ignored", async ({ page }) => {
    await page.goto("/admin/login?next=https%3A%2F%2Fevil.example%2Fadmin");
    await fillLoginForm(page);
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Vandaag" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Beheermenu" });
    await expect(menu.getByRole("link", { name: "Vandaag" })).toHaveAttribute("aria-current", "page");
    // /admin is the same page, and its menu marks the dashboard as current too.
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Vandaag" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Vandaag" })).toHaveAttribute("aria-current", "page");
    await menu.getByRole("button", { name: "Mensen" }).click();
    await expect(menu.getByRole("link", { name: "Reviews" })).not.toHaveAttribute("aria-current", "page");
    // Already signed in: the login page moves straight on.
    await page.goto("/admin/login?next=%2Fadmin%2Fnieuwsbrief");
    await expect(page).toHaveURL("/admin/nieuwsbrief");
  });

  test("a wrong password shows the server's message and stores nothing", async ({ page }) => {
    await page.goto("/admin/login");
    await fillLoginForm(page, admin.email, "dit-is-niet-het-wachtwoord");
    await expect(page.getByRole("alert")).toHaveText("Dit e-mailadres of wachtwoord klopt niet.");
    await expect(page).toHaveURL("/admin/login");
    await expect(page.getByLabel("Wachtwoord")).toHaveValue("");
    expect(await storedSession(page)).toBeNull();
  });

  test("empty fields are caught next to the field before anything is sent", async ({ page }) => {
    let sent = false;
    await page.route("**/api/auth/login", (route) => {
      sent = true;
      return route.continue();
    });
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Inloggen" }).click();
    const email = page.getByLabel("E-mailadres");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Vul je e-mailadres in.");
    await expect(email).toBeFocused();
    await expect(page.getByLabel("Wachtwoord")).toHaveAccessibleDescription("Vul je wachtwoord in.");
    expect(sent).toBe(false);
  });

  test("too many attempts: the server's message and how long to wait", async ({ page }) => {
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({
        status: 429,
        headers: { "Retry-After": "600" },
        json: { error: { code: "rate_limited", message: "Te veel pogingen om in te loggen." } },
      }),
    );
    await page.goto("/admin/login");
    await fillLoginForm(page);
    await expect(page.getByRole("alert")).toHaveText(
      "Te veel pogingen om in te loggen. Je kan het over ongeveer 10 minuten opnieuw proberen.",
    );
  });

  test("an account that is not an admin gets a clear message and no session", async ({ page }) => {
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({
        json: {
          access_token: "x",
          refresh_token: "y",
          expires_in: 3600,
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          user: { id: 99, email: "klant@voorbeeld.be", role: "user" },
        },
      }),
    );
    await page.route("**/api/auth/logout", (route) => route.fulfill({ status: 204 }));
    await page.goto("/admin/login");
    await fillLoginForm(page, "klant@voorbeeld.be", "een-wachtwoord");
    await expect(page.getByRole("alert")).toContainText("geen toegang tot het beheer");
    await expect(page).toHaveURL("/admin/login");
    expect(await storedSession(page)).toBeNull();
  });
});

test.describe("admin session", () => {
  test("survives a reload", async ({ page }) => {
    const session = await signInViaApi(page);
    await page.goto("/admin/nieuwsbrief");
    await waitForAdminPage(page);
    await page.reload();
    await expect(page).toHaveURL("/admin/nieuwsbrief");
    await expect(page.getByRole("heading", { level: 1, name: "Nieuwsbrief" })).toBeVisible();
    expect((await storedSession(page))?.refresh_token).toBeTruthy();
    expect((await storedSession(page))?.user.email).toBe(session.user.email);
  });

  test("the access token is replaced by a refresh before it expires, and data still loads", async ({ page }) => {
    test.setTimeout(60_000);
    // The e2e server issues 100-second tokens; the app refreshes when fewer than 90 s remain.
    const signedIn = await signInViaApi(page);
    expect(signedIn.expires_in).toBeLessThanOrEqual(120);
    const refreshes: number[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/refresh")) refreshes.push(Date.now());
    });
    await page.goto("/admin/reviews");
    await waitForAdminPage(page);

    await expect
      .poll(async () => (await storedSession(page))?.access_token, { timeout: 30_000, intervals: [1_000] })
      .not.toBe(signedIn.access_token);
    const refreshed = (await storedSession(page))!;
    expect(refreshed.refresh_token).not.toBe(signedIn.refresh_token);
    expect(Date.parse(refreshed.expires_at)).toBeGreaterThan(Date.parse(signedIn.expires_at));
    // Refreshed ahead of time, not after the old token had already run out.
    expect(Date.now()).toBeLessThan(Date.parse(signedIn.expires_at));
    expect(refreshes).toHaveLength(1);

    // The page still talks to the API with the new token.
    const list = page.waitForResponse((r) => r.url().includes("/api/admin/reviews") && r.status() === 200);
    await page.getByLabel("Zoeken in reviews").fill("a");
    await list;
    await expect(page.getByRole("table")).toBeVisible();
  });

  test("a refused access token is refreshed once and the request retried", async ({ page }) => {
    const session = await signInViaApi(page);
    // An access token the server does not accept, with a valid refresh token.
    await page.evaluate(
      ({ key, value }) => localStorage.setItem(key, value),
      { key: SESSION_KEY, value: JSON.stringify({ ...session, access_token: "kapot", expires_at: session.expires_at }) },
    );
    const statuses: string[] = [];
    page.on("response", (r) => {
      const path = new URL(r.url()).pathname;
      if (path === "/api/admin/reviews" || path.startsWith("/api/auth/")) statuses.push(`${path} ${r.status()}`);
    });
    await page.goto("/admin/reviews");
    await expect(page.getByRole("table")).toBeVisible();
    // Other admin requests of the page (the go-live banner) share that one refresh.
    expect(statuses).toEqual(["/api/admin/reviews 401", "/api/auth/refresh 200", "/api/admin/reviews 200"]);
    expect((await storedSession(page))?.access_token).not.toBe("kapot");
  });

  test("when the session cannot be refreshed, you are sent to the login page and come back after", async ({ page }) => {
    const session = await signInViaApi(page);
    await page.evaluate(
      ({ key, value }) => localStorage.setItem(key, value),
      { key: SESSION_KEY, value: JSON.stringify({ ...session, access_token: "kapot", refresh_token: "ook-kapot" }) },
    );
    await page.goto("/admin/drempel-videos");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fdrempel-videos");
    await expect(page.getByText("Je sessie is verlopen")).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    await fillLoginForm(page);
    await expect(page).toHaveURL("/admin/drempel-videos");
  });

  test("signing out revokes the session, clears storage, and protected pages need a login again", async ({ page }) => {
    const session = await signInViaApi(page);
    await page.goto("/admin/dashboard");
    await waitForAdminPage(page);
    await page.getByRole("button", { name: "Afmelden" }).click();
    await expect(page).toHaveURL("/admin/login");
    await expect(page.getByText("Je bent afgemeld.")).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();

    // The refresh token is revoked on the server too.
    const refresh = await page.request.post("/api/auth/refresh", { data: { refresh_token: session.refresh_token } });
    expect(refresh.status()).toBe(401);

    await page.goto("/admin/zelfbeeld-events");
    await expect(page).toHaveURL("/admin/login?next=%2Fadmin%2Fzelfbeeld-events");
  });

  test("signing out in one tab signs out the other tab too", async ({ page, context }) => {
    await signInViaApi(page);
    await page.goto("/admin/reviews");
    await waitForAdminPage(page);
    const other = await context.newPage();
    await other.goto("/admin/dashboard");
    await waitForAdminPage(other);
    await other.getByRole("button", { name: "Afmelden" }).click();
    await expect(other).toHaveURL("/admin/login");
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Freviews/);
  });

  test("the admin menu works on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaApi(page);
    await page.goto("/admin/dashboard");
    await waitForAdminPage(page);
    const nav = page.getByRole("navigation", { name: "Beheermenu" });
    await expect(nav).toBeHidden();
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const label of ["Vandaag", "Reviews", "Vertelavonden en webinars", "Zelfbeeld-events", "Coupons", "Drempelvideo's", "Nieuwsbrief"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await nav.getByRole("link", { name: "Nieuwsbrief" }).click();
    await expect(page).toHaveURL("/admin/nieuwsbrief");
    await expect(nav).toBeHidden();
  });
});
