import type { ImageLinks } from '#api/types.ts'
import { useSaveData } from '#app/utils/save-data.ts'

// The API serves every picture in four widths (extra_small 64, small 240,
// medium 480, large 960 CSS pixels); the browser picks one by `sizes` and the
// screen's density. Width and height fix the box before the picture arrives.

const widths = { extra_small: 64, small: 240, medium: 480, large: 960 } as const
type Size = keyof typeof widths

const defaultCandidates: Size[] = ['small', 'medium', 'large']

export function srcSet(links: Partial<ImageLinks>, sizes: Size[] = defaultCandidates): string {
  return sizes.map((size) => `${links[size]} ${widths[size]}w`).join(', ')
}

type Props = {
  /** All four copies, or those a slimmed view kept (a card's: no 64 px one); only copies present are offered. */
  links: Partial<ImageLinks>
  alt: string
  /** The intrinsic box (its ratio matters): the API does not send the pictures' dimensions. */
  width: number
  height: number
  /** CSS `sizes`: how wide the picture is shown. */
  sizes: string
  /** Which copies to offer; the first is the fallback `src`. */
  candidates?: Size[]
  /** The page's main (LCP) picture: loaded at once with high priority, and preloaded. One a page. */
  priority?: boolean
  /** In the first screenful: loaded at once, at normal priority. Otherwise lazy. */
  eager?: boolean
  className?: string
}

export function ResponsiveImage({ links, alt, width, height, sizes, candidates, priority, eager, className }: Props) {
  const saveData = useSaveData()
  const wanted = (candidates ?? defaultCandidates).filter((size) => links[size])
  // Save-Data: no 960 px copies, and only the main picture is loaded before it is near the screen
  // (React preloads every eagerly loaded picture in <head>).
  const smaller = wanted.filter((size) => size !== 'large')
  const offered = saveData && smaller.length ? smaller : wanted
  const atOnce = priority || (eager && !saveData)
  return (
    <img
      src={links[offered[0] ?? 'small']}
      srcSet={srcSet(links, offered)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      className={className}
      loading={atOnce ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
    />
  )
}
