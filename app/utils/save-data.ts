import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'

/** The browser's data saver (`Save-Data: on`): smaller pictures, no preloads but the page's main one. */
export function wantsLessData(request: Request): boolean {
  return request.headers.get('save-data')?.trim().toLowerCase() === 'on'
}

/** Whether this page was asked for with Save-Data (the root loader reads it; false in a bare error page). */
export function useSaveData(): boolean {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  return root?.saveData === true
}
