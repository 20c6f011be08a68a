import { localize } from "../../config/localize";
import { documentAt } from "../../documents/uuid";
import { rulesetLabel, usableHere } from "../../rulesets/documents";
import { activeRulesetDefinition } from "../../rulesets/registry";

/**
 * Where every way of starting an attack (a sheet's button, a hotbar macro,
 * the Token HUD, `game.system.api.exchange.startAttack`) meets: it hands the
 * attack to the world's ruleset (`cards.attack` in its definition), which
 * makes its own card. An actor of another ruleset is refused here, and a
 * ruleset that names no attack says so.
 */

export interface AttackStartOptions {
  /** The click or key event (or a macro's `{ shiftKey: true }`): what the ruleset reads from it is its own. */
  readonly event?: Event | { readonly shiftKey?: boolean } | null;
  /** The attacking token (Token HUD); otherwise the ruleset finds the actor's. */
  readonly token?: TokenDocument.Implementation | null;
}

/** How a ruleset starts an attack (its definition's `cards.attack`). */
export interface RulesetAttack {
  /** Item types an attack is made with: dropped on the hotbar, one makes an attack macro. */
  readonly itemTypes: readonly string[];
  /** The items the Token HUD offers to attack with (FANGS: equipped weapons and shields). */
  readyItems?(actor: Actor.Implementation): Item.Implementation[];
  /** Starts it on the attacker's client; true once its card is posted. The ruleset makes its own checks. */
  start(actor: Actor.Implementation, itemId: string, options: AttackStartOptions): Promise<boolean>;
}

function worldAttack(): RulesetAttack | undefined {
  return activeRulesetDefinition().cards?.attack;
}

/** Starts an attack with one of the actor's items, by the world's ruleset. True when a card was posted. */
export async function startAttack(
  actor: Actor.Implementation,
  itemId: string,
  options: AttackStartOptions = {},
): Promise<boolean> {
  if (!usableHere(actor, "FANGS.Ruleset.Refusal.Attack")) return false;
  const attack = worldAttack();
  if (!attack) {
    ui.notifications?.warn(
      localize("FANGS.Ruleset.Refusal.NoAttack", { ruleset: rulesetLabel(activeRulesetDefinition().id) }),
    );
    return false;
  }
  return attack.start(actor, itemId, options);
}

/** Starts an attack from an item's UUID (the hotbar macro's call). */
export async function attackWithItem(itemUuid: string, options: AttackStartOptions = {}): Promise<boolean> {
  const item = await documentAt(itemUuid);
  if (!(item instanceof Item) || !item.actor) {
    ui.notifications?.warn(localize("FANGS.Chat.Error.NoWeapon"));
    return false;
  }
  return startAttack(item.actor as Actor.Implementation, item.id ?? "", options);
}

/** Whether an item of this type, dropped on the hotbar, makes an attack macro in this world. */
export function attacksWith(itemType: string): boolean {
  return worldAttack()?.itemTypes.includes(itemType) === true;
}

/** The items the Token HUD offers this actor to attack with in this world. */
export function readyAttackItems(actor: Actor.Implementation): Item.Implementation[] {
  return worldAttack()?.readyItems?.(actor) ?? [];
}
