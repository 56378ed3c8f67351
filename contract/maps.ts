/** The Yandex Maps JS API 2.1 with the shop's key: the checkout's map picker loads it (and `npm run preflight` asks it). */
export function mapScriptUrl(apiKey: string) {
  return `https://api-maps.yandex.ru/2.1/?apikey=${encodeURIComponent(apiKey)}&lang=ru_RU&coordorder=latlong`
}
