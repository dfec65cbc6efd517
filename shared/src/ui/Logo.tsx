import { siteIdentity } from '../config/site-identity';

/** The ministry's mark (a flame over an open book) with its short name. */
export function Logo({ size = 40, light = false, withName = true }: { size?: number; light?: boolean; withName?: boolean }) {
  const ink = light ? '#ffffff' : '#14213d';
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="23" fill={light ? 'rgba(255,255,255,0.12)' : '#f6f4ef'} stroke="#c9a227" strokeWidth="2" />
        <path d="M24 9c4 6 8 9 8 15a8 8 0 0 1-16 0c0-4 2-6 4-8 0 3 1 5 3 6-1-5 0-9 1-13z" fill="#c9a227" />
        <path d="M11 33c5-2 9-2 13 1 4-3 8-3 13-1v5c-5-2-9-2-13 1-4-3-8-3-13-1z" fill={ink} />
      </svg>
      {withName && (
        <span style={{ fontWeight: 700, fontSize: size * 0.42, color: ink, letterSpacing: '0.02em', lineHeight: 1.1 }}>
          {siteIdentity.shortName}
        </span>
      )}
    </span>
  );
}
