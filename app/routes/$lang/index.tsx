import { isbot } from 'isbot'
import { useTranslation } from 'react-i18next'
import { data, Link, useRouteLoaderData } from 'react-router'
import { Banners } from '#app/components/catalogue/banners.tsx'
import { CategoryTiles } from '#app/components/catalogue/category-tiles.tsx'
import { ProductShelf } from '#app/components/catalogue/home-shelf.tsx'
import { HomeSection } from '#app/components/catalogue/section.tsx'
import { Stories } from '#app/components/catalogue/stories.tsx'
import { toCardView } from '#app/components/catalogue/views.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { langOf } from '#app/utils/i18n.ts'
import { formatDate, isoDate } from '#app/utils/money.ts'
import { personalText } from '#app/utils/personal.server.ts'
import { personalTextOf } from '#app/utils/personal.tsx'
import { absoluteUrl, organizationLd, seoMeta, websiteLd } from '#app/utils/seo.ts'
import type { Shell } from '#app/utils/shell.server.ts'
import type { loader as layoutLoader } from './_layout.tsx'
import type { Route } from './+types/index'

// SPEC §9: recommended and new products 6 each, popular categories 12.
const homeSize = 6

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  const api = context.get(apiClientContext)
  const t = serverT(context, 'common')
  const products = (query: Record<string, string | number>) =>
    api.get('products/', query).then((page) => page.results.map(toCardView))
  // A block that cannot load is left out; the rest of the home page still shows.
  const orNone = <T,>(promise: Promise<T>, none: T) => promise.catch(() => none)
  const [stories, storyReads, banners, brands, recommended, fresh, onSale, categories, latest, posts] =
    await Promise.all([
      // As every visitor is shown them; what this one has seen is theirs (the rail orders and marks them).
      orNone(
        api
          .withAuth('nobody')
          .get('common/story/')
          .then((r) => r.results),
        [],
      ),
      orNone(personalText({ request, context }, 'storyReads', {}), personalTextOf('storyReads', [])),
      orNone(
        api.get('products/banner/').then((r) => r.results),
        [],
      ),
      orNone(
        api.get('products/brands/', { popular: 'true' }).then((r) => r.results),
        [],
      ),
      orNone(products({ is_recommendation: 'true', ordering: 'popularity', size: homeSize }), []),
      orNone(products({ sale_price__isnull: 'false', ordering: '-created_at', size: homeSize }), []),
      orNone(products({ sale_price__isnull: 'false', ordering: 'popularity', size: homeSize * 2 }), []),
      orNone(
        api.get('products/popular-categories/', { size: 12 }).then((r) => r.results),
        [],
      ),
      orNone(products({ ordering: '-created_at', size: homeSize }), []),
      orNone(
        api.get('posts/', { size: 3 }).then((r) => r.results),
        [],
      ),
    ])
  // "On sale" shows other goods than "fresh discounts" right above it.
  const freshIds = new Set(fresh.map((p) => p.id))
  const sale = onSale.filter((p) => !freshIds.has(p.id)).slice(0, homeSize)
  const origin = siteOrigin(request)
  const seo = {
    title: t('home.meta_title'),
    description: t('home.meta_description'),
    url: absoluteUrl(origin, `/${lang}`),
    lang,
    image: banners[0] ? absoluteUrl(origin, banners[0].image.large) : null,
    jsonLd: [websiteLd(origin, lang)],
    origin,
  }
  return data(
    {
      lang,
      stories,
      storyReads,
      banners,
      brands: brands.map((b) => ({ slug: b.slug, name: b.name })),
      recommended,
      fresh,
      sale,
      categories: categories.map((c) => ({ id: c.id, slug: c.slug, title: c.title, image: c.image })),
      latest,
      posts: posts.map((p) => ({ id: p.id, title: p.title, excerpt: p.excerpt, published_at: p.published_at })),
      // A person's first paint holds the first two screens; the shelves below come as they near the screen.
      // Bots read the page as it is sent, so they get every shelf in it.
      shelvesLater: !isbot(request.headers.get('user-agent')),
      seo,
    },
    { headers: catalogueLoaderHeaders(request, lang) },
  )
}

// The Organization comes from the contacts the shop layout has loaded anyway.
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return []
  // matches: the root, the shop layout, this page.
  const contacts = matches[1]?.loaderData.contacts
  const organization = organizationLd({
    origin: loaderData.seo.origin,
    phone: contacts?.phone,
    email: contacts?.email,
    address: contacts?.address,
    sameAs: contacts ? [contacts.facebook, contacts.instagram, contacts.telegram].filter(Boolean) : [],
  })
  return seoMeta({ ...loaderData.seo, jsonLd: [organization, ...(loaderData.seo.jsonLd ?? [])] })
}
// A person's page and a bot's differ (the shelves further down, above): a cache in front keeps them apart.
export const headers: Route.HeadersFunction = (args) => {
  const headers = catalogueHeaders(args)
  headers.append('Vary', 'User-Agent')
  return headers
}
export const handle = sharedPage

export default function Home({ loaderData }: Route.ComponentProps) {
  const {
    lang,
    stories,
    storyReads,
    banners,
    brands,
    recommended,
    fresh,
    sale,
    categories,
    latest,
    posts,
    shelvesLater,
  } = loaderData
  const { t: common } = useTranslation()
  const { t } = useTranslation('catalogue')
  const shell = useRouteLoaderData<typeof layoutLoader>('shop')
  const groups = (shell?.categoryGroups ?? []).filter((g) => g.slug)
  const products = `/${lang}/products`
  const shelves = [
    {
      title: t('home.recommended'),
      moreTo: `${products}?recommended=1`,
      products: recommended,
      anchorPrefix: 'recommended',
    },
    { title: t('home.fresh_discounts'), moreTo: `${products}?sale=1`, products: fresh, anchorPrefix: 'fresh' },
    {
      title: t('home.on_sale'),
      moreTo: `${products}?sale=1&ordering=popularity`,
      products: sale,
      anchorPrefix: 'sale',
    },
  ].filter((shelf) => shelf.products.length)
  const latestShelf = latest.length
    ? { title: t('home.latest'), moreTo: products, products: latest, anchorPrefix: 'latest' }
    : null
  return (
    <main id="main" className="container home">
      <h1 className="visually-hidden">{common('home.heading')}</h1>
      <Stories stories={stories} reads={storyReads} lang={lang} />
      <Banners banners={banners} lang={lang} />

      <BrandChips brands={brands} lang={lang} />

      {shelves.map((shelf, index) => (
        <ProductShelf
          key={shelf.anchorPrefix}
          {...shelf}
          lang={lang}
          // The first shelf is in the first two screens (under the stories, banners and brands).
          later={shelvesLater && index > 0}
        />
      ))}

      {categories.length ? (
        <HomeSection title={t('home.best_categories')} moreTo={`${products}/categories`}>
          <CategoryTiles categories={categories} lang={lang} />
        </HomeSection>
      ) : null}

      <PopularSections groups={groups} lang={lang} />

      {latestShelf ? <ProductShelf {...latestShelf} lang={lang} later={shelvesLater} /> : null}

      <PostCards posts={posts} lang={lang} />
    </main>
  )
}

type HomeData = Route.ComponentProps['loaderData']

/** The brands to start from, each a chip to its list. */
function BrandChips({ brands, lang }: { brands: HomeData['brands']; lang: Lang }) {
  const { t } = useTranslation('catalogue')
  if (!brands.length) return null
  return (
    <HomeSection title={t('home.brands')} moreTo={`/${lang}/brands`}>
      <ul className="chips">
        {brands.map((brand) => (
          <li key={brand.slug}>
            <Link to={`/${lang}/products?brand=${brand.slug}`} className="chip">
              {brand.name}
            </Link>
          </li>
        ))}
      </ul>
    </HomeSection>
  )
}

type Group = Shell['categoryGroups'][number]

/** The menu's groups as cards, each with its first four categories. */
function PopularSections({ groups, lang }: { groups: Group[]; lang: Lang }) {
  const { t } = useTranslation('catalogue')
  const products = `/${lang}/products`
  if (!groups.length) return null
  return (
    <HomeSection title={t('home.popular_sections')} moreTo={`${products}/categories`}>
      <ul className="section-cards">
        {groups.map((group) => (
          <li key={group.id} className="section-card">
            <h3>
              <Link to={`${products}?sections=${group.slug}`}>{group.title}</Link>
            </h3>
            <ul>
              {group.children.slice(0, 4).map((child) => (
                <li key={child.id}>
                  <Link to={`${products}/category/${child.slug}`}>{child.title}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </HomeSection>
  )
}

/** The blog's latest posts. */
function PostCards({ posts, lang }: { posts: HomeData['posts']; lang: Lang }) {
  const { t } = useTranslation('catalogue')
  if (!posts.length) return null
  return (
    <HomeSection title={t('home.posts')}>
      <ul className="post-cards">
        {posts.map((post) => (
          <li key={post.id}>
            <h3>
              <Link to={`/${lang}/posts/${post.id}`}>{post.title}</Link>
            </h3>
            <time className="muted" dateTime={isoDate(post.published_at)}>
              {formatDate(post.published_at)}
            </time>
            <p>{post.excerpt}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  )
}

export const ErrorBoundary = RouteErrorBoundary
