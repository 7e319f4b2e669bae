import { LogIn } from "lucide-react";
import { useRef } from "react";
import { adminButton } from "@/components/admin/styles";
import { Field } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { inputClass } from "@/components/form/styles";
import { useForm } from "@/components/form/use-form";
import { loginErrorMessage, validateLogin, type LoginField } from "@/features/auth/lib/validate-login";
import { signIn } from "@/lib/session-store";

/** E-mail + password; calls `onSignedIn` once an admin session is stored. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const passwordRef = useRef<HTMLInputElement>(null);
  const { values, set, errors, formError, formRef, submitting, onSubmit } = useForm<
    { email: string; password: string },
    LoginField
  >({
    initial: () => ({ email: "", password: "" }),
    validate: (v) => validateLogin({ email: v.email.trim(), password: v.password }),
    async submit(v) {
      await signIn({ email: v.email.trim(), password: v.password });
      onSignedIn();
    },
    failureMessage: loginErrorMessage,
    onError() {
      set("password", "");
      // The alert is announced; the cursor goes back to the (now empty) password field.
      requestAnimationFrame(() => passwordRef.current?.focus());
    },
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Inloggen" className="grid gap-5">
      <FormAlert message={formError} />
      <Field label="E-mailadres" error={errors.email}>
        {(props) => (
          <input
            {...props}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={values.email}
            onChange={(e) => set("email", e.target.value)}
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
            value={values.password}
            onChange={(e) => set("password", e.target.value)}
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
