import { UserPlus } from "lucide-react";
import { toast } from "sonner";
import { adminButton } from "@/components/admin/styles";
import { InputField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { useInviteAdmin } from "@/features/auth/api/accounts";
import { EMAIL_PATTERN } from "@/features/auth/lib/validate-login";

/** Invites one more admin by e-mail. */
export function InviteForm() {
  const invite = useInviteAdmin();
  const { field, reset, formError, formRef, submitting, onSubmit } = useForm<{ email: string }, "email">({
    initial: () => ({ email: "" }),
    validate: ({ email }) => {
      const trimmed = email.trim();
      if (!trimmed) return { email: "Vul het e-mailadres in van wie je wil uitnodigen." };
      return EMAIL_PATTERN.test(trimmed) ? {} : { email: "Dit lijkt geen geldig e-mailadres. Kijk het even na." };
    },
    async submit({ email }) {
      const invitation = await invite.mutateAsync(email.trim());
      reset();
      toast.success("Uitnodiging verstuurd", {
        description: `${invitation.email} krijgt een e-mail met een link die 7 dagen werkt.`,
      });
    },
    failureMessage: (error) => errorMessage(error, "De uitnodiging versturen lukte niet. Probeer het opnieuw."),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Beheerder uitnodigen" className="grid gap-4 sm:max-w-md">
      <FormAlert message={formError} />
      <InputField label="E-mailadres" {...field("email")} type="email" autoComplete="off" required />
      <button type="submit" disabled={submitting} className={adminButton("primary", "md", "sm:justify-self-start")}>
        <UserPlus aria-hidden="true" className="h-5 w-5" />
        {submitting ? "Bezig..." : "Uitnodiging versturen"}
      </button>
    </form>
  );
}
