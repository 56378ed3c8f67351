import type { ReactNode } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { loader as shopLoader } from '#app/routes/$lang/_layout.tsx'
import { AuthPanel } from './auth-panel.tsx'

/** A sign-in page (the auth dialog's views without JavaScript): heading, form, promo side. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  const shop = useRouteLoaderData<typeof shopLoader>('shop')
  return (
    <main id="main" className="container auth-page">
      <h1 className="auth-page__title">{title}</h1>
      <AuthPanel apps={shop?.apps ?? { ios: null, android: null }}>{children}</AuthPanel>
    </main>
  )
}
