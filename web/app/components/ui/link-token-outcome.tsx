import type { ReactNode } from "react";
import { Later, type LaterBlock } from "@/components/ui/block";
import { CheckCircle2 } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import type { LinkTokenState } from "@/lib/link-token";

/**
 * What a mailed link's page shows of its post (`useLinkToken`): a spinner, then a tick with the
 * page's own words, or why it did not work; `children` follows in every state (a way onwards).
 */
export function LinkTokenOutcome<T>({
  state,
  loading,
  done,
  failedTitle,
  children,
}: {
  state: LinkTokenState<T>;
  /** The spinner's label while the post is on its way. */
  loading: string;
  /** The page's words once it worked, under its tick. */
  done: (data: T) => ReactNode;
  failedTitle: LaterBlock;
  children: ReactNode;
}) {
  return (
    <div className="max-w-2xl" aria-live="polite">
      {state.kind === "loading" ? (
        <Spinner label={loading} className="justify-start" />
      ) : state.kind === "done" ? (
        <div className="flex items-start gap-4">
          <CheckCircle2
            aria-hidden="true"
            className="h-8 w-8 shrink-0 text-teal"
          />
          <div>{done(state.data)}</div>
        </div>
      ) : (
        <div>
          <Later block={failedTitle} as="h2" className="text-2xl" />
          <p
            role="alert"
            data-from="server"
            className="mt-2 text-lg text-ink-soft"
          >
            {state.message}
          </p>
        </div>
      )}
      {children}
    </div>
  );
}
