import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { adminPath } from '../../+shared/staff.ts'

/** The top of a content list: the way back to the content section, the title and, if any, its "add" link. */
export function ContentListHead({
  lang,
  title,
  add,
}: {
  lang: Lang
  title: string
  add?: { to: string; label: string }
}) {
  const { t } = useTranslation('admin-content')
  return (
    <>
      <p>
        <Link to={adminPath(lang, 'content')}>← {t('title')}</Link>
      </p>
      {add ? (
        <div className="admin-page__head">
          <h1>{title}</h1>
          <Link to={add.to} className="button">
            {add.label}
          </Link>
        </div>
      ) : (
        <h1>{title}</h1>
      )}
    </>
  )
}
