import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes'

// A URL maps to its file in one hop (docs/architecture.md "Routes"): the URL's segments are
// folders under app/routes, `:param` is `$param`, a folder's own page is
// index.tsx, its layout _layout.tsx, the catch-all $.tsx. *.server.ts files
// beside a route are its helpers, a folder's +shared/ its screens' components:
// neither are routes.
export default [
  index('routes/index.tsx'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  // The sitemap's parts come from the same module (its loader reads params.name).
  route('sitemaps/:name', 'routes/sitemap.xml.ts', { id: 'sitemap-part' }),
  // The mobile-app page has its own layout (SPEC §1), so it sits outside the shop's.
  route(':lang/mobile', 'routes/$lang/mobile.tsx'),
  // The Telegram Mini App's address (the bot's menu button): it signs the shopper in, then the shop in their language.
  route('telegram', 'routes/telegram.tsx'),
  // The back office has its own frame too. Sign-in, set-up and sign-out
  // stand outside the admin layout; everything else sits in it (route id `admin`,
  // pathless: its pages are plain routes under /{lang}/admin/), whose middleware
  // requires a signed-in staff member. A new section adds its routes inside.
  ...prefix(':lang/admin', [
    route('login', 'routes/$lang/admin/login.tsx'),
    route('setup', 'routes/$lang/admin/setup.tsx'),
    route('logout', 'routes/$lang/admin/logout.tsx'),
    layout('routes/$lang/admin/_layout.tsx', { id: 'admin' }, [
      index('routes/$lang/admin/index.tsx'),
      // The orders desk; an order's own page and its printable slip sit in the order's folder.
      route('orders', 'routes/$lang/admin/orders/index.tsx'),
      route('orders/new', 'routes/$lang/admin/orders/new.tsx'),
      route('orders/counts', 'routes/$lang/admin/orders/counts.ts'),
      route('orders/:id', 'routes/$lang/admin/orders/$id/index.tsx'),
      route('orders/:id/slip', 'routes/$lang/admin/orders/$id/slip.tsx'),
      route('orders/:id/edit', 'routes/$lang/admin/orders/$id/edit.tsx'),
      route('orders/:id/return', 'routes/$lang/admin/orders/$id/return.tsx'),
      route('orders/:id/exchange', 'routes/$lang/admin/orders/$id/exchange.tsx'),
      // A courier's own deliveries.
      route('deliveries', 'routes/$lang/admin/deliveries/index.tsx'),
      route('cash', 'routes/$lang/admin/cash.tsx'),
      // People: customers and promo codes.
      route('customers', 'routes/$lang/admin/customers/index.tsx'),
      route('customers/:id', 'routes/$lang/admin/customers/$id.tsx'),
      route('promo', 'routes/$lang/admin/promo/index.tsx'),
      route('promo/new', 'routes/$lang/admin/promo/new.tsx'),
      route('promo/:id', 'routes/$lang/admin/promo/$id.tsx'),
      route('staff', 'routes/$lang/admin/staff/index.tsx'),
      route('staff/:id', 'routes/$lang/admin/staff/$id.tsx'),
      route('audit', 'routes/$lang/admin/audit.tsx'),
      // Stock: low stock, expiring batches, a product's batches and movements.
      route('stock', 'routes/$lang/admin/stock/index.tsx'),
      route('stock/:id', 'routes/$lang/admin/stock/$id.tsx'),
      // Products: the list, a new one, one product.
      route('products', 'routes/$lang/admin/products/index.tsx'),
      route('products/new', 'routes/$lang/admin/products/new.tsx'),
      route('products/:id', 'routes/$lang/admin/products/$id.tsx'),
      route('lines', 'routes/$lang/admin/lines/index.tsx'),
      route('lines/:id', 'routes/$lang/admin/lines/$id.tsx'),
      route('account', 'routes/$lang/admin/account.tsx'),
      // The catalogue's taxonomy: brands, manufacturers, categories, menu groups.
      route('catalogue', 'routes/$lang/admin/catalogue/index.tsx'),
      route('catalogue/:kind', 'routes/$lang/admin/catalogue/$kind/index.tsx'),
      route('catalogue/:kind/:id', 'routes/$lang/admin/catalogue/$kind/$id.tsx'),
      // Catalogue batches: bulk actions, spreadsheet import and export, each previewed and undoable.
      route('products/bulk', 'routes/$lang/admin/products/bulk.tsx'),
      route('products/import', 'routes/$lang/admin/products/import.tsx'),
      route('products/export', 'routes/$lang/admin/products/export/index.tsx'),
      route('products/export/file', 'routes/$lang/admin/products/export/file.ts'),
      route('batches', 'routes/$lang/admin/batches/index.tsx'),
      route('batches/:id', 'routes/$lang/admin/batches/$id.tsx'),
      // Content: banners, stories, pages, posts (with previews), footer links, settings.
      route('content', 'routes/$lang/admin/content/index.tsx'),
      route('content/banners', 'routes/$lang/admin/content/banners/index.tsx'),
      route('content/banners/:id', 'routes/$lang/admin/content/banners/$id.tsx'),
      route('content/pages', 'routes/$lang/admin/content/pages/index.tsx'),
      route('content/pages/:id', 'routes/$lang/admin/content/pages/$id/index.tsx'),
      route('content/pages/:id/preview', 'routes/$lang/admin/content/pages/$id/preview.tsx'),
      route('content/settings', 'routes/$lang/admin/content/settings.tsx'),
      route('content/stories', 'routes/$lang/admin/content/stories/index.tsx'),
      route('content/stories/:id', 'routes/$lang/admin/content/stories/$id/index.tsx'),
      route('content/stories/:id/items/:item', 'routes/$lang/admin/content/stories/$id/items/$item.tsx'),
      route('content/posts', 'routes/$lang/admin/content/posts/index.tsx'),
      route('content/posts/:id', 'routes/$lang/admin/content/posts/$id/index.tsx'),
      route('content/posts/:id/preview', 'routes/$lang/admin/content/posts/$id/preview.tsx'),
      route('content/footer', 'routes/$lang/admin/content/footer.tsx'),
      // Reviews, inbox, orders export (the statistics page is the index above).
      route('orders/export', 'routes/$lang/admin/orders/export.ts'),
      route('reviews', 'routes/$lang/admin/reviews/index.tsx'),
      route('reviews/:id', 'routes/$lang/admin/reviews/$id.tsx'),
      route('inbox', 'routes/$lang/admin/inbox/index.tsx'),
      route('inbox/:id', 'routes/$lang/admin/inbox/$id.tsx'),
      // Unknown back-office paths: a 404 inside the frame, for signed-in staff only.
      route('*', 'routes/$lang/admin/$.tsx'),
    ]),
  ]),
  ...prefix(':lang', [
    layout('routes/$lang/_layout.tsx', { id: 'shop' }, [
      index('routes/$lang/index.tsx'),
      route('about', 'routes/$lang/about.tsx'),
      route('contact', 'routes/$lang/contact.tsx'),
      route('brands', 'routes/$lang/brands.tsx'),
      route('pages/:slug', 'routes/$lang/pages/$slug.tsx'),
      route('posts/:id', 'routes/$lang/posts/$id.tsx'),
      route('stories/:id', 'routes/$lang/stories/$id.tsx'),
      route('manufactures/:slug', 'routes/$lang/manufactures/$slug.tsx'),
      route('products', 'routes/$lang/products/index.tsx'),
      route('products/categories', 'routes/$lang/products/categories/index.tsx'),
      route('products/categories/:id', 'routes/$lang/products/categories/$id.tsx'),
      route('products/category/:slug', 'routes/$lang/products/category/$slug.tsx'),
      route('products/:slug', 'routes/$lang/products/$slug.tsx'),
      // Resource routes for the browser's scripts: JSON, no page.
      route('search-suggest', 'routes/$lang/search-suggest.ts'),
      route('list-count', 'routes/$lang/list-count.ts'),
      route('story-read/:id', 'routes/$lang/story-read/$id.ts'),
      route('login', 'routes/$lang/login.tsx'),
      route('login/telegram', 'routes/$lang/login/telegram.tsx'),
      route('register', 'routes/$lang/register.tsx'),
      route('reset-password', 'routes/$lang/reset-password.tsx'),
      route('logout', 'routes/$lang/logout.tsx'),
      // Inside Telegram, a shopper the bot does not know yet shares their phone with it.
      route('telegram', 'routes/$lang/telegram.tsx'),
      route('basket', 'routes/$lang/basket.tsx'),
      route('saved', 'routes/$lang/saved.tsx'),
      route('feedback', 'routes/$lang/feedback.tsx'),
      route('bug-report', 'routes/$lang/bug-report.tsx'),
      // Pathless layouts: a section's own page is a plain route, so its forms post to
      // /{lang}/checkout, not /{lang}/checkout?index (what an index route would need).
      layout('routes/$lang/profile/_layout.tsx', [
        route('profile', 'routes/$lang/profile/index.tsx'),
        route('profile/edit', 'routes/$lang/profile/edit.tsx'),
        route('profile/balance', 'routes/$lang/profile/balance.tsx'),
        route('profile/cards', 'routes/$lang/profile/cards.tsx'),
        route('profile/telegram', 'routes/$lang/profile/telegram.tsx'),
        route('profile/delete', 'routes/$lang/profile/delete.tsx'),
        route('profile/help', 'routes/$lang/profile/help.tsx'),
        route('profile/terms-of-use', 'routes/$lang/profile/terms-of-use.tsx'),
        route('profile/settings', 'routes/$lang/profile/settings/index.tsx'),
        route('profile/settings/change-number', 'routes/$lang/profile/settings/change-number.tsx'),
        route('profile/settings/change-password', 'routes/$lang/profile/settings/change-password.tsx'),
        route('profile/instruction', 'routes/$lang/profile/instruction/index.tsx'),
        route('profile/instruction/:slug', 'routes/$lang/profile/instruction/$slug.tsx'),
      ]),
      layout('routes/$lang/checkout/_layout.tsx', [
        route('checkout', 'routes/$lang/checkout/index.tsx'),
        route('checkout/contact', 'routes/$lang/checkout/contact.tsx'),
        route('checkout/payment', 'routes/$lang/checkout/payment.tsx'),
      ]),
      layout('routes/$lang/my-orders/_layout.tsx', [
        route('my-orders', 'routes/$lang/my-orders/index.tsx'),
        // One module, two tabs (it reads the tab from the URL) until the list is split out.
        route('my-orders/history', 'routes/$lang/my-orders/index.tsx', { id: 'routes/$lang/my-orders/history' }),
      ]),
      route('order/:id', 'routes/$lang/order/$id.tsx'),
      // Pathless: /{lang}/payment itself is no page and stays a 404.
      layout('routes/$lang/payment/_layout.tsx', [
        route('payment/pay/:orderId', 'routes/$lang/payment/pay/$orderId.tsx'),
        route('payment/sandbox/:paymentId', 'routes/$lang/payment/sandbox/$paymentId.tsx'),
        route('payment/result/:orderId', 'routes/$lang/payment/result/$orderId.tsx'),
      ]),
      route('*', 'routes/$lang/$.tsx'),
    ]),
  ]),
  // A path without a language gets the same page as an unknown one inside it.
  route('*', 'routes/$lang/$.tsx', { id: 'root-not-found' }),
] satisfies RouteConfig
