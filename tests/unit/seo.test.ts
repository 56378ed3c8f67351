import { describe, expect, test } from 'vitest'
import { shopHref } from '#app/components/catalogue/links.ts'
import { apiListQuery, listSearch, parseListParams } from '#app/components/catalogue/list-params.ts'
import { catalogueCacheControl, catalogueHeaders, privateCache, publicCache } from '#app/utils/http-cache.ts'
import { absoluteUrl, breadcrumbLd, organizationLd, productLd, seoMeta, snippet, websiteLd } from '#app/utils/seo.ts'

describe('seoMeta', () => {
  const seo = {
    title: 'Dior Sauvage — Atir',
    description: 'A fresh fragrance.',
    url: 'https://atir.uz/ru/products/dior-sauvage',
    lang: 'ru' as const,
    image: 'https://atir.uz/api/v1/media/large/x/p.svg',
    type: 'product' as const,
    jsonLd: [{ '@type': 'Product' }],
  }

  test('title, description, canonical, Open Graph and JSON-LD', () => {
    const tags = seoMeta(seo)
    expect(tags).toContainEqual({ title: seo.title })
    expect(tags).toContainEqual({ name: 'description', content: seo.description })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: seo.url })
    expect(tags).toContainEqual({ property: 'og:type', content: 'product' })
    // Crawlers get the 1200×630 JPEG copy, not the SVG original or WebP.
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://atir.uz/api/v1/media/social/x/p.svg.jpg' })
    expect(tags).toContainEqual({ property: 'og:image:type', content: 'image/jpeg' })
    expect(tags).toContainEqual({ property: 'og:image:width', content: '1200' })
    expect(tags).toContainEqual({ property: 'og:image:height', content: '630' })
    expect(tags).toContainEqual({ property: 'og:locale', content: 'ru_RU' })
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
    expect(tags).toContainEqual({ 'script:ld+json': { '@type': 'Product' } })
    expect(tags.some((t) => 'name' in t && t.name === 'robots')).toBe(false)
  })

  test('noindex pages say so; Uzbek pages get the uz_UZ locale', () => {
    const tags = seoMeta({ ...seo, lang: 'sr', noindex: true, image: null })
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, follow' })
    expect(tags).toContainEqual({ property: 'og:locale', content: 'uz_UZ' })
    expect(tags.some((t) => 'property' in t && t.property === 'og:image')).toBe(false)
  })

  test('no data, no tags (an error page)', () => {
    expect(seoMeta(undefined)).toEqual([])
  })
})

describe('helpers', () => {
  test('absoluteUrl', () => {
    expect(absoluteUrl('https://atir.uz', '/ru')).toBe('https://atir.uz/ru')
    expect(absoluteUrl('https://atir.uz/', 'ru/brands')).toBe('https://atir.uz/ru/brands')
    expect(absoluteUrl('https://atir.uz', 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg')
  })

  test('snippet keeps one line and cuts at a word', () => {
    expect(snippet('  Short\n\ntext  ')).toBe('Short text')
    const long = 'слово '.repeat(60)
    const cut = snippet(long, 50)
    expect(cut.length).toBeLessThanOrEqual(50)
    expect(cut.endsWith('слово…')).toBe(true)
  })
})

describe('JSON-LD', () => {
  const input = {
    url: 'https://atir.uz/ru/products/x',
    name: 'Dior Sauvage',
    description: 'Fresh.',
    images: ['https://atir.uz/a.jpg'],
    sku: '143',
    brand: 'Dior',
    price: 2_424_000,
    salePrice: null,
    inStock: true,
    rating: 4.4,
    reviewCount: 128,
    countryOfOrigin: 'FR',
  }

  test('a product with its offer and rating', () => {
    expect(productLd(input)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Dior Sauvage',
      sku: '143',
      brand: { '@type': 'Brand', name: 'Dior' },
      offers: {
        '@type': 'Offer',
        price: 2_424_000,
        priceCurrency: 'UZS',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.4, reviewCount: 128 },
    })
  })

  test('the offer is the sale price; no rating without reviews; sold out', () => {
    const ld = productLd({ ...input, salePrice: 1_999_000, rating: null, reviewCount: 0, inStock: false })
    expect(ld.offers).toMatchObject({ price: 1_999_000, availability: 'https://schema.org/OutOfStock' })
    expect(ld).not.toHaveProperty('aggregateRating')
  })

  test('breadcrumbs are numbered from 1', () => {
    const ld = breadcrumbLd([
      { name: 'Главная', url: 'https://atir.uz/ru' },
      { name: 'Dior', url: 'https://atir.uz/ru/products/x' },
    ])
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://atir.uz/ru' },
      { '@type': 'ListItem', position: 2, name: 'Dior', item: 'https://atir.uz/ru/products/x' },
    ])
  })

  test('organization and the site search', () => {
    const org = organizationLd({ origin: 'https://atir.uz', phone: '+998 71 202 47 47', sameAs: ['https://t.me/x'] })
    expect(org).toMatchObject({
      '@type': 'Organization',
      name: 'Atir',
      url: 'https://atir.uz/',
      sameAs: ['https://t.me/x'],
    })
    expect(org.contactPoint).toMatchObject({ telephone: '+998 71 202 47 47' })
    const site = websiteLd('https://atir.uz', 'uz')
    expect(site.inLanguage).toBe('uz-Cyrl')
    expect(JSON.stringify(site)).toContain('https://atir.uz/uz/products?search={search_term_string}')
  })
})

describe('list query', () => {
  test('reads what it understands and drops the rest', () => {
    const params = new URLSearchParams(
      'search=%20dior%20&sections=mens-perfume,BAD!&brand=dior&brand=chanel,dior&audience=men,aliens' +
        '&price_from=100000&price_to=500%20000&in_stock=1&sale=on&ordering=nonsense&page=0',
    )
    expect(parseListParams(params)).toEqual({
      search: 'dior',
      sections: ['mens-perfume'],
      brand: ['dior', 'chanel'],
      audience: ['men'],
      priceFrom: 100_000,
      priceTo: 500_000,
      priceText: { from: '100000', to: '500 000' },
      priceError: null,
      inStock: true,
      sale: true,
      recommended: false,
      sizes: null,
      ordering: null,
      page: 1,
    })
  })

  test('carries the shopper’s choice of one card per line or a card per size to the API and back', () => {
    const f = parseListParams(new URLSearchParams('sizes=separate&brand=dior'))
    expect(f.sizes).toBe('separate')
    expect(apiListQuery(f)).toMatchObject({ sizes: 'separate', brand: 'dior' })
    expect(listSearch(f)).toBe('?brand=dior&sizes=separate')
    expect(parseListParams(new URLSearchParams('sizes=some')).sizes).toBeNull()
  })

  test('an empty form (a GET form without JavaScript) means no filters', () => {
    const f = parseListParams(new URLSearchParams('price_from=&price_to=&ordering=&search='))
    expect(listSearch(f)).toBe('')
  })

  test('becomes the API query and a clean shopper URL', () => {
    const f = parseListParams(new URLSearchParams('brand=dior&sale=1&ordering=price&page=3'))
    expect(apiListQuery(f, { sections: ['gift-sets'] })).toMatchObject({
      sections: 'gift-sets',
      brand: 'dior',
      sale_price__isnull: 'false',
      ordering: 'price',
      page: 3,
      size: 12,
    })
    expect(listSearch(f)).toBe('?brand=dior&sale=1&ordering=price&page=3')
    expect(listSearch(f, { page: 1 })).toBe('?brand=dior&sale=1&ordering=price')
  })
})

describe('links from the API', () => {
  test('shop paths get the language, full URLs stay as they are', () => {
    expect(shopHref('/products/category/gift-sets', 'uz')).toEqual({
      href: '/uz/products/category/gift-sets',
      external: false,
    })
    expect(shopHref('/ru/brands', 'sr')).toEqual({ href: '/sr/brands', external: false })
    expect(shopHref('/', 'ru')).toEqual({ href: '/ru', external: false })
    expect(shopHref('https://t.me/atir_uz', 'ru')).toEqual({ href: 'https://t.me/atir_uz', external: true })
    expect(shopHref(null, 'ru')).toBeNull()
  })
})

describe('cache headers', () => {
  const request = (cookie?: string) => new Request('https://atir.uz/ru', { headers: cookie ? { cookie } : {} })
  const visitor = 'visitorId=abcdefghijklmnopqrstuv; i18n_redirected=ru'

  test('public unless the request carries something personal', () => {
    expect(catalogueCacheControl(request(visitor), 'ru')).toBe(publicCache)
    // A first-time visitor: no cookie at all, and the page sets none but the language.
    expect(catalogueCacheControl(request(), 'ru')).toBe(publicCache)
    expect(catalogueCacheControl(request(`${visitor}; atir_session=abc`), 'ru')).toBe(privateCache)
    expect(catalogueCacheControl(request(`${visitor}; atir_basket=abc`), 'ru')).toBe(privateCache)
    expect(publicCache).toMatch(/^public, .*s-maxage=\d+/)
  })

  test('the headers export keeps it public only when no parent sets a cookie', () => {
    const args = (parent: HeadersInit = {}) => ({
      loaderHeaders: new Headers({ 'Cache-Control': publicCache }),
      parentHeaders: new Headers(parent),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    })
    const shared = catalogueHeaders(args())
    expect(shared.get('Cache-Control')).toBe(publicCache)
    expect(shared.get('Vary')).toBe('Cookie, Save-Data')
    // The language cookie follows from the URL: the same for everyone who gets the page.
    expect(catalogueHeaders(args({ 'Set-Cookie': 'i18n_redirected=ru; Path=/' })).get('Cache-Control')).toBe(
      publicCache,
    )
    expect(catalogueHeaders(args({ 'Set-Cookie': 'visitorId=abc; Path=/' })).get('Cache-Control')).toBe(privateCache)
  })
})
