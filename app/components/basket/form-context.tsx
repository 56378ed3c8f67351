import { JS_FIELD } from './intents.ts'

/**
 * The hidden fields every basket and favourites form carries: where a form
 * without JavaScript comes back to (`anchor`: the card or button it was
 * sent from, so the page does not jump to its top) and, once JavaScript
 * runs, the field that makes the action answer with data instead.
 */
export function FormContext({ here, hydrated, anchor }: { here: string; hydrated: boolean; anchor?: string }) {
  return (
    <>
      <input type="hidden" name="redirectTo" value={anchor ? `${here}#${anchor}` : here} />
      {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
    </>
  )
}
