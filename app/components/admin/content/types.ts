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
