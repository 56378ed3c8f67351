import type { NextFunction, Request, Response } from 'express'
import { sharedSecurityHeaders } from '#api/http/security-headers.ts'

/**
 * Headers every HTML page carries; scripts run only with this request's nonce.
 * `dev`: Vite's hot reload also connects over a WebSocket of its own.
 * `telegramLogin`: the sign-in page may frame Telegram's Login Widget.
 */
export function securityHeaders(res: Response, nonce: string, { dev = false, telegramLogin = false } = {}) {
  // The checkout map picker (Yandex Maps JS API 2.1): its loader comes with the
  // page's nonce and, under 'strict-dynamic', the scripts it adds are trusted;
  // the hosts are for tiles, geocoder calls and browsers without CSP level 3.
  const yandex = 'https://api-maps.yandex.ru https://*.yandex.ru https://*.yandex.net'
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${yandex}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${yandex}`,
    "font-src 'self'",
    `connect-src 'self' ${yandex}${dev ? ' ws://localhost:*' : ''}`,
    // Telegram's Login Widget (TELEGRAM_LOGIN_WIDGET=on) is a frame of oauth.telegram.org on the sign-in page.
    `frame-src 'self' ${yandex}${telegramLogin ? ' https://oauth.telegram.org' : ''}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
  res.setHeader('Content-Security-Policy', csp)
  for (const [name, value] of Object.entries(sharedSecurityHeaders)) res.setHeader(name, value)
}

/**
 * HSTS on every answer that came over HTTPS (directly, or from a trusted proxy
 * saying so in X-Forwarded-Proto, see TRUST_PROXY): browsers then never try
 * plain HTTP for a year. Browsers ignore it over plain HTTP, so it is not sent there.
 */
export function strictTransportSecurity(req: Request, res: Response, next: NextFunction) {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000')
  next()
}
