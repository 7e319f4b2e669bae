/**
 * An e-mail address that wraps before its "@" when the line is too short, and only breaks
 * inside a part when that part alone is wider than the line. `link` makes it a mailto link.
 */
export function EmailAddress({ email, link = false }: { email: string; link?: boolean }) {
  const at = email.lastIndexOf("@");
  const text =
    at > 0 ? (
      <>
        {email.slice(0, at)}
        <wbr />
        {email.slice(at)}
      </>
    ) : (
      email
    );
  return link ? (
    <a href={`mailto:${email}`} className="text-link wrap-break-word">
      {text}
    </a>
  ) : (
    <span className="wrap-break-word">{text}</span>
  );
}
