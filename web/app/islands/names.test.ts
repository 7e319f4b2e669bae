import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { islandNames } from "@/islands/names";

describe("islands", () => {
  it("has one module in parts/ for each island name, and none besides", () => {
    const parts = readdirSync(join(process.cwd(), "app/islands/parts")).map((file) => file.replace(/\.tsx$/, ""));
    expect(parts.sort()).toEqual([...islandNames].sort());
  });
});
