/** Units a product's volume is sold in (SPEC §3): millilitres, grams, kilograms. */
export const volumeUnits = ['ml', 'g', 'kg'] as const
export type VolumeUnit = (typeof volumeUnits)[number]
