import { afterEach, describe, expect, it, vi } from 'vitest'
import { demoPictures, productImagePaths } from '#api/db/seed/images.ts'
import { generateProducts } from '#api/db/seed/products.ts'

// The seed's picture step stands alone: made once, its files serve every seed of that size (a data folder,
// the tests' templates), so it must give the same files as the catalogue's rows name, byte for byte every time.

const count = 300
const contents = () => demoPictures(count).map((file) => [file.path, file.content()] as const)

afterEach(() => {
  vi.useRealTimers()
})

describe('demoPictures', () => {
  it('gives the same files whatever the clock and Math.random say', () => {
    vi.useFakeTimers({ now: new Date('2031-05-17T03:00:00Z') })
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.11)
    const first = contents()
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'))
    random.mockReturnValue(0.93)
    const second = contents()
    random.mockRestore()
    expect(second).toEqual(first)
  })

  it("holds exactly the pictures the seeded products' rows name, and the showcase's", () => {
    const paths = demoPictures(count).map((file) => file.path)
    expect(new Set(paths).size).toBe(paths.length)
    const products = new Set(generateProducts(count).flatMap((product) => productImagePaths(product.picture)))
    expect(paths.filter((path) => path.startsWith('seed/products/')).sort()).toEqual([...products].sort())
    for (const folder of ['banners', 'stories', 'categories', 'posts'])
      expect(
        paths.some((path) => path.startsWith(`seed/${folder}/`)),
        folder,
      ).toBe(true)
  })
})
