import { LogIn } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Field } from "@/features/admin/components/field";
import { FormAlert } from "@/features/admin/components/form-alert";
import { hasErrors, serverFieldErrors, type FieldErrors } from "@/features/admin/lib/form-errors";
import { adminButton, inputClass } from "@/features/admin/lib/styles";
import { loginErrorMessage, validateLogin, type LoginField } from "@/features/auth/lib/validate-login";
import { signIn } from "@/lib/session-store";

/** E-mail + password; calls `onSignedIn` once an admin session is stored. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    const input = { email: email.trim(), password };
    const clientErrors = validateLogin(input);
    setErrors(clientErrors);
    if (hasErrors(clientErrors)) {
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setSubmitting(true);
    try {
      await signIn(input);
      onSignedIn();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setFormError(loginErrorMessage(error));
      setPassword("");
      // The alert is announced; the cursor goes back to the (now empty) password field.
      requestAnimationFrame(() => passwordRef.current?.focus());
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Inloggen" className="grid gap-5">
      <FormAlert message={formError} />
      <Field label="E-mailadres" error={errors.email}>
        {(props) => (
          <input
            {...props}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Wachtwoord" error={errors.password}>
        {(props) => (
          <input
            {...props}
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <button type="submit" disabled={submitting} className={adminButton("primary", "md", "w-full")}>
        <LogIn aria-hidden="true" className="h-5 w-5" />
        {submitting ? "Bezig..." : "Inloggen"}
      </button>
    </form>
  );
}
