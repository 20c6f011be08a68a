import { gmDamageApi } from "../apps/gm-damage";
import type { AppliedDelta } from "../chat/card-steps";
import { localize } from "../config/localize";
import { itemSystem, modelSystem } from "../data/views";
import { createDialogOfRuleset, documentRuleset, newActorToken, rulesetLabel } from "../rulesets/documents";
import { activeRulesetDefinition, getRulesetDefinition } from "../rulesets/registry";
import { updateOrRefuse } from "./refusal";

/** Points of Stun and HP, whole and not negative. */
export interface PoolPoints {
  readonly stunPoints?: number;
  readonly hitPoints?: number;
}

export interface PoolChangeOptions {
  /** The chat note goes to the GMs only (the default) or to everyone. */
  readonly whisper?: boolean;
}

/**
 * The system's actor, whatever its ruleset. Schema and derived values live
 * on each ruleset's data models; rules live in the rules cores. The
 * document keeps the workflow: refusing bad edits with a notice, small
 * look-ups the sheets need, and what macros and modules do to an actor
 * (damage, healing, a check), each through the same code as the system's
 * own buttons.
 */
export class FangsActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /**
   * The create dialog (sidebar, compendium) offers the world's ruleset's
   * actor types only; an actor of another ruleset is kept, not made anew.
   */
  static override async createDialog(...args: unknown[]): Promise<never> {
    // The helper returns what Foundry's dialog returns; the override's type is Foundry's.
    return (await createDialogOfRuleset("Actor", super.createDialog as never, this, args)) as never;
  }

  /** A new actor's token shows its ruleset's bars to its owners, unless the creation data says otherwise. */
  protected override async _preCreate(
    data: Actor.CreateData,
    options: Actor.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    const token = newActorToken(this.type, data);
    if (token) this.updateSource({ prototypeToken: token } as Actor.UpdateData);
    return undefined;
  }

  /**
   * Damage outside a card (GM only), as the GM's damage tool applies it:
   * the rules core turns the points into pool changes and statuses, the one
   * effect applier writes them in the GM's write queue (so the damage hooks
   * fire), and a note is posted. Returns the exact changes, or null when
   * refused (with a notice).
   */
  async applyDamage(points: PoolPoints, options: PoolChangeOptions = {}): Promise<AppliedDelta[] | null> {
    return this.#changePools("damage", points, options);
  }

  /** Healing outside a card (GM only), up to each pool's maximum; as `applyDamage`. */
  async heal(points: PoolPoints, options: PoolChangeOptions = {}): Promise<AppliedDelta[] | null> {
    return this.#changePools("heal", points, options);
  }

  /** Through the GM's damage tool's own entry, which asks the actor's ruleset for the pools' rule. */
  async #changePools(
    direction: "damage" | "heal",
    points: PoolPoints,
    options: PoolChangeOptions,
  ): Promise<AppliedDelta[] | null> {
    return gmDamageApi.apply(
      {
        direction,
        scope: "both",
        stunPoints: points.stunPoints ?? 0,
        hitPoints: points.hitPoints ?? 0,
        visibility: options.whisper === false ? "public" : "gm",
      },
      [{ actor: this, name: this.name }],
    );
  }

  /**
   * Rolls a check as the sheet's button does and posts its card, by the
   * actor's ruleset (its definition's `rolls`; the world's for a type no
   * ruleset owns). FANGS's: `{ kind: "characteristic", id: "st",
   * multiplier: 1 }`, `{ kind: "attribute", id: "luck" }` or
   * `{ kind: "skill", itemId }` (docs/api.md). A ruleset without checks, or
   * a spec that names none of its checks, is refused with a notice.
   */
  async rollCheck(spec: unknown): Promise<void> {
    const ruleset = documentRuleset(this) ?? activeRulesetDefinition().id;
    const rolls = getRulesetDefinition(ruleset)?.rolls;
    const check: unknown = rolls ? rolls.readCheck(spec) : null;
    if (rolls && check !== null) return rolls.rollCheck(this, check);
    const key = rolls ? "FANGS.Ruleset.Refusal.NoSuchCheck" : "FANGS.Ruleset.Refusal.NoRolls";
    ui.notifications?.warn(localize(key, { name: this.name ?? "", ruleset: rulesetLabel(ruleset) }));
  }

  /** The actor's skill item with this key ("broadsword", "shieldParry"), if it has one. */
  skillByKey(key: string): Item.Implementation | undefined {
    if (!key) return undefined;
    return this.items.find((item) => itemSystem(item, "skill")?.key === key);
  }

  /**
   * A Token HUD edit of a bar. Foundry keeps a bar within 0..max, but Stun and
   * HP go below 0 (unconscious, dying, dead), so a bar this system's model
   * holds is kept within the model's own minimum for the value (none for the
   * pools) and the bar's max instead. A delta adds to the current value, a
   * plain number sets it, and the `modifyTokenAttribute` hook may still
   * change or cancel the update, as Foundry's does (Foundry VTT v13 API:
   * foundry.documents.Actor#modifyTokenAttribute, hookEvents.modifyTokenAttribute).
   */
  override async modifyTokenAttribute(
    attribute: string,
    value: number,
    isDelta = false,
    isBar = true,
  ): Promise<this | undefined> {
    const field = isBar ? this.#barValueField(attribute) : null;
    const current = foundry.utils.getProperty(this.system as object, attribute) as
      | { value?: unknown; max?: unknown }
      | undefined;
    if (!field || typeof current?.value !== "number")
      return super.modifyTokenAttribute(attribute, value, isDelta, isBar) as Promise<this | undefined>;
    const min = typeof field.min === "number" ? field.min : Number.NEGATIVE_INFINITY;
    const max = typeof current.max === "number" ? current.max : Number.POSITIVE_INFINITY;
    const next = Math.min(Math.max(isDelta ? current.value + value : value, min), max);
    const updates = { [`system.${attribute}.value`]: next };
    // The types list this core hook (hookEvents.modifyTokenAttribute) among the deprecated ones only.
    const hooks = Hooks as unknown as { call(hook: string, ...args: unknown[]): boolean };
    const allowed = hooks.call("modifyTokenAttribute", { attribute, value, isDelta, isBar }, updates, this);
    return allowed === false ? this : ((await this.update(updates)) as this | undefined);
  }

  /** The model's field for a bar's value (`stunPoints` → `stunPoints.value`), when this system models it. */
  #barValueField(attribute: string): { min?: unknown } | null {
    const field = modelSystem(this)?.schema.getField(`${attribute}.value`);
    return field && typeof field === "object" ? (field as { min?: unknown }) : null;
  }

  /** An invalid change is refused as a whole, with a notice (updateOrRefuse). */
  static override async updateDocuments(
    updates?: Actor.UpdateData[],
    operation?: Actor.Database.UpdateOperation,
  ): Promise<Actor.Implementation[]> {
    return updateOrRefuse("Actor", updates, operation, () => super.updateDocuments(updates, operation));
  }
}
