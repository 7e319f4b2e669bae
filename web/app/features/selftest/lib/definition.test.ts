import { describe, expect, it } from "vitest";
import {
  applyFivePointScale,
  emptyDefinition,
  newProfile,
  removeTheme,
  renameThemeKey,
  themeKey,
  uncovered,
  uniqueKey,
  type Definition,
} from "@/features/selftest/lib/definition";

function sample(): Definition {
  return {
    ...emptyDefinition(),
    themes: [
      { key: "zelfbeeld", name: "Zelfbeeld" },
      { key: "grenzen", name: "Grenzen" },
    ],
    questions: [{ id: "v-1", text: "Ik zeg nee", choices: [{ label: "Ja", scores: { zelfbeeld: 2, grenzen: 1 } }, { label: "Nee", scores: {} }] }],
    profiles: [{ ...newProfile("zelfbeeld"), id: "p-1", min: 0, max: 49 }],
  };
}

describe("her self-test's draft", () => {
  it("makes a theme's key from its name", () => {
    expect(themeKey("Zelfbeeld & Grenzen")).toBe("zelfbeeld-grenzen");
    expect(themeKey("  Énergie ")).toBe("energie");
    expect(uniqueKey("grenzen", ["grenzen", "grenzen-2"])).toBe("grenzen-3");
    expect(uniqueKey("", [])).toBe("thema");
  });

  it("carries a renamed key into the points and the profiles", () => {
    const renamed = renameThemeKey(sample(), "zelfbeeld", "eigenwaarde");
    expect(renamed.themes[0]).toEqual({ key: "eigenwaarde", name: "Zelfbeeld" });
    expect(renamed.questions[0]!.choices[0]!.scores).toEqual({ eigenwaarde: 2, grenzen: 1 });
    expect(renamed.profiles[0]!.theme).toBe("eigenwaarde");
  });

  it("drops a removed theme's points", () => {
    const left = removeTheme(sample(), "grenzen");
    expect(left.themes.map((t) => t.key)).toEqual(["zelfbeeld"]);
    expect(left.questions[0]!.choices[0]!.scores).toEqual({ zelfbeeld: 2 });
  });

  it("fills the five-point scale with 0 to 4 points for the themes the question scored", () => {
    const q = applyFivePointScale(sample().questions[0]!, sample().themes);
    expect(q.choices.map((c) => c.label)).toEqual([
      "Helemaal niet akkoord",
      "Niet akkoord",
      "Neutraal",
      "Akkoord",
      "Helemaal akkoord",
    ]);
    expect(q.choices[4]!.scores).toEqual({ zelfbeeld: 4, grenzen: 4 });
  });

  it("names the score ranges no profile covers yet", () => {
    expect(uncovered(sample()).map((u) => [u.theme.key, u.gaps])).toEqual([
      ["zelfbeeld", ["50–100"]],
      ["grenzen", ["0–100"]],
    ]);
  });
});
