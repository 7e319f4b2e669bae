// The state and submit flow every form shares: check on the client first, then send; the
// server's messages land next to their fields and the first invalid field gets the focus.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { errorMessage, focusFirstInvalid, hasErrors, serverFieldErrors, type FieldErrors } from "@/components/form/form-errors";

/** The keys of the values that are text, so that an input can edit them. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

interface FormOptions<V, F extends string> {
  initial: () => V;
  /** The same checks as the server, one message per field (forms that lean on the browser's own checks leave it out). */
  validate?: (values: V) => FieldErrors<F>;
  /** Sends the values; a rejection shows the server's messages. */
  submit: (values: V) => Promise<void>;
  /** The general message for a failed submit (shown with `<FormAlert>`). */
  failureMessage?: (error: unknown) => string;
  /** Also called after a failed submit, e.g. for a toast. */
  onError?: (error: unknown) => void;
}

export function useForm<V, F extends string = string>({ initial, validate, submit, failureMessage, onError }: FormOptions<V, F>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Focus moves once React has committed the errors (aria-invalid) and re-enabled the form;
  // focusing straight from the submit handler raced that commit on a busy machine.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);

  function set<K extends keyof V>(key: K, value: V[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  /** What an InputField, TextareaField or SelectField needs for the text value `key`. */
  function field<K extends TextKey<V>>(key: K) {
    return {
      name: key,
      value: values[key] as string,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(key, e.target.value as V[K]),
      error: (errors as Record<string, string | undefined>)[key],
    };
  }

  function reset() {
    setValues(initial());
    setErrors({});
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submitNow();
  }

  /** The submit flow without an event (e.g. "save, then send"); true when the values were sent. */
  async function submitNow(): Promise<boolean> {
    if (busy.current) return false;
    setFormError(null);
    const clientErrors = validate?.(values) ?? {};
    setErrors(clientErrors);
    if (hasErrors(clientErrors)) {
      setFocusRequest((n) => n + 1);
      return false;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      await submit(values);
      return true;
    } catch (error) {
      const { fields } = serverFieldErrors<F>(error);
      setErrors(fields);
      setFormError(failureMessage ? failureMessage(error) : errorMessage(error, "Opslaan lukte niet. Probeer het opnieuw."));
      setFocusRequest((n) => n + 1);
      onError?.(error);
      return false;
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return { values, set, field, reset, errors, formError, formRef, submitting, onSubmit, submitNow };
}
