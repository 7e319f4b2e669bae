import { useState } from "react";
import { adminButton, cardClass } from "@/components/admin/styles";
import { CheckboxField, InputField, SelectField, TextareaField } from "@/components/form/field";
import { MarkdownField } from "@/components/form/markdown-field";
import {
  applyFivePointScale,
  move,
  newProfile,
  newQuestion,
  removeTheme,
  renameThemeKey,
  themeKey,
  uncovered,
  uniqueKey,
  type Definition,
  type Profile,
  type Question,
  type StepKind,
} from "@/features/selftest/lib/definition";
import type { ProductChoice as Product } from "@/lib/api-types";

const stepKinds: { kind: StepKind; label: string }[] = [
  { kind: "product", label: "Een aanbod (vertelavond, cursus…)" },
  { kind: "intro_call", label: "Een gratis kennismakingsgesprek" },
  { kind: "page", label: "Een pagina van de site" },
];

const sectionTitle = "text-2xl";

interface EditorProps {
  value: Definition;
  onChange: (next: Definition) => void;
  products: Product[];
}

/** Everything of her test on one page: title and intro, themes, questions with their points, profiles. */
export function DefinitionEditor({ value: def, onChange, products }: EditorProps) {
  const set = (patch: Partial<Definition>) => onChange({ ...def, ...patch });
  return (
    <div className="grid gap-8">
      <section aria-labelledby="zelftest-algemeen" className={`${cardClass} grid gap-4`}>
        <h2 id="zelftest-algemeen" className={sectionTitle}>
          Titel en inleiding
        </h2>
        <InputField label="Titel van de test" value={def.title} onChange={(e) => set({ title: e.target.value })} maxLength={120} />
        <MarkdownField label="Inleiding" value={def.intro} onChange={(intro) => set({ intro })} rows={5} />
      </section>

      <ThemesEditor def={def} onChange={onChange} />
      <QuestionsEditor def={def} onChange={onChange} />
      <ProfilesEditor def={def} onChange={onChange} products={products} />
    </div>
  );
}

function ThemesEditor({ def, onChange }: { def: Definition; onChange: (d: Definition) => void }) {
  // Keys she typed herself are not renamed from the name any more.
  const [ownKeys, setOwnKeys] = useState<string[]>([]);
  const [newName, setNewName] = useState("");

  function add() {
    const name = newName.trim();
    if (!name) return;
    const key = uniqueKey(themeKey(name), def.themes.map((t) => t.key));
    onChange({ ...def, themes: [...def.themes, { key, name }] });
    setNewName("");
  }

  return (
    <section aria-labelledby="zelftest-themas" className={`${cardClass} grid gap-4`}>
      <div>
        <h2 id="zelftest-themas" className={sectionTitle}>
          Thema&apos;s
        </h2>
        <p className="mt-1 text-ink-soft">
          Wat de test meet, bijvoorbeeld zelfbeeld, grenzen of energie. Elk antwoord geeft punten aan één of meer thema&apos;s
          (1 tot 8 thema&apos;s).
        </p>
      </div>
      {def.themes.length > 0 ? (
        <ul className="grid gap-3">
          {def.themes.map((theme, i) => {
            return (
              <li key={i} className="grid gap-3 rounded-xl border border-sand p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <InputField
                  label={`Naam van thema ${i + 1}`}
                  value={theme.name}
                  onChange={(e) => {
                    const name = e.target.value;
                    let next: Definition = { ...def, themes: def.themes.map((t, j) => (j === i ? { ...t, name } : t)) };
                    if (!ownKeys.includes(theme.key)) {
                      const key = uniqueKey(themeKey(name), def.themes.filter((_, j) => j !== i).map((t) => t.key));
                      next = renameThemeKey(next, theme.key, key);
                    }
                    onChange(next);
                  }}
                />
                <InputField
                  label={`Sleutel van thema ${i + 1}`}
                  value={theme.key}
                  hint="Kleine letters, cijfers en streepjes; volgt de naam tot je hem zelf aanpast."
                  onChange={(e) => {
                    const key = e.target.value.toLowerCase().replace(/[^a-z0-9-]/g, "");
                    setOwnKeys((k) => [...k, key]);
                    onChange(renameThemeKey(def, theme.key, key));
                  }}
                  controlClassName="font-mono"
                />
                <button
                  type="button"
                  onClick={() => onChange(removeTheme(def, theme.key))}
                  className={adminButton("danger-quiet", "sm")}
                  aria-label={`Verwijder thema ${theme.name || i + 1}`}
                >
                  Verwijderen
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <InputField
          label="Nieuw thema"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          placeholder="bv. Zelfbeeld"
        />
        <button type="button" onClick={add} disabled={def.themes.length >= 8} className={adminButton("secondary")}>
          Thema toevoegen
        </button>
      </div>
    </section>
  );
}

function QuestionsEditor({ def, onChange }: { def: Definition; onChange: (d: Definition) => void }) {
  const setQuestion = (i: number, q: Question) => onChange({ ...def, questions: def.questions.map((x, j) => (j === i ? q : x)) });
  return (
    <section aria-labelledby="zelftest-vragen" className={`${cardClass} grid gap-4`}>
      <div>
        <h2 id="zelftest-vragen" className={sectionTitle}>
          Vragen
        </h2>
        <p className="mt-1 text-ink-soft">
          Een vraag of een uitspraak, met 2 tot 7 antwoorden. Per antwoord geef je 0 tot 10 punten per thema. De vijfpuntenschaal
          vult ‘Helemaal niet akkoord’ tot ‘Helemaal akkoord’ in, met 0 tot 4 punten.
        </p>
      </div>
      <ol className="grid gap-4">
        {def.questions.map((q, i) => (
          <li key={q.id}>
            <fieldset className="grid min-w-0 gap-3 rounded-xl border border-sand p-3 sm:p-4">
              <legend className="px-1 font-semibold">Vraag {i + 1}</legend>
              <TextareaField
                label={`Tekst van vraag ${i + 1}`}
                value={q.text}
                rows={2}
                onChange={(e) => setQuestion(i, { ...q, text: e.target.value })}
              />
              <div className="grid gap-3">
                {q.choices.map((c, ci) => (
                  <div key={ci} className="grid gap-2 rounded-lg bg-cream p-3">
                    <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
                      <InputField
                        label={`Antwoord ${ci + 1} van vraag ${i + 1}`}
                        value={c.label}
                        onChange={(e) =>
                          setQuestion(i, { ...q, choices: q.choices.map((x, j) => (j === ci ? { ...x, label: e.target.value } : x)) })
                        }
                      />
                      <button
                        type="button"
                        disabled={q.choices.length <= 2}
                        onClick={() => setQuestion(i, { ...q, choices: q.choices.filter((_, j) => j !== ci) })}
                        className={adminButton("quiet", "sm")}
                        aria-label={`Verwijder antwoord ${ci + 1} van vraag ${i + 1}`}
                      >
                        Weg
                      </button>
                    </div>
                    {def.themes.length > 0 ? (
                      <div className="flex flex-wrap gap-3">
                        {def.themes.map((t) => (
                          <InputField
                            key={t.key}
                            className="w-36"
                            label={<span className="text-sm">Punten {t.name || t.key}</span>}
                            aria-label={`Punten ${t.name || t.key}, antwoord ${ci + 1} van vraag ${i + 1}`}
                            type="number"
                            inputMode="numeric"
                            min={0}
                            max={10}
                            value={String(c.scores[t.key] ?? 0)}
                            onChange={(e) => {
                              const points = Math.max(0, Math.min(10, Math.round(Number(e.target.value) || 0)));
                              const scores = { ...c.scores, [t.key]: points };
                              if (points === 0) delete scores[t.key];
                              setQuestion(i, { ...q, choices: q.choices.map((x, j) => (j === ci ? { ...x, scores } : x)) });
                            }}
                          />
                        ))}
                      </div>
                    ) : null}
                  </div>
                ))}
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={q.choices.length >= 7}
                  onClick={() => setQuestion(i, { ...q, choices: [...q.choices, { label: "", scores: {} }] })}
                  className={adminButton("secondary", "sm")}
                >
                  Antwoord toevoegen
                </button>
                <button
                  type="button"
                  onClick={() => setQuestion(i, applyFivePointScale(q, def.themes))}
                  className={adminButton("secondary", "sm")}
                  aria-label={`Vijfpuntenschaal voor vraag ${i + 1}`}
                >
                  Vijfpuntenschaal
                </button>
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => onChange({ ...def, questions: move(def.questions, i, -1) })}
                  className={adminButton("quiet", "sm")}
                  aria-label={`Vraag ${i + 1} naar boven`}
                >
                  Omhoog
                </button>
                <button
                  type="button"
                  disabled={i === def.questions.length - 1}
                  onClick={() => onChange({ ...def, questions: move(def.questions, i, 1) })}
                  className={adminButton("quiet", "sm")}
                  aria-label={`Vraag ${i + 1} naar beneden`}
                >
                  Omlaag
                </button>
                <button
                  type="button"
                  onClick={() => onChange({ ...def, questions: def.questions.filter((_, j) => j !== i) })}
                  className={adminButton("danger-quiet", "sm")}
                  aria-label={`Verwijder vraag ${i + 1}`}
                >
                  Vraag verwijderen
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div>
        <button
          type="button"
          disabled={def.questions.length >= 40}
          onClick={() => onChange({ ...def, questions: [...def.questions, newQuestion(def.themes)] })}
          className={adminButton("secondary")}
        >
          Vraag toevoegen
        </button>
      </div>
    </section>
  );
}

function ProfilesEditor({ def, onChange, products }: { def: Definition; onChange: (d: Definition) => void; products: Product[] }) {
  const setProfile = (i: number, p: Profile) => onChange({ ...def, profiles: def.profiles.map((x, j) => (j === i ? p : x)) });
  const gaps = uncovered(def);
  return (
    <section aria-labelledby="zelftest-profielen" className={`${cardClass} grid gap-4`}>
      <div>
        <h2 id="zelftest-profielen" className={sectionTitle}>
          Profielen
        </h2>
        <p className="mt-1 text-ink-soft">
          Per thema een of meer profielen met een scorebereik in procent (samen van 0 tot 100), een titel, een tekst en de
          volgende stap die je aanraadt. De bezoeker ziet eerst het profiel van het thema waarop ze het hoogst scoort.
        </p>
      </div>
      {gaps.length > 0 ? (
        <div className="rounded-xl border border-gold bg-gold-soft/40 p-3 text-ink">
          <p className="font-semibold">Nog zonder profiel:</p>
          <ul className="mt-1 list-disc pl-5">
            {gaps.map(({ theme, gaps: g }) => (
              <li key={theme.key}>
                {theme.name || theme.key}: {g.join(", ")} %
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ol className="grid gap-4">
        {def.profiles.map((p, i) => (
          <li key={p.id}>
            <fieldset className="grid min-w-0 gap-3 rounded-xl border border-sand p-3 sm:p-4">
              <legend className="px-1 font-semibold">Profiel {i + 1}</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                <SelectField label={`Thema van profiel ${i + 1}`} value={p.theme} onChange={(e) => setProfile(i, { ...p, theme: e.target.value })}>
                  {def.themes.some((t) => t.key === p.theme) ? null : <option value={p.theme}>Kies een thema</option>}
                  {def.themes.map((t) => (
                    <option key={t.key} value={t.key}>
                      {t.name || t.key}
                    </option>
                  ))}
                </SelectField>
                <InputField
                  label={`Vanaf (%) profiel ${i + 1}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  value={String(p.min)}
                  onChange={(e) => setProfile(i, { ...p, min: Math.max(0, Math.min(100, Math.round(Number(e.target.value) || 0))) })}
                />
                <InputField
                  label={`Tot en met (%) profiel ${i + 1}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  value={String(p.max)}
                  onChange={(e) => setProfile(i, { ...p, max: Math.max(0, Math.min(100, Math.round(Number(e.target.value) || 0))) })}
                />
              </div>
              <InputField label={`Titel van profiel ${i + 1}`} value={p.title} onChange={(e) => setProfile(i, { ...p, title: e.target.value })} />
              <MarkdownField label={`Tekst van profiel ${i + 1}`} value={p.text} onChange={(text) => setProfile(i, { ...p, text })} rows={6} />
              <StepEditor profile={p} index={i} products={products} onChange={(next) => setProfile(i, next)} />
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  onClick={() => onChange({ ...def, profiles: def.profiles.filter((_, j) => j !== i) })}
                  className={adminButton("danger-quiet", "sm")}
                  aria-label={`Verwijder profiel ${i + 1}`}
                >
                  Profiel verwijderen
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div>
        <button
          type="button"
          onClick={() => onChange({ ...def, profiles: [...def.profiles, newProfile(def.themes[0]?.key ?? "")] })}
          className={adminButton("secondary")}
        >
          Profiel toevoegen
        </button>
      </div>
    </section>
  );
}

function StepEditor({ profile: p, index: i, products, onChange }: { profile: Profile; index: number; products: Product[]; onChange: (p: Profile) => void }) {
  const step = p.step;
  const setKind = (kind: StepKind) =>
    onChange({
      ...p,
      step: { ...step, kind, product_id: kind === "product" ? (step.product_id ?? products[0]?.id ?? null) : null, path: kind === "page" ? (step.path ?? "/") : null },
      coupon: kind === "product" ? p.coupon : null,
    });
  return (
    <div className="grid gap-3 rounded-lg bg-cream p-3">
      <SelectField label={`Volgende stap van profiel ${i + 1}`} value={step.kind} onChange={(e) => setKind(e.target.value as StepKind)}>
        {stepKinds.map((k) => (
          <option key={k.kind} value={k.kind}>
            {k.label}
          </option>
        ))}
      </SelectField>
      {step.kind === "product" ? (
        <SelectField
          label={`Aanbod van profiel ${i + 1}`}
          value={step.product_id === null || step.product_id === undefined ? "" : String(step.product_id)}
          onChange={(e) => onChange({ ...p, step: { ...step, product_id: e.target.value ? Number(e.target.value) : null } })}
        >
          <option value="">Kies een aanbod</option>
          {products.map((product) => (
            <option key={product.id} value={String(product.id)}>
              {product.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {step.kind === "page" ? (
        <InputField
          label={`Pagina van profiel ${i + 1}`}
          hint="Het pad van de pagina, bv. /begrijp-jezelf"
          value={step.path ?? ""}
          onChange={(e) => onChange({ ...p, step: { ...step, path: e.target.value } })}
          controlClassName="font-mono"
        />
      ) : null}
      <InputField
        label={`Tekst van de knop, profiel ${i + 1}`}
        value={step.label}
        onChange={(e) => onChange({ ...p, step: { ...step, label: e.target.value } })}
      />
      {step.kind === "product" ? (
        <>
          <CheckboxField
            checked={p.coupon !== null && p.coupon !== undefined}
            onChange={(on) => onChange({ ...p, coupon: on ? { percent: 10, valid_days: 30 } : null })}
          >
            Een persoonlijke coupon meesturen met het resultaat (één keer te gebruiken)
          </CheckboxField>
          {p.coupon ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <InputField
                label={`Korting (%) profiel ${i + 1}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                unit="%"
                value={String(p.coupon.percent)}
                onChange={(e) => onChange({ ...p, coupon: { ...p.coupon!, percent: Math.round(Number(e.target.value) || 0) } })}
              />
              <InputField
                label={`Geldig (dagen) profiel ${i + 1}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                value={String(p.coupon.valid_days)}
                onChange={(e) => onChange({ ...p, coupon: { ...p.coupon!, valid_days: Math.round(Number(e.target.value) || 0) } })}
              />
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
