import { z } from '@hono/zod-openapi'

export const pagingQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1).openapi({ description: 'Page number, from 1' }),
  size: z.coerce.number().int().min(1).max(100).default(12).openapi({ description: 'Items per page, at most 100' }),
}

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    total: z.number().int(),
    total_pages: z.number().int(),
    current_page: z.number().int(),
    links: z.object({ next: z.string().nullable(), previous: z.string().nullable() }),
  })

export type Paged<T> = {
  results: T[]
  total: number
  total_pages: number
  current_page: number
  links: { next: string | null; previous: string | null }
}

/** A Django-REST style page; `links` are absolute URLs of the neighbouring pages. */
export function paged<T>(results: T[], total: number, page: number, size: number, requestUrl: string): Paged<T> {
  const totalPages = Math.max(1, Math.ceil(total / size))
  const link = (p: number) => {
    const url = new URL(requestUrl)
    url.searchParams.set('page', String(p))
    return url.toString()
  }
  return {
    results,
    total,
    total_pages: totalPages,
    current_page: page,
    links: { next: page < totalPages ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null },
  }
}
