import textsChunks from 'virtual:atir/texts-chunks'
import { useTranslation } from 'react-i18next'
import { Scripts } from 'react-router'
import { aliveEvent } from '#app/utils/early-input.ts'

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
// arrive (NarrowScreenRedirect does it for client-side navigations). The screen's width as well as the
// window's: on a phone the page's own min-width of 320 px widens the window to 320.
const narrowScreen = `
  const mobilePage = '/' + (location.pathname.split('/')[1] || 'ru') + '/mobile'
  if (Math.min(innerWidth, screen.width) < 320 && location.pathname !== mobilePage) return location.replace(mobilePage)`

// A press on a form that acts in place (the basket and favourite buttons, `data-replay`) before the page is
// alive is held rather than sent as a plain form, which would reload the page and scroll it to the form's
// fragment: the scripts are asked for (the press is a gesture), the button says it is busy, and once the
// root says the page is alive (`aliveEvent`, after early-input.ts has replayed what was typed) each held
// form is sent again, its latest press only, as a fetcher. If the scripts fail to load, or the page is not
// alive 10 s after the press, the latest press goes as the plain form after all (a press is never lost).
const heldPresses = `
  const held = new Map()
  let alive = false, late
  const release = (plain) => {
    alive = true
    clearTimeout(late)
    const presses = [...held].slice(plain ? -1 : 0)
    held.clear()
    for (const [form, by] of presses) {
      by?.removeAttribute('aria-busy')
      if (form.isConnected) form.requestSubmit(by?.form === form ? by : null)
    }
  }
  addEventListener(${JSON.stringify(aliveEvent)}, () => release(false), { once: true })
  addEventListener('submit', (event) => {
    const form = event.target
    if (alive || !form.hasAttribute('data-replay')) return
    event.preventDefault()
    held.delete(form)
    held.set(form, event.submitter)
    event.submitter?.setAttribute('aria-busy', 'true')
    load()
    clearTimeout(late)
    late = setTimeout(() => release(true), 10000)
  }, true)`

// The data handoff (plain scripts) runs at once; the rest waits. `later.splice(0)` empties the list, so a
// second event adds nothing. On `load`, one frame more (afterPaint): the page has painted before the first
// script is asked for. Otherwise, once the page has loaded and the browser is idle, the scripts are fetched
// into its cache at low priority without being run (not on Save-Data or a 2G connection), so that the first
// gesture runs them without waiting for the network. Sent without its indentation: this script is in every
// page's HTML.
const start = (onLoad: boolean, fetchEarly: boolean) =>
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
    return copy
  }
  handoff.forEach(add)
  const events = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin']
  const load = () => {
    for (const type of events) removeEventListener(type, load, true)
    for (const node of later.splice(0)) add(node).onerror = () => release(true)
  }
  for (const type of events) addEventListener(type, load, { capture: true, passive: true })${heldPresses}
  const afterPaint = () => requestAnimationFrame(() => setTimeout(load, 0))
  const connection = navigator.connection ?? {}
  const prefetch = () => {
    if (connection.saveData || /2g/.test(connection.effectiveType ?? '')) return
    for (const node of later) {
      if (node.getAttribute('rel') !== 'modulepreload') continue
      const link = document.createElement('link')
      const href = node.getAttribute('href')
      Object.assign(link, { rel: 'prefetch', as: 'script', crossOrigin: '', fetchPriority: 'low', href, nonce: node.getAttribute('nonce') ?? '' })
      document.head.append(link)
    }
  }
  // After a painted frame (a load may come before the first paint), then when the browser is idle.
  const idle = () => requestAnimationFrame(() => setTimeout(() => (window.requestIdleCallback ?? setTimeout)(prefetch), 0))
  const then = ${onLoad} ? afterPaint : ${fetchEarly} ? idle : null
  if (!then) return
  if (document.readyState === 'complete') then()
  else addEventListener('load', then, { once: true })
})()`.replace(/^\s+/gm, '')
// It runs once, from the server's HTML: the browser's bundle leaves its text out.
const starts = import.meta.env.SSR
  ? { onInteraction: start(false, true), onInteractionSavingData: start(false, false), onLoad: start(true, false) }
  : { onInteraction: '', onInteractionSavingData: '', onLoad: '' }

/** `saveData`: the browser asked to save data (`Save-Data: on`), so nothing is fetched before it is needed. */
export function DeferredScripts({
  nonce,
  onLoad,
  saveData,
  lang,
}: {
  nonce: string
  onLoad: boolean
  saveData: boolean
  lang: string
}) {
  const __html = onLoad ? starts.onLoad : saveData ? starts.onInteractionSavingData : starts.onInteraction
  const { i18n } = useTranslation()
  // The page's interface texts come with its scripts, not after entry.client asks for them.
  const backOffice = (i18n.reportNamespaces?.getUsedNamespaces() ?? []).some((ns) => ns.startsWith('admin'))
  const texts = [textsChunks[`texts-${lang}`], backOffice ? textsChunks[`texts-${lang}-admin`] : undefined]
  return (
    <>
      {typeof document === 'undefined' ? (
        <template id={deferredScriptsId}>
          <noscript>
            <Scripts nonce={nonce} />
            {texts.map((href) => (href ? <link key={href} rel="modulepreload" href={href} nonce={nonce} /> : null))}
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
