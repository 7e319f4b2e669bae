/**
 * The interactive parts of a public page that boot on their own (DESIGN §13), by the name the
 * page's HTML marks them with (`<Island name>`). Each has its module in `parts/<name>.tsx`, whose
 * default export is the component (`boot.tsx` loads it; a test checks the two lists agree).
 */
export const islandNames = [
  "site-header",
  "newsletter",
  "contact",
  "video",
  "testimonials",
  "drempel-videos",
  "offer",
  "checkout",
  "booking",
  "payment-success",
  "payment-canceled",
  "simulated-payment",
  "manage-call",
  "participant-review",
  "newsletter-confirm",
  "newsletter-unsubscribe",
  "test-mail-received",
  "selftest-confirm",
  "selftest",
  "selftest-result",
] as const;

export type IslandName = (typeof islandNames)[number];
