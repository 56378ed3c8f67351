/** A column heading: its text, or its text and a class (a money column is right-aligned). */
export type Column = string | { label: string; className: string }

/**
 * A back-office table's caption and column headings, to put first inside its
 * `<table>`. Each heading is `scope="col"`, so a screen reader names a cell's
 * column; the caption names the table for it too, and is shown (muted) only
 * where it also tells sighted staff something (a count, how to sort).
 */
export function TableHead({
  caption,
  captionShown = false,
  columns,
}: {
  caption?: string
  captionShown?: boolean
  columns: readonly Column[]
}) {
  return (
    <>
      {caption ? <caption className={captionShown ? 'admin-muted' : 'visually-hidden'}>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => {
            const { label, className } = typeof column === 'string' ? { label: column, className: undefined } : column
            return (
              <th key={label} scope="col" className={className}>
                {label}
              </th>
            )
          })}
        </tr>
      </thead>
    </>
  )
}
