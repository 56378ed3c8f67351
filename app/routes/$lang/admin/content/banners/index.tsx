import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AdminErrorBoundary } from '#app/components/admin/admin-error.tsx'
import { tashkentText } from '#app/components/admin/content/tashkent.ts'
import { adminPath } from '#app/components/admin/staff.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { staffLoad } from '../../forms.server.ts'
import { contentT } from '../content.server.ts'
import type { Route } from './+types/index'
import '#app/styles/admin-content.css'

export async function loader({ context }: Route.LoaderArgs) {
  const { results } = await staffLoad(context, 'admin/content/banners/')
  return { lang: requestLang(context), banners: results, title: contentT(context)('banners.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminBannersPage({ loaderData: { lang, banners, title } }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'content')}>← {t('title')}</Link>
      </p>
      <div className="admin-page__head">
        <h1>{title}</h1>
        <Link to={adminPath(lang, 'content/banners/new')} className="button">
          {t('banners.add')}
        </Link>
      </div>
      <table className="admin-table">
        <caption className="admin-muted">{t('banners.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fields.title')}</th>
            <th scope="col">{t('fields.starts_at')}</th>
            <th scope="col">{t('fields.ends_at')}</th>
            <th scope="col">{t('fields.position')}</th>
            <th scope="col">{t('banners.state')}</th>
          </tr>
        </thead>
        <tbody>
          {banners.map((banner) => (
            <tr key={banner.id}>
              <td>
                <Link to={adminPath(lang, `content/banners/${banner.id}`)}>{banner.title.ru || banner.title.uz}</Link>
              </td>
              <td data-label={t('fields.starts_at')}>{tashkentText(banner.starts_at)}</td>
              <td data-label={t('fields.ends_at')}>{tashkentText(banner.ends_at)}</td>
              <td data-label={t('fields.position')}>{banner.position}</td>
              <td>{t(banner.shown ? 'banners.shown' : banner.is_active ? 'banners.waiting' : 'banners.off')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
