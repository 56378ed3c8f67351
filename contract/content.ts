/** The kinds of the shop's pages (help, terms, the about page…): the API stores them, the back office offers them. */
export const pageKinds = ['page', 'help', 'terms', 'instruction', 'privacy', 'offer', 'about', 'contact'] as const
export type PageKind = (typeof pageKinds)[number]
