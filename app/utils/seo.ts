import type { MetaDescriptor } from 'react-router'
import { htmlLang, type Lang } from '#app/utils/i18n.ts'

// What a page tells search engines and link previews. Loaders build a `Seo`
// (texts come from the server's i18n), route `meta` exports turn it into tags.

export const siteName = 'Atir'
const ogLocale: Record<Lang, string> = { ru: 'ru_RU', uz: 'uz_UZ', sr: 'uz_UZ' }

export type JsonLd = Record<string, unknown>

export type Seo = {
  title: string
  description: string
  /** Absolute canonical URL of this page. */
  url: string
  lang: Lang
  image?: string | null
  type?: 'website' | 'product' | 'article'
  /** Search results and filtered variants: followed, not indexed. */
  noindex?: boolean
  jsonLd?: JsonLd[]
}

/** `path` on the shop's origin; an already absolute URL is returned as it is. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path
  return `${origin.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`
}

/** A description fit for a snippet: one line, at most `max` characters, cut at a word. */
export function snippet(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:—-]+$/, '')}…`
}

// Link previews (Telegram, Facebook) show neither SVG originals nor, everywhere, WebP: they get
// the API's 1200×630 JPEG copy of a picture (size `social` in api/media/routes.ts).
const largePicture = /\/media\/large\/([^/]+)\/(.+)$/

function imageTags(url: string): MetaDescriptor[] {
  if (!largePicture.test(url)) return [{ property: 'og:image', content: url }]
  return [
    { property: 'og:image', content: url.replace(largePicture, '/media/social/$1/$2.jpg') },
    { property: 'og:image:type', content: 'image/jpeg' },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
  ]
}

export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return []
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.url },
    { property: 'og:site_name', content: siteName },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.url },
    { property: 'og:locale', content: ogLocale[seo.lang] },
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
  ]
  if (seo.image) tags.push(...imageTags(seo.image))
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex, follow' })
  for (const ld of seo.jsonLd ?? []) tags.push({ 'script:ld+json': ld })
  return tags
}

export type Crumb = { name: string; url: string }

export function breadcrumbLd(crumbs: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  }
}

export type OrganizationInput = {
  origin: string
  phone?: string
  email?: string | null
  address?: string
  sameAs?: string[]
}

export function organizationLd({ origin, phone, email, address, sameAs = [] }: OrganizationInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteName,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, '/favicon.svg'),
    ...(phone ? { telephone: phone } : {}),
    ...(email ? { email } : {}),
    ...(address ? { address: { '@type': 'PostalAddress', streetAddress: address, addressCountry: 'UZ' } } : {}),
    ...(phone
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            telephone: phone,
            contactType: 'customer service',
            areaServed: 'UZ',
            availableLanguage: ['uz', 'ru'],
          },
        }
      : {}),
    ...(sameAs.length ? { sameAs } : {}),
  }
}

/** The site search box Google may show under the shop's result. */
export function websiteLd(origin: string, lang: Lang): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: siteName,
    url: absoluteUrl(origin, `/${lang}`),
    inLanguage: htmlLang[lang],
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: absoluteUrl(origin, `/${lang}/products?search={search_term_string}`),
      },
      'query-input': 'required name=search_term_string',
    },
  }
}

export type ProductLdInput = {
  url: string
  name: string
  description: string
  images: string[]
  sku: string
  brand: string
  price: number
  salePrice: number | null
  inStock: boolean
  rating: number | null
  reviewCount: number
  countryOfOrigin?: string
}

export function productLd(p: ProductLdInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    image: p.images,
    sku: p.sku,
    url: p.url,
    brand: { '@type': 'Brand', name: p.brand },
    ...(p.countryOfOrigin ? { countryOfOrigin: p.countryOfOrigin } : {}),
    offers: {
      '@type': 'Offer',
      url: p.url,
      priceCurrency: 'UZS',
      price: p.salePrice ?? p.price,
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(p.rating !== null && p.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.rating,
            reviewCount: p.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  }
}

export type ProductGroupLdInput = {
  /** The line's id: every page of the line names the same group. */
  groupId: string
  name: string
  brand: string
  /** The page's own product, in full. */
  product: ProductLdInput
  /** Every choice of the line (this page's too): its page, name, size and offer. */
  variants: {
    url: string
    name: string
    sku: string
    size: string
    price: number
    salePrice: number | null
    inStock: boolean
  }[]
}

/**
 * A line's page for search engines: a ProductGroup varying by size whose
 * `hasVariant` lists every size at its own address (each keeps its canonical),
 * this page's product in full, so one page of the group tells of them all.
 */
export function productGroupLd(g: ProductGroupLdInput): JsonLd {
  const { '@context': _context, ...own } = productLd(g.product)
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: g.name,
    productGroupID: g.groupId,
    brand: { '@type': 'Brand', name: g.brand },
    variesBy: ['https://schema.org/size'],
    hasVariant: g.variants.map((v) =>
      v.url === g.product.url
        ? { ...own, size: v.size, inProductGroupWithID: g.groupId }
        : {
            '@type': 'Product',
            name: v.name,
            sku: v.sku,
            url: v.url,
            size: v.size,
            inProductGroupWithID: g.groupId,
            offers: {
              '@type': 'Offer',
              url: v.url,
              priceCurrency: 'UZS',
              price: v.salePrice ?? v.price,
              availability: v.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
              itemCondition: 'https://schema.org/NewCondition',
            },
          },
    ),
  }
}
