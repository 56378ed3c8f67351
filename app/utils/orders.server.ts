export const personal = { 'Cache-Control': 'private, no-store' }
