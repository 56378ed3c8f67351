import { type RouteConfigEntry, route } from '@react-router/dev/routes'

/** Catalogue pages under /{lang} (paths relative to app/). */
export const catalogueRoutes: RouteConfigEntry[] = [
  route('products', 'routes/catalogue/products.tsx'),
  route('products/categories', 'routes/catalogue/categories.tsx'),
  route('products/categories/:id', 'routes/category-by-id.tsx'),
  route('products/category/:slug', 'routes/catalogue/category.tsx'),
  route('products/:slug', 'routes/catalogue/product.tsx'),
  route('manufactures/:slug', 'routes/catalogue/manufacturer.tsx'),
  route('brands', 'routes/catalogue/brands.tsx'),
  route('pages/:slug', 'routes/catalogue/page.tsx'),
  route('posts/:id', 'routes/catalogue/post.tsx'),
  route('about', 'routes/catalogue/about.tsx'),
  route('contact', 'routes/catalogue/contact.tsx'),
  route('stories/:id', 'routes/catalogue/story.tsx'),
  // Resource routes for the browser's scripts: JSON, no page.
  route('search-suggest', 'routes/catalogue/search-suggest.ts'),
  route('story-read/:id', 'routes/catalogue/story-read.ts'),
]
