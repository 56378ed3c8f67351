import type { HighlightRange } from '#api/types.ts'

/**
 * `text` with the API's matched ranges ([start, end) in UTF-16 indices, sorted,
 * non-overlapping) wrapped in <mark>. Bad ranges are skipped, never thrown on.
 */
export function Highlighted({ text, ranges }: { text: string; ranges?: HighlightRange[] }) {
  if (!ranges?.length) return <>{text}</>
  const parts: React.ReactNode[] = []
  let at = 0
  for (const [start, end] of ranges) {
    if (start < at || end <= start || end > text.length) continue
    if (start > at) parts.push(text.slice(at, start))
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>)
    at = end
  }
  if (at < text.length) parts.push(text.slice(at))
  return <>{parts}</>
}
