import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'
import { clientChunks } from './scripts/client-chunks.ts'

const browserI18n = fileURLToPath(new URL('./app/utils/browser-i18n.client.ts', import.meta.url))

/**
 * In the browser bundle `react-i18next` is app/utils/browser-i18n.client.ts: the
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

/**
 * Brotli (quality 11) and gzip (level 9) copies of the browser's scripts and
 * styles, made once at build time and sent as they are (server/shop.ts): about
 * 13 % fewer bytes than compressing each response on the fly.
 */
function precompressedAssets(): Plugin {
  const brotli = promisify(brotliCompress)
  const gzipped = promisify(gzip)
  return {
    name: 'atir:precompressed-assets',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? ''
      const files = Object.values(bundle).filter((file) => /\.(js|css|svg|json)$/.test(file.fileName))
      await Promise.all(
        files.map(async (file) => {
          const source = Buffer.from(file.type === 'chunk' ? file.code : file.source)
          if (source.length < 1024) return
          const path = join(dir, file.fileName)
          await writeFile(`${path}.br`, await brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
          await writeFile(`${path}.gz`, await gzipped(source, { level: 9 }))
        }),
      )
    },
  }
}

export default defineConfig({
  plugins: [browserTranslations(), reactRouter(), precompressedAssets(), clientChunks()],
  // server.ts is the SSR bundle's entry so it shares React Router's context keys
  // with the route modules (React Router 8 middleware). The server bundle has a
  // source map: scripts/start.mjs turns them on, so traces and error reports
  // name app/ and api/ files and lines.
  environments: {
    ssr: { build: { sourcemap: true, rolldownOptions: { input: './server.ts' } } },
  },
  build: { assetsInlineLimit: 0 },
})
