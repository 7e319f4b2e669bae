// Editing her self-test in Beheer: the draft as the server keeps it (SelfTestDefinition), and the
// small changes the editor makes to it. Pure functions, so the editor stays a list of fields.
import type { SelfTestDefinition, SelfTestProfile, SelfTestQuestion, SelfTestStep, StepKind as Kind } from "@/lib/api-types";

// The API's definition leaves every field out when empty (the server fills defaults); the editor
// works on the whole shape, filled in once on load (`complete`).
export interface Theme {
  key: string;
  name: string;
}
export interface Choice {
  label: string;
  scores: Record<string, number>;
}
export interface Question {
  id: string;
  text: string;
  choices: Choice[];
}
export type StepKind = Kind;
export interface Step {
  kind: StepKind;
  product_id: number | null;
  path: string | null;
  label: string;
}
export interface Profile {
  id: string;
  theme: string;
  min: number;
  max: number;
  title: string;
  text: string;
  step: Step;
  coupon: { percent: number; valid_days: number } | null;
}
export interface Definition {
  title: string;
  intro: string;
  themes: Theme[];
  questions: Question[];
  profiles: Profile[];
}

function completeStep(step: SelfTestStep | undefined): Step {
  return { kind: step?.kind ?? "intro_call", product_id: step?.product_id ?? null, path: step?.path ?? null, label: step?.label ?? "" };
}

function completeQuestion(q: SelfTestQuestion): Question {
  return {
    id: q.id ?? newId("v"),
    text: q.text ?? "",
    choices: (q.choices ?? []).map((c) => ({ label: c.label ?? "", scores: { ...(c.scores ?? {}) } })),
  };
}

function completeProfile(p: SelfTestProfile): Profile {
  return {
    id: p.id ?? newId("p"),
    theme: p.theme ?? "",
    min: p.min ?? 0,
    max: p.max ?? 100,
    title: p.title ?? "",
    text: p.text ?? "",
    step: completeStep(p.step),
    coupon: p.coupon ?? null,
  };
}

/** The API's definition with every field there, for the editor. */
export function complete(def: SelfTestDefinition): Definition {
  return {
    title: def.title ?? "",
    intro: def.intro ?? "",
    themes: (def.themes ?? []).map((t) => ({ key: t.key ?? "", name: t.name ?? "" })),
    questions: (def.questions ?? []).map(completeQuestion),
    profiles: (def.profiles ?? []).map(completeProfile),
  };
}

/** The five answers most statements take, from "not at all" to "completely". */
export const fivePointScale = [
  "Helemaal niet akkoord",
  "Niet akkoord",
  "Neutraal",
  "Akkoord",
  "Helemaal akkoord",
];

/** A theme's key from its name: lower case, a-z0-9 and dashes ("Zelfbeeld & grenzen" → "zelfbeeld-grenzen"). */
export function themeKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
}

/** A new stable id for a question or a profile (kept across versions, so a result names them). */
export function newId(prefix: "v" | "p"): string {
  const random =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `${prefix}-${random}`;
}

/** The key `wanted` or, when another theme has it, `wanted-2`, `wanted-3`… */
export function uniqueKey(wanted: string, taken: string[]): string {
  const base = wanted || "thema";
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** A theme's key changed: every choice's points and every profile follow it. */
export function renameThemeKey(def: Definition, from: string, to: string): Definition {
  if (from === to) return def;
  return {
    ...def,
    themes: def.themes.map((t) => (t.key === from ? { ...t, key: to } : t)),
    questions: def.questions.map((q) => ({
      ...q,
      choices: q.choices.map((c) => {
        if (!(from in c.scores)) return c;
        const { [from]: points, ...rest } = c.scores;
        return { ...c, scores: { ...rest, [to]: points ?? 0 } };
      }),
    })),
    profiles: def.profiles.map((p) => (p.theme === from ? { ...p, theme: to } : p)),
  };
}

/** A theme goes: its points go with it; its profiles stay (she moves or deletes them), publish names them. */
export function removeTheme(def: Definition, key: string): Definition {
  return {
    ...def,
    themes: def.themes.filter((t) => t.key !== key),
    questions: def.questions.map((q) => ({
      ...q,
      choices: q.choices.map((c) => {
        const { [key]: _gone, ...rest } = c.scores;
        return { ...c, scores: rest };
      }),
    })),
  };
}

/** The themes a question scores (any choice gives it points). */
export function scoredThemes(question: Question): string[] {
  const keys = new Set<string>();
  for (const c of question.choices) for (const [k, v] of Object.entries(c.scores)) if ((v ?? 0) > 0) keys.add(k);
  return [...keys];
}

/**
 * The question's answers become the five-point scale, 0 to 4 points for each theme it scored
 * (or the first theme, for a new question).
 */
export function applyFivePointScale(question: Question, themes: Theme[]): Question {
  const scored = scoredThemes(question);
  const keys = scored.length > 0 ? scored : themes.slice(0, 1).map((t) => t.key);
  return {
    ...question,
    choices: fivePointScale.map((label, i) => ({ label, scores: Object.fromEntries(keys.map((k) => [k, i])) })),
  };
}

export function newQuestion(themes: Theme[]): Question {
  return applyFivePointScale({ id: newId("v"), text: "", choices: [] }, themes);
}

export function newProfile(theme: string): Profile {
  return {
    id: newId("p"),
    theme,
    min: 0,
    max: 100,
    title: "",
    text: "",
    step: { kind: "intro_call", product_id: null, path: null, label: "Plan een gratis kennismakingsgesprek" },
    coupon: null,
  };
}

export function emptyDefinition(): Definition {
  return { title: "", intro: "", themes: [], questions: [], profiles: [] };
}

/** Move item `index` of `list` one place up (-1) or down (+1). */
export function move<T>(list: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return list;
  const copy = [...list];
  [copy[index], copy[to]] = [copy[to]!, copy[index]!];
  return copy;
}

/** Per theme, the score ranges no profile covers yet ("0–29"), so she sees the gaps before publishing. */
export function uncovered(def: Definition): { theme: Theme; gaps: string[] }[] {
  return def.themes
    .map((theme) => {
      const covered = new Array<boolean>(101).fill(false);
      for (const p of def.profiles) {
        if (p.theme !== theme.key) continue;
        for (let s = Math.max(0, p.min); s <= Math.min(100, p.max); s += 1) covered[s] = true;
      }
      const gaps: string[] = [];
      let start: number | null = null;
      for (let s = 0; s <= 101; s += 1) {
        if (s <= 100 && !covered[s]) start ??= s;
        else if (start !== null) {
          gaps.push(start === s - 1 ? `${start}` : `${start}–${s - 1}`);
          start = null;
        }
      }
      return { theme, gaps };
    })
    .filter((t) => t.gaps.length > 0);
}
