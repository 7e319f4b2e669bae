import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useDebouncedValue } from "@/lib/use-debounced-value";

let renders = 0;
function Preview({ subject, body }: { subject: string; body: string }) {
  renders += 1;
  // A fresh object on every render, as the mail and newsletter previews pass it.
  const value = useDebouncedValue({ subject, body }, 400);
  return <p>{`${value.subject}|${value.body}`}</p>;
}

beforeEach(() => {
  vi.useFakeTimers();
  renders = 0;
});
afterEach(() => vi.useRealTimers());

it("follows an object after it stops changing, and then stays still", async () => {
  const { rerender } = render(<Preview subject="a" body="1" />);
  rerender(<Preview subject="a" body="2" />);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(399);
  });
  expect(screen.getByText("a|1")).toBeTruthy();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1);
  });
  expect(screen.getByText("a|2")).toBeTruthy();
  // No render loop: a new object with the same content does not start another round.
  const settled = renders;
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5_000);
  });
  expect(renders).toBe(settled);
});
