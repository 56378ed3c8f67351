import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { adminPath } from '../../+shared/staff.ts'
import { TableHead } from '../../+shared/table-head.tsx'
import { ContentListHead } from './list-head.tsx'
import { tashkentInput, tashkentText } from './tashkent.ts'

type Scheduled = { id: number; shown: boolean; is_active: boolean; starts_at: string | null; ends_at: string | null }

/** What ScheduleFields hold, as the form's text values. */
export type ScheduleValues = { starts_at: string; ends_at: string; position: string; is_active: string }

/** ScheduleFields' first values: the item's, or for a new one no dates, first place, switched on. */
export function scheduleDefaults(
  item: { starts_at: string | null; ends_at: string | null; position: number; is_active: boolean } | null,
): ScheduleValues {
  return {
    starts_at: tashkentInput(item?.starts_at),
    ends_at: tashkentInput(item?.ends_at),
    position: String(item?.position ?? 0),
    is_active: item ? (item.is_active ? 'on' : '') : 'on',
  }
}

/** Where a scheduled banner or story is: in the shop now, waiting for its dates, or switched off. */
export function ScheduleState({ item }: { item: Pick<Scheduled, 'shown' | 'is_active'> }) {
  const { t } = useTranslation('admin-content')
  return t(item.shown ? 'banners.shown' : item.is_active ? 'banners.waiting' : 'banners.off')
}

/**
 * The list page of a scheduled kind (banners, stories): each item's title
 * opening it, its dates, the kind's own figures, and where it is.
 */
export function ScheduledList<Item extends Scheduled>({
  lang,
  kind,
  title,
  items,
  itemTitle,
  figures,
}: {
  lang: Lang
  kind: 'banners' | 'stories'
  title: string
  items: Item[]
  itemTitle: (item: Item) => string
  figures: Array<{ label: string; value: (item: Item) => ReactNode }>
}) {
  const { t } = useTranslation('admin-content')
  return (
    <section className="admin-page">
      <ContentListHead
        lang={lang}
        title={title}
        add={{ to: adminPath(lang, `content/${kind}/new`), label: t(`${kind}.add`) }}
      />
      <table className="admin-table">
        <TableHead
          caption={t('banners.caption')}
          captionShown
          columns={[
            t('fields.title'),
            t('fields.starts_at'),
            t('fields.ends_at'),
            ...figures.map((figure) => figure.label),
            t('banners.state'),
          ]}
        />
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <Link to={adminPath(lang, `content/${kind}/${item.id}`)}>{itemTitle(item)}</Link>
              </td>
              <td data-label={t('fields.starts_at')}>{tashkentText(item.starts_at)}</td>
              <td data-label={t('fields.ends_at')}>{tashkentText(item.ends_at)}</td>
              {figures.map((figure) => (
                <td key={figure.label} data-label={figure.label}>
                  {figure.value(item)}
                </td>
              ))}
              <td>
                <ScheduleState item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
