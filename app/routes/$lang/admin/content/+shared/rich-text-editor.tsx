import { getTextareaProps } from '@conform-to/react'
import { createElement, type ReactNode, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldOf } from '#app/utils/form-fields.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { AdminField } from '../../+shared/fields.tsx'

// The rich-text editor: the body's HTML in a textarea (what works without
// JavaScript), with JavaScript a toolbar that wraps the selection in a tag of
// the subset and a live preview. The server cuts whatever arrives to the
// subset (api/content/rich-text.ts); the preview shows only that subset too.

const allowed = new Set(['p', 'br', 'strong', 'em', 'h2', 'h3', 'ul', 'ol', 'li', 'a', 'b', 'i'])
const safeHref = (href: string) => /^(https?:|mailto:|tel:|\/(?!\/))/i.test(href.trim())

/** The subset of a parsed tree as React elements; everything else keeps only its text. */
function subset(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent
  if (node.nodeType !== Node.ELEMENT_NODE) return null
  const element = node as Element
  const tag = element.tagName.toLowerCase()
  if (['script', 'style', 'iframe', 'svg', 'template', 'object'].includes(tag)) return null
  const children = Array.from(element.childNodes).map((child, i) => subset(child, i))
  if (!allowed.has(tag)) return children
  const name = tag === 'b' ? 'strong' : tag === 'i' ? 'em' : tag
  const href = element.getAttribute('href')
  const props = name === 'a' && href && safeHref(href) ? { key, href, rel: 'noopener' } : { key }
  return name === 'br' ? createElement('br', { key }) : createElement(name, props, ...children)
}

function Preview({ html }: { html: string }) {
  const { t } = useTranslation('admin-content')
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const plain = !/<[a-z]/i.test(html)
  return (
    <section className="content-preview" aria-label={t('editor.preview')}>
      <div className="rich-text">
        {plain
          ? html
              .split(/\n\s*\n/)
              .filter((p) => p.trim())
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, rebuilt on each keystroke.
              .map((p, i) => <p key={i}>{p}</p>)
          : Array.from(doc.body.childNodes).map((n, i) => subset(n, i))}
      </div>
    </section>
  )
}

const tools = [
  { id: 'bold', open: '<strong>', close: '</strong>' },
  { id: 'italic', open: '<em>', close: '</em>' },
  { id: 'h2', open: '<h2>', close: '</h2>' },
  { id: 'h3', open: '<h3>', close: '</h3>' },
  { id: 'paragraph', open: '<p>', close: '</p>' },
  { id: 'list', open: '<ul>\n<li>', close: '</li>\n</ul>' },
  { id: 'numbered', open: '<ol>\n<li>', close: '</li>\n</ol>' },
  { id: 'link', open: '<a href="https://">', close: '</a>' },
] as const

export function RichTextEditor({ field, label }: { field: FieldOf; label: ReactNode }) {
  const { t } = useTranslation('admin-content')
  const hydrated = useHydrated()
  const area = useRef<HTMLTextAreaElement>(null)
  const [value, setValue] = useState(String(field.initialValue ?? ''))

  const wrap = (open: string, close: string) => {
    const el = area.current
    if (!el) return
    const { selectionStart: start, selectionEnd: end } = el
    const next = `${el.value.slice(0, start)}${open}${el.value.slice(start, end)}${close}${el.value.slice(end)}`
    el.value = next
    setValue(next)
    el.focus()
    el.setSelectionRange(start + open.length, end + open.length)
  }

  return (
    <div className="content-editor">
      {hydrated ? (
        <div className="content-editor__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
          {tools.map((tool) => (
            <button
              key={tool.id}
              type="button"
              className="admin-button"
              aria-controls={field.id}
              onClick={() => wrap(tool.open, tool.close)}
            >
              {t(`editor.${tool.id}`)}
            </button>
          ))}
        </div>
      ) : null}
      <AdminField field={field} label={label} hint={t('editor.subset')}>
        <textarea
          {...getTextareaProps(field, { ariaDescribedBy: `${field.id}-hint` })}
          ref={area}
          className="field__input content-editor__source"
          rows={10}
          onInput={(event) => setValue(event.currentTarget.value)}
        />
      </AdminField>
      {hydrated ? <Preview html={value} /> : null}
    </div>
  )
}
