import { Later, type LaterBlock } from "@/components/ui/block";
import { EventsLoading } from "@/components/ui/load-status";
import { useSelfTestResult } from "@/features/selftest/api/get-result";
import { ResultMailForm } from "@/features/selftest/components/result-mail-form";
import { SelfTestResultView } from "@/features/selftest/components/selftest-result";
import { useHydrated } from "@/lib/use-hydrated";

export const resultLinkTexts = {
  missing: {
    name: "zelftest.resultaat.missing",
    text: "Deze link naar een resultaat is onvolledig. Gebruik de link uit je e-mail, of doe de test opnieuw.",
  },
  failed: { name: "zelftest.resultaat.failed", text: "Je resultaat kon nu niet geladen worden. Probeer het later opnieuw." },
} satisfies Record<string, LaterBlock>;

/** /wees-eerlijk/zelftest/resultaat below its title: the result of the token in the link (only the browser knows it). */
export function SelfTestResultFromLink() {
  const hydrated = useHydrated();
  const token = hydrated ? new URLSearchParams(window.location.search).get("token") : null;
  const result = useSelfTestResult(token);

  if (!hydrated) return <EventsLoading />;
  if (!token) {
    return <Later block={resultLinkTexts.missing} as="p" role="alert" className="max-w-2xl text-lg text-ink-soft" />;
  }
  if (result.isPending) return <EventsLoading />;
  if (result.isError) {
    return (
      <p role="alert" className="max-w-2xl text-lg text-ink-soft">
        {result.error.message ? <span data-from="server">{result.error.message}</span> : <Later block={resultLinkTexts.failed} />}
      </p>
    );
  }
  return <SelfTestResultView result={result.data} after={<ResultMailForm token={token} mail={result.data.mail} />} />;
}
