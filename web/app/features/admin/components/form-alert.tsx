/** The form's general error (e.g. the server is unreachable), above its fields. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-800/30 bg-red-50 p-4 font-medium text-red-800">
      {message}
    </p>
  );
}
