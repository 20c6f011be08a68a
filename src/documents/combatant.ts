import { type AnyTableRuleset, getTableRuleset } from "../combat/table-ruleset";
import { combatantType, usableHere } from "../rulesets/documents";
import { rulesetOwning } from "../rulesets/registry";

/**
 * The Combatant of every ruleset (named for FANGS, the first). Its state is
 * its ruleset's Combatant subtype (`system`, the model its definition
 * names); its round's methods are its ruleset's (`round`: FANGS's
 * declaring and counting, src/rulesets/fangs/combat/combatant-round.ts).
 * This class only gives a new combatant the world's ruleset's type, keeps
 * another ruleset's actor out of the combat, and lets the ruleset tidy up
 * when a combatant leaves.
 */
export class FangsCombatant<
  SubType extends Combatant.SubType = Combatant.SubType,
> extends Combatant<SubType> {
  /** The combatant of an actor (or token actor) in a combat, the viewed one by default. */
  static of(
    actor: Actor.Implementation | null | undefined,
    combat: Combat.Implementation | null | undefined = game.combat as Combat.Implementation | null,
  ): Combatant.Implementation | null {
    if (!actor || !combat) return null;
    const found =
      actor.isToken && actor.token
        ? combat.getCombatantsByToken(actor.token)
        : combat.getCombatantsByActor(actor);
    return found[0] ?? null;
  }

  /**
   * A new combatant gets the Combatant subtype of the world's ruleset (its
   * state model; FANGS: `base`), whichever way it was made (the token's
   * combat toggle, the tracker, a macro): Foundry creates them all through
   * here and leaves the type out.
   */
  static override async createDocuments(data?: unknown[], operation?: unknown): Promise<never> {
    const type = combatantType();
    const typed = (data ?? []).map((entry) =>
      entry !== null && typeof entry === "object" && !(entry instanceof foundry.abstract.DataModel)
        ? { ...(entry as object), type: (entry as { type?: unknown }).type ?? type }
        : entry,
    );
    return (await super.createDocuments(typed as never, operation as never)) as never;
  }

  /**
   * An actor of a ruleset the world does not play stays out of its combats,
   * with a notice; so does a combatant of another ruleset's state type.
   */
  protected override async _preCreate(
    data: Combatant.CreateData,
    options: Combatant.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (!usableHere(this.actor, "FANGS.Ruleset.Refusal.Combatant")) return false;
    if (!usableHere(this, "FANGS.Ruleset.Refusal.Combatant")) return false;
    if (this.#alreadyFighting()) {
      ui.notifications?.warn(
        game.i18n.format("FANGS.Combat.Refusal.AlreadyFighting", { name: this.name ?? "" }),
      );
      return false;
    }
    return undefined;
  }

  /**
   * Whether its token (or, without a token, its actor) already has a
   * combatant in this combat. Every ruleset keys a fighter's round on its
   * combatant: a second one would declare, act and attack a second time.
   */
  #alreadyFighting(): boolean {
    const { tokenId, actorId } = this;
    return (this.combat?.combatants ?? []).some(
      (other) =>
        other !== this &&
        (tokenId ? other.tokenId === tokenId : !!actorId && !other.tokenId && other.actorId === actorId),
    );
  }

  /**
   * Its round in its ruleset's terms, for macros and modules (FANGS:
   * `FangsCombatantRound`: `declareManeuver`, `recordAttack`, …), from the
   * table of the ruleset owning its type; null when that ruleset gives none.
   * The ruleset's own code reads it through its typed accessor.
   */
  get round(): object | null {
    return this.#table()?.combatantRound?.(this as unknown as Combatant.Implementation) ?? null;
  }

  /** The table of the ruleset owning its type (its state's and its round's). */
  #table(): AnyTableRuleset | undefined {
    const ruleset = rulesetOwning("Combatant", this.type);
    return ruleset ? getTableRuleset(ruleset) : undefined;
  }

  protected override _onDelete(options: Combatant.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    // Leaving the combat takes the round's markers off its token (FANGS: maneuver icon, Holding); one client does it.
    if (!game.users?.activeGM?.isSelf) return;
    void this.#table()?.leaving?.([this as unknown as Combatant.Implementation]);
  }
}
