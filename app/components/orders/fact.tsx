import type { ReactNode } from 'react'

/** One row of an order's facts (a `<dl>`): its name and value, in a `<div>` so the row is styled as one. */
export function Fact({ name, className, children }: { name: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  )
}
