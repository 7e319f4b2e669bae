// The link of a video intro call: the default one in Meldingen and a call's own in Afspraken
// are checked alike (the server checks the same).

/** The message for an invalid link, or undefined when it is empty or a complete https:// link. */
export function meetingLinkError(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    if (url.protocol === "https:" && url.hostname.includes(".")) return undefined;
  } catch {
    // falls through to the message
  }
  return "Vul een volledige https-link in, bijvoorbeeld https://meet.jit.si/in-lumine.";
}
