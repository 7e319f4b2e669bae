import { expect, type Page } from "@playwright/test";
import { bearer } from "./admin-commerce-helpers";
import type { StoredSession } from "./admin-helpers";

/** Each kind of markup the coach can save in a block (Beheer > Pagina's), by a short name. */
export const MARKUP: [string, string][] = [
  ["vet", "Eerlijk **vet** gezegd"],
  ["cursief", "Eerlijk *schuin* gezegd"],
  ["link", "Eerlijk [naar contact](/contact) gezegd"],
  ["html-link", 'Eerlijk <a href="https://inlumine.be">hier</a> gezegd'],
  ["lijst", "- Eerlijk\n- gezegd"],
  ["kop", "## Eerlijk gezegd"],
  ["alles", "## Kop\n\nEen **vette** en *schuine* [link](/contact).\n\n- een\n- twee"],
];

/** Saves `markdown` into each of the blocks `keys`, as Beheer > Pagina's does. */
export async function saveInBlocks(page: Page, session: StoredSession, keys: string[], markdown: string, kind: string) {
  for (const key of keys) {
    const saved = await page.request.put(`/api/admin/page-texts/${key}`, { headers: bearer(session), data: { markdown } });
    expect(saved.status(), `${kind} in ${key}`).toBe(200);
  }
}

/** The blocks `keys` back to their built text. */
export async function restoreBlocks(page: Page, session: StoredSession, keys: string[]) {
  for (const key of keys) {
    await page.request.delete(`/api/admin/page-texts/${key}`, { headers: bearer(session) });
  }
}
