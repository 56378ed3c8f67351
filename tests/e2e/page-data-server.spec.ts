import { expect, test } from '@playwright/test'

// What a page's HTML carries besides its markup: the router's data for
// hydration. The storefront reaches the API in process (http://in-process/…);
// the API's own neighbour links name that address, which means nothing to a
// browser and only weighs on the page.
test("no storefront page names the API's in-process address", async ({ request }) => {
  const top = await (await request.get('/api/v1/products/?size=1&ordering=popularity')).json()
  const product = `/ru/products/${top.results[0].slug}`
  // The most popular product has more than one page of reviews: the API's answer links the next one.
  const reviews = await (await request.get(`/api/v1/products/${top.results[0].slug}/reviews/?size=10`)).json()
  expect(reviews.links.next).not.toBeNull()
  for (const path of ['/ru', product, `${product}?reviews=2`, '/ru/products?search=dior', '/ru/brands', '/ru/posts']) {
    const html = await (await request.get(path)).text()
    expect(html, path).not.toContain('in-process')
  }
})
