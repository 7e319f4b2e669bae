import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The script of pages that boot as islands (DESIGN §13, app/islands/boot.tsx), built after the app
 * into the same assets folder. The islands are the app's own components, rendered by Preact: React
 * and React DOM resolve to preact/compat (about 12 KiB instead of about 65; see islands/react.ts), and react-router to a
 * shim where a link is a link. Its manifest tells scripts/hydrate-after-paint.mjs the entry's file.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: here("./app/") },
      { find: /^react-router$/, replacement: here("./app/islands/router-shim.tsx") },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react(-dom)?$/, replacement: here("./app/islands/react.ts") },
    ],
  },
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    manifest: ".vite/islands-manifest.json",
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { islands: here("./app/islands/boot.tsx") },
      output: {
        entryFileNames: "assets/islands-[hash].js",
        // An island's own module is named after it (island-<name>-<hash>.js): bench/page-js-size.mjs
        // counts a page's JavaScript by the islands it has.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes("/app/islands/parts/") ? "assets/island-[name]-[hash].js" : "assets/islands-[name]-[hash].js",
      },
    },
  },
});
