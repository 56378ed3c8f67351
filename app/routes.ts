import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes'
import { accountRoutes } from './routes/account/routes.ts'
import { basketRoutes } from './routes/basket/routes.ts'
import { catalogueRoutes } from './routes/catalogue/routes.ts'
import { checkoutRoutes } from './routes/checkout/routes.ts'
import { ordersRoutes } from './routes/orders/routes.ts'
import { paymentRoutes } from './routes/payment/routes.ts'
import { profileRoutes } from './routes/profile/routes.ts'

export default [
  index('routes/language-redirect.tsx'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemaps/:name', 'routes/sitemap.ts', { id: 'routes/sitemap-part' }),
  route(':lang/mobile', 'routes/mobile.tsx'),
  ...prefix(':lang', [
    layout('routes/shop-layout.tsx', [
      index('routes/home.tsx'),
      ...catalogueRoutes,
      ...accountRoutes,
      ...basketRoutes,
      ...profileRoutes,
      ...checkoutRoutes,
      ...ordersRoutes,
      ...paymentRoutes,
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx', { id: 'routes/root-not-found' }),
] satisfies RouteConfig
