import { CheckCircle2, ScanLine, XCircle } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton, cardClass } from "@/components/admin/styles";
import { InputField } from "@/components/form/field";
import { useCheckInByCode } from "@/features/orders/api/check-in";
import { normalizeTicketCode } from "@/features/orders/lib/ticket-labels";
import { formatTime } from "@/lib/format";

type Result =
  | { ok: true; code: string; holder: string; event: string; at: string | null; seq: number }
  | { ok: false; code: string; message: string; seq: number };

/**
 * Check-in at the door: type a ticket code, or scan it with a barcode scanner (it types the
 * code and presses Enter). The result is shown large and read out; the box is emptied and
 * keeps the focus for the next guest.
 */
export function CheckInBox() {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const seq = useRef(0);
  const checkIn = useCheckInByCode();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = normalizeTicketCode(code);
    // Empty at once: a scanner may already be typing the next code.
    setCode("");
    inputRef.current?.focus();
    const n = ++seq.current;
    if (!typed) {
      setResult({ ok: false, code: "", message: "Vul een ticketcode in of scan het ticket.", seq: n });
      return;
    }
    try {
      const { ticket, event_title } = await checkIn.mutateAsync(typed);
      if (n !== seq.current) return;
      setResult({ ok: true, code: ticket.code, holder: ticket.holder_name, event: event_title, at: ticket.checked_in_at ?? null, seq: n });
    } catch (e) {
      if (n !== seq.current) return;
      setResult({ ok: false, code: typed, message: errorMessage(e), seq: n });
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className={cardClass}>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-2xl">
        <ScanLine aria-hidden="true" className="h-6 w-6 text-teal" />
        Inchecken aan de deur
      </h2>
      <form onSubmit={onSubmit} className="mt-4 flex flex-wrap items-start gap-3">
        <InputField
          label="Ticketcode"
          hint="Typ de code van het ticket, of scan de QR-code met een scanner: Enter checkt meteen in."
          className="w-full sm:max-w-sm"
          ref={inputRef}
          name="code"
          type="text"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          controlClassName="font-mono text-lg uppercase"
        />
        <button type="submit" className={adminButton("primary", "md", "sm:mt-7")}>
          Inchecken
        </button>
      </form>
      <div aria-live="assertive" aria-atomic="true" className="mt-4">
        {checkIn.isPending && !result ? <p className="text-ink-soft">Bezig...</p> : null}
        {result?.ok ? (
          <div key={result.seq} className="flex items-start gap-4 rounded-2xl border-2 border-teal bg-teal-soft p-5">
            <CheckCircle2 aria-hidden="true" className="h-10 w-10 shrink-0 text-teal-dark" />
            <div>
              <p className="text-2xl font-semibold text-ink">Welkom, {result.holder}!</p>
              <p className="mt-1 text-lg text-ink">Ingecheckt voor {result.event}.</p>
              <p className="mt-1 text-sm text-ink-soft">
                Ticket <span className="font-mono">{result.code}</span>
                {result.at ? ` · ${formatTime(result.at)}` : ""}
              </p>
            </div>
          </div>
        ) : result ? (
          <div key={result.seq} className="flex items-start gap-4 rounded-2xl border-2 border-red-800 bg-red-50 p-5">
            <XCircle aria-hidden="true" className="h-10 w-10 shrink-0 text-red-800" />
            <div>
              <p className="text-2xl font-semibold text-red-800">Niet ingecheckt</p>
              <p className="mt-1 text-lg text-ink">{result.message}</p>
              {result.code ? (
                <p className="mt-1 text-sm text-ink-soft">
                  Code <span className="font-mono">{result.code}</span>
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
