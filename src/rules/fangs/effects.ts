import type { EffectSubject } from "../kernel/apply";

/**
 * FANGS's own effect shapes, which its cards store as they are
 * (`kind: "stuckItem"`…), and the party its kinds change
 * (effect-kinds.ts). The kernel's `Effect` is open to them by declaration
 * merging, so FANGS's resolutions return one `Effect` list; the kernel
 * itself names none of them.
 */

/** A weapon left stuck in a body or an item (FANGS impaling). */
export interface StuckItemEffect {
  readonly kind: "stuckItem";
  /** Who wields the stuck weapon. */
  readonly ownerId: string;
  readonly itemId: string;
  /** Who it is stuck in. */
  readonly targetId: string;
  /** Stuck in the body, or in one of the target's items (a shield). */
  readonly inItemId: string | null;
  /** The damage formula rolled each round it stays in (null when stuck in an item). */
  readonly perRoundDamage: string | null;
}

/** A failed stun check: the party's next action is lost. */
export interface LoseActionEffect {
  readonly kind: "loseAction";
  readonly actorId: string;
  readonly reason: string;
}

/** A trip or a fall. */
export interface ProneEffect {
  readonly kind: "prone";
  readonly actorId: string;
}

declare module "../kernel/effects" {
  interface EffectShapes {
    readonly stuckItem: StuckItemEffect;
    readonly loseAction: LoseActionEffect;
    readonly prone: ProneEffect;
  }
}

/**
 * A party as FANGS's kinds change it: the kernel's pools, items and
 * statuses, and FANGS's own two values (the table keeps them on the
 * combatant and the items' Equipped box, the simulator on its fighters).
 */
export interface FangsEffectSubject extends EffectSubject {
  /** The next action is lost (a failed stun check). */
  actionLost: boolean;
  /** Items the effects put out of hand (a fumble's dropped weapon). */
  readonly dropped: Set<string>;
}
