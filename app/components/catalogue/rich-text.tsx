/**
 * A page's or post's body: HTML of the rich-text subset (p, br, strong, em,
 * h2, h3, lists, links) that the API sanitises with an allow-list on every
 * read (api/content/rich-text.ts), so it is inserted as it comes.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the API's allow-listed subset, sanitised on read.
  return <div className={className ?? 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

/** The words of such a body (meta descriptions): tags dropped, blocks parted by spaces. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Plain text (product descriptions) as paragraphs: a blank line starts a
 * new paragraph, a single line break stays a line break. Links are not parsed;
 * the text is never injected as HTML.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  return (
    <div className={className ?? 'rich-text'}>
      {paragraphs.map((paragraph, i) => {
        const lines = paragraph.split('\n')
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text.
          <p key={i}>
            {lines.map((line, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of one fixed paragraph.
              <span key={j}>
                {j > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </p>
        )
      })}
    </div>
  )
}
