import type { AdminLine } from '#api/types.ts'
import { type Concentration, concentrations, type SizeKind, sizeKinds } from '#contract/product-lines.ts'

/**
 * The line form's rows as `PATCH admin/lines/{id}/` takes them: in the order
 * of their place numbers (equal or unreadable ones keep the old order), the
 * ticked ones left out, each with its concentration and size kind.
 */
export function membersFrom(form: FormData, line: AdminLine) {
  const rows = line.members.map((member, index) => {
    const at = Number(form.get(`position_${member.id}`))
    const concentration = String(form.get(`concentration_${member.id}`) ?? '')
    const kind = String(form.get(`size_kind_${member.id}`) ?? '')
    return {
      index,
      at: Number.isFinite(at) && at > 0 ? at : index + 1,
      removed: form.get(`remove_${member.id}`) === '1',
      member: {
        product_id: member.id,
        concentration: (concentrations as readonly string[]).includes(concentration)
          ? (concentration as Concentration)
          : null,
        size_kind: (sizeKinds as readonly string[]).includes(kind) ? (kind as SizeKind) : null,
      },
    }
  })
  return rows
    .filter((row) => !row.removed)
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((row) => row.member)
}
