// The state and submit flow every admin form shares: check on the client first, then save;
// the server's messages land next to their fields and the first invalid field gets focus.
import { useRef, useState, type FormEvent } from "react";
import { errorMessage, hasErrors, serverFieldErrors, type FieldErrors } from "@/features/admin/lib/form-errors";

interface AdminFormOptions<V, F extends string> {
  initial: () => V;
  /** The same checks as the server, one message per field. */
  validate: (values: V) => FieldErrors<F>;
  /** Stores the values (and tells the coach); a rejection shows the server's messages. */
  save: (values: V) => Promise<void>;
  /** A save is under way: a second submit is ignored. */
  saving: boolean;
}

export function useAdminForm<V, F extends string>({ initial, validate, save, saving }: AdminFormOptions<V, F>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function set<K extends keyof V>(key: K, value: V[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  function focusFirstError() {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const clientErrors = validate(values);
    setErrors(clientErrors);
    if (hasErrors(clientErrors)) return focusFirstError();
    try {
      await save(values);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      setFormError(errorMessage(error, "Opslaan lukte niet. Probeer het opnieuw."));
      if (hasErrors(fields)) focusFirstError();
    }
  }

  return { values, set, errors, formError, formRef, onSubmit };
}
