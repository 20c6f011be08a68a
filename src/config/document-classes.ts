import { ACTOR_DATA_MODELS, ITEM_DATA_MODELS } from "../data";
import { FangsActor } from "../documents/actor";
import { FangsCombat } from "../documents/combat";
import { FangsCombatant } from "../documents/combatant";
import { FangsItem } from "../documents/item";
import { defaultFangsConfig, fangsConfig } from "./fangs-config";

/**
 * What the entry file registers in `init`, gathered here so the test
 * stand-in and the pack validation configure Foundry exactly as the game does.
 */

/** Token bars: the two pools FANGS tracks (Stun first: it is the one that moves most). */
export const TRACKABLE_ATTRIBUTES = Object.freeze({
  bar: ["stunPoints", "hitPoints"],
  value: [],
});

export function configureDocuments(): void {
  CONFIG.Actor.documentClass = FangsActor;
  CONFIG.Item.documentClass = FangsItem;
  CONFIG.Combat.documentClass = FangsCombat;
  CONFIG.Combatant.documentClass = FangsCombatant;
  Object.assign(CONFIG.Actor.dataModels, ACTOR_DATA_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_DATA_MODELS);
  CONFIG.Actor.trackableAttributes = {
    character: { bar: [...TRACKABLE_ATTRIBUTES.bar], value: [] },
    creature: { bar: [...TRACKABLE_ATTRIBUTES.bar], value: [] },
  };
}

/**
 * Called at `setup`, once modules have extended CONFIG.FANGS in their `init`.
 * The FANGS conditions join Foundry's statuses, first (they are what the rules
 * set and clear), each in place of a core status with the same id ("dead",
 * "unconscious"). Core's others stay: CONFIG.specialStatusEffects points at
 * some of them (invisible, blind), and Foundry's vision and the tracker's
 * defeated toggle look them up there.
 */
export function configureStatusEffects(): void {
  const statuses = fangsConfig()?.statuses ?? defaultFangsConfig().statuses;
  const ours = new Set<string>(statuses.map((status) => status.id));
  const core = CONFIG.statusEffects.filter((status) => !ours.has(status.id));
  CONFIG.statusEffects = [...statuses.map((status) => ({ ...status })), ...core];
}

/** The actor and item type labels, as CONFIG.FANGS has them once modules had their `init`. */
export function configureTypeLabels(): void {
  const config = fangsConfig() ?? defaultFangsConfig();
  CONFIG.Actor.typeLabels = { ...CONFIG.Actor.typeLabels, ...config.actorTypes };
  CONFIG.Item.typeLabels = { ...CONFIG.Item.typeLabels, ...config.itemTypes };
}
