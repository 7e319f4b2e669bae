import type { Ref } from "react";
import { Message } from "@/components/form/client-messages";

/** The form's general error (e.g. the server is unreachable), above its fields; focusable for when no field is to blame. */
export function FormAlert({ message, ref }: { message: string | null; ref?: Ref<HTMLParagraphElement> }) {
  if (!message) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-xl border border-red-800/30 bg-red-50 p-4 font-medium text-red-800 focus:outline-none"
    >
      <Message>{message}</Message>
    </p>
  );
}
