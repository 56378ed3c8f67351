import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** Page numbers to show: the first, the last and two on each side of the current one; null is a gap. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total])
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= total) pages.add(p)
  const sorted = [...pages].sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const [i, p] of sorted.entries()) {
    const previous = sorted[i - 1]
    if (previous !== undefined && p - previous > 1) out.push(p - previous === 2 ? p - 1 : null)
    out.push(p)
  }
  return out
}

/** Real links to every page, so paging works without JavaScript and for crawlers. */
export function Pagination({
  page,
  totalPages,
  href,
}: {
  page: number
  totalPages: number
  href: (p: number) => string
}) {
  const { t } = useTranslation('catalogue')
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className="pagination__step" aria-label={t('pagination.previous')}>
              ‹
            </Link>
          </li>
        ) : null}
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < totalPages ? (
          <li>
            <Link to={href(page + 1)} rel="next" className="pagination__step" aria-label={t('pagination.next')}>
              ›
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
