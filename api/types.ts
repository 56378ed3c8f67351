// The storefront's only view of the API: types, nothing that runs (issue 14).
export type { Api } from './app.ts'
