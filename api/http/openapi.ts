import { createRoute, type RouteConfig } from '@hono/zod-openapi'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** What a group of routes shares: its tags, and for guarded ones the security, middleware and their answers. */
type Shared = Partial<Omit<RouteConfig, 'method' | 'path'>>

/** What one route declares besides its method and path. */
type Own = Omit<RouteConfig, 'method' | 'path'>

/**
 * Route declarations that share their tags (and guard), written method and
 * path first: `const route = routeGroup({ tags: ['cart'] })`, then
 * `route.get('/cart/', { summary, request, responses })`. A route's own
 * answers are added to the group's, its own keys win.
 */
export function routeGroup<S extends Shared>(shared: S) {
  const at =
    <M extends Method>(method: M) =>
    <P extends string, R extends Own>(path: P, route: R) =>
      createRoute({ ...shared, ...route, method, path, responses: { ...shared.responses, ...route.responses } })
  return { get: at('get'), post: at('post'), put: at('put'), patch: at('patch'), delete: at('delete') }
}

/** A required JSON request body of `schema`. */
export const requiredJson = <T>(schema: T) => ({ required: true as const, content: { 'application/json': { schema } } })

/** A required multipart form body of `schema` (file fields as `format: binary` strings). */
export const requiredForm = <T>(schema: T) => ({
  required: true as const,
  content: { 'multipart/form-data': { schema } },
})
