import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { StoreLinks } from '#api/types.ts'
import { StoreBadges } from '../store-badges.tsx'

/**
 * The two halves of the auth dialog and of the sign-in pages: the form, and
 * the right side with the promo text, phone images and store badges (SPEC §2).
 * On narrow screens only the form shows.
 */
export function AuthPanel({ apps, children }: { apps: StoreLinks; children: ReactNode }) {
  const { t } = useTranslation('account')
  return (
    <div className="auth-panel">
      <div className="auth-panel__form">{children}</div>
      <aside className="auth-panel__promo" aria-label={t('promo.label')}>
        <p className="auth-panel__promo-title">{t('promo.title')}</p>
        <p>{t('promo.text')}</p>
        <PhonesIllustration />
        <StoreBadges apps={apps} />
      </aside>
    </div>
  )
}

/** Two phones with the shop on screen; decorative, drawn here so nothing is downloaded. */
function PhonesIllustration() {
  // The page and the dialog may both draw it: the gradient id must be unique.
  const screen = useId()
  return (
    <svg className="auth-panel__phones" viewBox="0 0 240 200" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={screen} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe3ea" />
          <stop offset="1" stopColor="#ffffff" />
        </linearGradient>
      </defs>
      <g transform="rotate(-8 80 110)">
        <rect x="34" y="22" width="92" height="168" rx="16" fill="#1d1d24" />
        <rect x="40" y="32" width="80" height="148" rx="10" fill={`url(#${screen})`} />
        <rect x="66" y="26" width="28" height="4" rx="2" fill="#3a3a46" />
        <text x="48" y="52" fontSize="13" fontWeight="800" fill="#1d1d24" fontFamily="system-ui, sans-serif">
          atir<tspan fill="#f62559">.</tspan>
        </text>
        <rect x="48" y="62" width="64" height="40" rx="6" fill="#f62559" opacity="0.9" />
        <rect x="48" y="110" width="30" height="30" rx="5" fill="#fff" stroke="#e6e6ee" />
        <rect x="82" y="110" width="30" height="30" rx="5" fill="#fff" stroke="#e6e6ee" />
        <rect x="48" y="148" width="64" height="8" rx="4" fill="#e6e6ee" />
        <rect x="48" y="162" width="40" height="8" rx="4" fill="#e6e6ee" />
      </g>
      <g transform="rotate(8 160 110)">
        <rect x="118" y="30" width="88" height="160" rx="16" fill="#f62559" />
        <rect x="124" y="40" width="76" height="140" rx="10" fill="#fff" />
        <circle cx="162" cy="78" r="22" fill="#ffe3ea" />
        <path d="M155 66h14l-2 8h-10z M152 74h20v18a4 4 0 0 1-4 4h-12a4 4 0 0 1-4-4z" fill="#f62559" />
        <rect x="134" y="112" width="56" height="8" rx="4" fill="#1d1d24" />
        <rect x="134" y="126" width="36" height="8" rx="4" fill="#e6e6ee" />
        <rect x="134" y="148" width="56" height="18" rx="6" fill="#f62559" />
      </g>
    </svg>
  )
}
