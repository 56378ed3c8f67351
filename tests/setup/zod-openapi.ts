// The API's schemas call .openapi() on zod schemas shared with the storefront (contract/), which
// have it only when @hono/zod-openapi was loaded before they were built. The server loads the API routes
// first; a test file that imports an API module (a job, a service) ahead of its test API gets the same order here.
import '@hono/zod-openapi'
