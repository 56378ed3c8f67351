import type { AdminBanner, AdminPage, AdminPost, AdminStory, AdminStoryItem } from '#api/types.ts'

// The content desk's records as admin/content/ answers them (api/admin/content/schemas.ts).
export type { AdminBanner, AdminPage, AdminPost, AdminStory, AdminStoryItem }
export type LocalizedText = AdminPage['published']['title']
export type ContentPicture = AdminBanner['image']
