import { type Options, stringify } from 'csv-stringify/sync'

// CSV files are opened in spreadsheets, which take a cell beginning with
// = + - @ (or a tab or carriage return) for a formula: a customer named
// =HYPERLINK("http://evil.example","n") would put a live link, or worse, in
// the manager's export. OWASP's rule: such a text cell gets a leading
// apostrophe, which spreadsheets read as "this is text". Cells that already
// begin with apostrophes before such a character get one more, so the import
// can take exactly one off and every text comes back as it was.

const formulaLead = /^'*[=+\-@\t\r]/
const escapedLead = /^'+[=+\-@\t\r]/

/** A text cell as written to a CSV: formula-leading text behind an apostrophe. */
export const escapeFormula = (text: string) => (formulaLead.test(text) ? `'${text}` : text)

/** A CSV cell as read back: the apostrophe `escapeFormula` added, taken off. */
export const unescapeFormula = (text: string) => (escapedLead.test(text) ? text.slice(1) : text)

/** Rows as CSV text, every text cell through `escapeFormula` (numbers stay numbers). */
export const formulaSafeCsv = (rows: unknown[][], options: Options = {}) =>
  stringify(rows, { ...options, cast: { ...options.cast, string: escapeFormula } })
