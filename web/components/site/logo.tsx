/** The wordmark: a ring (the round of funding) and the name. Inline SVG, so no request and no shift. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold text-slate-900 ${className}`}>
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <circle cx="16" cy="16" r="8" fill="none" stroke="#fff" strokeWidth="3" />
      </svg>
      <span className="text-lg tracking-tight">Roundroom</span>
    </span>
  );
}
