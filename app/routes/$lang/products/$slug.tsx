import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { ProductPageActions } from '#app/components/basket/product-actions.tsx'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { Gallery } from '#app/components/catalogue/gallery.tsx'
import { LineChoices } from '#app/components/catalogue/line-choices.tsx'
import { Price } from '#app/components/catalogue/price.tsx'
import { ProductGrid } from '#app/components/catalogue/product-card.tsx'
import { Rating } from '#app/components/catalogue/rating.tsx'
import { RichText } from '#app/components/catalogue/rich-text.tsx'
import { toCardView } from '#app/components/catalogue/views.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { Reviews } from '#app/components/reviews/reviews.tsx'
import { reviewAction } from '#app/routes/$lang/products/review.server.ts'
import { loadReviews } from '#app/routes/$lang/products/reviews.server.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { type Lang, langOf } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { redirectIfRenamed, rethrowMoved } from '#app/utils/moved.server.ts'
import {
  absoluteUrl,
  breadcrumbLd,
  type ProductLdInput,
  productGroupLd,
  productLd,
  seoMeta,
  snippet,
} from '#app/utils/seo.ts'
import type { Route } from './+types/$slug'

const fewLeft = 5

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  if (!/^[a-z0-9][a-z0-9-]{0,199}$/.test(params.slug)) throw data(null, { status: 404 })
  const api = context.get(apiClientContext)
  const t = serverT(context, 'catalogue')
  // Asked beside the product, by the URL's slug: an old slug's page redirects before they are needed.
  const reviewsOfSlug = loadReviews(context, request, lang, params.slug)
  reviewsOfSlug.catch(() => {})
  // What the page shows, no more: the dates and the showcase flag stay out of its data.
  const {
    similar,
    created_at: _created,
    updated_at: _updated,
    is_recommendation: _recommended,
    ...product
  } = await api.get(`products/${params.slug}/`).catch(rethrowMoved(request, params.slug))
  redirectIfRenamed(request, params.slug, product.slug)
  const reviews = await reviewsOfSlug
  const origin = siteOrigin(request)
  const path = `/${lang}/products/${product.slug}`
  const category = product.categories[0]
  const crumbs = [
    { name: t('breadcrumbs.home'), to: `/${lang}` },
    ...(category ? [{ name: category.title, to: `/${lang}/products/category/${category.slug}` }] : []),
    { name: product.title, to: path },
  ]
  const paid = product.sale_price ?? product.price
  const metaTitle = t('product.meta_title', { title: product.title, price: formatMoney(paid, lang) })
  return data(
    { lang, product, crumbs, similar: similar.map(toCardView), metaTitle, origin, reviews },
    { headers: catalogueLoaderHeaders(request, lang) },
  )
}

/** The review form posts here (written, edited, deleted or refused with the typed text kept). */
export const action = (args: Route.ActionArgs) => reviewAction(args)

// Built here from the product the page has anyway, not sent beside it: the
// description, pictures and links twice more were 6 % of the page's HTML.
export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return []
  const { lang, product, crumbs, metaTitle, origin } = loaderData
  const url = absoluteUrl(origin, `/${lang}/products/${product.slug}`)
  const images = product.images.map((image) => absoluteUrl(origin, image.large))
  const ld = {
    url,
    name: product.title,
    description: product.description,
    images,
    sku: String(product.id),
    brand: product.brand.name,
    price: product.price,
    salePrice: product.sale_price,
    inStock: product.in_stock,
    rating: product.rating,
    reviewCount: product.review_count,
    countryOfOrigin: product.country.code,
  }
  const line = product.line && product.line.members.length > 1 ? product.line : null
  return seoMeta({
    title: metaTitle,
    description: snippet(product.description),
    url,
    lang,
    type: 'product',
    image: images[0] ?? null,
    jsonLd: [
      ...(line ? lineGroupsLd(line, ld, { origin, lang, brand: product.brand.name, id: product.id }) : [productLd(ld)]),
      breadcrumbLd(crumbs.map((c) => ({ name: c.name, url: absoluteUrl(origin, c.to) }))),
    ],
  })
}

type Line = NonNullable<Route.ComponentProps['loaderData']['product']['line']>

/**
 * One ProductGroup per concentration, varying by size only (an EDT and an EDP
 * are different products to a shopper and to search engines), this page's
 * first; this page's product in full inside its group.
 */
function lineGroupsLd(
  line: Line,
  product: ProductLdInput,
  page: { origin: string; lang: Lang; brand: string; id: number },
) {
  const byId = new Map(line.members.map((m) => [m.id, m]))
  const own = (group: Line['groups'][number]) => Number(group.member_ids.includes(page.id))
  return [...line.groups]
    .sort((a, b) => own(b) - own(a))
    .map((group) =>
      productGroupLd({
        groupId: `line-${line.id}-${group.concentration ?? 'other'}`,
        name: `${line.name}, ${group.name}`,
        brand: page.brand,
        product,
        variants: group.member_ids.flatMap((id) => {
          const m = byId.get(id)
          if (!m) return []
          const url = absoluteUrl(page.origin, `/${page.lang}/products/${m.slug}`)
          return [
            {
              url,
              name: m.title,
              sku: String(m.id),
              size: m.size_label,
              price: m.price,
              salePrice: m.sale_price,
              inStock: m.in_stock,
            },
          ]
        }),
      }),
    )
}
export const headers = catalogueHeaders
export const handle = sharedPage

export default function ProductPage({
  loaderData: { lang, product, crumbs, similar, reviews },
  actionData,
}: Route.ComponentProps) {
  const { t } = useTranslation('catalogue')
  return (
    <main id="main" className="container product-page">
      <Breadcrumbs crumbs={crumbs} />
      <div className="product">
        <Gallery images={product.images} alts={product.image_alts} title={product.title} />
        <div className="product__summary" id={`product-${product.id}`}>
          <p className="product__brand">
            <Link to={`/${lang}/products?brand=${product.brand.slug}`}>{product.brand.name}</Link>
          </p>
          <h1 className="product__title">{product.title}</h1>
          {product.review_count > 0 ? (
            <a href="#reviews" className="product__rating-link">
              <Rating rating={product.rating} reviews={product.review_count} />
            </a>
          ) : (
            <Rating rating={null} reviews={0} />
          )}
          <Price price={product.price} salePrice={product.sale_price} lang={lang} size="large" />
          {product.discount_percent ? (
            <p className="product__discount">{t('price.discount', { percent: product.discount_percent })}</p>
          ) : null}
          <p className={product.in_stock ? 'availability availability--in' : 'availability availability--out'}>
            {product.in_stock
              ? product.stock <= fewLeft
                ? t('stock.few', { count: product.stock })
                : t('stock.in')
              : t('stock.out')}
          </p>
          <ProductPageActions
            product={{ id: product.id, title: product.title, inStock: product.in_stock }}
            anchor={`product-${product.id}`}
          />
          {/* After the price and the basket button, which stay in view on a phone; every size a link. */}
          {product.line ? <LineChoices line={product.line} current={product.id} lang={lang} /> : null}
          <Specs lang={lang} product={product} />
        </div>
      </div>

      {/* Similar products (one row scrolling sideways on a phone) and reviews before the description:
          both within two screens of the basket button on a phone. */}
      {similar.length ? (
        <section aria-labelledby="similar" className="product-section product-section--similar">
          <h2 id="similar">{t('product.similar')}</h2>
          <ProductGrid products={similar} lang={lang} level={3} anchorPrefix="similar" />
        </section>
      ) : null}

      <section id="reviews" aria-labelledby="reviews-title" className="product-section">
        <h2 id="reviews-title">{t('product.reviews')}</h2>
        {product.review_count > 0 && product.rating !== null ? (
          <div className="reviews-summary">
            <p className="reviews-summary__average">
              {t('product.rating_of', { rating: product.rating.toFixed(1).replace('.', ',') })}
            </p>
            <Rating rating={product.rating} reviews={product.review_count} />
          </div>
        ) : null}
        {/* Without reviews the list below says so, once. */}
        <Reviews data={reviews} failed={actionData?.review} path={`/${lang}/products/${product.slug}`} />
      </section>

      <section aria-labelledby="description" className="product-section">
        <h2 id="description">{t('product.description')}</h2>
        <RichText text={product.description} />
      </section>
    </main>
  )
}

type Product = Route.ComponentProps['loaderData']['product']

/** The product's characteristics: brand, audience, country, volume, year, maker, categories (the links lead on). */
function Specs({ lang, product }: { lang: Lang; product: Product }) {
  const { t } = useTranslation('catalogue')
  const unit = t(`unit.${product.unit}`)
  return (
    <section aria-labelledby="characteristics" className="product__specs">
      <h2 id="characteristics">{t('product.characteristics')}</h2>
      <dl className="specs">
        <div>
          <dt>{t('product.brand')}</dt>
          <dd>
            <Link to={`/${lang}/products?brand=${product.brand.slug}`}>{product.brand.name}</Link>
          </dd>
        </div>
        <div>
          <dt>{t('product.audience')}</dt>
          <dd>{product.audience_label}</dd>
        </div>
        <div>
          <dt>{t('product.country')}</dt>
          <dd>{product.country.name}</dd>
        </div>
        {product.volume !== null ? (
          <div>
            <dt>{t('product.volume')}</dt>
            <dd>
              {product.volume} {unit}
            </dd>
          </div>
        ) : null}
        {product.release_year !== null ? (
          <div>
            <dt>{t('product.release_year')}</dt>
            <dd>{product.release_year}</dd>
          </div>
        ) : null}
        {product.manufacturer ? (
          <div>
            <dt>{t('product.manufacturer')}</dt>
            <dd>
              <Link to={`/${lang}/manufactures/${product.manufacturer.slug}`}>{product.manufacturer.name}</Link>
            </dd>
          </div>
        ) : null}
        {product.categories.length ? (
          <div>
            <dt>{t('product.categories')}</dt>
            <dd>
              {product.categories.map((c, i) => (
                <span key={c.id}>
                  {i > 0 ? ', ' : null}
                  <Link to={`/${lang}/products/category/${c.slug}`}>{c.title}</Link>
                </span>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
