/**
 * An update that replaces an object field whole instead of merging into it,
 * so keys the new value lacks leave the stored document. Foundry v13 reads a
 * key prefixed with "==" as a forced replacement (Foundry VTT v13 API:
 * foundry.utils.isDeletionKey, "deletion or forced replacement operations";
 * foundry.utils.applyDataOperators). The `recursive: false` option it
 * replaces applies to every key of an update, not to the one field.
 */
export function replacing<const K extends string>(field: K, value: unknown): Record<`==${K}`, unknown> {
  // The document types know only the field's own name: the operator key is this system's one cast.
  return { [`==${field}`]: value } as Record<`==${K}`, unknown>;
}
