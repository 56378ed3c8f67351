import type { ToastMessage } from '../toaster.tsx'

/** Shapes of the reviews API (api/reviews/routes.ts) as the product page uses them. */
export type ReviewPhoto = { extra_small: string; small: string; medium: string; large: string }

export type Review = {
  id: number
  rating: number
  comment: string | null
  photos: ReviewPhoto[]
  author: string
  created_at: string
  updated_at: string
}

export type ReviewPage = {
  results: Review[]
  total: number
  total_pages: number
  current_page: number
  average: number | null
  count: number
}

/** What the visitor may do: sign in first, write (or edit) a review, or why not. */
export type ReviewPermission =
  | { kind: 'anonymous'; loginTo: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'allowed'; review: Review | null }

export type ReviewsData = { page: ReviewPage; permission: ReviewPermission; action: string }

/**
 * A refused post (the product page's action data): why, and what was typed to
 * show again; `typed` is null when the post could not be read (too large) or
 * was a deletion, and the form shows the saved review.
 */
export type ReviewFailure = {
  toast: ToastMessage
  typed: { rating: number | null; comment: string; clearPhotos: boolean } | null
}
