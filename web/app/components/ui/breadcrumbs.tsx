import { Link } from "react-router";
import { Block } from "@/components/ui/block";
import type { Breadcrumb } from "@/lib/seo";

/** The block key of a crumb: shared by every page whose trail holds it. */
function crumbKey(path: string): string {
  const name = path.replace(/^\/+|\/+$/g, "").replaceAll("/", ".");
  return `layout.crumbs.${name || "home"}`;
}

/** Visible breadcrumb trail; the last item is the current page. */
export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  const trail = [{ name: "Home", path: "/" }, ...items];
  return (
    <nav aria-label="Kruimelpad" className="text-sm text-ink-soft">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((item, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={item.path} className="flex items-center gap-2">
              {last ? (
                <span aria-current="page" className="font-medium text-ink">
                  <Block name={crumbKey(item.path)}>{item.name}</Block>
                </span>
              ) : (
                <>
                  <Link to={item.path} className="underline-offset-4 hover:underline">
                    <Block name={crumbKey(item.path)}>{item.name}</Block>
                  </Link>
                  <span aria-hidden="true">/</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
