import { type EffectKindDefinition, EffectSkip, registerEffectKind } from "../kernel/effect-kinds";
import type { NoteEffect } from "../kernel/effects";
import { setStatus, unsetStatus } from "../kernel/kernel-effect-kinds";
import type { FangsEffectSubject, LoseActionEffect, ProneEffect, StuckItemEffect } from "./effects";
import { WEAPON_DROPPED_NOTE } from "./fumble";

/**
 * FANGS's own effect kinds, registered as any ruleset's are (its
 * definition's `effectKinds`, src/rulesets/fangs/index.ts; the simulator,
 * which runs without Foundry, calls `registerFangsEffectKinds`). Their
 * effects keep the shapes FANGS's cards store (`kind: "stuckItem"`…,
 * effects.ts); they change a `FangsEffectSubject`.
 */

/** NC-DMG-11: a weapon left stuck changes no value of the party; the caller keeps it (the table as an effect). */
export const stuckItemKind: EffectKindDefinition<StuckItemEffect, FangsEffectSubject> = {
  id: "stuckItem",
  party: (effect) => effect.targetId,
  apply: () => ({}),
  invert() {},
};

/** A failed stun check: the party's next action is lost. */
export const loseActionKind: EffectKindDefinition<LoseActionEffect, FangsEffectSubject> = {
  id: "loseAction",
  apply(_effect, s) {
    const before = s.actionLost;
    s.actionLost = true;
    return { before };
  },
  invert(record, s) {
    if (s.actionLost) s.actionLost = record.before === true;
  },
};

/** A trip or a fall: the "prone" status, by the subject's word for it. */
export const proneKind: EffectKindDefinition<ProneEffect, FangsEffectSubject> = {
  id: "prone",
  apply: (_effect, s, _pools, rules) => setStatus(s, rules.statusAliases.prone ?? "prone", true),
  invert: (record, s) => unsetStatus(s, record),
};

/** A fumble's note that the weapon is dropped: the weapon goes out of hand (the table unequips it). */
export const weaponDroppedKind: EffectKindDefinition<NoteEffect, FangsEffectSubject> = {
  id: "weaponDropped",
  noteKey: WEAPON_DROPPED_NOTE,
  party: (effect) => String(effect.data.actorId ?? ""),
  apply(effect, s) {
    const itemId = String(effect.data.itemId ?? "");
    if (!s.items.has(itemId)) return new EffectSkip("unknown-item");
    const before = s.dropped.has(itemId);
    s.dropped.add(itemId);
    return { itemId, before };
  },
  invert(record, s) {
    if (record.before === false) s.dropped.delete(String(record.itemId));
  },
};

export const FANGS_EFFECT_KINDS: readonly EffectKindDefinition[] = Object.freeze([
  stuckItemKind,
  loseActionKind,
  proneKind,
  weaponDroppedKind,
]);

/** For the simulator and the rules tests, which run FANGS's effects without its Foundry definition. */
export function registerFangsEffectKinds(): void {
  for (const kind of FANGS_EFFECT_KINDS) registerEffectKind(kind);
}
