import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { getConfig } from '#api/config.ts'
import { type ErrorReporter, errorReporter } from '#api/error-report.ts'
import { logger, maskPhones } from '#api/log.ts'
import { errorKind } from '#app/components/error-boundary.tsx'
import { getInstance, getLocale } from '#app/middleware/i18next.ts'
import { htmlLang, isLang } from '#app/utils/i18n.ts'
import { NonceProvider } from '#app/utils/nonce.tsx'
import { PersonalValues, SlotMarksContext } from '#app/utils/personal.tsx'
import { nonceContext } from '#app/utils/request-context.ts'
import { sharedRenderContext } from '#app/utils/shared-render.server.ts'

export const streamTimeout = 10_000

let report: ErrorReporter | undefined

/**
 * An error in a loader, an action or the render: one JSON line through the
 * shop's logger (with the request id, like the API's) instead of React
 * Router's console.error, and a report to ERROR_REPORT_URL like the API's
 * 500s. A request the visitor gave up on is no error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  const where = { method: request.method, path: maskPhones(new URL(request.url).pathname) }
  logger().error({ err: error, ...where }, 'storefront error')
  report ??= errorReporter(getConfig())
  void report(error, where)
}

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A form's answer (a failed post shows what was typed) is its sender's alone, whatever the page's
  // loader would let a shared cache keep of the page itself.
  if (request.method !== 'GET' && request.method !== 'HEAD') headers.set('Cache-Control', 'private, no-store')
  // Bots get the complete document in one piece; people get the shell as soon as it is ready.
  const bot = isbot(request.headers.get('user-agent'))
  // SPEC §8: bots are not shown an error page, only its status and a bare document.
  if (bot && status >= 400) return bareErrorPage(status, headers, loadContext)
  const nonce = loadContext.get(nonceContext)
  // A render for everyone (server/page-cache.ts): the shopper's own parts show their neutral values and are marked.
  const shared = loadContext.get(sharedRenderContext)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <SlotMarksContext.Provider value={shared}>
          <PersonalValues.Provider value={shared?.neutral ?? null}>
            <I18nextProvider i18n={getInstance(loadContext)}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </I18nextProvider>
          </PersonalValues.Provider>
        </SlotMarksContext.Provider>
      </NonceProvider>,
      {
        nonce,
        [bot || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough()
          headers.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }))
          pipe(body)
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500
          if (shellRendered) logger().error({ err: error }, 'storefront error while streaming')
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}

function bareErrorPage(status: number, headers: Headers, loadContext: RouterContextProvider) {
  const { t } = getInstance(loadContext)
  const lang = getLocale(loadContext)
  const title = t(`errors.${errorKind(status)}.title`)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  headers.set('X-Robots-Tag', 'noindex')
  const html = `<!DOCTYPE html><html lang="${isLang(lang) ? htmlLang[lang] : 'ru'}"><head><meta charset="utf-8"><title>${status} ${title}</title></head><body><h1>${title}</h1></body></html>`
  return new Response(html, { status, headers })
}
