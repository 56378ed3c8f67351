import { type CategorySeed, categories } from './categories.ts'
import type { SeedFile } from './files.ts'
import type { Shape } from './forms.ts'
import { posts } from './posts.ts'
import { type ProductPicture, pictureOf } from './products.ts'
import { hashString } from './random.ts'
import { type BannerSeed, banners, type StorySeed, stories } from './showcase.ts'
import { palette, productSvg, sceneSvg } from './svg.ts'
import { drafts } from './variants.ts'

// Layout under the uploads folder:
//   seed/products/<line>-<shape>-<1|2>.svg   800×800, shared by a line's products
//   seed/banners/<n>.svg                     1600×600
//   seed/stories/<story>/cover.svg           200×200
//   seed/stories/<story>/<n>.svg             1080×1920
//   seed/categories/<slug>.svg               400×400
//   seed/posts/<n>.svg                       1200×630

export const productImageSize = 800

export function productImagePaths({ lineSlug, shape }: ProductPicture): string[] {
  return [1, 2].map((n) => `seed/products/${lineSlug}-${shape}-${n}.svg`)
}

export function productFiles(pictures: ProductPicture[]): SeedFile[] {
  const files = new Map<string, SeedFile>()
  for (const picture of pictures) {
    const { shape, hue, brand, line } = picture
    productImagePaths(picture).forEach((path, i) => {
      if (!files.has(path))
        files.set(path, { path, content: () => productSvg(shape, palette(hue), brand, line, i + 1) })
    })
  }
  return [...files.values()]
}

const scene = (path: string, width: number, height: number, hue: number, shape: Shape): SeedFile => ({
  path,
  content: () => sceneSvg(width, height, palette(hue), shape),
})

export const bannerPath = (n: number) => `seed/banners/${n}.svg`
export const bannerFiles = (banners: BannerSeed[]) =>
  banners.map((b, i) => scene(bannerPath(i + 1), 1600, 600, b.hue, b.shape))

export const storyCoverPath = (story: StorySeed) => `seed/stories/${story.slug}/cover.svg`
export const storyItemPath = (story: StorySeed, n: number) => `seed/stories/${story.slug}/${n}.svg`
export const storyFiles = (stories: StorySeed[]) =>
  stories.flatMap((story) => [
    scene(storyCoverPath(story), 200, 200, story.hue, story.shape),
    ...story.items.map((item, i) => scene(storyItemPath(story, i + 1), 1080, 1920, story.hue + i * 25, item.shape)),
  ])

const categoryShapes: Record<string, Shape> = {
  'gift-sets': 'box',
  'shower-gels': 'tube',
  'body-lotions': 'jar',
  'body-mists': 'spray',
  deodorants: 'spray',
  'sun-care': 'tube',
  shaving: 'bottle',
  'bath-foams': 'tube',
  'bath-salts': 'ball',
  soap: 'bar',
}
export const categoryImagePath = (category: CategorySeed) => `seed/categories/${category.slug}.svg`
export const categoryFiles = (categories: CategorySeed[]) =>
  categories.map((c) =>
    scene(categoryImagePath(c), 400, 400, hashString(c.slug) % 360, categoryShapes[c.slug] ?? 'bottle'),
  )

export const postImagePath = (n: number) => `seed/posts/${n}.svg`
export const postFiles = (count: number) =>
  Array.from({ length: count }, (_, i) => scene(postImagePath(i + 1), 1200, 630, 40 + i * 90, 'bottle'))

/**
 * Every picture of the demo shop with `products` products: its lines', banners', stories', categories' and
 * posts' drawings, the same bytes on every run. A step of its own, made from the products' drafts without
 * the products themselves (under a second for 100,000), so pictures made once serve every seed of that size:
 * `writeSeedFiles(store, demoPictures(n))` writes those not there yet.
 */
export function demoPictures(products: number): SeedFile[] {
  return [
    ...productFiles(drafts(products).map(pictureOf)),
    ...bannerFiles(banners),
    ...storyFiles(stories([])),
    ...categoryFiles(categories),
    ...postFiles(posts.length),
  ]
}
