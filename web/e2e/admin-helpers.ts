// Signing in as the admin that e2e/start-server.sh creates (credentials from playwright.config.ts).
import { expect, type Page } from "@playwright/test";

export const SESSION_KEY = "inlumine.admin.session";

export const admin = {
  get email() {
    return process.env.E2E_ADMIN_EMAIL!;
  },
  get password() {
    return process.env.E2E_ADMIN_PASSWORD!;
  },
};

export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: string;
  user: { id: number; email: string; role: string };
}

/** Signs in through the API and stores the session the way the app does (no UI). */
export async function signInViaApi(page: Page): Promise<StoredSession> {
  const response = await page.request.post("/api/auth/login", {
    data: { email: admin.email, password: admin.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as StoredSession;
  await page.goto("/robots.txt");
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), { key: SESSION_KEY, value: JSON.stringify(session) });
  return session;
}

/** Fills in the login form that is on screen. */
export async function fillLoginForm(page: Page, email = admin.email, password = admin.password) {
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(password);
  await page.getByRole("button", { name: "Inloggen" }).click();
}

export async function storedSession(page: Page): Promise<StoredSession | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}

/** A name no other test (or run) uses, so parallel tests never see each other's data. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** The admin page's content has loaded (its h1 is there and no spinner is left). */
export async function waitForAdminPage(page: Page) {
  await expect(page.locator("main h1")).toBeVisible();
  await expect(page.locator("main [role=status]").filter({ hasText: /laden/i })).toHaveCount(0);
}

/** A sonner toast with this title. */
export function toast(page: Page, title: string | RegExp) {
  return page.getByRole("region", { name: /Meldingen/ }).getByText(title).first();
}
