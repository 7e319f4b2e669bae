import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { blockLabel, blockName, hasDutchName, unnamedWords } from "@/features/page-texts/lib/block-names";

// Every word of every block key must have a Dutch name, or the coach reads English ("Hello",
// "Withdrawal") in Beheer > Pagina's. The keys are collected twice: from the source of web/app
// (every key literal, also of blocks the built pages do not hold yet) and from the built pages
// (what the server's catalogue is made of, with each page's route), when they are built.

const APP = join(import.meta.dirname, "..", "..", "..");
const BUILT = join(APP, "..", "build", "client");

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, keep);
    return keep(path) ? [path] : [];
  });
}

/** The public routes' paths, from app/routes.ts ("wees-eerlijk/zelftest", …). */
function publicPaths(): string[] {
  const source = readFileSync(join(APP, "routes.ts"), "utf8");
  return [...source.matchAll(/route\(\s*"([^"]+)"/g)]
    .map((m) => m[1] ?? "")
    .filter((path) => path !== "*" && path !== "admin" && !path.startsWith("admin/"));
}

/** The first words a page's key starts with: the whole path, its last part, and the shared areas. */
function keyAreas(): Set<string> {
  const areas = new Set(["layout", "shared", "home", "404"]);
  for (const path of publicPaths()) {
    areas.add(path.replaceAll("/", "."));
    areas.add(path.split("/").at(-1) ?? path);
  }
  return areas;
}

const WORD = "[a-z0-9]+(?:-[a-z0-9]+)*";
const KEY = new RegExp(`^${WORD}(?:\\.${WORD})+$`);

interface SourceKeys {
  /** Whole keys, e.g. "home.hero.title" (a constant in `${P}.name` filled in). */
  keys: Set<string>;
  /** Keys with a part only known when the page runs, e.g. "${step.key}.title", with their known words. */
  patterns: Map<string, string[]>;
}

/** The block keys written in web/app's source (not this feature's own files, not tests). */
function sourceKeys(): SourceKeys {
  const areas = keyAreas();
  const startsWithArea = (key: string) => {
    const parts = key.split(".");
    return parts.some((_, i) => areas.has(parts.slice(0, i + 1).join(".")));
  };
  const out: SourceKeys = { keys: new Set(), patterns: new Map() };
  const sources = files(
    APP,
    (path) => /\.tsx?$/.test(path) && !/\.(test|d)\.tsx?$/.test(path) && !relative(APP, path).startsWith(join("features", "page-texts")),
  );
  for (const file of sources) {
    const source = readFileSync(file, "utf8");
    const constants = new Map([...source.matchAll(/\bconst\s+(\w+)\s*=\s*"([^"\n]*)"/g)].map((m) => [m[1] ?? "", m[2] ?? ""]));
    for (const m of source.matchAll(/"([^"\n\\]*)"|'([^'\n\\]*)'|`([^`\\]*)`/g)) {
      const text = (m[1] ?? m[2] ?? m[3] ?? "").replace(/\$\{(\w+)\}/g, (all, name: string) => constants.get(name) ?? all);
      if (KEY.test(text)) {
        if (startsWithArea(text)) out.keys.add(text);
        continue;
      }
      if (m[3] === undefined || !text.includes("${")) continue;
      // A template: its fixed parts between the `${…}`, e.g. ["shared.reviews.sample", ".text"].
      const fixed = text.split(/\$\{[^}]*\}/);
      const shaped = fixed.every((f) => new RegExp(`^\\.?(?:${WORD}\\.)*(?:${WORD})?$`).test(f)) && fixed.join("").includes(".");
      const lead = fixed[0] ?? "";
      if (!shaped || !(lead === "" ? (fixed[1] ?? "").startsWith(".") : startsWithArea(lead))) continue;
      // The words wholly in a fixed part: not "sample" in "sample${n}", which is only half a word.
      const words = fixed.flatMap((part, i) => {
        const parts = part.split(".");
        if (i > 0 && !part.startsWith(".")) parts.shift();
        if (i < fixed.length - 1 && !part.endsWith(".")) parts.pop();
        return parts.filter((w) => w !== "");
      });
      out.patterns.set(text, words);
    }
  }
  return out;
}

/** The blocks of the built pages, each with the route of its page (as the server lists them). */
function builtBlocks(): { route: string; key: string }[] {
  return files(BUILT, (path) => path.endsWith("index.html")).flatMap((file) => {
    const dir = relative(BUILT, join(file, ".."));
    const route = dir === "" ? "/" : `/${dir.split(/[\\/]/).join("/")}`;
    const html = readFileSync(file, "utf8");
    return [...html.matchAll(/data-block="([^"]+)"/g)].map((m) => ({ route, key: m[1] ?? "" }));
  });
}

describe("block names", () => {
  it("every word of every block key in web/app's source has a Dutch name", () => {
    const { keys, patterns } = sourceKeys();
    // The scan must keep finding the keys (a broken pattern would find none and pass).
    expect(keys.size + patterns.size).toBeGreaterThanOrEqual(200);
    expect(keys).toContain("home.hero.title");
    expect(keys).toContain("layout.header.platform");
    expect(keys).toContain("checkout.order-form.your-details");
    expect(keys).toContain("ervaring-delen.form.hello");
    // `${P}.mode.video-hint` with `const P = "gratis-kennismakingsgesprek.form"`.
    expect(keys).toContain("gratis-kennismakingsgesprek.form.mode.video-hint");
    expect([...patterns.keys()]).toContain("shared.reviews.sample${n}.text");
    const missing = [
      ...[...keys].flatMap((key) => key.split(".").filter((w) => !hasDutchName(w)).map((w) => `${w} (in ${key})`)),
      ...[...patterns].flatMap(([key, words]) => words.filter((w) => !hasDutchName(w)).map((w) => `${w} (in ${key})`)),
    ];
    expect(missing, "key words without a Dutch name in block-names.ts").toEqual([]);
  });

  it.skipIf(!existsSync(join(BUILT, "index.html")))(
    "every block of the built pages is named in Dutch on its page, without a word left as it is",
    () => {
      const blocks = builtBlocks();
      expect(new Set(blocks.map((b) => b.key)).size).toBeGreaterThanOrEqual(200);
      const unnamed = blocks.flatMap(({ route, key }) => {
        const words = unnamedWords(key, route);
        return words.length > 0 ? [`${key} on ${route}: ${words.join(", ")} → ${blockLabel(key, route)}`] : [];
      });
      expect([...new Set(unnamed)], "blocks named with words left as they are").toEqual([]);
    },
  );

  it("names a block after its part of the page and its role", () => {
    expect(blockLabel("home.hero.title", "/")).toBe("Titel · Bovenaan");
    expect(blockLabel("layout.header.platform", "/")).toBe("Knop ‘Log in Platform’ · Bovenaan elke pagina");
    expect(blockLabel("gratis-kennismakingsgesprek.ways.video.title", "/gratis-kennismakingsgesprek")).toBe(
      "Video: titel · Kies wat bij je past",
    );
    expect(blockLabel("wees-eerlijk.next.button", "/wees-eerlijk")).toBe("Knop · De volgende stap");
    expect(blockLabel("wees-eerlijk.how.title", "/wees-eerlijk")).toBe("Titel · Zo werkt het");
    expect(blockLabel("ervaring-delen.form.hello", "/ervaring-delen")).toBe("Begroeting · Formulier");
    expect(blockLabel("payment-success.paid.thanks", "/payment-success")).toBe("Bedankt · Betaald");
    expect(blockLabel("algemene-voorwaarden.withdrawal.title", "/algemene-voorwaarden")).toBe("Titel · Herroepingsrecht");
    expect(blockLabel("privacy.retention.text", "/privacy")).toBe("Tekst · Hoe lang we gegevens bewaren");
    expect(blockLabel("payment-canceled.try-again", "/payment-canceled")).toBe("Uitleg: opnieuw proberen · Bovenaan");
    // A page deeper in the site strips its whole path: the result page's own texts sit at its top.
    expect(blockLabel("zelftest.resultaat.again", "/wees-eerlijk/zelftest/resultaat")).toBe("Knop ‘De test opnieuw doen’ · Bovenaan");
    // Menu items, crumbs and the footer's links are named after the page they lead to.
    expect(blockName("layout.crumbs.home", "/privacy").name).toBe("Startpagina");
    expect(blockName("layout.menu.over-mij", "/").name).toBe("Over mij");
    expect(blockName("layout.footer.about.privacy", "/").name).toBe("Link naar ‘Privacyverklaring’");
    expect(blockName("home.steps.2.title", "/").name).toBe("Stap 2: titel");
    expect(blockName("product-zelfbeeld-ommekeer.included.3", "/product-zelfbeeld-ommekeer").name).toBe("Punt 3");
  });

  it("reports a word it has no Dutch name for", () => {
    expect(unnamedWords("home.hero.frobnicate", "/")).toEqual(["frobnicate"]);
    expect(hasDutchName("frobnicate")).toBe(false);
    expect(hasDutchName("constructor")).toBe(false);
    expect(hasDutchName("feature4")).toBe(true);
  });
});
