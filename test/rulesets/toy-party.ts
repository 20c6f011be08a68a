import type { TableSubject } from "../../src/effects/effect-plan";
import type { EffectKindDefinition } from "../../src/rules/kernel/effect-kinds";
import type { RulesetParty } from "../../src/rulesets/registry";
import { TOY_DAZED, TOY_HP } from "./toy-cards";

/**
 * The toy's part of the effect applier (`party` of its definition), as a
 * ruleset's own module would give it: its combatant's lost action is its
 * own field, `staggered`; its pool decides one status, dazed at 0 toyHp.
 * And "Stagger", a kind that takes a fighter's next action, which only
 * test/rulesets/toy-party.test.ts registers.
 */

type Loose = Record<string, unknown>;

/** The toy combatant's field for a lost action (its model, toy-ruleset.ts). */
export function toyPartyFields() {
  return { staggered: new foundry.data.fields.BooleanField({ required: true, initial: false }) };
}

/** What the applier asked of the toy, for the tests. */
export const toyPartyLog = { reads: 0, writes: [] as boolean[], statusAsks: 0 };

const staggered = (combatant: Combatant.Implementation) =>
  ((combatant.system ?? {}) as Loose).staggered === true;

export const toyParty: RulesetParty = {
  lostAction: {
    read(combatant) {
      toyPartyLog.reads += 1;
      return staggered(combatant);
    },
    async write(combatant, lost) {
      toyPartyLog.writes.push(lost);
      await combatant.update({ system: { staggered: lost } } as never);
    },
  },
  poolStatuses: {
    statuses: [TOY_DAZED],
    changes(_actor, before, after) {
      toyPartyLog.statusAsks += 1;
      const from = before[TOY_HP.name];
      const to = after[TOY_HP.name];
      if (from === undefined || to === undefined) return null;
      return (from === 0) === (to === 0) ? [] : [{ status: TOY_DAZED, active: to === 0 }];
    },
  },
};

/** "Stagger": the fighter loses its next action; its undo gives it back if this took it. */
export const toyStagger: EffectKindDefinition<{ kind: string }, TableSubject> = {
  id: "toyStagger",
  apply(_effect, subject) {
    const before = subject.actionLost;
    subject.actionLost = true;
    return { before };
  },
  invert(record, subject) {
    if (subject.actionLost) subject.actionLost = record.before === true;
  },
};
