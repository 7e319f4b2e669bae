import { apiClient, unwrap } from "@/lib/api";

/** The visitor's answers (a choice index per question) of `version`: scored and kept by the server. */
export function saveSelfTestResult(version: number, answers: number[]) {
  return unwrap(apiClient.POST("/api/selftest/results", { body: { version, answers } }));
}
