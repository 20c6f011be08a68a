import { allowedBy, announce, frozen } from "../../../api/hooks";
import { requestCombatAction } from "../../../combat/query";
import {
  type AttackCounter,
  type AttackSource,
  recordAttack as countAttack,
} from "../../../rules/fangs/attack-counter";
import {
  recordDefense as countDefense,
  type DefenseUsage,
  type Readying,
  readyingOf,
  recordOffHandAttack,
} from "../../../rules/fangs/defense-usage";
import { getManeuver, isManeuverId, type MoveFraction, movePaces } from "../../../rules/fangs/maneuvers";
import { canActFromHold } from "../../../rules/fangs/phase-order";
import type { AttackRestriction } from "../../../rules/fangs/special-defenses";
import type { DefenseChoice, ManeuverId, WeaponKind } from "../../../rules/fangs/types";
import { setManeuverStatus } from "./maneuver-status";
import { writeRound } from "./record";
import { actorFacts, combatantSystem, combatSystem, type FangsCombatantSystem } from "./snapshot";

export interface DeclareOptions {
  /** The weapon kind the attack uses; defaults to the main-hand weapon's. */
  readonly attackKind?: WeaponKind | null;
  /** Draw Weapon: which hand's item is being drawn or readied (NC-MAN-13, NC-MAN-20); null: not said. */
  readonly readying?: Readying | null;
}

/** What a declaration says, as the maneuver hooks are given it. */
export interface Declaration {
  readonly maneuver: string;
  readonly attackKind: string | null;
  readonly readying: string | null;
}

export interface MovementAllowance {
  readonly maneuver: ManeuverId;
  readonly fraction: MoveFraction;
  readonly paces: number;
}

/** An attack counted for the round (the rules core's AttackCounter takes it). */
export interface CountedAttack {
  readonly source: AttackSource;
  readonly kind: WeaponKind;
  readonly targetId: string;
  readonly offHand?: boolean;
}

function warn(key: string, data: Record<string, string> = {}): false {
  ui.notifications?.warn(game.i18n!.format(key, data));
  return false;
}

/** Whether a restriction can still apply in `round` or later (spent ones are dropped when writing). */
function stillDue(r: AttackRestriction, round: number): boolean {
  switch (r.kind) {
    case "noAttack":
    case "noChangeTarget":
      return r.round >= round;
    case "noCharge":
    case "noEngage":
      return r.untilRound >= round;
  }
}

/**
 * A FANGS combatant's round: maneuver, hold, defenses and attacks used,
 * trades, read back from the GM's record on the Combat
 * (./snapshot.ts, ./record.ts) and written through it. What the sheets, the
 * Token HUD, the tracker row and the exchange card call; macros reach it as
 * `combatant.round` (the table's `combatantRound`). A method a user may not
 * use refuses with a notification and changes nothing; none decides a rule
 * (the rules core does). The `record…` writers run on a client that may
 * write the round: the active GM's, inside its write queue
 * (docs/development.md). It keeps nothing of its own: each call reads the
 * combatant as it stands.
 */
export class FangsCombatantRound {
  constructor(readonly combatant: Combatant.Implementation) {}

  /** The round's data with defaults, whatever state the document is in. */
  get record(): FangsCombatantSystem {
    return combatantSystem(this.combatant);
  }

  /** Defenses used this round (the rules core's DefenseUsage). */
  get defenseUsage(): DefenseUsage {
    return this.record.defenses;
  }

  /** Attacks made this round (the rules core's AttackCounter). */
  get attackCounter(): AttackCounter {
    return this.record.attacks;
  }

  /** Parry and dodge moved by trades, until the next initiative. */
  get tradeShift(): { parry: number; dodge: number } {
    return this.record.tradeShift;
  }

  /** Retreat and Disengage restrictions on this attacker (NC-SPD-1 … -3), all rounds. */
  get restrictions(): AttackRestriction[] {
    return this.record.restrictions;
  }

  /** ¼, ½ or full MV in paces for the declared maneuver (the rules registry), or null when undeclared. */
  get movementAllowance(): MovementAllowance | null {
    const { maneuver } = this.record;
    if (maneuver === null) return null;
    const mv = Math.max(0, Math.trunc(actorFacts(this.combatant.actor).mv));
    return { maneuver, fraction: getManeuver(maneuver).move, paces: movePaces(maneuver, mv) };
  }

  /**
   * Whether this combatant may declare now: before the fight, in the
   * Initiative phase until its turn has passed, or when breaking its hold.
   * The GM always may. Returns the refusal key, or null.
   */
  declareRefusal(maneuverId: string, isGM = game.user?.isGM === true): string | null {
    if (!isManeuverId(maneuverId)) return "FANGS.Combat.Refusal.UnknownManeuver";
    if (!isGM && !this.combatant.isOwner) return "FANGS.Combat.Refusal.NotOwner";
    if (this.record.held) {
      const verdict = canActFromHold(maneuverId);
      if (!verdict.allowed) return verdict.reasonKey ?? "FANGS.Combat.Refusal.CannotHold";
    }
    return this.declareWindowRefusal(isGM);
  }

  /**
   * Whether the round still lets this combatant's maneuver be declared or
   * taken back: before the fight, in the Initiative phase until its turn has
   * passed, or while it holds. The same window for declaring and for clearing
   * (a maneuver taken back after its turn would be a new declaration). The GM
   * always may. Returns the refusal key, or null.
   */
  declareWindowRefusal(isGM = game.user?.isGM === true): string | null {
    const combat = this.combatant.combat;
    if (isGM || !combat || combat.round < 1 || this.record.held) return null;
    const { phase, order } = combatSystem(combat);
    if (phase !== "initiative") return "FANGS.Combat.Refusal.DeclareClosed";
    const at = order.indexOf(this.combatant.id ?? "");
    if (at >= 0 && combat.turn !== null && at < combat.turn) return "FANGS.Combat.Refusal.DeclareClosed";
    return null;
  }

  /**
   * Declares the maneuver for this round (tracker badge, Token HUD, sheet):
   * stored on the combatant, shown as ONE status icon on the token. Returns
   * false (with a notification, or silently when a `fangs.preDeclareManeuver`
   * listener cancelled) when refused.
   */
  async declareManeuver(maneuverId: ManeuverId | string, options: DeclareOptions = {}): Promise<boolean> {
    const combatant = this.combatant;
    const isGM = game.user?.isGM === true;
    const refusal = this.declareRefusal(maneuverId, isGM);
    if (refusal) return warn(refusal, { name: combatant.name ?? "" });
    const declaration: Declaration = {
      maneuver: maneuverId,
      attackKind: options.attackKind ?? null,
      readying: options.readying ?? null,
    };
    // The declarer's own client: a listener may keep the choice from being sent, nothing more.
    if (!allowedBy("preDeclareManeuver", combatant, frozen(declaration))) return false;
    const combat = combatant.combat;
    // A player may not be allowed to update combatants: the active GM writes the declaration.
    if (!isGM && combat?.id && combatant.id) {
      return requestCombatAction(combat, "declare", [combatant.id], {
        id: declaration.maneuver,
        attackKind: declaration.attackKind,
        readying: declaration.readying,
      });
    }
    const written = await this.writeDeclaration(declaration, isGM);
    if (written) return warn(written, { name: combatant.name ?? "" });
    return true;
  }

  /**
   * Checks and writes a declaration (on a GM's client, or a lone owner's out
   * of a combat document), then fires `fangs.declareManeuver` there. Returns
   * the refusal key, or null once written.
   */
  async writeDeclaration(declaration: Declaration, isGM: boolean): Promise<string | null> {
    const combatant = this.combatant;
    const refusal = this.declareRefusal(declaration.maneuver, isGM);
    if (refusal) return refusal;
    const maneuver = getManeuver(declaration.maneuver as ManeuverId);
    const facts = actorFacts(combatant.actor);
    const kind =
      maneuver.attacks > 0
        ? ((declaration.attackKind as WeaponKind | null) ?? facts.mainWeaponKind ?? "melee")
        : null;
    // Only Draw Weapon readies something, and it always says what (NC-MAN-20): what was asked when the
    // actor has it, else what it has to ready (readyingOf), so the item being drawn never parries.
    const readied =
      maneuver.id === "drawWeapon" ? readyingOf(declaration.readying, facts.readyingHoldings) : null;
    await writeRound(combatant, { maneuver: maneuver.id, attackKind: kind, readying: readied });
    if (combatant.actor) await setManeuverStatus(combatant.actor, maneuver.id);
    announce(
      "declareManeuver",
      combatant,
      frozen({ maneuver: maneuver.id, attackKind: kind, readying: readied }),
    );
    return null;
  }

  /** Takes the declaration back (GM, or the owner while it may still declare). */
  async clearManeuver(): Promise<boolean> {
    const combatant = this.combatant;
    const isGM = game.user?.isGM === true;
    if (!isGM && !combatant.isOwner) return warn("FANGS.Combat.Refusal.NotOwner");
    const closed = this.declareWindowRefusal(isGM);
    if (closed) return warn(closed, { name: combatant.name ?? "" });
    const combat = combatant.combat;
    // As a declaration: the active GM writes the combatant for a player.
    if (!isGM && combat?.id && combatant.id) return requestCombatAction(combat, "clear", [combatant.id]);
    await this.eraseDeclaration();
    return true;
  }

  /** Takes the declaration off the combatant and its token (on a GM's client). */
  async eraseDeclaration(): Promise<void> {
    await writeRound(this.combatant, { maneuver: null, attackKind: null, readying: null });
    if (this.combatant.actor) await setManeuverStatus(this.combatant.actor, null);
  }

  /** Counts one defense for the round. Returns the new usage. */
  async recordDefense(choice: DefenseChoice): Promise<DefenseUsage> {
    const next = countDefense(this.defenseUsage, choice);
    await writeRound(this.combatant, { defenses: { ...next } });
    return next;
  }

  /**
   * Counts one attack for the round. Returns the new counter. An attack with
   * the off-hand item (a left-hand weapon, a shield's bash) also spends that
   * item's parry as the rules core says (NC-ATK-9, NC-DEF-9).
   */
  async recordAttack(attack: CountedAttack): Promise<AttackCounter> {
    const next = countAttack(this.attackCounter, attack);
    const defenses = attack.offHand ? { defenses: { ...recordOffHandAttack(this.defenseUsage) } } : {};
    await writeRound(this.combatant, {
      attacks: {
        made: [...next.made],
        usedRanged: next.usedRanged,
        usedMelee: next.usedMelee,
        targets: [...next.targets],
      },
      ...defenses,
    });
    return next;
  }

  /** Adds a trade's defense modifiers (the rules core's TradeResult); they last until the next initiative. */
  async recordTrade(trade: {
    readonly parryModifier: number;
    readonly dodgeModifier: number;
  }): Promise<{ parry: number; dodge: number }> {
    const shift = this.tradeShift;
    const next = { parry: shift.parry + trade.parryModifier, dodge: shift.dodge + trade.dodgeModifier };
    await writeRound(this.combatant, { tradeShift: next });
    return next;
  }

  /**
   * Adds the restrictions a Retreat or Disengage answer left on this attacker
   * (NC-SPD-1 … -3, NC-MAN-16). Returns the stored list.
   */
  async recordRestrictions(added: readonly AttackRestriction[], round: number): Promise<AttackRestriction[]> {
    const next = [...this.restrictions, ...added].filter((r) => stillDue(r, round));
    await writeRound(this.combatant, { restrictions: next.map((r) => ({ ...r })) });
    return next;
  }

  /**
   * NC-MAN-2: the combatant dodged instead of its maneuver; the maneuver is
   * lost (retried next round) and the dodge is now what it performs this round.
   */
  async recordManeuverLost(lost: ManeuverId): Promise<void> {
    await writeRound(this.combatant, { lostManeuver: lost, maneuverPerformed: true });
  }

  /**
   * The holds module (RHF-HLD-3): tries to break free of the hold the GM
   * keeps on this combatant, on its own turn (NC-GRP-3): the active GM's
   * `breakFree` round action rolls it. False, with a notice, when refused.
   */
  async breakFree(): Promise<boolean> {
    const combat = this.combatant.combat;
    const id = this.combatant.id;
    if (!combat?.id || !id) return warn("FANGS.Combat.Refusal.UnknownCombatant");
    if (game.user?.isGM !== true) return requestCombatAction(combat, "breakFree", [id]);
    const refusal = await combat.inTurn(() => combat.performAction("breakFree", [id]));
    if (refusal)
      return warn(
        refusal.key,
        Object.fromEntries(Object.entries(refusal.data).map(([k, v]) => [k, String(v)])),
      );
    return true;
  }

  /** A lost action (a failed stun check, the rules core's LoseActionEffect): the next turn it would take is skipped. */
  async markActionLost(): Promise<void> {
    await writeRound(this.combatant, { actionLost: true });
  }
}

/** The FANGS round of a combatant: what FANGS's sheets, HUD, tracker row and cards call. */
export function fangsRound(combatant: Combatant.Implementation): FangsCombatantRound {
  return new FangsCombatantRound(combatant);
}
