/** Decorative sun/light motif (purely visual). */
export function SunMotif({ className = "" }: { className?: string }) {
  const rays = Array.from({ length: 16 }, (_, i) => i * 22.5);
  return (
    <svg viewBox="0 0 200 200" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <radialGradient id="sun-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#f6e9c8" stopOpacity="1" />
          <stop offset="60%" stopColor="#f6e9c8" stopOpacity="0.5" />
          <stop offset="100%" stopColor="#fbf7ef" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="100" cy="100" r="100" fill="url(#sun-glow)" />
      <g stroke="#c9a04b" strokeWidth="2" strokeLinecap="round">
        {rays.map((deg) => (
          <line
            key={deg}
            x1="100"
            y1="30"
            x2="100"
            y2={deg % 45 === 0 ? 12 : 20}
            transform={`rotate(${deg} 100 100)`}
          />
        ))}
      </g>
      <circle cx="100" cy="100" r="52" fill="#c9a04b" opacity="0.9" />
      <circle cx="100" cy="100" r="40" fill="#f6e9c8" />
      <path d="M100 66 a34 34 0 0 1 0 68 a22 34 0 0 0 0 -68z" fill="#1d5c58" opacity="0.85" />
    </svg>
  );
}
