import { renderSVG } from 'uqr'

/** A QR code of `text` as SVG markup (uqr: no dependencies, made on the server, no script in the page). */
export function qrSvg(text: string): string {
  return renderSVG(text, { pixelSize: 4, border: 2 })
}
