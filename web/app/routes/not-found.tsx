import { useEffect } from "react";
import { useLocation } from "react-router";
import { Block } from "@/components/ui/block";
import { ButtonLink } from "@/components/ui/button-link";
import { SunMotif } from "@/components/ui/sun-motif";
import { pageMeta } from "@/lib/seo";
import { markMissingPage } from "@/lib/visits";

export function meta() {
  return pageMeta({ title: "Pagina niet gevonden", path: "/404", noindex: true });
}

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    markMissingPage(pathname);
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <div className="container-page flex flex-col items-center py-24 text-center">
      <SunMotif className="w-32 opacity-80" />
      <Block name="404.title" as="h1" className="mt-8 text-4xl sm:text-5xl">
        Oops! Page not found
      </Block>
      <Block name="404.text" as="p" className="mt-4 max-w-md text-lg text-ink-soft">
        Deze pagina bestaat niet (meer). Misschien is ze verhuisd, of liep er iets mis met de link.
      </Block>
      <ButtonLink to="/" className="mt-8">
        <Block name="404.button">Terug naar de startpagina</Block>
      </ButtonLink>
    </div>
  );
}
