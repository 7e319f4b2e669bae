import { apiClient, unwrap } from "@/lib/api";

/** Scores answers on her saved draft, as a visitor's result; nothing is stored. */
export function previewSelfTest(answers: number[]) {
  return unwrap(apiClient.POST("/api/admin/selftest/preview", { body: { answers } }));
}
