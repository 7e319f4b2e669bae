import { Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { clientMessages, Message } from "@/components/form/client-messages";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ButtonLink, buttonClasses } from "@/components/ui/button-link";
import { Spinner } from "@/components/ui/spinner";
import { slotsQueryOptions, useSlots } from "@/features/intro-calls/api/get-slots";
import { cancelCall, getManagedCall, moveCall } from "@/features/intro-calls/api/manage-call";
import { SlotPicker, slotPickerTexts } from "@/features/intro-calls/components/slot-picker";
import { callModeLabel } from "@/lib/call-labels";
import type { ManagedCall } from "@/lib/api-types";
import { formatDateAt } from "@/lib/format";

/** The page's own messages (a shown one finds its block by its words; the rest is the server's). */
const messages = clientMessages({
  failed: { name: "afspraak.failed", text: "Er ging iets mis. Probeer het later opnieuw." },
  noSlot: { name: "afspraak.move.no-slot", text: "Kies eerst een dag en een uur." },
});

/** The page's words: all shown after an API answer, so registered with `<LaterBlocks>`. */
const texts = {
  cancelledTitle: { name: "afspraak.cancelled.title", text: "Je gesprek is geannuleerd" },
  cancelledText: {
    name: "afspraak.cancelled.text",
    text: "Het moment is weer vrij. Je krijgt een bevestiging per e-mail. Wil je later toch kennismaken? Dan ben je van harte welkom.",
  },
  cancelledButton: { name: "afspraak.cancelled.button", text: "Een nieuw moment kiezen", label: true },
  movedTitle: { name: "afspraak.moved.title", text: "Je gesprek is verplaatst" },
  movedWhen: { name: "afspraak.moved.when", text: "We spreken nu af op" },
  movedText: { name: "afspraak.moved.text", text: "Je krijgt een nieuwe bevestiging per e-mail, met nieuwe links." },
  cancelQuestion: { name: "afspraak.cancel.question", text: "Wil je je kennismakingsgesprek van" },
  cancelQuestionEnd: { name: "afspraak.cancel.question-end", text: "annuleren?" },
  cancelButton: { name: "afspraak.cancel.button", text: "Gesprek annuleren", label: true },
  moveNow: { name: "afspraak.move.now", text: "Je gesprek staat nu op" },
  moveChoose: { name: "afspraak.move.choose", text: "Kies hieronder een nieuw moment." },
  moveNone: { name: "afspraak.move.none", text: "Er zijn nu geen andere vrije momenten. Probeer het later opnieuw." },
  moveButton: { name: "afspraak.move.button", text: "Gesprek verplaatsen", label: true },
  missing: { name: "afspraak.missing", text: "Deze link is onvolledig. Gebruik de link uit je bevestigingsmail." },
  calendar: { name: "afspraak.calendar", text: "Naar de kalender", label: true },
  busy: { name: "shared.form.busy", text: "Bezig...", label: true },
  ...messages,
} satisfies Record<string, LaterBlock>;

function message(error: unknown): string {
  return error instanceof Error && error.message ? error.message : messages.failed.text;
}

type Done = { kind: "cancelled" } | { kind: "moved"; startsAt: string };

function Result({ done }: { done: Done }) {
  return (
    <div role="status">
      <Later block={done.kind === "cancelled" ? texts.cancelledTitle : texts.movedTitle} as="h2" className="text-2xl" />
      <p className="mt-2 text-lg text-ink-soft">
        {done.kind === "cancelled" ? (
          <Later block={texts.cancelledText} />
        ) : (
          <>
            <Later block={texts.movedWhen} /> <span data-from="agenda">{formatDateAt(done.startsAt)}</span>.{" "}
            <Later block={texts.movedText} />
          </>
        )}
      </p>
      {done.kind === "cancelled" ? (
        <ButtonLink to="/gratis-kennismakingsgesprek" className="mt-6">
          <Later block={texts.cancelledButton} />
        </ButtonLink>
      ) : null}
    </div>
  );
}

function CancelCall({ token, call, onDone }: { token: string; call: ManagedCall; onDone: (d: Done) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await cancelCall(token);
      onDone({ kind: "cancelled" });
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <p className="text-lg text-ink-soft">
        <Later block={texts.cancelQuestion} />{" "}
        <strong data-from="agenda" className="text-ink">
          {formatDateAt(call.starts_at)}
        </strong>{" "}
        (<span data-from="agenda">{callModeLabel(call.mode).toLowerCase()}</span>){" "}
        <Later block={texts.cancelQuestionEnd} />
      </p>
      {error ? (
        <p role="alert" className="mt-4 font-medium text-ink">
          <Message>{error}</Message>
        </p>
      ) : null}
      <button type="button" onClick={cancel} disabled={busy} className={buttonClasses("primary", "mt-6")}>
        {busy ? <Later block={texts.busy} /> : <Later block={texts.cancelButton} />}
      </button>
    </div>
  );
}

function MoveCall({ token, call, onDone }: { token: string; call: ManagedCall; onDone: (d: Done) => void }) {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useSlots();
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function move() {
    if (!slot) return setError(messages.noSlot.text);
    setBusy(true);
    setError(null);
    try {
      const moved = await moveCall(token, slot);
      void queryClient.invalidateQueries({ queryKey: slotsQueryOptions.queryKey });
      onDone({ kind: "moved", startsAt: moved.starts_at });
    } catch (e) {
      setError(message(e));
      setSlot(null);
      void queryClient.invalidateQueries({ queryKey: slotsQueryOptions.queryKey });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="grid gap-6">
      <p className="text-lg text-ink-soft">
        <Later block={texts.moveNow} />{" "}
        <strong data-from="agenda" className="text-ink">
          {formatDateAt(call.starts_at)}
        </strong>
        . <Later block={texts.moveChoose} />
      </p>
      {isPending ? (
        <Spinner label="Vrije momenten laden..." className="py-10" />
      ) : isError || data.days.length === 0 ? (
        <Later block={texts.moveNone} as="p" className="text-ink-soft" />
      ) : (
        <SlotPicker
          days={data.days}
          day={day}
          slot={slot}
          onDayChange={(d) => {
            setDay(d);
            setSlot(null);
          }}
          onSlotChange={setSlot}
        />
      )}
      {error ? (
        <p role="alert" className="font-medium text-ink">
          <Message>{error}</Message>
        </p>
      ) : null}
      <div>
        <button type="button" onClick={move} disabled={busy} className={buttonClasses("primary")}>
          {busy ? <Later block={texts.busy} /> : <Later block={texts.moveButton} />}
        </button>
      </div>
    </div>
  );
}

/** The page behind the links in the confirmation mail. Opening it changes nothing (mail scanners follow links). */
export function ManageCall() {
  return (
    <>
      <LaterBlocks blocks={[...Object.values(texts), ...Object.values(slotPickerTexts)]} />
      <ManageCallState />
    </>
  );
}

function ManageCallState() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [done, setDone] = useState<Done | null>(null);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get("token")), []);
  const call = useQuery({
    queryKey: ["intro-calls", "manage", token],
    queryFn: () => getManagedCall(token!),
    enabled: Boolean(token) && !done,
    retry: false,
  });

  if (done) return <Result done={done} />;
  if (token === undefined || (token && call.isPending))
    return <Spinner label="Je afspraak laden..." className="py-10" />;
  if (!token) {
    return (
      <Later block={texts.missing} as="p" role="alert" className="text-lg text-ink-soft" />
    );
  }
  if (call.isError) {
    return (
      <div>
        <p role="alert" className="text-lg text-ink-soft">
          <Message>{message(call.error)}</Message>
        </p>
        <ButtonLink to="/gratis-kennismakingsgesprek" variant="secondary" className="mt-6">
          <Later block={texts.calendar} />
        </ButtonLink>
      </div>
    );
  }
  return call.data!.action === "cancel" ? (
    <CancelCall token={token} call={call.data!} onDone={setDone} />
  ) : (
    <MoveCall token={token} call={call.data!} onDone={setDone} />
  );
}
