import sanitizeHtml from 'sanitize-html'

/**
 * The HTML subset of pages and posts: paragraphs, line breaks,
 * bold, italic, h2/h3 headings, lists and links to http(s), mailto:, tel: or
 * a path of the shop. Whatever a browser sends is cut down to it when saved,
 * and what is read is cut again, so a row written another way stays harmless.
 */
export const richTextTags = ['p', 'br', 'strong', 'em', 'h2', 'h3', 'ul', 'ol', 'li', 'a'] as const

const options: sanitizeHtml.IOptions = {
  allowedTags: [...richTextTags],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  // Relative links (/ru/pages/x) are allowed; protocol-relative ones (//evil) lead elsewhere unnoticed.
  allowProtocolRelative: false,
  // Script and style contents are dropped with the element, other unknown tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'svg', 'math', 'template'],
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h4: 'h3',
  },
}

// A second pass over the clean subset: only a link whose href survived gets rel="noopener".
const withRel: sanitizeHtml.IOptions = {
  ...options,
  allowedAttributes: { a: ['href', 'rel'] },
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: attribs.href ? { href: attribs.href, rel: 'noopener' } : {},
    }),
  },
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

// Stored bodies from before the editor (and the seed's) are plain text: blank lines part paragraphs.
const anyTag = /<\/?[a-z][a-z0-9]*[\s>/]/i

/** Plain text as paragraphs of the subset: a blank line starts a paragraph, a line break stays one. */
export function paragraphsOf(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p).replace(/\r?\n/g, '<br />')}</p>`)
    .join('')
}

/**
 * Any text or HTML as the safe subset: text without a tag of the subset is
 * taken as plain text (paragraphs), anything else is sanitised.
 */
export function safeRichText(input: string): string {
  const html = anyTag.test(input) ? input : paragraphsOf(input)
  return sanitizeHtml(sanitizeHtml(html, options), withRel).trim()
}

/** The text of a body, paragraphs parted by blank lines (excerpts, descriptions). */
export function richTextPlain(input: string): string {
  const html = safeRichText(input)
    .replace(/<\/(p|h2|h3|li)>/g, '$&\n\n')
    .replace(/<br \/>/g, '\n')
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
