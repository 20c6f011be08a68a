/**
 * The joint check of an item SP track (0 ≤ value ≤ max), shared by weapons and
 * shields. The message is fixed so the refusal notice can name it in the
 * user's language (src/documents/refusal.ts).
 */
export const ITEM_SP_ABOVE_MAX = "itemSp.value must not exceed itemSp.max";

export function assertItemSpJoint(data: { itemSp?: { value?: unknown; max?: unknown } }): void {
  const { value, max } = data.itemSp ?? {};
  if (typeof value === "number" && typeof max === "number" && value > max) throw new Error(ITEM_SP_ABOVE_MAX);
}
