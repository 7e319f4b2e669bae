// Passkeys for an admin, with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain).
// Browsers allow passkeys on plain http only at `localhost` (never at an IP address), so these tests
// visit the e2e server as http://localhost:PORT: the server maps its loopback PUBLIC_URL
// (http://127.0.0.1:PORT) to the relying party `localhost` on the same port. Their own admin
// (invited through the API) keeps the shared coach account as it was for the other specs.
import { expect, test, type Page } from "@playwright/test";
import {
  fillLoginForm,
  signInViaApi,
  toast,
  waitForAdminPage,
  type StoredSession,
} from "./admin-helpers";
import { expectNoAxeViolations, readMails, uniqueEmail } from "./helpers";

const localhost = `http://localhost:${process.env.E2E_PORT}`;
test.use({ baseURL: localhost });

const PASSWORD = "een zin als wachtwoord";

/** The token of the newest unused mail to `address` linking to `path`. */
async function linkToken(
  address: string,
  path: string,
  used: Set<string>,
): Promise<string> {
  const pattern = new RegExp(
    `${path.replace(/\//g, "\\/")}\\?token=([A-Za-z0-9_-]+)`,
  );
  let token = "";
  await expect
    .poll(
      () => {
        token =
          readMails()
            .filter((m) => m.text.includes(address))
            .map((m) => pattern.exec(m.text)?.[1])
            .find((t): t is string => Boolean(t) && !used.has(t!)) ?? "";
        return token;
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  used.add(token);
  return token;
}

/** A new admin of this test's own, invited by the coach and signed in (through the API). */
async function ownAdmin(page: Page): Promise<string> {
  const coach = await signInViaApi(page);
  const email = uniqueEmail("passkey-beheerder");
  const invited = await page.request.post("/api/admin/accounts/invitations", {
    headers: { Authorization: `Bearer ${coach.access_token}` },
    data: { email },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = await linkToken(email, "/admin/uitnodiging", new Set());
  const accepted = await page.request.post("/api/auth/invitation", {
    data: { token, password: PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const session = (await accepted.json()) as StoredSession;
  await page.evaluate(
    (value) => localStorage.setItem("inlumine.admin.session", value),
    JSON.stringify(session),
  );
  return email;
}

/** Chromium's virtual authenticator: a platform authenticator with resident keys and user verification. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function addPasskey(page: Page, name: string) {
  await page.getByLabel("Naam van de nieuwe passkey").fill(name);
  await page.getByRole("button", { name: "Passkey toevoegen" }).click();
  await expect(toast(page, "Passkey toegevoegd")).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Je passkeys" })
      .getByRole("paragraph")
      .filter({ hasText: new RegExp(`^${name}$`) }),
  ).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Afmelden" }).first().click();
  await expect(page).toHaveURL(/\/admin\/login/);
}

test.describe("passkeys", () => {
  // Sign-ins, a reset and axe runs: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test("add a passkey, sign out and in with it; require it, then a password alone is refused; recover by mail", async ({
    page,
  }) => {
    await page.goto("/robots.txt");
    await virtualAuthenticator(page);
    const email = await ownAdmin(page);

    await page.goto("/admin/accounts");
    await waitForAdminPage(page);
    await expect(
      page.getByRole("heading", { name: "Jouw passkeys" }),
    ).toBeVisible();
    await expect(page.getByText("Je hebt nog geen passkeys.")).toBeVisible();
    await expectNoAxeViolations(page);
    // A name is asked for first.
    await page.getByRole("button", { name: "Passkey toevoegen" }).click();
    await expect(page.getByLabel("Naam van de nieuwe passkey")).toBeFocused();
    await expect(page.getByText("Geef je passkey een naam")).toBeVisible();
    await addPasskey(page, "Laptop");
    await expectNoAxeViolations(page);

    // Signed out, the passkey signs her in: no e-mail address, no password.
    await signOut(page);
    await page
      .getByRole("button", { name: "Aanmelden met een passkey" })
      .click();
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(
      page.getByText(`Aangemeld als ${email}`).first(),
    ).toBeVisible();

    // Renamed by keyboard, then required.
    await page.goto("/admin/accounts");
    await waitForAdminPage(page);
    await page
      .getByRole("button", { name: "Naam wijzigen van Laptop" })
      .click();
    const rename = page.getByLabel("Nieuwe naam voor Laptop");
    await expect(rename).toBeFocused();
    await rename.fill("Werklaptop");
    await rename.press("Enter");
    await expect(toast(page, "Naam gewijzigd")).toBeVisible();
    await expect(
      page
        .getByRole("list", { name: "Je passkeys" })
        .getByRole("paragraph")
        .filter({ hasText: /^Werklaptop$/ }),
    ).toBeVisible();
    // The box follows the server: it is ticked once the requirement is saved.
    await page.getByLabel(/Passkey verplicht voor mijn account/).click();
    await expect(toast(page, "Passkey is nu verplicht")).toBeVisible();
    await expect(
      page.getByLabel(/Passkey verplicht voor mijn account/),
    ).toBeChecked();
    await expectNoAxeViolations(page);

    // The right password alone is refused now, in Dutch.
    await signOut(page);
    await fillLoginForm(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toContainText("passkey verplicht");
    await expect(page).toHaveURL(/\/admin\/login/);
    await expectNoAxeViolations(page);
    await page
      .getByRole("button", { name: "Aanmelden met een passkey" })
      .click();
    await expect(page).toHaveURL("/admin/dashboard");

    // The passkey is lost: the mailed reset link sets a new password and asks for a new passkey.
    await signOut(page);
    const asked = await page.request.post("/api/auth/password-forgotten", {
      data: { email },
    });
    expect(asked.status()).toBe(202);
    const reset = await linkToken(email, "/admin/nieuw-wachtwoord", new Set());
    await page.goto(`/admin/nieuw-wachtwoord?token=${reset}`);
    await page
      .getByLabel("Nieuw wachtwoord")
      .fill("een nieuwe zin als wachtwoord");
    await page
      .getByLabel("Herhaal je wachtwoord")
      .fill("een nieuwe zin als wachtwoord");
    await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(page).toHaveURL("/admin/nieuwe-passkey");
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Voeg een nieuwe passkey toe",
      }),
    ).toBeVisible();
    await waitForAdminPage(page);
    await expectNoAxeViolations(page);
    // The lost one goes (allowed now: the requirement waits), a new one comes.
    await page.getByRole("button", { name: "Verwijderen Werklaptop" }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Verwijderen" })
      .click();
    await expect(toast(page, "Passkey verwijderd")).toBeVisible();
    await addPasskey(page, "Telefoon");
    // With the new passkey the requirement is back.
    await page.goto("/admin/accounts");
    await waitForAdminPage(page);
    await expect(
      page.getByLabel(/Passkey verplicht voor mijn account/),
    ).toBeChecked();
  });
});
