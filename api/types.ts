// The storefront's only view of the API: types, nothing that runs (issue 14).
export type { Api } from './app.ts'
// The back office's screens show and hide links by these (the API enforces them).
export type { Permission, StaffRole } from './staff/permissions.ts'
