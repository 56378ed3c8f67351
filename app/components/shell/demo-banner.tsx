import { useTranslation } from 'react-i18next'

/**
 * SHOP_MODE=demo: every page says that payments and SMS are simulated. Rendered
 * by the server with the page (no shift, no JavaScript needed); a note, not a
 * landmark, with a name to find it by.
 */
export function DemoBanner() {
  const { t } = useTranslation()
  return (
    <p className="demo-banner" role="note" aria-label={t('demo_mode.label')}>
      {t('demo_mode.text')}
    </p>
  )
}
