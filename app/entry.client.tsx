import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { translationNamespacesId } from '#app/components/translation-namespaces.tsx'
import { allTranslations, startTranslations } from '#app/utils/browser-i18n.client.ts'
import { watchEarlyInput } from '#app/utils/early-input.ts'
import { defaultLang, isLang } from '#app/utils/i18n.ts'
import { reloadOnStaleChunks } from '#app/utils/stale-chunks.ts'

function usedNamespaces(): string[] {
  try {
    const list = JSON.parse(document.getElementById(translationNamespacesId)?.textContent ?? '[]')
    return Array.isArray(list) ? list.filter((ns): ns is string => typeof ns === 'string') : []
  } catch {
    return []
  }
}

async function main() {
  reloadOnStaleChunks()
  const code = document.documentElement.dataset.lang
  // Only the page's language and the namespaces its render used are downloaded, one cached chunk each.
  await startTranslations(isLang(code) ? code : defaultLang, usedNamespaces())
  // The root replays it once the page is alive (app/utils/early-input.ts).
  watchEarlyInput()
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
  // The other namespaces of the language, after the page's own (see allTranslations).
  setTimeout(allTranslations, 0)
}

main()
