/**
 * The `gmDamage` ChatMessage subtype: the note the GM's damage tool posts,
 * carrying the exact changes it made so its Undo can revert them. The record
 * is trusted only on a GM-authored message (only its author or a GM may
 * update a ChatMessage, src/chat/card-flows.ts `authoredByGM`), and read only through
 * `gmDamageNoteOf` (src/apps/gm-damage/note-record.ts, loaded with the undo), which
 * shape-checks it; start-up needs only `noteUndone`. The Foundry types learn of the
 * subtype in src/config/fvtt-configuration.ts, beside the exchange card's.
 */

const { ArrayField, BooleanField, ObjectField } = foundry.data.fields;

function noteSchema() {
  return {
    /** The deltas the effect applier returned (pools and statuses), as plain objects. */
    deltas: new ArrayField(new ObjectField()),
    /** Set once a GM's Undo has reverted the deltas: a second Undo changes nothing. */
    undone: new BooleanField({ required: true, initial: false }),
  };
}
export type GmDamageNoteSchema = ReturnType<typeof noteSchema>;

export class GmDamageNoteData extends foundry.abstract.TypeDataModel<
  GmDamageNoteSchema,
  ChatMessage.Implementation
> {
  static override defineSchema(): GmDamageNoteSchema {
    return noteSchema();
  }
}

/** Whether the message is a GM damage note already undone (for the render hook). */
export function noteUndone(
  message: { readonly type?: string; readonly system?: unknown } | null | undefined,
): boolean {
  return (
    message?.type === "gmDamage" && (message.system as { undone?: unknown } | undefined)?.undone === true
  );
}
