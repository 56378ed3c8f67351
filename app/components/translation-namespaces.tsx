import { useTranslation } from 'react-i18next'

/** Where the list is: entry.client.tsx reads it before hydrating. */
export const translationNamespacesId = 'i18n-namespaces'

/**
 * The translation namespaces the server's render of this page used, so the
 * browser downloads those (and only those) before it hydrates. Rendered after
 * the page in <body>, when the page's components have asked for theirs; the
 * browser renders the list it started with (app/utils/browser-i18n.client.ts).
 */
export function TranslationNamespaces() {
  const { i18n } = useTranslation()
  // Sorted: the same list whatever order the page's parts asked in (a cached page's slots render apart).
  const used = [...(i18n.reportNamespaces?.getUsedNamespaces() ?? [])].sort()
  // Namespace names are file names (letters, digits, dashes): nothing to escape.
  return (
    <script
      type="application/json"
      id={translationNamespacesId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of file names, not markup.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(used) }}
    />
  )
}
