/**
 * Plain text from the API (pages, posts) as paragraphs: a blank line starts a
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
