import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { volumeUnits } from '../../../contract/catalogue.ts'
import { concentrations, sizeKinds } from '../../../contract/product-lines.ts'
import { createdAt, localized, wordsOf } from './columns.ts'

export const audience = pgEnum('audience', ['women', 'men', 'unisex'])
export const volumeUnit = pgEnum('volume_unit', volumeUnits)
export const concentration = pgEnum('concentration', concentrations)
export const sizeKind = pgEnum('size_kind', sizeKinds)

/** What an old slug pointed at: the storefront answers it with a permanent redirect to the current one. */
export const sluggedKind = pgEnum('slugged_kind', ['product', 'brand', 'manufacturer', 'category', 'category_group'])

export const manufacturers = pgTable('manufacturers', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  country: text().notNull(),
  position: smallint().notNull().default(0),
  isHidden: boolean('is_hidden').notNull().default(false),
})

export const brands = pgTable('brands', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  country: text().notNull(),
  manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
  // Local spellings ("шанель", "lankom") folded into every product's search key.
  aliases: text().array().notNull().default(sql`'{}'::text[]`),
  isPopular: boolean('is_popular').notNull().default(false),
  position: smallint().notNull().default(0),
  // A hidden brand's page and filter entry disappear; its products stay as they are.
  isHidden: boolean('is_hidden').notNull().default(false),
})

/** Header groups: the titled columns of the category menu. */
export const categoryGroups = pgTable('category_groups', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  title: localized('title').notNull(),
  position: smallint().notNull().default(0),
  isHidden: boolean('is_hidden').notNull().default(false),
})

export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    title: localized('title').notNull(),
    groupId: integer('group_id').references(() => categoryGroups.id),
    position: smallint().notNull().default(0),
    inHeader: boolean('in_header').notNull().default(false),
    inFooter: boolean('in_footer').notNull().default(false),
    isPopular: boolean('is_popular').notNull().default(false),
    image: text(),
    isHidden: boolean('is_hidden').notNull().default(false),
  },
  (t) => [index('categories_group_idx').on(t.groupId)],
)

/**
 * One fragrance in all its sizes and forms (Sauvage EDT 60, 100 and 200 ml, its
 * EDP, a tester): the product page offers the line's products as choices and
 * lists may show one card for them all. A product is in at most one line.
 */
export const productLines = pgTable('product_lines', {
  id: serial().primaryKey(),
  // The spreadsheet's `line` column names a line by it.
  slug: text().notNull().unique(),
  // As on the bottle ("Dior Sauvage"): the same in every language, like brand names.
  name: text().notNull(),
  createdAt: createdAt(),
})

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    title: localized('title').notNull(),
    description: localized('description').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
    audience: audience().notNull(),
    country: text().notNull(),
    releaseYear: smallint('release_year'),
    volume: integer(),
    unit: volumeUnit().notNull().default('ml'),
    // Money in whole sum (UZS has no minor unit in practice; providers get sum × 100).
    price: integer().notNull(),
    salePrice: integer('sale_price'),
    // Sale price applies from/until these moments when set (either may be open).
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    stock: integer().notNull().default(0),
    // Below or at this, the product is "low stock" for the back office; null: the shop-wide default.
    lowStockThreshold: integer('low_stock_threshold'),
    // Hidden products are not shown, found or sold; staff still see and edit them.
    isHidden: boolean('is_hidden').notNull().default(false),
    // The shop's own article number and the package barcode (EAN/UPC): spreadsheet import matches on them.
    sku: text(),
    barcode: text(),
    // Fiscal codes for the receipt (tasnif.soliq.uz): IKPU (MXIK, 17 digits) and its package code;
    // null: PAYME_DEFAULT_IKPU / PAYME_DEFAULT_PACKAGE_CODE.
    ikpu: text(),
    packageCode: text('package_code'),
    isRecommendation: boolean('is_recommendation').notNull().default(false),
    popularity: integer().notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    // How shoppers type this product's line ("саваж", "sauvaje" for Sauvage); folded into the
    // search key next to the brand's aliases, so rebuilding the key keeps them (catalogue/search-key.ts).
    aliases: text().array().notNull().default(sql`'{}'::text[]`),
    // Written by the application (catalogue/search-key.ts), never by SQL: see REFERENCE-UZ.md.
    searchKey: text('search_key').notNull().default(''),
    // Its line and place among the line's choices (lower first); what tells the choices apart
    // besides the volume: the concentration, and whether it is a tester or a miniature.
    lineId: integer('line_id').references(() => productLines.id, { onDelete: 'set null' }),
    linePosition: smallint('line_position').notNull().default(0),
    concentration: concentration(),
    sizeKind: sizeKind('size_kind'),
    createdAt: createdAt(),
    // The sitemaps' <lastmod>: every change through Drizzle (staff edits, stock, rating) moves it.
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_price_positive', sql`${t.price} > 0`),
    check(
      'products_sale_below_price',
      sql`${t.salePrice} IS NULL OR (${t.salePrice} > 0 AND ${t.salePrice} < ${t.price})`,
    ),
    index('products_brand_idx').on(t.brandId),
    index('products_created_idx').on(t.createdAt),
    // Orderings of the product list (api/catalogue/products.ts) on 100,000 products.
    index('products_popularity_idx').on(t.popularity, t.id),
    index('products_price_paid_idx').on(sql`(coalesce(${t.salePrice}, ${t.price}))`, t.id),
    index('products_rating_idx').on(
      sql`(case when ${t.reviewCount} > 0 then ${t.ratingSum}::float8 / ${t.reviewCount} end) desc nulls last`,
      sql`${t.reviewCount} desc`,
      t.id,
    ),
    // The next sale window edge (api/catalogue/cache.ts): an index seek, not a scan of every product.
    index('products_sale_starts_idx').on(t.saleStartsAt).where(sql`${t.salePrice} IS NOT NULL`),
    index('products_sale_ends_idx').on(t.saleEndsAt).where(sql`${t.salePrice} IS NOT NULL`),
    uniqueIndex('products_sku_idx').on(t.sku),
    index('products_line_idx').on(t.lineId, t.linePosition),
    index('products_barcode_idx').on(t.barcode),
    check(
      'products_sale_window',
      sql`${t.saleStartsAt} IS NULL OR ${t.saleEndsAt} IS NULL OR ${t.saleStartsAt} < ${t.saleEndsAt}`,
    ),
  ],
)

/**
 * What a product search reads (api/catalogue/search.ts): each product's search
 * key, popularity and whether it is hidden, and nothing else. A common word
 * matches thousands of products, and reading their rows in `products` (about
 * 2 KB each with the titles and descriptions in three languages, more than
 * PGlite's buffers hold at 100,000 products) was most of a search's time; here
 * a row is a tenth of that and the table stays in memory. Kept by the trigger
 * of migration 0025_search_table on every write of those columns, whoever
 * makes it (the application, an import, SQL by hand); never written directly.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    searchKey: text('search_key').notNull(),
    popularity: integer().notNull(),
    isHidden: boolean('is_hidden').notNull(),
  },
  (t) => [
    // Word starts: `wordsOf(key) like '% dio%'` (api/catalogue/search.ts). Exact where a
    // trigram index on the bare key matched the letters anywhere and rechecked ~2.5× the rows.
    index('product_search_words_idx').using('gin', sql`${wordsOf(t.searchKey)} gin_trgm_ops`),
    // Broad searches rank within the most popular products.
    index('product_search_popularity_idx').on(t.popularity, t.productId),
  ],
)

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
)

export const productImages = pgTable(
  'product_images',
  {
    id: serial().primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
    // Path of the original under DATA_DIR/uploads; sized copies are derived on demand.
    path: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    // Alternative text per language; null: the product's title stands in.
    alt: localized('alt'),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
)

export const banners = pgTable('banners', {
  id: serial().primaryKey(),
  title: localized('title').notNull(),
  subtitle: localized('subtitle'),
  // The wide (desktop) picture; `imagePhone` the narrow one for phones, null: the wide one everywhere.
  image: text().notNull(),
  imagePhone: text('image_phone'),
  link: text(),
  position: smallint().notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  // Shown from `startsAt` until before `endsAt`; null: no bound on that side.
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
})

export const stories = pgTable('stories', {
  id: serial().primaryKey(),
  title: localized('title').notNull(),
  cover: text().notNull(),
  position: smallint().notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
})

export const storyItems = pgTable(
  'story_items',
  {
    id: serial().primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    title: localized('title').notNull(),
    image: text().notNull(),
    link: text(),
    position: smallint().notNull().default(0),
  },
  (t) => [index('story_items_story_idx').on(t.storyId)],
)

/** Who has seen which story item: a visitor (fingerprint) or a signed-in user. */
export const storyReads = pgTable(
  'story_reads',
  {
    storyItemId: integer('story_item_id')
      .notNull()
      .references(() => storyItems.id, { onDelete: 'cascade' }),
    reader: text().notNull(),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storyItemId, t.reader] })],
)

/**
 * Slugs a product, brand, manufacturer, category or menu group had before a
 * rename: the storefront redirects them (301) to the current slug, so links
 * and search engines' entries keep working. A slug taken again by a new row
 * stops redirecting (the live slug wins).
 */
export const slugRedirects = pgTable(
  'slug_redirects',
  {
    kind: sluggedKind().notNull(),
    oldSlug: text('old_slug').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.oldSlug] }), index('slug_redirects_target_idx').on(t.kind, t.targetId)],
)
