import { useEffect, useRef, useState } from "react";
import { adminButton } from "@/components/admin/styles";
import { previewSelfTest } from "@/features/selftest/api/preview-selftest";
import { SelfTestResultView } from "@/features/selftest/components/selftest-result";
import { SelfTestRunner } from "@/features/selftest/components/selftest-runner";
import type { Definition } from "@/features/selftest/lib/definition";
import type { SelfTestResult } from "@/lib/api-types";

/**
 * Her saved draft as a visitor meets it: the same runner as /wees-eerlijk/zelftest, scored by the
 * server on the draft (nothing is stored), then the same result view.
 */
export function SelfTestPreview({ definition, onClose }: { definition: Definition; onClose: () => void }) {
  const [result, setResult] = useState<SelfTestResult | null>(null);
  const [round, setRound] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [round, result]);

  const test = {
    version: 0,
    title: definition.title,
    intro_html: "",
    themes: definition.themes,
    questions: definition.questions.map((q) => ({ id: q.id, text: q.text, choices: q.choices.map((c) => ({ label: c.label })) })),
  };

  return (
    <section aria-labelledby="zelftest-voorbeeld" className="rounded-2xl border-2 border-teal bg-cream p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="zelftest-voorbeeld" ref={heading} tabIndex={-1} className="text-2xl focus:outline-none">
          {result ? "Voorbeeld: het resultaat" : "Voorbeeld: zo ziet een bezoeker je test"}
        </h2>
        <div className="flex flex-wrap gap-2">
          {result ? (
            <button
              type="button"
              onClick={() => {
                setResult(null);
                setRound((r) => r + 1);
              }}
              className={adminButton("secondary", "sm")}
            >
              Opnieuw doen
            </button>
          ) : null}
          <button type="button" onClick={onClose} className={adminButton("quiet", "sm")}>
            Voorbeeld sluiten
          </button>
        </div>
      </div>
      <p className="mt-1 text-sm text-ink-soft">Je bewaarde concept; er wordt niets opgeslagen.</p>
      <div className="mt-6 rounded-xl bg-paper p-4 sm:p-6">
        {result ? (
          <SelfTestResultView result={result} />
        ) : (
          <SelfTestRunner
            key={round}
            test={test}
            intro={{ text: definition.intro }}
            storageKey={null}
            onFinish={async (answers) => setResult(await previewSelfTest(answers))}
          />
        )}
      </div>
    </section>
  );
}
