import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: false,
  // Every static public path is prerendered to HTML; the admin area is served
  // from __spa-fallback.html. /404 is prerendered so the server can return it
  // with status 404 for any unknown path (the catch-all route renders it).
  prerender({ getStaticPaths }) {
    const paths = getStaticPaths().filter(
      (p) => p !== "/admin" && !p.startsWith("/admin/"),
    );
    return [...paths, "/404"];
  },
} satisfies Config;
