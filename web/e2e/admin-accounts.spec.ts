import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { fillLoginForm, SESSION_KEY, signInViaApi, storedSession, toast, waitForAdminPage, type StoredSession } from "./admin-helpers";
import { expectNoAxeViolations, readMails, uniqueEmail } from "./helpers";

/** The token of the newest mail to `address` that links to `path`. */
async function linkToken(address: string, path: "/admin/uitnodiging" | "/admin/nieuw-wachtwoord"): Promise<string> {
  const pattern = new RegExp(`${path.replace(/\//g, "\\/")}\\?token=([A-Za-z0-9_-]+)`);
  let token = "";
  await expect
    .poll(
      () => {
        const tokens = readMails()
          .filter((m) => m.text.includes(address))
          .map((m) => pattern.exec(m.text)?.[1])
          .filter((t): t is string => Boolean(t));
        token = tokens.find((t) => !used.has(t)) ?? "";
        return token;
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  used.add(token);
  return token;
}
const used = new Set<string>();

function bearer(session: StoredSession) {
  return { Authorization: `Bearer ${session.access_token}` };
}

/** A second admin made through the API (invitation accepted), for tests that change its password. */
async function secondAdmin(request: APIRequestContext, inviter: StoredSession, password: string): Promise<string> {
  const email = uniqueEmail("tweede-beheerder");
  const invited = await request.post("/api/admin/accounts/invitations", { headers: bearer(inviter), data: { email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = await linkToken(email, "/admin/uitnodiging");
  const accepted = await request.post("/api/auth/invitation", { data: { token, password } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return email;
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe("admin accounts", () => {
  // Several pages, sign-ins (argon2) and axe runs each: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test("invite a second admin, who chooses a password and signs in; then remove them", async ({ page, browser }) => {
    await signInViaApi(page);
    await page.goto("/admin/accounts");
    await waitForAdminPage(page);
    const email = uniqueEmail("uitgenodigd");
    await page.getByLabel("E-mailadres").fill(email);
    await page.getByRole("button", { name: "Uitnodiging versturen" }).click();
    await expect(toast(page, "Uitnodiging verstuurd")).toBeVisible();
    await expect(page.getByRole("main").getByText(email, { exact: true })).toBeVisible();
    const token = await linkToken(email, "/admin/uitnodiging");

    const invitee = await freshPage(browser);
    await invitee.goto(`/admin/uitnodiging?token=${token}`);
    await expect(invitee.getByRole("heading", { level: 1, name: "Welkom in het beheer" })).toBeVisible();
    await invitee.getByLabel("Nieuw wachtwoord").fill("een zin als wachtwoord");
    await invitee.getByLabel("Herhaal je wachtwoord").fill("een zin als wachtwoord");
    await invitee.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(invitee).toHaveURL("/admin/dashboard");
    await expect(invitee.getByText(`Aangemeld als ${email}`).first()).toBeVisible();
    // The link works once.
    const again = await invitee.request.post("/api/auth/invitation", { data: { token, password: "nog een wachtwoord" } });
    expect(again.status()).toBe(400);

    // Signed out, the new admin signs in with the login form.
    await invitee.getByRole("button", { name: "Afmelden" }).click();
    await expect(invitee).toHaveURL(/\/admin\/login/);
    await fillLoginForm(invitee, email, "een zin als wachtwoord");
    await expect(invitee).toHaveURL("/admin/dashboard");
    const inviteeSession = await storedSession(invitee);

    // The coach removes them; their session ends at once.
    await page.reload();
    await waitForAdminPage(page);
    await page.getByRole("button", { name: `Verwijderen ${email}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Beheerder verwijderen?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Verwijderen" }).click();
    await expect(toast(page, "Beheerder verwijderd")).toBeVisible();
    const me = await invitee.request.get("/api/admin/me", { headers: bearer(inviteeSession!) });
    expect(me.status()).toBe(401);
  });

  test("the coach revokes an open invitation, and its link no longer works", async ({ page }) => {
    const coach = await signInViaApi(page);
    const email = uniqueEmail("ingetrokken");
    const invited = await page.request.post("/api/admin/accounts/invitations", { headers: bearer(coach), data: { email } });
    expect(invited.status(), await invited.text()).toBe(201);
    const token = await linkToken(email, "/admin/uitnodiging");

    await page.goto("/admin/accounts");
    await waitForAdminPage(page);
    await page.getByRole("button", { name: `Intrekken uitnodiging voor ${email}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Uitnodiging intrekken?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Intrekken" }).click();
    await expect(toast(page, "Uitnodiging ingetrokken")).toBeVisible();
    await expect(page.getByRole("main").getByText(email, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    const accepted = await page.request.post("/api/auth/invitation", { data: { token, password: "een zin als wachtwoord" } });
    expect(accepted.status()).toBe(400);
  });

  test("a forgotten password: mail, link, new password, signed in, and the old sessions are gone", async ({ page, browser }) => {
    const coach = await signInViaApi(page);
    const oldPassword = "het oude wachtwoord";
    const email = await secondAdmin(page.request, coach, oldPassword);

    // A session elsewhere, signed in with the old password.
    const elsewhere = await freshPage(browser);
    const oldLogin = await elsewhere.request.post("/api/auth/login", { data: { email, password: oldPassword } });
    expect(oldLogin.status()).toBe(200);
    const oldSession = (await oldLogin.json()) as StoredSession;
    await elsewhere.goto("/robots.txt");
    await elsewhere.evaluate(({ key, value }) => localStorage.setItem(key, value), { key: SESSION_KEY, value: JSON.stringify(oldSession) });

    const forgetful = await freshPage(browser);
    await forgetful.goto("/admin/login");
    await forgetful.getByRole("link", { name: "Wachtwoord vergeten?" }).click();
    await expect(forgetful.getByRole("heading", { level: 1, name: "Wachtwoord vergeten?" })).toBeVisible();
    await forgetful.getByLabel("E-mailadres").fill(email);
    await forgetful.getByRole("button", { name: "Stuur me een link" }).click();
    await expect(forgetful.getByRole("status").filter({ hasText: "één uur lang" })).toBeVisible();

    const token = await linkToken(email, "/admin/nieuw-wachtwoord");
    await forgetful.goto(`/admin/nieuw-wachtwoord?token=${token}`);
    await expect(forgetful.getByRole("heading", { level: 1, name: "Kies een nieuw wachtwoord" })).toBeVisible();
    await forgetful.getByLabel("Nieuw wachtwoord").fill("het nieuwe wachtwoord");
    await forgetful.getByLabel("Herhaal je wachtwoord").fill("het nieuwe wachtwoord");
    await forgetful.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(forgetful).toHaveURL("/admin/dashboard");
    await expect(forgetful.getByText(`Aangemeld als ${email}`).first()).toBeVisible();

    // The old session: its access token is refused at once, and its tab lands on the login page.
    const me = await elsewhere.request.get("/api/admin/me", { headers: bearer(oldSession) });
    expect(me.status()).toBe(401);
    await elsewhere.goto("/admin/dashboard");
    await expect(elsewhere).toHaveURL(/\/admin\/login/);
    // Only the new password works now.
    const withOld = await elsewhere.request.post("/api/auth/login", { data: { email, password: oldPassword } });
    expect(withOld.status()).toBe(401);
    const withNew = await elsewhere.request.post("/api/auth/login", { data: { email, password: "het nieuwe wachtwoord" } });
    expect(withNew.status()).toBe(200);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`axe-core: the forgotten-password, new-password and invitation pages at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/admin/wachtwoord-vergeten");
      await expect(page.getByRole("heading", { level: 1, name: "Wachtwoord vergeten?" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Stuur me een link" }).click();
      await expect(page.getByLabel("E-mailadres")).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page);

      for (const [path, title] of [
        ["/admin/nieuw-wachtwoord", "Kies een nieuw wachtwoord"],
        ["/admin/uitnodiging", "Welkom in het beheer"],
      ] as const) {
        await page.goto(`${path}?token=onbekend`);
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expectNoAxeViolations(page);
        // A short password is refused on the page; an unknown link by the server.
        await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
        await expect(page.getByLabel("Nieuw wachtwoord")).toHaveAttribute("aria-invalid", "true");
        await expectNoAxeViolations(page);
        await page.getByLabel("Nieuw wachtwoord").fill("lang genoeg wachtwoord");
        await page.getByLabel("Herhaal je wachtwoord").fill("lang genoeg wachtwoord");
        await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "al gebruikt of verlopen" })).toBeVisible();
        await expectNoAxeViolations(page);
        // Without a token the page says what to do.
        await page.goto(path);
        await expect(page.getByRole("link", { name: "vraag een nieuwe aan" })).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  }
});
