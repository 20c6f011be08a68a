import type { DieResult } from "../rules/kernel/dice";

/**
 * What every ruleset's card step shares with the shared layers: the intent
 * a click sends (the authority, src/chat/authority.ts), the dice a step
 * consumed (the dice replay, replay-dice.ts and foundry-dice.ts) and the
 * exact changes an application made (the applier, src/effects/). A
 * ruleset's own card state (FANGS's: src/rulesets/fangs/chat/exchange-state.ts)
 * stores these beside its own records.
 */

/**
 * What a click asks of a card's step, before any die is rolled: its type,
 * and whatever else its ruleset reads (FANGS's exchange: `{ type: "defend",
 * choice }`; a flow with parsers: `{ type, data }`). Only the flow of the
 * card it names reads the rest (src/chat/card-flows.ts `readCardIntent`).
 */
export interface CardIntent {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** The dice one step consumed, in order: turned into Foundry Rolls for the message and Dice So Nice. */
export interface StepDice {
  readonly step: DiceStep;
  readonly dice: readonly DieResult[];
}
/**
 * A step's name, the ruleset's own (FANGS: attack, defense, outcome, damage,
 * fumble, consequences); stored on each Roll (`options.fangsStep`) and
 * labelled by the ruleset's keys (src/chat/foundry-dice.ts `stepLabelKey`).
 */
export type DiceStep = string;

/** One exact change made by an application, enough to revert it. See src/effects/apply-effects.ts. */
export type AppliedDelta =
  | {
      readonly kind: "pool";
      readonly actorUuid: string;
      /** A registered pool's name (FANGS: "stunPoints", "hitPoints"). */
      readonly pool: string;
      readonly before: number;
      readonly after: number;
    }
  | {
      readonly kind: "itemSp";
      readonly actorUuid: string;
      readonly itemId: string;
      readonly before: number;
      readonly after: number;
    }
  | {
      readonly kind: "equipped";
      readonly actorUuid: string;
      readonly itemId: string;
      readonly before: boolean;
      readonly after: boolean;
    }
  | {
      readonly kind: "status";
      readonly actorUuid: string;
      readonly status: string;
      readonly before: boolean;
      readonly after: boolean;
    }
  | {
      readonly kind: "stuck";
      readonly targetUuid: string;
      /** The ActiveEffect created on the target to carry the stuck weapon. */
      readonly effectId: string;
      readonly ownerUuid: string;
      readonly itemId: string;
      readonly inItemId: string | null;
    }
  | {
      readonly kind: "timedStatus";
      readonly actorUuid: string;
      /** The ActiveEffect created to carry it; the effects its chain puts on after it name it. */
      readonly effectId: string;
      /** The registered timed status's id. */
      readonly timedStatus: string;
      /** Each status its chain may put on when it runs out, and whether the actor had it before. */
      readonly endStatuses: Readonly<Record<string, boolean>>;
      /** How long it was put on for (rolled at Apply) and its name's lang key, for the card to say. */
      readonly length?: { readonly clock: "rounds" | "seconds"; readonly amount: number };
      readonly labelKey?: string;
    }
  | {
      readonly kind: "actionLost";
      readonly combatantUuid: string;
      readonly before: boolean;
      readonly after: boolean;
    };
