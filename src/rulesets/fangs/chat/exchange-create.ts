import { announce, frozen } from "../../../api/hooks";
import { addCardReaders, playerOwnersOf } from "../../../chat/card-roll-modes";
import type { StepDice } from "../../../chat/card-steps";
import { foundryDie, rollsOf } from "../../../chat/foundry-dice";
import { type RollOneDie, runWithDice } from "../../../chat/replay-dice";
import { actorAt } from "../../../documents/uuid";
import { applyEffects } from "../../../effects/apply-effects";
import { shieldStrikeDamage } from "../../../rules/fangs/defenses";
import { thrownWeaponEffects } from "../../../rules/fangs/fumble";
import { decideOutcome, defenseFollows, rollAttack } from "../../../rules/fangs/outcome";
import type { AttackDeclaration } from "../../../rules/fangs/types";
import { RulesError } from "../../../rules/kernel/errors";
import { rulesOptions } from "../config/settings";
import { rulesErrorKey } from "./defense-options";
import { chargeOffer, combatOfAttacker, countNewAttack } from "./exchange-flow";
import {
  type AttackSetup,
  createAttacked,
  createDeclined,
  type ExchangeState,
  type NewExchange,
  type PartyRef,
  type SpecialDefenseRecord,
  type WeaponRef,
} from "./exchange-state";
import { attackerProfile, FactsError, weaponProfile, weaponSkill } from "./facts";

/**
 * Rolls an attack and posts its exchange card, on the active GM's client:
 * the GM is the card's author, so no player can edit it afterwards
 * (docs/security.md). Everything the later steps need goes on the message:
 * who, with what, the declaration the rules core built from the documents,
 * the dice. What the attack may be is decided before, from the documents, on
 * the same client (src/rulesets/fangs/apps/attack/start-attack.ts `planAttack`).
 */

export interface AttackPlan {
  readonly attacker: Actor.Implementation;
  readonly attackerToken: TokenDocument.Implementation | null;
  readonly weapon: Item.Implementation;
  readonly target: PartyRef;
  readonly setup: AttackSetup;
  /** A Retreat or Disengage answered before rolling (src/rules/fangs/special-defenses.ts), or null. */
  readonly special: SpecialDefenseRecord | null;
  readonly rollMode: string;
}

export type CreateResult =
  | { readonly ok: true; readonly state: ExchangeState; readonly message: ChatMessage.Implementation | null }
  | { readonly ok: false; readonly key: string; readonly data: Readonly<Record<string, string>> };

/** The exchange's first state, from the plan: the attack rolled (or declined) with real dice. */
export async function firstState(
  plan: AttackPlan,
  userId: string,
  rollDie: RollOneDie,
): Promise<{ state: ExchangeState; dice: StepDice[] }> {
  const weapon = plan.weapon;
  const profile = weaponProfile(weapon, shieldStrikeDamage(rulesOptions()));
  const weaponRef: WeaponRef = {
    itemId: weapon.id ?? "",
    name: weapon.name ?? "",
    img: weapon.img ?? "",
    kind: profile.kind,
    damage: profile.damage,
    impales: profile.impales,
  };
  const declaration: AttackDeclaration = {
    attacker: attackerProfile(plan.attacker),
    weapon: profile,
    skill: weaponSkill(plan.attacker, weapon),
    modifiers: plan.setup.totalModifiers,
    extraDamageModifier: plan.setup.trades.extraDamageModifier,
    mode: plan.setup.mode,
    subdual: plan.setup.subdual,
    ...(plan.setup.shot !== undefined && plan.setup.shot > 1 ? { shot: plan.setup.shot } : {}),
    ...(plan.setup.aimBonus !== undefined && plan.setup.aimBonus > 0
      ? { aimBonus: plan.setup.aimBonus }
      : {}),
    ...(plan.setup.areaFire === true ? { areaFire: true } : {}),
  };
  const init: NewExchange = {
    rollMode: plan.rollMode,
    attacker: {
      actorUuid: plan.attacker.uuid,
      tokenUuid: plan.attackerToken?.uuid ?? null,
      name: plan.attackerToken?.name ?? plan.attacker.name ?? "",
      img: plan.attackerToken?.texture?.src ?? plan.attacker.img ?? "",
    },
    target: plan.target,
    weapon: weaponRef,
    setup: plan.setup,
    declaration,
    by: userId,
  };
  if (plan.special && !plan.special.result.mayAttack)
    return { state: createDeclined(init, plan.special), dice: [] };

  const attack = await runWithDice((d) => rollAttack(declaration, d, rulesOptions()), rollDie, "attack");
  if (defenseFollows(attack.value)) {
    const state = createAttacked(init, attack.value, null, "attackRolled", [attack.dice]);
    return { state: plan.special ? { ...state, special: plan.special } : state, dice: [attack.dice] };
  }
  // A failed or fumbled attack needs no defense: the rules' outcome comes now (a fumble's Luck roll with it).
  const outcome = await runWithDice(
    (d) => decideOutcome(attack.value, null, d, rulesOptions()),
    rollDie,
    "outcome",
  );
  const stage = outcome.value.kind === "attackFumbled" ? "fumbled" : "resolved";
  const dice = [attack.dice, outcome.dice];
  let state = createAttacked(init, attack.value, outcome.value, stage, dice);
  if (stage === "resolved") {
    const offer = await chargeOffer(state, []);
    if (offer) state = { ...state, freeAttack: { ...offer, taken: false } };
  }
  return { state: plan.special ? { ...state, special: plan.special } : state, dice };
}

type RollMode = Parameters<typeof ChatMessage.applyRollMode>[1];

/** One of Foundry's roll modes (a module may add some); the card is posted public otherwise. */
function isRollMode(mode: string): mode is RollMode {
  return Object.hasOwn(CONFIG.Dice.rollModes, mode);
}

/**
 * Rolls the attack, posts the card and counts the attack (GM only). A
 * refusal of the rules (a weapon under half SP) is a notice. `by` is the
 * user who asked for the attack (the card's history names them).
 */
export async function createExchange(
  plan: AttackPlan,
  options: {
    readonly by?: string;
    readonly rollDie?: RollOneDie;
    /** Count the attack on the attacker's round: false for area fire's cards after its first (one burst). */
    readonly count?: boolean;
  } = {},
): Promise<CreateResult> {
  if (!game.user?.isGM) return { ok: false, key: "FANGS.Chat.NoGM", data: {} };
  const userId = options.by ?? game.user.id ?? "";
  let first: { state: ExchangeState; dice: StepDice[] };
  try {
    first = await firstState(
      plan,
      userId,
      options.rollDie ?? foundryDie({ blind: plan.rollMode === "blindroll" }),
    );
  } catch (error) {
    if (error instanceof FactsError) return { ok: false, key: error.key, data: error.data };
    if (error instanceof RulesError) return { ok: false, key: rulesErrorKey(error), data: {} };
    throw error;
  }
  const { state, dice } = first;
  const data: ChatMessage.CreateData = {
    type: "exchange",
    // The card's parts are ObjectFields (src/rulesets/fangs/data/exchange-card.ts), whose types want an index signature.
    system: state as never,
    speaker: ChatMessage.getSpeaker({ actor: plan.attacker, token: plan.attackerToken ?? undefined }),
    content: `<p>${foundry.utils.escapeHTML(state.attacker.name)} → ${foundry.utils.escapeHTML(state.target.name)} (${foundry.utils.escapeHTML(state.weapon.name)})</p>`,
    rolls: rollsOf(dice, "FANGS"),
  };
  ChatMessage.applyRollMode(data, isRollMode(plan.rollMode) ? plan.rollMode : "publicroll");
  // A private GM roll is seen by the GMs and by whoever rolled it; the GM posts it for the player who
  // asked and for the defender's owners, who answer it (a blind roll stays hidden from them).
  const defender = await actorAt(plan.target.actorUuid);
  addCardReaders(data, plan.rollMode, [userId, ...playerOwnersOf(defender)]);
  const message = (await ChatMessage.create(data)) ?? null;
  // This client made the card, so it counts the attack now: no other client does. The caller
  // holds the write queue (runStartAttack), so the check that allowed the attack and its count
  // are one step: two attacks started at once cannot both pass a cap of one.
  if (message && options.count !== false) await countNewAttack(message);
  // A thrown weapon has left the hand once the attack is rolled (the rules core's thrownWeaponEffects).
  if (message && state.stage !== "declined") {
    const thrown = thrownWeaponEffects(plan.attacker.uuid, {
      id: plan.weapon.id ?? "",
      kind: state.declaration.weapon.kind,
    });
    if (thrown.length > 0)
      await applyEffects(thrown, { combat: combatOfAttacker(plan.attacker, state.setup.combatId) });
  }
  if (message) announce("declareAttack", message, frozen(state));
  return { ok: true, state, message: message as ChatMessage.Implementation | null };
}
