/** Values of the `intent` field of the content desk's forms: each names the function its action runs. */
export const ContentIntent = {
  /** A banner's, story's or story item's form. */
  save: 'save',
  /** The record's delete button. */
  delete: 'delete',
  /** The texts' buttons: keep the draft, open its preview, or publish it. */
  draft: 'draft',
  preview: 'preview',
  publish: 'publish',
  /** A post's date and picture. */
  settings: 'settings',
} as const
export type ContentIntent = (typeof ContentIntent)[keyof typeof ContentIntent]
