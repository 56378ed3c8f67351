import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  // server.ts is the SSR bundle's entry so it shares React Router's context keys
  // with the route modules (React Router 8 middleware).
  environments: {
    ssr: { build: { rolldownOptions: { input: './server.ts' } } },
  },
  build: { assetsInlineLimit: 0 },
})
