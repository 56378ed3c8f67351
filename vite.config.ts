import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'

const browserI18n = fileURLToPath(new URL('./app/lib/browser-i18n.client.ts', import.meta.url))

/**
 * In the browser bundle `react-i18next` is app/lib/browser-i18n.client.ts: the
 * components keep one import for both sides, the server renders with
 * i18next and the browser downloads a lookup of a few hundred bytes instead.
 */
function browserTranslations(): Plugin {
  return {
    name: 'atir:browser-translations',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source) {
      return source === 'react-i18next' ? browserI18n : null
    },
  }
}

export default defineConfig({
  plugins: [browserTranslations(), reactRouter()],
  // server.ts is the SSR bundle's entry so it shares React Router's context keys
  // with the route modules (React Router 8 middleware).
  environments: {
    ssr: { build: { rolldownOptions: { input: './server.ts' } } },
  },
  build: { assetsInlineLimit: 0 },
})
