import { useTranslation } from 'react-i18next'
import type { StoreLinks } from '#api/types.ts'

/** App Store and Google Play badges; a store without a link yet shows 'soon' (SPEC §2). */
export function StoreBadges({ apps }: { apps: StoreLinks }) {
  const { t } = useTranslation()
  const stores = [
    ['ios', 'App Store', apps.ios],
    ['android', 'Google Play', apps.android],
  ] as const
  return (
    <ul className="store-badges">
      {stores.map(([key, name, href]) => (
        <li key={key}>
          {href ? (
            <a className="store-badge" href={href} target="_blank" rel="noopener noreferrer">
              <span className="store-badge__small">{t('mobile.download_on')}</span> {name}
            </a>
          ) : (
            <span className="store-badge store-badge--soon" aria-disabled="true">
              <span className="store-badge__small">{name}</span> <span className="soon">{t('mobile.soon')}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}
