import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Later, laterText, type LaterBlock } from "@/components/ui/block";
import { buttonClasses } from "@/components/ui/button-link";
import type { PublicSelfTest } from "@/lib/api-types";
import { trackEvent } from "@/lib/visits";

/** The runner's words: shown only once the test has loaded, so registered with `LaterBlocks` by the page. */
export const runnerTexts = {
  start: { name: "zelftest.start", text: "Start de test", label: true },
  question: { name: "zelftest.progress.question", text: "Vraag" },
  of: { name: "zelftest.progress.of", text: "van" },
  previous: { name: "zelftest.previous", text: "Vorige", label: true },
  next: { name: "zelftest.next", text: "Volgende", label: true },
  finish: { name: "zelftest.finish", text: "Bekijk mijn resultaat", label: true },
  pick: { name: "zelftest.pick", text: "Kies een antwoord om verder te gaan." },
  busy: { name: "zelftest.busy", text: "Je resultaat wordt berekend…", label: true },
  failed: { name: "zelftest.failed", text: "Je resultaat kon niet berekend worden. Probeer het zo opnieuw." },
  privacy: {
    name: "zelftest.privacy",
    text: "Je antwoorden blijven in dit tabblad tot je de laatste vraag beantwoordt. Je hebt geen account nodig en we plaatsen geen cookies.",
  },
} satisfies Record<string, LaterBlock>;

interface Saved {
  version: number;
  step: number;
  answers: (number | null)[];
}

function readSaved(key: string | null, test: PublicSelfTest): Saved | null {
  if (!key || typeof sessionStorage === "undefined") return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? "null") as Saved | null;
    if (!saved || saved.version !== test.version || saved.answers.length !== test.questions.length) return null;
    return saved;
  } catch {
    return null;
  }
}

interface RunnerProps {
  test: PublicSelfTest;
  /** The intro as HTML (sanitized by the server), or plain text for the draft's preview. */
  intro?: { html: string } | { text: string };
  /** Where the answers wait in this tab (sessionStorage) until the end; null keeps them in memory (preview). */
  storageKey: string | null;
  /** Sends the answers (one choice index per question); a rejection shows its message. */
  onFinish: (answers: number[]) => Promise<void>;
}

/**
 * The visitor's test: the intro, then one question per screen as a group of radio buttons, with
 * progress, Vorige and Volgende. The focus moves to each question's heading, so a screen reader
 * reads the question first. The same component runs her draft in Beheer's preview.
 */
export function SelfTestRunner({ test, intro, storageKey, onFinish }: RunnerProps) {
  const total = test.questions.length;
  const [saved] = useState(() => readSaved(storageKey, test));
  const [step, setStep] = useState(saved?.step ?? -1);
  const [answers, setAnswers] = useState<(number | null)[]>(() => saved?.answers ?? test.questions.map(() => null));
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // Counted once per taking of the test, at the first answer (a reload further on is not a new start).
  const started = useRef((saved?.step ?? -1) > 0);
  const progressId = useId();
  const missingId = useId();

  useEffect(() => {
    if (!storageKey || step < 0) return;
    try {
      sessionStorage.setItem(storageKey, JSON.stringify({ version: test.version, step, answers } satisfies Saved));
    } catch {
      // A full or blocked storage: the answers stay in memory for this page.
    }
  }, [storageKey, test.version, step, answers]);

  // After each step (not on the first render), the focus goes to the question's heading.
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
  }, [step]);

  function go(to: number) {
    moved.current = true;
    setMissing(false);
    setError(null);
    setStep(to);
  }

  async function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (answers[step] === null || answers[step] === undefined) {
      setMissing(true);
      return;
    }
    if (!started.current) {
      started.current = true;
      trackEvent("selftest_started");
    }
    if (step < total - 1) {
      go(step + 1);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onFinish(answers.map((a) => a ?? 0));
      if (storageKey) sessionStorage.removeItem(storageKey);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : laterText(runnerTexts.failed));
      setSending(false);
    }
  }

  if (step < 0) {
    return (
      <div className="max-w-2xl">
        <h2 data-from="zelftest" className="text-3xl">
          {test.title}
        </h2>
        {intro && "html" in intro ? (
          <div data-from="zelftest" className="prose-page mt-4 text-lg text-ink-soft" dangerouslySetInnerHTML={{ __html: intro.html }} />
        ) : intro && "text" in intro ? (
          <p data-from="zelftest" className="mt-4 whitespace-pre-line text-lg text-ink-soft">
            {intro.text}
          </p>
        ) : null}
        <Later block={runnerTexts.privacy} as="p" className="mt-4 text-ink-soft" />
        <button type="button" onClick={() => go(0)} className={buttonClasses("primary", "mt-8")}>
          <Later block={runnerTexts.start} />
        </button>
      </div>
    );
  }

  const question = test.questions[step]!;
  const last = step === total - 1;
  const chosen = answers[step];

  return (
    <form onSubmit={(e) => void next(e)} noValidate className="max-w-2xl" aria-describedby={progressId}>
      <p id={progressId} className="font-semibold text-ink-soft">
        <Later block={runnerTexts.question} /> <span data-from="teller">{step + 1}</span> <Later block={runnerTexts.of} />{" "}
        <span data-from="teller">{total}</span>
      </p>
      <div
        role="progressbar"
        aria-labelledby={progressId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={step + 1}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-sand"
      >
        <div className="h-full rounded-full bg-teal transition-[width] duration-300" style={{ width: `${((step + 1) / total) * 100}%` }} />
      </div>
      <fieldset className="mt-8" aria-describedby={missing ? missingId : undefined}>
        <legend className="w-full">
          <h2 ref={heading} tabIndex={-1} data-from="zelftest" className="text-2xl break-words focus:outline-none sm:text-3xl">
            {question.text}
          </h2>
        </legend>
        <div className="mt-6 grid gap-3">
          {question.choices.map((choice, index) => {
            const id = `${progressId}-${step}-${index}`;
            return (
              <label
                key={`${question.id}-${index}`}
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 rounded-xl border-2 border-sand bg-paper p-4 text-lg has-checked:border-teal has-checked:bg-teal-soft"
              >
                <input
                  id={id}
                  type="radio"
                  name={`vraag-${question.id}`}
                  value={index}
                  checked={chosen === index}
                  onChange={() => {
                    setMissing(false);
                    setAnswers((a) => a.map((v, i) => (i === step ? index : v)));
                  }}
                  className="h-5 w-5 shrink-0 accent-teal"
                />
                <span data-from="zelftest">{choice.label}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {missing ? (
        <p id={missingId} role="alert" className="mt-4 font-medium text-red-800">
          <Later block={runnerTexts.pick} />
        </p>
      ) : null}
      {error ? (
        <p role="alert" data-from="server" className="mt-4 font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap gap-3">
        {step > 0 ? (
          <button type="button" onClick={() => go(step - 1)} className={buttonClasses("secondary")}>
            <Later block={runnerTexts.previous} />
          </button>
        ) : null}
        <button type="submit" disabled={sending} className={buttonClasses("primary")}>
          {sending ? <Later block={runnerTexts.busy} /> : last ? <Later block={runnerTexts.finish} /> : <Later block={runnerTexts.next} />}
        </button>
      </div>
    </form>
  );
}
