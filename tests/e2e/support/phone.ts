import type { Page } from '@playwright/test'

/**
 * A phone on a slow network, through the DevTools protocol: `latency` ms each way's round trip, `down` and
 * `up` in kbit/s, and a CPU `cpu` times slower (Lighthouse's mobile preset: 150 ms, 1,600 / 750, 4×).
 */
export async function slowPhone(
  page: Page,
  { latency, down, up, cpu = 4 }: Record<'latency' | 'down' | 'up', number> & { cpu?: number },
) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput: (down * 1024) / 8,
    uploadThroughput: (up * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
}
