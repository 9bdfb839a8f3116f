// Gold, silver and bronze medals for ranks 1-3, drawn as SVG: emoji medals depend on an emoji
// font the machine may lack (headless Chromium on a server shows empty boxes).
const colors = [
  { disc: "#f59e0b", rim: "#b45309", ribbon: "#6366f1" },
  { disc: "#cbd5e1", rim: "#64748b", ribbon: "#0ea5e9" },
  { disc: "#d97706", rim: "#7c2d12", ribbon: "#10b981" },
];

export function Medal({ rank, className = "h-8 w-8" }: { rank: 1 | 2 | 3; className?: string }) {
  const c = colors[rank - 1]!;
  return (
    <svg viewBox="0 0 32 32" className={className} role="img" aria-label={`Rank ${rank}`}>
      <path d="M9 2h5l3 9h-5z" fill={c.ribbon} />
      <path d="M23 2h-5l-3 9h5z" fill={c.ribbon} opacity="0.8" />
      <circle cx="16" cy="20" r="10" fill={c.disc} stroke={c.rim} strokeWidth="1.5" />
      <text x="16" y="24.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {rank}
      </text>
    </svg>
  );
}
