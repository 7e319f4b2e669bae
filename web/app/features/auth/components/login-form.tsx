import { LogIn } from "lucide-react";
import { useRef } from "react";
import { adminButton } from "@/components/admin/styles";
import { InputField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { useForm } from "@/components/form/use-form";
import { loginErrorMessage, validateLogin, type LoginField } from "@/features/auth/lib/validate-login";
import type { Session } from "@/lib/api-types";
import { signIn } from "@/lib/session-store";

/** E-mail + password; calls `onSignedIn` once an admin session is stored. */
export function LoginForm({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const passwordRef = useRef<HTMLInputElement>(null);
  const { set, field, formError, formRef, submitting, onSubmit } = useForm<
    { email: string; password: string },
    LoginField
  >({
    initial: () => ({ email: "", password: "" }),
    validate: (v) => validateLogin({ email: v.email.trim(), password: v.password }),
    async submit(v) {
      onSignedIn(await signIn({ email: v.email.trim(), password: v.password }));
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
      <InputField label="E-mailadres" {...field("email")} type="email" autoComplete="username" required />
      <InputField
        label="Wachtwoord"
        {...field("password")}
        ref={passwordRef}
        type="password"
        autoComplete="current-password"
        required
      />
      <button type="submit" disabled={submitting} className={adminButton("primary", "md", "w-full")}>
        <LogIn aria-hidden="true" className="h-5 w-5" />
        {submitting ? "Bezig..." : "Inloggen"}
      </button>
    </form>
  );
}
