import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { uniqueEmail } from "./helpers";

test("the subscribers page lists a new signup, filters it, and downloads the CSV", async ({ page }) => {
  const email = uniqueEmail("abonnee");
  const firstName = uniqueName("Lotte").replace(/[^a-z]/gi, "");
  const signup = await page.request.post("/api/newsletter", { data: { firstName, email } });
  expect(signup.status()).toBe(200);

  await signInViaApi(page);
  await page.goto("/admin/nieuwsbrief");
  await waitForAdminPage(page);
  await page.getByLabel("Zoeken op naam of e-mailadres").fill(email);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText(firstName);
  await expect(row).toContainText("In afwachting");
  await expect(page.getByText("1 abonnee", { exact: true })).toBeVisible();

  // The status filter: not among the confirmed ones, back with "In afwachting".
  await page.getByLabel("Status").selectOption({ label: "Bevestigd" });
  await expect(page.getByText("Niemand gevonden met deze zoekopdracht.")).toBeVisible();
  await page.getByLabel("Status").selectOption({ label: "In afwachting" });
  await expect(row).toBeVisible();

  // The CSV comes with the admin's token, saved through a Blob URL.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("nieuwsbrief-abonnees.csv");
  expect(download.url()).toMatch(/^blob:/);
  const bytes = await readFile((await download.path()));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString("utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toContain(";");
  const line = lines.find((l) => l.includes(email));
  expect(line, "the new subscriber's line").toBeTruthy();
  expect(line).toContain(firstName);
  expect(line!.split(";").length).toBeGreaterThanOrEqual(3);
  await expect(toast(page, "CSV gedownload")).toBeVisible();
});
