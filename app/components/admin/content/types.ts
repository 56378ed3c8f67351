import type { ImageLinks } from '#api/types.ts'

export type LocalizedText = { uz: string; sr: string; ru: string }
export type ContentPicture = { path: string; links: ImageLinks }

/** A banner as admin/content/banners/ answers. */
export type AdminBanner = {
  id: number
  title: LocalizedText
  subtitle: LocalizedText
  image: ContentPicture
  image_phone: ContentPicture | null
  link: string | null
  starts_at: string | null
  ends_at: string | null
  is_active: boolean
  position: number
  shown: boolean
}

type Texts = { title: LocalizedText; body: LocalizedText }

/** A content page as admin/content/pages/ answers. */
export type AdminPage = {
  id: number
  slug: string
  kind: string
  position: number
  is_published: boolean
  published: Texts
  draft: Texts | null
}

export const pageKinds = ['page', 'help', 'terms', 'instruction', 'privacy', 'offer', 'about', 'contact'] as const

/** A post as admin/content/posts/ answers. */
export type AdminPost = {
  id: number
  image: ContentPicture | null
  published_at: string
  is_published: boolean
  published: Texts
  draft: Texts | null
}

/** A story item as admin/content/stories/ answers. */
export type AdminStoryItem = {
  id: number
  story_id: number
  title: LocalizedText
  image: ContentPicture
  link: string | null
  position: number
  reads: number
}

/** A story as admin/content/stories/ answers. */
export type AdminStory = {
  id: number
  title: LocalizedText
  cover: ContentPicture
  starts_at: string | null
  ends_at: string | null
  is_active: boolean
  position: number
  shown: boolean
  reads: number
  items: AdminStoryItem[]
}

/** The footer's links (each to a content page), as admin/content/footer/ answers. */
export type FooterLink = { id: number; title: LocalizedText; slug: string }
