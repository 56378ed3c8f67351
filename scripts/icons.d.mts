// Types of icons.mjs for the TypeScript tests that use it.
export const icoSizes: number[]
export const touchSize: number
export const brandColour: string
export function iconPng(svg: Buffer, size: number, background?: string): Promise<Buffer>
export function makeIcons(svg: Buffer): Promise<{ ico: Buffer; touch: Buffer }>
export function icoEntries(
  ico: Buffer,
): { width: number; height: number; imageType: 'png' | 'bmp'; imageData: Buffer }[]
