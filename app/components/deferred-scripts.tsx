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
// scripts after it feed it) and adds the preloads and the module script on
// `load` (and a frame after it) or on the first interaction, whichever comes first. A click before
// that is a plain link or form submission.
export const deferredScriptsId = 'deferred-scripts'

const start = `(() => {
  const box = document.getElementById(${JSON.stringify(deferredScriptsId)})
  const parsed = document.createElement('template')
  parsed.innerHTML = box?.content.firstElementChild?.textContent ?? ''
  const nodes = [...parsed.content.children]
  const add = (node) => {
    const copy = document.createElement(node.localName)
    for (const { name, value } of node.attributes) copy.setAttribute(name, value)
    copy.textContent = node.textContent
    document.body.append(copy)
  }
  const isHandoff = (node) => node.localName === 'script' && !node.type
  nodes.filter(isHandoff).forEach(add)
  const events = ['pointerdown', 'keydown', 'touchstart', 'focusin']
  let started = false
  const load = () => {
    if (started) return
    started = true
    for (const type of events) removeEventListener(type, load, true)
    nodes.filter((node) => !isHandoff(node)).forEach(add)
  }
  // After load, one frame more: the page has painted before the first script is asked for.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(load, 0))
  if (document.readyState === 'complete') afterPaint()
  else addEventListener('load', afterPaint, { once: true })
  for (const type of events) addEventListener(type, load, { capture: true, passive: true })
})()`

export function DeferredScripts({ nonce }: { nonce: string }) {
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
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of this file, no input. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: start }} />
    </>
  )
}
