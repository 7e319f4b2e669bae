import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ButtonLink, buttonClasses } from "@/components/ui/button-link";
import { Spinner } from "@/components/ui/spinner";
import { slotsQueryOptions, useSlots } from "@/features/intro-calls/api/get-slots";
import { cancelCall, getManagedCall, moveCall } from "@/features/intro-calls/api/manage-call";
import { SlotPicker } from "@/features/intro-calls/components/slot-picker";
import { callModeLabel } from "@/lib/call-labels";
import type { ManagedCall } from "@/lib/api-types";
import { formatDateAt } from "@/lib/format";

const FALLBACK = "Er ging iets mis. Probeer het later opnieuw.";

function message(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK;
}

type Done = { kind: "cancelled" } | { kind: "moved"; startsAt: string };

function Result({ done }: { done: Done }) {
  return (
    <div role="status">
      <h2 className="text-2xl">
        {done.kind === "cancelled" ? "Je gesprek is geannuleerd" : "Je gesprek is verplaatst"}
      </h2>
      <p className="mt-2 text-lg text-ink-soft">
        {done.kind === "cancelled"
          ? "Het moment is weer vrij. Je krijgt een bevestiging per e-mail. Wil je later toch kennismaken? Dan ben je van harte welkom."
          : `We spreken nu af op ${formatDateAt(done.startsAt)}. Je krijgt een nieuwe bevestiging per e-mail, met nieuwe links.`}
      </p>
      {done.kind === "cancelled" ? (
        <ButtonLink to="/gratis-kennismakingsgesprek" className="mt-6">
          Een nieuw moment kiezen
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
        Wil je je kennismakingsgesprek van <strong className="text-ink">{formatDateAt(call.starts_at)}</strong> (
        {callModeLabel(call.mode).toLowerCase()}) annuleren?
      </p>
      {error ? (
        <p role="alert" className="mt-4 font-medium text-ink">
          {error}
        </p>
      ) : null}
      <button type="button" onClick={cancel} disabled={busy} className={buttonClasses("primary", "mt-6")}>
        {busy ? "Bezig..." : "Gesprek annuleren"}
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
    if (!slot) return setError("Kies eerst een dag en een uur.");
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
        Je gesprek staat nu op <strong className="text-ink">{formatDateAt(call.starts_at)}</strong>. Kies hieronder een
        nieuw moment.
      </p>
      {isPending ? (
        <Spinner label="Vrije momenten laden..." className="py-10" />
      ) : isError || data.days.length === 0 ? (
        <p className="text-ink-soft">Er zijn nu geen andere vrije momenten. Probeer het later opnieuw.</p>
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
          {error}
        </p>
      ) : null}
      <div>
        <button type="button" onClick={move} disabled={busy} className={buttonClasses("primary")}>
          {busy ? "Bezig..." : "Gesprek verplaatsen"}
        </button>
      </div>
    </div>
  );
}

/** The page behind the links in the confirmation mail. Opening it changes nothing (mail scanners follow links). */
export function ManageCall() {
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
      <p role="alert" className="text-lg text-ink-soft">
        Deze link is onvolledig. Gebruik de link uit je bevestigingsmail.
      </p>
    );
  }
  if (call.isError) {
    return (
      <div>
        <p role="alert" className="text-lg text-ink-soft">
          {message(call.error)}
        </p>
        <ButtonLink to="/gratis-kennismakingsgesprek" variant="secondary" className="mt-6">
          Naar de kalender
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
