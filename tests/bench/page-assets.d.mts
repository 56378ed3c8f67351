// Types of page-assets.mjs for the TypeScript specs that use it.
export function assetsOf(html: string): { js: string[]; css: string[] }
export function gzipBytes(clientDir: string, path: string): number
export function isTexts(path: string): boolean
export function assetBytes(
  clientDir: string,
  html: string,
): { js: number; texts: number; css: number; jsFiles: number; cssFiles: number; html: number }
