/**
 * What a person typed, ticked or chose before the page's scripts ran, told to
 * the components once they run.
 *
 * A shop page hydrates at the shopper's first gesture and a back-office page
 * after `load` (docs/decisions/007-javascript-budget.md), so a field is often
 * filled in by then. React keeps the field's value, focus and caret when it
 * hydrates, but the components never hear of the change: the live search does
 * not look the word up, a controlled field or a choice that shows other fields
 * still holds the server's value. Hydration sets each field's `defaultValue`
 * (and `defaultChecked`, `defaultSelected`) to what the server rendered, so
 * a field whose value differs from it was changed by hand: this sends the
 * event React would have seen.
 *
 * React notices a change only when the value differs from the one it last
 * recorded (its value tracker records the field's value at hydration, i.e.
 * the typed one). Assigning the server's value through the element records
 * that; the typed value is then put back with the prototype's setter, which
 * the tracker does not see, and the `input` event reads as a change. Testing
 * Library's `fireEvent.change` does the same. (React's own view, react#26573:
 * "we probably should be issuing change events if the value has changed
 * before hydration".)
 *
 * One thing hydration does lose: a text area rendered with a value (an edit
 * form's description) is set back to it when React hydrates it (React 19.3,
 * `initTextarea`). `watchEarlyInput`, called before hydrating, notes what is
 * typed into text areas until the replay puts it back.
 */
const typedAreas = new Map<HTMLTextAreaElement, string>()

/**
 * Sent once the page is alive and what was typed has been replayed: a press on a basket or favourite form
 * made before it, which the page's starter held (deferred-scripts.tsx), then goes as the live form's.
 */
export const aliveEvent = 'atir:alive'

function noteTypedArea(event: Event) {
  if (event.target instanceof HTMLTextAreaElement) typedAreas.set(event.target, event.target.value)
}

/** Before hydrating: what text areas hold now and are given until the replay. */
export function watchEarlyInput() {
  for (const area of document.querySelectorAll('textarea')) {
    if (area.value !== area.defaultValue) typedAreas.set(area, area.value)
  }
  document.addEventListener('input', noteTypedArea, true)
}

/** Once the page is alive: the components hear of every field changed before it was, then the presses held. */
export function replayEarlyInput(root: ParentNode = document) {
  document.removeEventListener('input', noteTypedArea, true)
  for (const [area, typed] of typedAreas) {
    if (area.isConnected && area.value !== typed) area.value = typed
  }
  typedAreas.clear()
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  )) {
    if (field.disabled) continue
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) dispatch(field, 'change')
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) replayChoice(field)
    } else if (field.type !== 'file' && field.type !== 'hidden' && field.value !== field.defaultValue) {
      replayText(field)
    }
  }
  dispatchEvent(new Event(aliveEvent))
}

function dispatch(field: Element, type: string) {
  // Not a MouseEvent: a plain `click` event does not toggle a checkbox again.
  field.dispatchEvent(new Event(type, { bubbles: true }))
}

function replayText(field: HTMLInputElement | HTMLTextAreaElement) {
  const typed = field.value
  const caret = selection(field)
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set
  if (!setValue) return
  field.value = field.defaultValue
  setValue.call(field, typed)
  if (caret) field.setSelectionRange(caret.start, caret.end, caret.direction)
  dispatch(field, 'input')
}

function replayChoice(field: HTMLInputElement) {
  // Of a group of radios, the one chosen speaks for the group; unticking another would untick it too.
  if (field.type === 'radio' && !field.checked) return
  const chosen = field.checked
  const setChecked = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set
  if (!setChecked) return
  field.checked = !chosen
  setChecked.call(field, chosen)
  // React hears of a checkbox's or radio's change by its `click`.
  dispatch(field, 'click')
}

/** The caret of a field that has one (text, search, tel, url, password, textarea); null for others. */
function selection(field: HTMLInputElement | HTMLTextAreaElement) {
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection } = field
    if (start === null || end === null) return null
    return { start, end, direction: selectionDirection ?? undefined }
  } catch {
    return null
  }
}
