import { fileURLToPath, URL } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
