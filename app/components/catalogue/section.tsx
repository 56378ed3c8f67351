import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** A home page block: a heading, the content and a link to the full list. */
export function HomeSection({
  title,
  moreTo,
  children,
  className,
}: {
  title: string
  moreTo?: string
  children: React.ReactNode
  className?: string
}) {
  const { t } = useTranslation('catalogue')
  const id = useId()
  return (
    <section className={`home-section ${className ?? ''}`} aria-labelledby={id}>
      <div className="home-section__head">
        <h2 id={id}>{title}</h2>
        {moreTo ? (
          <Link to={moreTo} className="home-section__more" aria-label={t('home.see_all_label', { section: title })}>
            {t('home.see_all')}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  )
}
