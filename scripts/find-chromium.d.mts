/** Path of a usable Chromium/Chrome binary; throws with install instructions when there is none. */
export function findChromium(): string
