import { preflightUpdates, refuseInvalid } from "./refusal";

/**
 * The FANGS actor. Schema and derived values live on the data models
 * (src/data); rules live in the rules core. The document keeps the workflow:
 * refusing bad edits with a notice, and small look-ups the sheets need.
 */
export class FangsActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** The actor's skill item with this key ("broadsword", "shieldParry"), if it has one. */
  skillByKey(key: string): Item.Implementation | undefined {
    if (!key) return undefined;
    return this.items.find((item) => item.type === "skill" && (item.system as { key?: unknown }).key === key);
  }

  /**
   * Every update of an actor, from its sheet, a macro or another document,
   * comes through here. An invalid change is refused as a whole: the
   * document stays as it was and the user is told why, in their language.
   */
  static override async updateDocuments(
    updates?: Actor.UpdateData[],
    operation?: Actor.Database.UpdateOperation,
  ): Promise<Actor.Implementation[]> {
    if (!preflightUpdates("Actor", updates ?? [], operation)) return [];
    try {
      return await super.updateDocuments(updates, operation);
    } catch (error) {
      if (refuseInvalid(error, "Actor", updates ?? [], operation)) return [];
      throw error;
    }
  }
}
