import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { MIN_SEARCH, useAdminSearch } from "@/features/admin-search/api/search";
import type { SearchHit } from "@/lib/api-types";
import { useDebouncedValue } from "@/lib/use-debounced-value";

/** Typing in these must not be taken over by the "/" shortcut. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * One search for anything in Beheer, in the header of every admin page: people, orders, tickets,
 * invoices, coupons and events, grouped by kind; each result opens the page that shows it. Ctrl+K
 * (⌘K) or "/" puts the cursor in it; arrows choose, Enter opens, Escape closes (a combobox with a
 * grouped listbox, as in the WAI-ARIA practices).
 */
export function AdminSearch() {
  const id = useId();
  const listId = `${id}-results`;
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim().replace(/\s+/g, " ");
  const q = useDebouncedValue(typed, 200);
  const search = useAdminSearch(q);
  const long = typed.length >= MIN_SEARCH;
  // The results of what is typed now (the previous ones stay on screen while these load).
  const fresh = q === typed && !search.isPending && !search.isPlaceholderData;
  const groups = long ? (search.data?.groups ?? []) : [];
  const hits: SearchHit[] = groups.flatMap((g) => g.hits);
  const shown = open && long;
  const expanded = shown && hits.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  // Ctrl+K / ⌘K anywhere, and "/" outside a text field, put the cursor in the search.
  useEffect(() => {
    function onKey(e: globalThis.KeyboardEvent) {
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";
      const slash = e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !isEditable(e.target);
      if (!ctrlK && !slash) return;
      e.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
      setOpen(true);
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // The chosen result stays in view in a long list.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
    // optionId only depends on id, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  function go(hit: SearchHit) {
    setOpen(false);
    setActive(-1);
    setText("");
    void navigate(hit.url);
    // The page that opens gets the focus (a detail dialog it opens takes it from there).
    document.getElementById("main")?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp": {
        e.preventDefault();
        setOpen(true);
        if (hits.length === 0) return;
        const down = e.key === "ArrowDown";
        setActive((i) => (down ? (i + 1) % hits.length : i <= 0 ? hits.length - 1 : i - 1));
        return;
      }
      case "Enter": {
        if (!expanded || !fresh) return;
        e.preventDefault();
        go(hits[active >= 0 && active < hits.length ? active : 0]!);
        return;
      }
      case "Escape": {
        if (shown) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          e.preventDefault();
          setText("");
        }
        return;
      }
      case "Tab":
        setOpen(false);
        return;
    }
  }

  let index = -1;
  const status = !long
    ? ""
    : search.isError
      ? "Zoeken lukte niet. Probeer het opnieuw."
      : !fresh
        ? "Zoeken..."
        : hits.length === 0
          ? `Niets gevonden voor ‘${typed}’.`
          : `${hits.length} ${hits.length === 1 ? "resultaat" : "resultaten"}; kies met de pijltjes en Enter.`;

  return (
    <div className="relative order-last w-full md:order-none md:w-72 lg:w-80">
      <label htmlFor={`${id}-input`} className="sr-only">
        Zoeken in het beheer
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-soft"
      />
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        aria-keyshortcuts="Control+K Meta+K /"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder="Zoek een naam, nummer of code"
        className="block w-full rounded-xl border border-ink-soft/50 bg-paper py-2 pl-9 pr-14 text-base text-ink placeholder:text-ink-soft/80 focus-visible:border-teal"
      />
      <kbd
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 hidden -translate-y-1/2 rounded border border-sand px-1.5 text-xs text-ink-soft md:block"
      >
        Ctrl K
      </kbd>
      <span id={`${id}-hint`} className="sr-only">
        Personen, bestellingen, tickets, facturen, coupons en activiteiten. Sneltoets: Ctrl+K of /.
      </span>
      <p role="status" className="sr-only">
        {shown ? status : ""}
      </p>
      {shown ? (
        <div className="absolute inset-x-0 top-full z-50 mt-1 rounded-xl border border-sand bg-paper shadow-lg md:left-auto md:w-[28rem] md:max-w-[calc(100vw-2rem)]">
          {expanded ? (
            <div id={listId} role="listbox" aria-label="Zoekresultaten">
              {groups.map((group) => (
                <ul key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`} className="py-1">
                  <li
                    role="presentation"
                    id={`${id}-${group.kind}`}
                    className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-ink-soft"
                  >
                    {group.label}
                  </li>
                  {group.hits.map((hit) => {
                    index += 1;
                    const i = index;
                    const selected = i === active;
                    return (
                      // The input keeps the focus (aria-activedescendant); the mouse only clicks.
                      // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                      <li
                        key={`${group.kind}-${hit.url}`}
                        id={optionId(i)}
                        role="option"
                        aria-selected={selected}
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => go(hit)}
                        className={`cursor-pointer px-4 py-2 ${selected ? "bg-teal-soft" : "hover:bg-cream-deep"}`}
                      >
                        <span className="block wrap-break-word font-medium text-ink">{hit.label}</span>
                        <span className="block wrap-break-word text-sm text-ink-soft">{hit.detail}</span>
                      </li>
                    );
                  })}
                </ul>
              ))}
            </div>
          ) : (
            <p className="px-4 py-3 text-ink-soft">{status}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
