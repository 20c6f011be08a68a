import { onHotbarDrop } from "../apps/attack/hotbar";
import { attackWithItem, startAttack, takeFreeAttack } from "../apps/attack/start-attack";
import { registerAttackHud } from "../apps/attack/token-hud";
import { registerExchangeSettings } from "../config/exchange-settings";
import { applyEffects, revertDeltas, stuckWeapons } from "./apply-effects";
import { registerQueries, requestStep, setStepRunner } from "./authority";
import { recordNewAttack, runStep } from "./exchange-flow";
import { ExchangeMessageData } from "./exchange-model";
import {
  loadExchangeTemplate,
  refreshCardsFor,
  renderExchangeMessage,
  setFreeAttackStarter,
} from "./exchange-render";

/**
 * The exchange chat card: the `exchange` ChatMessage subtype, its queries to
 * the active GM, its rendering and buttons, and the ways to start an attack
 * (sheet, hotbar macro, Token HUD). `registerExchange` is called once, in
 * `init`.
 */

/** What other parts of the system (and macros, through `game.system.api.exchange`) call. */
export const exchangeApi = Object.freeze({
  /** Starts an attack with an actor's weapon: `startAttack(actor, weaponId, { event })`. */
  startAttack,
  /** The hotbar macro's entry: `attackWithItem(weaponUuid, { event })`. */
  attackWithItem,
  /** Applies rules Effects on the active GM's client and returns the exact deltas. */
  applyEffects,
  /** Reverts recorded deltas. */
  revertDeltas,
  /** Weapons stuck in an actor (impaling). */
  stuckWeapons,
  /** Sends a step of an exchange card to the authority. */
  requestStep,
});

export function registerExchange(): void {
  Object.assign(CONFIG.ChatMessage.dataModels, { exchange: ExchangeMessageData });
  registerExchangeSettings();
  registerQueries();
  setStepRunner(runStep);
  setFreeAttackStarter(takeFreeAttack);
  Hooks.on("renderChatMessageHTML", renderExchangeMessage as never);
  Hooks.on("hotbarDrop", onHotbarDrop as never);
  // Returns the promise (Foundry ignores it), so a test can wait for the count.
  Hooks.on("createChatMessage", ((message: ChatMessage.Implementation) => recordNewAttack(message)) as never);
  Hooks.on("updateCombatant", ((combatant: Combatant.Implementation) => {
    const uuid = combatant.actor?.uuid;
    if (uuid) refreshCardsFor(uuid);
  }) as never);
  Hooks.once("setup", () => void loadExchangeTemplate());
  registerAttackHud();
  const system = game.system as unknown as { api?: Record<string, unknown> } | undefined;
  if (system) system.api = { ...(system.api ?? {}), exchange: exchangeApi };
}

export { startAttack } from "../apps/attack/start-attack";
export { applyEffects, revertDeltas, stuckWeapons } from "./apply-effects";
