import { Scripts } from 'react-router'

// docs/decisions/007-javascript-budget.md: the page is complete without
// JavaScript, so its scripts must not compete with the HTML, the stylesheet
// and the main picture. React Router's <Scripts> (its data handoff, module
// preloads and the module script that hydrates) is rendered inside
// <template><noscript>: with scripting on, the browser parses the noscript as
// text, without it as inert template content (no preload is fetched); React
// does not hoist preloads out of a noscript, and in the browser the template
// is hydrated as an opaque element.
// The script after it runs the data handoff at once (the streamed data
// scripts after it feed it) and adds the preloads and the module script at
// the shopper's first sign of presence (a touch, a scroll, the mouse, a key,
// a focus); pages that need their scripts without one (`handle.hydrate`,
// see `ScriptsHandle`) also on `load` and a frame after it. A click before
// that is a plain link or form submission.
export const deferredScriptsId = 'deferred-scripts'

/**
 * A route's `handle` that asks for its scripts on `load` (a map to show, a payment page to leave for).
 * Routes import it as a type only: a value import would put this module in a chunk of its own.
 */
export type ScriptsHandle = { hydrate: 'on-load' }

export const wantsScriptsOnLoad = (handles: unknown[]) =>
  handles.some((handle) => (handle as Partial<ScriptsHandle> | undefined)?.hydrate === 'on-load')

// SPEC §2: screens narrower than 320 px get the mobile-app page; done here so it happens before the scripts
// arrive (NarrowScreenRedirect does it for client-side navigations).
const narrowScreen = `
  const mobilePage = '/' + (location.pathname.split('/')[1] || 'ru') + '/mobile'
  if (innerWidth < 320 && location.pathname !== mobilePage) return location.replace(mobilePage)`

// The data handoff (plain scripts) runs at once; the rest waits. `later.splice(0)` empties the list, so a
// second event adds nothing. On `load`, one frame more (afterPaint): the page has painted before the first
// script is asked for. Sent without its indentation: this script is in every page's HTML.
const start = (onLoad: boolean) =>
  `(() => {${narrowScreen}
  const parsed = document.createElement('template')
  parsed.innerHTML = document.getElementById(${JSON.stringify(deferredScriptsId)})?.content.firstElementChild?.textContent ?? ''
  const handoff = [], later = []
  for (const node of parsed.content.children) (node.localName === 'script' && !node.type ? handoff : later).push(node)
  const add = (node) => {
    const copy = document.createElement(node.localName)
    for (const { name, value } of node.attributes) copy.setAttribute(name, value)
    copy.textContent = node.textContent
    document.body.append(copy)
  }
  handoff.forEach(add)
  const events = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin']
  const load = () => {
    for (const type of events) removeEventListener(type, load, true)
    later.splice(0).forEach(add)
  }
  for (const type of events) addEventListener(type, load, { capture: true, passive: true })
  if (!${onLoad}) return
  const afterPaint = () => requestAnimationFrame(() => setTimeout(load, 0))
  if (document.readyState === 'complete') afterPaint()
  else addEventListener('load', afterPaint, { once: true })
})()`.replace(/^\s+/gm, '')
// It runs once, from the server's HTML: the browser's bundle leaves its text out.
const starts = import.meta.env.SSR
  ? { onInteraction: start(false), onLoad: start(true) }
  : { onInteraction: '', onLoad: '' }

export function DeferredScripts({ nonce, onLoad }: { nonce: string; onLoad: boolean }) {
  const __html = onLoad ? starts.onLoad : starts.onInteraction
  return (
    <>
      {typeof document === 'undefined' ? (
        <template id={deferredScriptsId}>
          <noscript>
            <Scripts nonce={nonce} />
          </noscript>
        </template>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; keeps React from hydrating the server's content.
        <template id={deferredScriptsId} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of this file, no input; the browser keeps the server's. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html }} />
    </>
  )
}
