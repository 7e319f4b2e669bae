// Every file below a folder, depth first (for the post-build steps in this folder).
import { readdir } from "node:fs/promises";
import { join } from "node:path";

export async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
