import type { Db } from '../client.ts'
import { oneRow } from '../rows.ts'
import type { StoredApps, StoredContacts } from '../schema/index.ts'
import {
  banners as bannersTable,
  footerLinks,
  pages,
  posts as postsTable,
  settings,
  stories as storiesTable,
  storyItems,
} from '../schema/index.ts'
import { bannerPath, postImagePath, storyCoverPath, storyItemPath } from './images.ts'
import { instructionPages } from './pages-instructions.ts'
import { legalPages } from './pages-legal.ts'
import { shopPages } from './pages-shop.ts'
import { posts } from './posts.ts'
import { referenceDate } from './products.ts'
import { seedPromoCodes } from './promo.ts'
import { shop } from './shop-contacts.ts'
import { banners, type StorySeed, stories } from './showcase.ts'
import { localize, type Text } from './text.ts'

export const allPages = [...shopPages, ...legalPages, ...instructionPages]

const footer: Array<{ slug: string; title: Text }> = [
  { slug: 'about', title: { ru: 'О нас', uz: 'Биз ҳақимизда' } },
  { slug: 'contact', title: { ru: 'Контакты', uz: 'Алоқа' } },
  { slug: 'delivery', title: { ru: 'Доставка', uz: 'Етказиб бериш' } },
  { slug: 'help', title: { ru: 'Частые вопросы', uz: 'Кўп бериладиган саволлар' } },
  { slug: 'offer', title: { ru: 'Публичная оферта', uz: 'Оммавий оферта' } },
  { slug: 'privacy', title: { ru: 'Политика конфиденциальности', uz: 'Махфийлик сиёсати' } },
  { slug: 'terms-of-use', title: { ru: 'Условия использования', uz: 'Фойдаланиш шартлари' } },
]

/** The settings the storefront reads: `settings/contacts/` and the app-store badges. */
export const settingsSeed = {
  contacts: {
    phone: shop.phone,
    phone2: shop.phone2,
    email: shop.email,
    latitude: shop.latitude,
    longitude: shop.longitude,
    address: localize(shop.address),
    facebook: shop.facebook,
    instagram: shop.instagram,
    telegram: shop.telegram,
    // The shop itself is where orders are collected.
    pickup_points: [
      {
        id: 'amir-temur',
        name: localize(shop.pickupName),
        address: localize(shop.address),
        hours: '10:00–21:00',
        latitude: shop.latitude,
        longitude: shop.longitude,
      },
    ],
  } satisfies StoredContacts,
  // The apps are not published yet: a null link shows a "soon" badge. Staff set the
  // store links in `settings.apps` once they exist (an invented link would lead nowhere).
  apps: { ios: null, android: null } satisfies StoredApps,
}

async function seedPosts(db: Db): Promise<string[]> {
  const rows = await db
    .insert(postsTable)
    .values(
      posts.map((p, i) => ({
        title: localize(p.title),
        body: localize(p.body),
        image: postImagePath(i + 1),
        publishedAt: new Date(referenceDate - p.daysAgo * 24 * 3600 * 1000),
      })),
    )
    .returning({ id: postsTable.id })
  return rows.map((r) => `/posts/${r.id}`)
}

async function seedStory(db: Db, story: StorySeed, position: number) {
  const row = oneRow(
    await db
      .insert(storiesTable)
      .values({ title: localize(story.title), cover: storyCoverPath(story), position })
      .returning({ id: storiesTable.id }),
  )
  await db.insert(storyItems).values(
    story.items.map((item, i) => ({
      storyId: row.id,
      title: localize(item.title),
      image: storyItemPath(story, i + 1),
      link: item.link,
      position: i,
    })),
  )
}

/** What every shop runs on, demo or live: the contact settings, the pages and the footer that links them. */
export async function seedShopSkeleton(db: Db) {
  await db.insert(settings).values(Object.entries(settingsSeed).map(([key, value]) => ({ key, value })))
  await db.insert(pages).values(
    allPages.map((p) => ({
      slug: p.slug,
      kind: p.kind,
      title: localize(p.title),
      body: localize(p.body),
      position: p.position,
    })),
  )
  await db
    .insert(footerLinks)
    .values(footer.map((f, position) => ({ slug: f.slug, title: localize(f.title), position })))
  return { pages: allPages.length }
}

/** The demo shop's promo codes, posts, banners and stories. */
export async function seedDemoContent(db: Db) {
  await seedPromoCodes(db)
  const postLinks = await seedPosts(db)
  await db.insert(bannersTable).values(
    banners.map((b, i) => ({
      title: localize(b.title),
      subtitle: localize(b.subtitle),
      image: bannerPath(i + 1),
      link: b.link,
      position: i,
    })),
  )
  const storyList = stories(postLinks)
  for (const [position, story] of storyList.entries()) await seedStory(db, story, position)
  return { posts: postLinks.length, banners: banners.length, stories: storyList.length }
}
