import { useTranslation } from 'react-i18next'
import { Link, useRouteLoaderData } from 'react-router'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { getInstance } from '#app/middleware/i18next.ts'
import type { Route } from './+types/home'
import type { loader as layoutLoader } from './shop-layout.tsx'

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t
  return { title: t('home.meta_title'), description: t('home.meta_description') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'description', content: loaderData?.description },
]

export default function Home() {
  const { t } = useTranslation()
  const shell = useRouteLoaderData<typeof layoutLoader>('routes/shop-layout')
  const lang = shell?.lang ?? 'ru'
  return (
    <main id="main" className="container home">
      <section className="hero">
        <h1>{t('home.heading')}</h1>
        <p>{t('home.tagline')}</p>
      </section>
      <section aria-labelledby="home-categories">
        <h2 id="home-categories">{t('home.categories')}</h2>
        <ul className="tile-list">
          {shell?.headerMenu.map((item) => (
            <li key={item.id}>
              <Link to={`/${lang}/products?sections=${encodeURIComponent(item.slug)}`}>{item.title}</Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
