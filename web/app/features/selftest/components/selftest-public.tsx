import { useNavigate } from "react-router";
import { Later, type LaterBlock } from "@/components/ui/block";
import { EventsLoading } from "@/components/ui/load-status";
import { useSelfTest } from "@/features/selftest/api/get-selftest";
import { saveSelfTestResult } from "@/features/selftest/api/save-result";
import { SelfTestRunner } from "@/features/selftest/components/selftest-runner";
import { ApiError } from "@/lib/api";

export const RESULT_PATH = "/wees-eerlijk/zelftest/resultaat";
/** The answers wait here, in this tab only, until the last question. */
const STORAGE_KEY = "inlumine.zelftest";

export const publicTexts = {
  unavailable: {
    name: "zelftest.unavailable",
    text: "De zelftest is er even niet. Probeer het later opnieuw, of neem gerust contact op.",
  },
} satisfies Record<string, LaterBlock>;

/** The island of /wees-eerlijk/zelftest: loads the published test, runs it, and opens the result. */
export function SelfTestPublic() {
  const test = useSelfTest();
  const navigate = useNavigate();

  if (test.isPending) return <EventsLoading />;
  if (test.isError) {
    const message = test.error instanceof ApiError && test.error.status === 404 ? test.error.message : "";
    return (
      <p role="alert" className="max-w-2xl rounded-2xl border border-sand bg-paper p-6 text-lg text-ink-soft">
        {message ? <span data-from="server">{message}</span> : <Later block={publicTexts.unavailable} />}
      </p>
    );
  }
  const data = test.data;
  return (
    <SelfTestRunner
      test={data}
      intro={{ html: data.intro_html }}
      storageKey={STORAGE_KEY}
      onFinish={async (answers) => {
        const saved = await saveSelfTestResult(data.version, answers);
        await navigate(`${RESULT_PATH}?token=${encodeURIComponent(saved.token)}`);
      }}
    />
  );
}
