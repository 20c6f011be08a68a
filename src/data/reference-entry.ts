/**
 * A compendium reference entry (Sharene's styles, Lunos's maneuvers): an
 * item that stores only which rule it describes, whose figures are the
 * world's rules read where it is shown, so an entry cannot disagree with
 * the round that plays it. Given to an actor (dropped on its sheet, or
 * made on it), it is never kept there: each ruleset says what giving it
 * does instead (`givenTo`).
 */
export abstract class ReferenceEntryModel<Schema extends foundry.data.fields.DataSchema> extends foundry
  .abstract.TypeDataModel<Schema, Item.Implementation> {
  /**
   * What giving the entry to `actor` does: false once the ruleset has
   * answered it (nothing is made), undefined to leave it to the actor's
   * own refusal of another ruleset's item.
   */
  protected abstract givenTo(actor: Actor.Implementation): Promise<false | undefined>;

  protected override async _preCreate(
    ...[data, options, user]: Parameters<
      foundry.abstract.TypeDataModel<foundry.data.fields.DataSchema, Item.Implementation>["_preCreate"]
    >
  ): Promise<boolean | undefined> {
    const allowed = await super._preCreate(data as never, options as never, user);
    if (allowed === false) return false;
    const actor = (this.parent as Item.Implementation | null)?.parent as Actor.Implementation | null;
    return actor ? this.givenTo(actor) : undefined;
  }
}
