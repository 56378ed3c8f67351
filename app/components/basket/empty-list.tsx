import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'

/** An empty basket or favourites page: what is empty, and the way to the catalogue. */
export function EmptyList({ lang, title, text }: { lang: Lang; title: string; text: string }) {
  const { t } = useTranslation('basket')
  return (
    <div className="basket-empty">
      <p className="basket-empty__title">{title}</p>
      <p className="muted">{text}</p>
      <Link to={`/${lang}/products`} className="button">
        {t('page.to_catalogue')}
      </Link>
    </div>
  )
}
