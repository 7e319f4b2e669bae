import type { SelfTestResult } from "@/lib/api-types";

type ThemeScore = SelfTestResult["themes"][number];

const ROW = 56;
const WIDTH = 320;
const LABEL_SPACE = 24;

/**
 * The scores per theme as horizontal bars: an SVG image named by `label` (the scores in words)
 * with the same figures in a table for screen readers.
 */
export function ThemeChart({ themes, label, caption, themeHeader, scoreHeader }: {
  themes: ThemeScore[];
  /** The image's name: the chart's title; the scores are added in words. */
  label: string;
  caption: string;
  themeHeader: string;
  scoreHeader: string;
}) {
  const height = themes.length * ROW;
  const words = `${label}: ${themes.map((t) => `${t.name} ${t.score}%`).join(", ")}`;
  return (
    <div data-from="resultaat">
      <svg
        role="img"
        aria-label={words}
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="h-auto w-full max-w-xl"
        data-testid="theme-chart"
      >
        {themes.map((theme, i) => {
          const y = i * ROW;
          const bar = Math.max(0, Math.min(100, theme.score)) * ((WIDTH - 48) / 100);
          return (
            <g key={theme.key} aria-hidden="true">
              <text x={0} y={y + 16} className="fill-ink text-[14px] font-semibold">
                {theme.name}
              </text>
              <rect x={0} y={y + LABEL_SPACE} width={WIDTH - 48} height={18} rx={9} className="fill-sand" />
              <rect x={0} y={y + LABEL_SPACE} width={bar} height={18} rx={9} className="fill-teal" />
              <text x={WIDTH} y={y + LABEL_SPACE + 14} textAnchor="end" className="fill-ink text-[14px] font-semibold">
                {theme.score}%
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{themeHeader}</th>
            <th scope="col">{scoreHeader}</th>
          </tr>
        </thead>
        <tbody>
          {themes.map((t) => (
            <tr key={t.key}>
              <th scope="row">{t.name}</th>
              <td>{t.score}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
