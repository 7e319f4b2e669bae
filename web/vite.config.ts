import { fileURLToPath, URL } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

// React Router makes each route file an entry of the client build (the id carries this query).
const ROUTE_ENTRY = "?__react-router-build-client-route";
const isEntry = (id: string) => id.endsWith(ROUTE_ENTRY) || /[\\/]entry\.client\.[jt]sx?$/.test(id);
const isPublicRoute = (id: string) => id.endsWith(ROUTE_ENTRY) && !/[\\/]routes[\\/]admin[\\/]/.test(id);
// Routes that every public page loads.
const isEveryPageRoute = (id: string) => /[\\/](root|routes[\\/]public-layout)\.tsx\?/.test(id);
const isReact = (id: string) => /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id);

type ChunkingContext = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/**
 * Merges the JavaScript of public pages into three shared chunks. Left to itself the bundler makes
 * a chunk per set of entries that share modules: 31 files for the home page, each a request on a
 * slow phone connection. Now a public page loads the entry, the shared chunks and its own route
 * files. The shared chunks hold every module that a public route shares with another entry: React
 * (its evaluation alone is a ~70 ms task on a 4x slowed CPU), the other packages (React Router
 * included), and our own code, in three files so that no single one is a long task to evaluate.
 * A module only one route uses stays
 * in that route's file, and admin-only code keeps the bundler's own splitting.
 */
function publicChunk(): Plugin {
  return {
    name: "inlumine:public-chunk",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      // Per module: the entries that import it, directly or through other modules.
      const reachedFrom = new Map<string, Set<string>>();
      const entriesReaching = (id: string, ctx: ChunkingContext): Set<string> => {
        let entries = reachedFrom.get(id);
        if (entries) return entries;
        entries = new Set();
        reachedFrom.set(id, entries); // an import cycle stops here
        for (const importer of ctx.getModuleInfo(id)?.importers ?? []) {
          if (isEntry(importer)) entries.add(importer);
          else for (const entry of entriesReaching(importer, ctx)) entries.add(entry);
        }
        return entries;
      };
      const inPublicChunk = (id: string, ctx: ChunkingContext) => {
        if (isEntry(id)) return false;
        const entries = [...entriesReaching(id, ctx)];
        if (!entries.some(isPublicRoute)) return false;
        return entries.length >= 2 || entries.some(isEveryPageRoute);
      };
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "react", test: isReact, priority: 3 },
            {
              debugName: "vendor",
              name: (id, ctx) => (id.includes("node_modules") && inPublicChunk(id, ctx) ? "vendor" : null),
              priority: 2,
            },
            { debugName: "public", name: (id, ctx) => (inPublicChunk(id, ctx) ? "public" : null), priority: 1 },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), publicChunk()],
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./app/", import.meta.url)),
    },
  },
  server: {
    // site.json lives in ../config (shared with the server).
    fs: { allow: [".."] },
    proxy: { "/api": "http://127.0.0.1:8080" },
  },
});
