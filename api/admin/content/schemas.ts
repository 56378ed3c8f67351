import { z } from '@hono/zod-openapi'
import { pageKinds } from '#contract/content.ts'
import { PICKUP_POINTS_MAX } from '#contract/limits.ts'
import { imageLinksSchema } from '../../catalogue/schemas.ts'

// The shapes of the content desk: texts in three languages, links,
// display windows and picture references.

const TITLE_MAX = 200
export const BODY_MAX = 50_000

/**
 * A text in uz, sr and ru. Russian is required (the shop falls back to it
 * when a translation is empty); the other two may wait and show as missing.
 */
export const localizedInput = (max: number, options: { required?: boolean } = {}) =>
  z
    .object({
      uz: z.string().trim().max(max).default(''),
      sr: z.string().trim().max(max).default(''),
      ru: options.required === false ? z.string().trim().max(max).default('') : z.string().trim().min(1).max(max),
    })
    .strict()

export const titleInput = localizedInput(TITLE_MAX)

const shopPath = /^\/(?!\/)[^\s\\<>"]*$/

/** Where a banner or story leads: a path of the shop (`/products/category/x`) or an https address. */
export const linkInput = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    if (shopPath.test(value)) return true
    try {
      const url = new URL(value)
      return url.protocol === 'https:' && !!url.hostname && !/\s/.test(value)
    } catch {
      return false
    }
  }, 'content_link_invalid')
  .nullable()
  .openapi({ description: 'A shop path starting with `/` or an `https://` address; null: no link', example: '/brands' })

/** An ISO date-time with its offset (the screens send Tashkent time, +05:00); stored in UTC. */
const moment = z.iso
  .datetime({ offset: true })
  .nullable()
  .openapi({ description: 'ISO 8601 with offset, e.g. 2026-11-23T09:00:00+05:00; null: no bound' })

/** A picture uploaded through admin/content/pictures/ (its `path`). */
export const picturePath = z
  .string()
  .regex(/^content\/[A-Za-z0-9]+\.(jpg|png)$/, 'content_picture_invalid')
  .openapi({ description: 'The `path` admin/content/pictures/ answered', example: 'content/abc123.jpg' })

const windowed = {
  starts_at: moment.optional(),
  ends_at: moment.optional(),
  is_active: z.boolean().optional(),
  position: z.number().int().min(0).max(32_767).optional(),
}

export const bannerInput = z
  .object({
    title: titleInput,
    subtitle: localizedInput(TITLE_MAX, { required: false }).nullable().optional(),
    image: picturePath,
    image_phone: picturePath.nullable().optional(),
    link: linkInput.optional(),
    ...windowed,
  })
  .strict()
  .openapi('BannerInput')

export const bannerPatch = bannerInput.partial().strict().openapi('BannerPatch')

const pictureOut = z.object({ path: z.string(), links: imageLinksSchema })

const windowOut = {
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  is_active: z.boolean(),
  position: z.number().int(),
  /** Active and inside its window right now. */
  shown: z.boolean(),
}

const localizedOut = z.object({ uz: z.string(), sr: z.string(), ru: z.string() })

export const adminBannerSchema = z
  .object({
    id: z.number().int(),
    title: localizedOut,
    subtitle: localizedOut,
    image: pictureOut,
    image_phone: pictureOut.nullable(),
    link: z.string().nullable(),
    ...windowOut,
  })
  .openapi('AdminBanner')

export const storyInput = z
  .object({ title: titleInput, cover: picturePath, ...windowed })
  .strict()
  .openapi('StoryInput')
export const storyPatch = storyInput.partial().strict().openapi('StoryPatch')

export const storyItemInput = z
  .object({
    title: localizedInput(TITLE_MAX, { required: false }),
    image: picturePath,
    link: linkInput.optional(),
    position: windowed.position,
  })
  .strict()
  .openapi('StoryItemInput')
export const storyItemPatch = storyItemInput.partial().strict().openapi('StoryItemPatch')

export const adminStoryItemSchema = z
  .object({
    id: z.number().int(),
    story_id: z.number().int(),
    title: localizedOut,
    image: pictureOut,
    link: z.string().nullable(),
    position: z.number().int(),
    reads: z.number().int().openapi({ description: 'Visitors and users who have seen it' }),
  })
  .openapi('AdminStoryItem')

export const adminStorySchema = z
  .object({
    id: z.number().int(),
    title: localizedOut,
    cover: pictureOut,
    ...windowOut,
    reads: z.number().int().openapi({ description: 'Visitors and users who have seen at least one of its items' }),
    items: z.array(adminStoryItemSchema),
  })
  .openapi('AdminStory')

const slugInput = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'content_slug_invalid')
  .openapi({ description: 'Lower-case letters, digits and hyphens, e.g. `delivery`' })

export const textsInput = z
  .object({ title: titleInput, body: localizedInput(BODY_MAX) })
  .strict()
  .openapi({ description: 'Bodies: the HTML subset (or plain text), sanitised when saved' })

export const pageCreate = z
  .object({
    slug: slugInput,
    kind: z.enum(pageKinds),
    position: windowed.position,
    title: titleInput,
    body: localizedInput(BODY_MAX),
  })
  .strict()
  .openapi('PageCreate')
export const pageSettings = z
  .object({ slug: slugInput, kind: z.enum(pageKinds), position: windowed.position })
  .partial()
  .strict()
  .openapi('PageSettings')

export const postCreate = z
  .object({
    title: titleInput,
    body: localizedInput(BODY_MAX),
    image: picturePath.nullable().optional(),
    published_at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .openapi('PostCreate')
export const postSettings = postCreate
  .pick({ image: true, published_at: true })
  .partial()
  .strict()
  .openapi('PostSettings')

const textsOut = z.object({ title: localizedOut, body: localizedOut })

export const adminPageSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    kind: z.enum(pageKinds),
    position: z.number().int(),
    is_published: z.boolean(),
    published: textsOut,
    draft: textsOut.nullable().openapi({ description: 'Saved edits not yet published; null: none' }),
  })
  .openapi('AdminPage')

export const adminPostSchema = z
  .object({
    id: z.number().int(),
    image: pictureOut.nullable(),
    published_at: z.string(),
    is_published: z.boolean(),
    published: textsOut,
    draft: textsOut.nullable(),
  })
  .openapi('AdminPost')

export const footerLinksInput = z
  .object({
    results: z.array(z.object({ title: titleInput, slug: z.string().trim().min(1).max(200) }).strict()).max(50),
  })
  .strict()
  .openapi('FooterLinksInput')

export const footerLinksSchema = z
  .object({ results: z.array(z.object({ id: z.number().int(), title: localizedOut, slug: z.string() })) })
  .openapi('AdminFooterLinks')

const social = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), 'content_link_invalid')
const phone = z.string().trim().max(40)

const pickupPointInput = z
  .object({
    /** Kept from the point read; a new point gets one when saved. */
    id: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional(),
    name: localizedInput(100),
    address: localizedInput(300),
    hours: z.string().trim().min(1).max(100),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  })
  .strict()

export const contactsInput = z
  .object({
    phone: phone.min(1),
    phone2: phone.default(''),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    address: localizedInput(300),
    facebook: social.default(''),
    instagram: social.default(''),
    telegram: social.default(''),
    email: z.email().max(200).nullable().optional(),
    pickup_points: z.array(pickupPointInput).max(PICKUP_POINTS_MAX).default([]),
  })
  .strict()
  .openapi('ContactsInput')

/** The contacts as the desk reads them back: every pickup point has its id. */
export const contactsSchema = contactsInput
  .extend({ pickup_points: z.array(pickupPointInput.required({ id: true })) })
  .openapi('AdminContacts')

const storeLink = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^https:\/\/\S+$/.test(v), 'content_link_invalid')
  .nullable()
  .openapi({ description: 'An https store address; null: not published yet (the shop shows "soon")' })

export const appsInput = z.object({ ios: storeLink, android: storeLink }).strict().openapi('StoreLinksInput')

export const pictureSchema = pictureOut.openapi('ContentPicture')
