import { localize } from "../config/localize";
import { itemSystem } from "../data/views";
import {
  createDialogOfRuleset,
  documentRuleset,
  otherRulesetData,
  rulesetLabel,
} from "../rulesets/documents";
import { updateOrRefuse } from "./refusal";

/** "Shield Parry" → "shieldParry": the key a new skill or advantage gets from its name. */
export function keyFromName(name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
  const camel = words
    .map((word, i) =>
      i === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join("");
  return camel.replace(/^[^a-z]+/, "");
}

/** The FANGS item. Thin, like the actor: schema and derived values are on the data models. */
export class FangsItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  /** As FangsActor.createDialog: the world's ruleset's item types only. */
  static override async createDialog(...args: unknown[]): Promise<never> {
    // The helper returns what Foundry's dialog returns; the override's type is Foundry's.
    return (await createDialogOfRuleset("Item", super.createDialog as never, this, args)) as never;
  }

  /**
   * A skill or advantage created without a key takes one from its name, so
   * weapons can point at it right away. On an actor the key is made unique
   * among its items of that type ("newSkill2"): two skills added as "New
   * Skill" and renamed would otherwise share a key, and a weapon linked to
   * one would attack with the other.
   */
  protected override async _preCreate(
    data: Item.CreateData,
    options: Item.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (!this.#fitsOwner()) return false;
    const keyed = itemSystem(this, "skill") ?? itemSystem(this, "advantage");
    if (keyed?.key === "") {
      const key = keyFromName(this.name ?? "");
      if (key) this.updateSource({ system: { key: this.#freeKey(key) } } as Item.UpdateData);
    }
    // A natural weapon is always at hand (the rules core's weaponAtHand); on an actor its Equipped box
    // says so too, though the compendium's Fist and Kick are stored unequipped.
    const weapon = itemSystem(this, "weapon");
    if (weapon && this.parent && weapon.natural && !weapon.equipped) {
      this.updateSource({ system: { equipped: true } } as Item.UpdateData);
    }
  }

  /**
   * An item of one ruleset is not given to an actor of another (a FANGS
   * weapon dropped on a Lunos character): refused with a notice.
   */
  #fitsOwner(): boolean {
    const actor = this.parent;
    const ruleset = documentRuleset(this);
    const owner = documentRuleset(actor);
    if (!actor || ruleset === undefined || owner === undefined || ruleset === owner) return true;
    ui.notifications?.warn(
      localize("FANGS.Ruleset.Refusal.Item", {
        ...otherRulesetData(this, { ruleset, active: owner }),
        actor: actor.name ?? "",
        owner: rulesetLabel(owner),
      }),
    );
    return false;
  }

  /** `key`, or `key` with the first number that makes it unique among the owner's items of this type. */
  #freeKey(key: string): string {
    const taken = new Set<unknown>();
    for (const item of this.parent?.items ?? []) {
      if (item.type === this.type && item !== this)
        taken.add((itemSystem(item, "skill") ?? itemSystem(item, "advantage"))?.key);
    }
    if (!taken.has(key)) return key;
    let n = 2;
    while (taken.has(`${key}${n}`)) n += 1;
    return `${key}${n}`;
  }

  /** As FangsActor.updateDocuments: refused edits leave the item unchanged and say why. */
  static override async updateDocuments(
    updates?: Item.UpdateData[],
    operation?: Item.Database.UpdateOperation,
  ): Promise<Item.Implementation[]> {
    return updateOrRefuse("Item", updates, operation, () => super.updateDocuments(updates, operation));
  }
}
