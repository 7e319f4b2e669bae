import { Block } from "@/components/ui/block";

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-teal px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      <Block name="layout.skip">Naar de inhoud</Block>
    </a>
  );
}
