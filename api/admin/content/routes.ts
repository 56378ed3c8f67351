import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { pageView, postView } from '../../catalogue/editorial.ts'
import { pageSchema, postSchema } from '../../catalogue/schemas.ts'
import { type ApiDeps, type ApiEnv, type ApiRouter, createRouter } from '../../http/context.ts'
import { requiredForm, requiredJson } from '../../http/openapi.ts'
import { idParam, jsonContent } from '../../http/schemas.ts'
import { IMAGE_MAX_BYTES, readForm, uploadBodyLimit } from '../../uploads/images.ts'
import { auditActor, requirePermission } from '../middleware.ts'
import { adminErrors, adminErrorsOf, staffRoutes } from '../openapi.ts'
import { bannerById, bannerOut, createBanner, deleteBanner, listBanners, updateBanner } from './banners.ts'
import { type DeskContext, notFoundError } from './common.ts'
import { mediaOf, requireUploaded, savePicture } from './pictures.ts'
import {
  adminBannerSchema,
  adminPageSchema,
  adminPostSchema,
  adminStoryItemSchema,
  adminStorySchema,
  appsInput,
  bannerInput,
  bannerPatch,
  contactsInput,
  contactsSchema,
  footerLinksInput,
  footerLinksSchema,
  pageCreate,
  pageSettings,
  pictureSchema,
  postCreate,
  postSettings,
  storyInput,
  storyItemInput,
  storyItemPatch,
  storyPatch,
  textsInput,
} from './schemas.ts'
import { appsOf, contactsOf, footerList, replaceFooter, saveApps, saveContacts } from './settings.ts'
import {
  createStory,
  createStoryItem,
  deleteStory,
  deleteStoryItem,
  storiesWithReads,
  updateStory,
  updateStoryItem,
} from './stories.ts'
import {
  createPage,
  createPost,
  deletePage,
  deletePost,
  listPages,
  listPosts,
  pageById,
  pageOut,
  postOut,
  postRowById,
  publishPage,
  publishPost,
  savePageDraft,
  savePostDraft,
  updatePageSettings,
  updatePostSettings,
} from './texts.ts'

// The content desk: banners, stories, pages, posts, footer,
// contacts and store links. Every route needs content.write; every change is
// audited and reaches the shop on its next request.

const idParams = z.object({ id: idParam('id', 1) })
const list = <T extends z.ZodType>(schema: T) => z.object({ results: z.array(schema) })
const removed = { 204: { description: 'Deleted' } }
const audited = (what: string) => `Audited \`${what}\`; the shop shows the change on its next request.`

const windowNote =
  '`starts_at`/`ends_at`: ISO date-times with offset (the screens send Tashkent time); shown from the start until ' +
  'before the end, null for no bound. `link`: a shop path (`/brands`) or an https address. Pictures: the `path` ' +
  'of admin/content/pictures/.'

const write = staffRoutes(requirePermission('content.write'), ['admin: content'])

/**
 * Adding, changing and removing banners or stories: the same answers, the
 * window's note and the audit line; `noun` names one in the summaries.
 */
function scheduledRoutes<
  P extends 'banners' | 'stories',
  Row extends z.ZodType,
  In extends z.ZodType,
  Patch extends z.ZodType,
>(
  path: P,
  kind: { entity: 'banner' | 'story'; noun: string; createNote?: string; removes?: string },
  schemas: { row: Row; input: In; patch: Patch },
) {
  const { entity, noun } = kind
  return {
    create: write.post(`/admin/content/${path}/`, {
      summary: `Add a ${noun} (content.write)`,
      description: [windowNote, kind.createNote, audited(`${entity}.create`)].filter(Boolean).join(' '),
      request: { body: requiredJson(schemas.input) },
      responses: { 201: jsonContent(schemas.row, 'Added'), ...adminErrorsOf(400) },
    }),
    update: write.patch(`/admin/content/${path}/{id}/`, {
      summary: `Change a ${noun} (content.write)`,
      description: `${windowNote} ${audited(`${entity}.update`)}`,
      request: { params: idParams, body: requiredJson(schemas.patch) },
      responses: { 200: jsonContent(schemas.row, 'Changed'), ...adminErrorsOf(400, 404) },
    }),
    remove: write.delete(`/admin/content/${path}/{id}/`, {
      summary: `Remove a ${noun}${kind.removes ?? ''} (content.write)`,
      description: audited(`${entity}.delete`),
      request: { params: idParams },
      responses: { ...removed, ...adminErrorsOf(404) },
    }),
  }
}

const bannerEdits = scheduledRoutes(
  'banners',
  { entity: 'banner', noun: 'home banner', createNote: '`image`: wide screens; `image_phone`: phones (else `image`).' },
  { row: adminBannerSchema, input: bannerInput, patch: bannerPatch },
)
const storyEdits = scheduledRoutes(
  'stories',
  { entity: 'story', noun: 'story', removes: ' and its items' },
  { row: adminStorySchema, input: storyInput, patch: storyPatch },
)

/** A page's or post's draft, its preview, publishing it and removing it: the same steps (drafts.ts). */
function draftRoutes<P extends 'pages' | 'posts', Row extends z.ZodType, Shown extends z.ZodType>(
  path: P,
  kind: { entity: 'page' | 'post'; noun: string; draftNote?: string },
  schemas: { row: Row; shown: Shown },
) {
  const { entity } = kind
  return {
    draft: write.put(`/admin/content/${path}/{id}/draft/`, {
      summary: `Save a ${entity}'s edited texts as its draft (content.write)`,
      description: [kind.draftNote, `Audited \`${entity}.draft\`.`].filter(Boolean).join(' '),
      request: { params: idParams, body: requiredJson(textsInput) },
      responses: { 200: jsonContent(schemas.row, 'Saved'), ...adminErrorsOf(400, 404) },
    }),
    preview: write.get(`/admin/content/${path}/{id}/preview/`, {
      summary: `The ${entity} as the shop would show it with its draft (content.write)`,
      request: { params: idParams },
      responses: { 200: jsonContent(schemas.shown, 'Preview'), ...adminErrorsOf(404) },
    }),
    publish: write.post(`/admin/content/${path}/{id}/publish/`, {
      summary: `Publish the ${entity} with its draft (content.write)`,
      description: audited(`${entity}.publish`),
      request: { params: idParams },
      responses: { 200: jsonContent(schemas.row, 'Published'), ...adminErrorsOf(404) },
    }),
    remove: write.delete(`/admin/content/${path}/{id}/`, {
      summary: `Remove a ${kind.noun} (content.write)`,
      description: audited(`${entity}.delete`),
      request: { params: idParams },
      responses: { ...removed, ...adminErrorsOf(404) },
    }),
  }
}

const pageDrafts = draftRoutes(
  'pages',
  {
    entity: 'page',
    noun: 'content page',
    draftNote: 'The shop keeps the published texts until publish. Bodies are cut to the rich-text subset.',
  },
  { row: adminPageSchema, shown: pageSchema },
)
const postDrafts = draftRoutes('posts', { entity: 'post', noun: 'post' }, { row: adminPostSchema, shown: postSchema })

const routes = {
  picture: write.post('/admin/content/pictures/', {
    summary: 'Upload a picture for a banner, story or post (content.write)',
    description: `Multipart \`image\`: JPEG or PNG by content, at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB (400 on a wrong format, 413 when larger). Answers its \`path\`, to name in a banner, story or post.`,
    request: { body: requiredForm(z.object({ image: z.string().openapi({ format: 'binary' }) })) },
    responses: {
      201: jsonContent(pictureSchema, 'Stored'),
      400: adminErrors[400],
      413: adminErrors[400],
    },
  }),
  banners: write.get('/admin/content/banners/', {
    summary: 'Every home banner, in display order (content.write)',
    responses: { 200: jsonContent(list(adminBannerSchema), 'Banners') },
  }),
  banner: write.get('/admin/content/banners/{id}/', {
    summary: 'One home banner (content.write)',
    request: { params: idParams },
    responses: { 200: jsonContent(adminBannerSchema, 'Banner'), ...adminErrorsOf(404) },
  }),
  stories: write.get('/admin/content/stories/', {
    summary: 'Every story with its items and read counts (content.write)',
    responses: { 200: jsonContent(list(adminStorySchema), 'Stories') },
  }),
  story: write.get('/admin/content/stories/{id}/', {
    summary: 'One story with its items and read counts (content.write)',
    request: { params: idParams },
    responses: { 200: jsonContent(adminStorySchema, 'Story'), ...adminErrorsOf(404) },
  }),
  itemCreate: write.post('/admin/content/stories/{id}/items/', {
    summary: 'Add an item to a story (content.write)',
    description: audited('story_item.create'),
    request: { params: idParams, body: requiredJson(storyItemInput) },
    responses: {
      201: jsonContent(adminStoryItemSchema, 'Added'),
      ...adminErrorsOf(400, 404),
    },
  }),
  itemUpdate: write.patch('/admin/content/story-items/{id}/', {
    summary: 'Change a story item (content.write)',
    description: audited('story_item.update'),
    request: { params: idParams, body: requiredJson(storyItemPatch) },
    responses: {
      200: jsonContent(adminStoryItemSchema, 'Changed'),
      ...adminErrorsOf(400, 404),
    },
  }),
  itemDelete: write.delete('/admin/content/story-items/{id}/', {
    summary: 'Remove a story item (content.write)',
    description: audited('story_item.delete'),
    request: { params: idParams },
    responses: { ...removed, ...adminErrorsOf(404) },
  }),
  pages: write.get('/admin/content/pages/', {
    summary: 'Every content page with its published texts and draft (content.write)',
    responses: { 200: jsonContent(list(adminPageSchema), 'Pages') },
  }),
  page: write.get('/admin/content/pages/{id}/', {
    summary: 'One content page (content.write)',
    request: { params: idParams },
    responses: { 200: jsonContent(adminPageSchema, 'Page'), ...adminErrorsOf(404) },
  }),
  pageCreate: write.post('/admin/content/pages/', {
    summary: 'Add a content page, unpublished (content.write)',
    description: `Kinds: privacy, offer, about, contact, terms, help, instruction (profile instructions), page. Bodies are cut to the rich-text subset. 409 on a taken slug. Audited \`page.create\`.`,
    request: { body: requiredJson(pageCreate) },
    responses: { 201: jsonContent(adminPageSchema, 'Added'), ...adminErrorsOf(400, 409) },
  }),
  pageUpdate: write.patch('/admin/content/pages/{id}/', {
    summary: "A page's slug, kind and order, at once (content.write)",
    description: `409 on a taken slug. ${audited('page.update')}`,
    request: { params: idParams, body: requiredJson(pageSettings) },
    responses: {
      200: jsonContent(adminPageSchema, 'Changed'),
      ...adminErrorsOf(400, 404, 409),
    },
  }),
  posts: write.get('/admin/content/posts/', {
    summary: 'Every post, newest first, with its draft (content.write)',
    responses: { 200: jsonContent(list(adminPostSchema), 'Posts') },
  }),
  post: write.get('/admin/content/posts/{id}/', {
    summary: 'One post (content.write)',
    request: { params: idParams },
    responses: { 200: jsonContent(adminPostSchema, 'Post'), ...adminErrorsOf(404) },
  }),
  postCreate: write.post('/admin/content/posts/', {
    summary: 'Add a post, unpublished (content.write)',
    description: 'A `published_at` in the future schedules it once published. Audited `post.create`.',
    request: { body: requiredJson(postCreate) },
    responses: { 201: jsonContent(adminPostSchema, 'Added'), ...adminErrorsOf(400) },
  }),
  postUpdate: write.patch('/admin/content/posts/{id}/', {
    summary: "A post's picture and date, at once (content.write)",
    description: audited('post.update'),
    request: { params: idParams, body: requiredJson(postSettings) },
    responses: {
      200: jsonContent(adminPostSchema, 'Changed'),
      ...adminErrorsOf(400, 404),
    },
  }),
  footer: write.get('/admin/content/footer/', {
    summary: "The footer's links in order (content.write)",
    responses: { 200: jsonContent(footerLinksSchema, 'Links') },
  }),
  footerSave: write.put('/admin/content/footer/', {
    summary: "Replace the footer's links, in the given order (content.write)",
    description: `\`slug\`: the content page's slug. ${audited('footer.update')}`,
    request: { body: requiredJson(footerLinksInput) },
    responses: { 200: jsonContent(footerLinksSchema, 'Saved'), ...adminErrorsOf(400) },
  }),
  contacts: write.get('/admin/content/contacts/', {
    summary: "The shop's contacts, address in every language (content.write)",
    responses: {
      200: jsonContent(contactsSchema, 'Contacts'),
      ...adminErrorsOf(404),
    },
  }),
  contactsSave: write.put('/admin/content/contacts/', {
    summary: "Replace the shop's contacts (content.write)",
    description: `Phones, address (uz/sr/ru), map point, https social links, email. ${audited('settings.update')}`,
    request: { body: requiredJson(contactsInput) },
    responses: { 200: jsonContent(contactsSchema, 'Saved'), ...adminErrorsOf(400) },
  }),
  apps: write.get('/admin/content/apps/', {
    summary: "The mobile apps' store links (content.write)",
    responses: { 200: jsonContent(appsInput, 'Links') },
  }),
  appsSave: write.put('/admin/content/apps/', {
    summary: "Replace the mobile apps' store links (content.write)",
    description: `null: not published yet (the shop shows "soon"). ${audited('settings.update')}`,
    request: { body: requiredJson(appsInput) },
    responses: { 200: jsonContent(appsInput, 'Saved'), ...adminErrorsOf(400) },
  }),
}

/** What every content route needs of a request: the desk's context, pictures' links, no caching, uploads checked. */
function contentRequests(deps: ApiDeps) {
  const { db } = deps.database
  const { config } = deps
  const now = () => deps.now?.() ?? new Date()
  return {
    desk: (c: Context<ApiEnv>): DeskContext => ({ db, actor: auditActor(c), lang: c.get('lang'), now: now() }),
    media: () => mediaOf(config),
    noStore: (c: Context<ApiEnv>) => c.header('Cache-Control', 'private, no-store'),
    uploaded: (c: Context<ApiEnv>, pictures: Record<string, string | null | undefined>) =>
      requireUploaded(config, c.get('lang'), pictures),
  }
}

// Typed as a plain router: the 36 routes' accumulated schema type is more than
// the compiler will merge into the admin router, and no client reads it.
export function adminContentRoutes(deps: ApiDeps): ApiRouter {
  const { config } = deps
  const { media } = contentRequests(deps)
  const router = createRouter()
  router.openAPIRegistry.registerPath(routes.picture)
  router.post('/admin/content/pictures/', requirePermission('content.write'), uploadBodyLimit('image'), async (c) => {
    const form = await readForm(c)
    const path = await savePicture(config, form.image, c.get('lang'))
    const links = await media().load([path])
    return c.json({ path, links: links.links(path) }, 201)
  })
  return router.route('/', showcaseRoutes(deps)).route('/', pageRoutes(deps)).route('/', settingsRoutes(deps))
}

/** The home page's banners, and the stories with their items. */
function showcaseRoutes(deps: ApiDeps): ApiRouter {
  const { desk, media, noStore, uploaded } = contentRequests(deps)
  const story = async (ctx: DeskContext, id: number) => {
    const [found] = await storiesWithReads(ctx, media(), id)
    if (!found) throw new Error('story vanished')
    return found
  }
  return createRouter()
    .openapi(routes.banners, async (c) => {
      noStore(c)
      const ctx = desk(c)
      const rows = await listBanners(ctx)
      return c.json({ results: await Promise.all(rows.map((r) => bannerOut(r, media(), ctx.now))) }, 200)
    })
    .openapi(routes.banner, async (c) => {
      noStore(c)
      const ctx = desk(c)
      return c.json(await bannerOut(await bannerById(ctx, c.req.valid('param').id), media(), ctx.now), 200)
    })
    .openapi(bannerEdits.create, async (c) => {
      const input = c.req.valid('json')
      await uploaded(c, { image: input.image, image_phone: input.image_phone })
      const ctx = desk(c)
      return c.json(await bannerOut(await createBanner(ctx, input), media(), ctx.now), 201)
    })
    .openapi(bannerEdits.update, async (c) => {
      const input = c.req.valid('json')
      await uploaded(c, { image: input.image, image_phone: input.image_phone })
      const ctx = desk(c)
      return c.json(await bannerOut(await updateBanner(ctx, c.req.valid('param').id, input), media(), ctx.now), 200)
    })
    .openapi(bannerEdits.remove, async (c) => {
      await deleteBanner(desk(c), c.req.valid('param').id)
      return c.body(null, 204)
    })
    .openapi(routes.stories, async (c) => {
      noStore(c)
      return c.json({ results: await storiesWithReads(desk(c), media()) }, 200)
    })
    .openapi(routes.story, async (c) => {
      noStore(c)
      const ctx = desk(c)
      const [found] = await storiesWithReads(ctx, media(), c.req.valid('param').id)
      if (!found) throw notFoundError(ctx.lang)
      return c.json(found, 200)
    })
    .openapi(storyEdits.create, async (c) => {
      const input = c.req.valid('json')
      await uploaded(c, { cover: input.cover })
      const ctx = desk(c)
      const row = await createStory(ctx, input)
      return c.json(await story(ctx, row.id), 201)
    })
    .openapi(storyEdits.update, async (c) => {
      const input = c.req.valid('json')
      await uploaded(c, { cover: input.cover })
      const ctx = desk(c)
      const row = await updateStory(ctx, c.req.valid('param').id, input)
      return c.json(await story(ctx, row.id), 200)
    })
    .openapi(storyEdits.remove, async (c) => {
      await deleteStory(desk(c), c.req.valid('param').id)
      return c.body(null, 204)
    })
    .openapi(routes.itemCreate, async (c) => {
      const input = c.req.valid('json')
      await uploaded(c, { image: input.image })
      const ctx = desk(c)
      const row = await createStoryItem(ctx, c.req.valid('param').id, input)
      const item = (await story(ctx, row.storyId)).items.find((i) => i.id === row.id)
      return c.json(item!, 201)
    })
    .openapi(routes.itemUpdate, async (c) => {
      const input = c.req.valid('json')
      await uploaded(c, { image: input.image })
      const ctx = desk(c)
      const row = await updateStoryItem(ctx, c.req.valid('param').id, input)
      const item = (await story(ctx, row.storyId)).items.find((i) => i.id === row.id)
      return c.json(item!, 200)
    })
    .openapi(routes.itemDelete, async (c) => {
      await deleteStoryItem(desk(c), c.req.valid('param').id)
      return c.body(null, 204)
    })
}

/** Information pages and blog posts: settings, drafts, previews, publishing. */
function pageRoutes(deps: ApiDeps): ApiRouter {
  const { desk, media, noStore, uploaded } = contentRequests(deps)
  return createRouter()
    .openapi(routes.pages, async (c) => {
      noStore(c)
      return c.json({ results: (await listPages(desk(c))).map(pageOut) }, 200)
    })
    .openapi(routes.page, async (c) => {
      noStore(c)
      return c.json(pageOut(await pageById(desk(c), c.req.valid('param').id)), 200)
    })
    .openapi(routes.pageCreate, async (c) => c.json(pageOut(await createPage(desk(c), c.req.valid('json'))), 201))
    .openapi(routes.pageUpdate, async (c) =>
      c.json(pageOut(await updatePageSettings(desk(c), c.req.valid('param').id, c.req.valid('json'))), 200),
    )
    .openapi(pageDrafts.draft, async (c) =>
      c.json(pageOut(await savePageDraft(desk(c), c.req.valid('param').id, c.req.valid('json'))), 200),
    )
    .openapi(pageDrafts.preview, async (c) => {
      noStore(c)
      const ctx = desk(c)
      return c.json(pageView(await pageById(ctx, c.req.valid('param').id), ctx.lang, { draft: true }), 200)
    })
    .openapi(pageDrafts.publish, async (c) => c.json(pageOut(await publishPage(desk(c), c.req.valid('param').id)), 200))
    .openapi(pageDrafts.remove, async (c) => {
      await deletePage(desk(c), c.req.valid('param').id)
      return c.body(null, 204)
    })
    .openapi(routes.posts, async (c) => {
      noStore(c)
      const rows = await listPosts(desk(c))
      return c.json({ results: await Promise.all(rows.map((r) => postOut(r, media()))) }, 200)
    })
    .openapi(routes.post, async (c) => {
      noStore(c)
      return c.json(await postOut(await postRowById(desk(c), c.req.valid('param').id), media()), 200)
    })
    .openapi(routes.postCreate, async (c) => {
      const input = c.req.valid('json')
      await uploaded(c, { image: input.image })
      return c.json(await postOut(await createPost(desk(c), input), media()), 201)
    })
    .openapi(routes.postUpdate, async (c) => {
      const input = c.req.valid('json')
      await uploaded(c, { image: input.image })
      return c.json(await postOut(await updatePostSettings(desk(c), c.req.valid('param').id, input), media()), 200)
    })
    .openapi(postDrafts.draft, async (c) =>
      c.json(await postOut(await savePostDraft(desk(c), c.req.valid('param').id, c.req.valid('json')), media()), 200),
    )
    .openapi(postDrafts.preview, async (c) => {
      noStore(c)
      const ctx = desk(c)
      return c.json(
        await postView(await postRowById(ctx, c.req.valid('param').id), ctx.lang, media(), { draft: true }),
        200,
      )
    })
    .openapi(postDrafts.publish, async (c) =>
      c.json(await postOut(await publishPost(desk(c), c.req.valid('param').id), media()), 200),
    )
    .openapi(postDrafts.remove, async (c) => {
      await deletePost(desk(c), c.req.valid('param').id)
      return c.body(null, 204)
    })
}

/** The footer's links, the shop's contacts and pickup points, the mobile apps' links. */
function settingsRoutes(deps: ApiDeps): ApiRouter {
  const { desk, noStore } = contentRequests(deps)
  return createRouter()
    .openapi(routes.footer, async (c) => {
      noStore(c)
      return c.json({ results: await footerList(desk(c)) }, 200)
    })
    .openapi(routes.footerSave, async (c) =>
      c.json({ results: await replaceFooter(desk(c), c.req.valid('json')) }, 200),
    )
    .openapi(routes.contacts, async (c) => {
      noStore(c)
      const ctx = desk(c)
      const found = await contactsOf(ctx)
      if (!found) throw notFoundError(ctx.lang)
      return c.json({ ...found, pickup_points: found.pickup_points ?? [], email: found.email ?? null }, 200)
    })
    .openapi(routes.contactsSave, async (c) => {
      const saved = await saveContacts(desk(c), c.req.valid('json'))
      return c.json({ ...saved, pickup_points: saved.pickup_points ?? [], email: saved.email ?? null }, 200)
    })
    .openapi(routes.apps, async (c) => {
      noStore(c)
      return c.json(await appsOf(desk(c)), 200)
    })
    .openapi(routes.appsSave, async (c) => c.json(await saveApps(desk(c), c.req.valid('json')), 200))
}
