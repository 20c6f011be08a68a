import { announce } from "../api/hooks";
import { CombatRefusal } from "../combat/combat-refusal";
import { pairsLeaving } from "../combat/pairs";
import { requestCombatAction } from "../combat/query";
import { activeTableRuleset } from "../combat/rulesets";
import { ADVANCE_ACTION, roundAction, type TablePlanner, type TurnPlan } from "../combat/table-ruleset";
import { actingNow, groupsAfterPlan, storedGroups } from "../combat/turn-groups";
import { compareForTurns, type PlanUpdate, planToUpdate } from "../combat/turns";
import { serialised } from "./write-queue";

/**
 * The Combat of every ruleset (named for FANGS, the first): the phase and its
 * acting order live in `system`; the turn list holds each combatant once, the
 * acting order of the phase first. The world's ruleset plans each move of the
 * round (src/combat/table-ruleset.ts); this document only applies the plan.
 * Round, phase and turn change only on a GM's client, each as ONE update
 * that carries the per-combatant resets with it; a player's request goes to
 * the active GM (src/combat/request.ts).
 */

/**
 * How a plan moves the round: Foundry's start, a step forward, a step back
 * (Previous turn), or the repair after a combatant left (no step at all).
 */
export type PlanStep = "start" | "forward" | "back" | "leave";

/**
 * What Foundry's own startCombat, nextTurn, nextRound and previousTurn do
 * before their update, so modules listening to Foundry's hooks hear the
 * system's rounds: `combatStart` (combat, updateData) on the start; `combatRound` for
 * a new round and `combatTurn` for any other step, each with (combat,
 * updateData, updateOptions) where the options carry `direction` (1 or -1)
 * and `advanceTime`, the seconds of world time the update advances:
 * CONFIG.time.roundTime for a round, CONFIG.time.turnTime for a turn
 * (Foundry VTT v13 API: hookEvents.combatStart, hookEvents.combatRound,
 * hookEvents.combatTurn, CONFIG.time). The hooks fire on the writing client
 * only, as Foundry's do; the data and options may be changed by a listener.
 */
/** The options of a plan's update: Foundry's step options, and whether it starts a round for FANGS's own listeners. */
interface StepOptions {
  direction: 1 | -1;
  advanceTime: number;
  fangs?: { newRound: boolean };
}

function announceStep(
  combat: FangsCombat,
  plan: TurnPlan,
  step: PlanStep,
  update: PlanUpdate,
  options: StepOptions,
): void {
  if (step === "leave") return;
  // The hooks' types say `turn` is a number; a FANGS plan may leave it null, as a Combat's own data may be.
  const data = update as PlanUpdate & { turn: number };
  if (step === "start") {
    Hooks.callAll("combatStart", combat, data);
    return;
  }
  const time = CONFIG.time;
  const sign = step === "back" ? -1 : 1;
  if (plan.newRound) {
    options.advanceTime = sign * (time?.roundTime ?? 0);
    Hooks.callAll("combatRound", combat, data, options);
  } else {
    options.advanceTime = sign * (time?.turnTime ?? 0);
    Hooks.callAll("combatTurn", combat, data, options);
  }
}

/** Whether an update moves the round: its round, turn or system (phase and order). */
function movesTheRound(changed: object): boolean {
  return "round" in changed || "turn" in changed || "system" in changed;
}

function notify(refusal: unknown): void {
  if (refusal instanceof CombatRefusal) {
    const data = Object.fromEntries(Object.entries(refusal.data).map(([k, v]) => [k, String(v)]));
    ui.notifications?.warn(game.i18n!.format(refusal.key, data));
    return;
  }
  throw refusal;
}

export class FangsCombat<SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  /** The rank of each id in the phase order, set only while `setupTurns` sorts. */
  static #rank: ReadonlyMap<string, number> | null = null;

  /**
   * A combat by its id, on whatever scene: an exchange card keeps the id of
   * the combat it was made in, and the GM's client may be viewing another
   * scene (where `game.combat` is another combat, or none). Null for no id.
   */
  static withId(id: string | null | undefined): Combat.Implementation | null {
    if (!id) return null;
    return (game.combats?.get(id) as Combat.Implementation | undefined) ?? null;
  }

  /** The current phase, one of the active ruleset's (FANGS: initiative, missile, melee or postMelee). */
  get phase(): string {
    return activeTableRuleset().roundPointer(this).phase;
  }

  /** Ids acting in this phase, in order. */
  get phaseOrder(): readonly string[] {
    return activeTableRuleset().roundPointer(this).order;
  }

  /**
   * The combatants whose turn it is: the one Foundry's `combatant` names, or
   * the whole group acting at once with it (src/combat/turn-groups.ts).
   */
  get actingIds(): readonly string[] {
    return actingNow(this);
  }

  override setupTurns(): Combatant.Implementation[] {
    FangsCombat.#rank = new Map(this.phaseOrder.map((id, i) => [id, i]));
    try {
      return super.setupTurns();
    } finally {
      FangsCombat.#rank = null;
    }
  }

  /**
   * Foundry re-sorts `turns` when combatants or initiatives change, not when
   * only the round, turn or `system` does; here a phase's order lives in
   * `system`, so a phase that opens with no combatant written (the Missile
   * phase) would leave the turn pointing at the previous order's fighter.
   * Every client sorts again before Foundry's own handling, so the turn
   * marker, the sound and `combatTurnChange` follow the fighter the plan
   * names. Only `turns` is replaced: Foundry reads the current combatant
   * from it in its own `_onUpdate`.
   */
  protected override _onUpdate(
    changed: Combat.UpdateData,
    options: Combat.Database.OnUpdateOperation,
    userId: string,
  ): void {
    if (movesTheRound(changed)) {
      FangsCombat.#rank = new Map(this.phaseOrder.map((id, i) => [id, i]));
      try {
        this.turns = this.combatants.contents.sort(this._sortCombatants);
      } finally {
        FangsCombat.#rank = null;
      }
    }
    super._onUpdate(changed, options, userId);
  }

  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    return compareForTurns(a, b, FangsCombat.#rank);
  }

  /* -------------------------------------------- */
  /*  Turn flow                                   */
  /* -------------------------------------------- */

  /**
   * Applies a plan as ONE update, then lets the ruleset follow it up
   * (`afterPlan`) and, for a new round, do its round's start (`roundStart`;
   * FANGS: token icons, the dying's loss, the round's impale damage).
   */
  async applyPlan(plan: TurnPlan, step: PlanStep = "forward"): Promise<this> {
    this.#plansApplied += 1;
    const ids = this.combatants.map((c) => c.id!);
    const changes = new Map(plan.combatants.map((c) => [c._id, c.system]));
    const table = activeTableRuleset();
    const before = { round: this.round, turn: this.turn, phase: this.phase, order: this.phaseOrder };
    const groups = groupsAfterPlan(plan, before, storedGroups(this));
    const update = planToUpdate(plan, ids, table.records?.after(this.combatants, changes, plan), groups);
    const options: StepOptions = { direction: step === "back" ? -1 : 1, advanceTime: 0 };
    announceStep(this, plan, step, update, options);
    options.fangs = { newRound: plan.newRound };
    await this.update(update, options);
    const self = this as unknown as Combat.Implementation;
    await table.afterPlan?.(self, plan);
    if (plan.newRound && step !== "back") {
      await table.roundStart?.(self, plan);
      // Once the new round's resets, notes and round-start work are written: what a module sees is the round as it starts.
      announce("roundStart", this, this.round);
    }
    return this;
  }

  /** Plans applied on this client: tells a deletion's follow-up whether the round was written since. */
  #plansApplied = 0;

  /**
   * Runs a round action after the GM-side writes still running on this
   * client (src/documents/write-queue.ts). Only the active GM's client writes
   * the round, so this keeps two clicks, or a click and a player's request,
   * from planning from the same state and both applying it (a new round's
   * notes and round-start work twice, FANGS: its impale damage), and keeps
   * the round's resets and round-start work from interleaving with an exchange writing the same combatant or
   * actor. The work must not queue again (it would wait for itself).
   */
  inTurn<T>(work: () => Promise<T>): Promise<T> {
    return serialised(work);
  }

  #roundPointer(): string {
    return `${this.round}:${this.turn}:${this.phase}`;
  }

  #gmOnly(): boolean {
    if (game.user?.isGM) return true;
    ui.notifications?.warn(game.i18n!.localize("FANGS.Combat.Refusal.GmOnly"));
    return false;
  }

  /**
   * Plans with the active ruleset's turn planner (loaded on the first turn a
   * GM advances) and applies the plan.
   */
  async #run(
    make: (planner: TablePlanner<unknown>, state: unknown) => TurnPlan,
    step: PlanStep = "forward",
  ): Promise<this> {
    const clicked = this.#roundPointer();
    return this.inTurn(async () => {
      // A second click on a round that has moved since (a double click) is not a second order.
      if (this.#roundPointer() !== clicked) return this;
      return this.#plan(make, step);
    });
  }

  async #plan(
    make: (planner: TablePlanner<unknown>, state: unknown) => TurnPlan,
    step: PlanStep,
  ): Promise<this> {
    const table = activeTableRuleset();
    const planner = await table.loadPlanner();
    let plan: TurnPlan;
    try {
      plan = make(planner, table.readState(this));
    } catch (error) {
      notify(error);
      return this;
    }
    return this.applyPlan(plan, step);
  }

  override async startCombat(): Promise<this> {
    if (!this.#gmOnly()) return this;
    return this.#run((p, state) => p.start(state), "start");
  }

  /**
   * The GM's Next turn moves past the whole group acting at once; a player's
   * End turn ends the part of the group's members it owns, and the turn moves
   * on once every member has ended (`performAction`).
   */
  override async nextTurn(): Promise<this> {
    if (!game.user?.isGM) {
      const group = this.actingIds;
      const user = game.user;
      const mine =
        group.length > 1 && user
          ? group.filter((id) => this.combatants.get(id)?.testUserPermission(user, "OWNER"))
          : [];
      await requestCombatAction(this, "advance", mine);
      return this;
    }
    return this.#run((p, state) => p.nextTurn(state));
  }

  override async nextRound(): Promise<this> {
    if (!this.#gmOnly()) return this;
    return this.#run((p, state) => p.nextRound(state));
  }

  override async previousTurn(): Promise<this> {
    if (!this.#gmOnly()) return this;
    return this.#run((p, state) => p.previousTurn(state), "back");
  }

  override async previousRound(): Promise<this> {
    if (!this.#gmOnly()) return this;
    ui.notifications?.warn(game.i18n!.localize("FANGS.Combat.Refusal.NoRewind"));
    return this;
  }

  /**
   * Foundry's own initiative controls (roll, reroll, reset) would write
   * initiatives and the turn behind the round plan's back: the round's order
   * comes from the ruleset (NC-RND-2, -3: AG, or d20 + AG each new round).
   */
  override async rollInitiative(): Promise<this> {
    ui.notifications?.warn(game.i18n!.localize("FANGS.Combat.Refusal.InitiativeByRules"));
    return this;
  }

  override async resetAll(): Promise<this> {
    ui.notifications?.warn(game.i18n!.localize("FANGS.Combat.Refusal.InitiativeByRules"));
    return this;
  }

  /**
   * Carries out a round action on the GM's client and returns the refusal,
   * if any, instead of showing it: a player's request sends it back to the
   * player (src/combat/request.ts). Callers run it inside `inTurn`.
   */
  async performAction(
    action: string,
    combatantIds: readonly string[],
    data?: unknown,
  ): Promise<CombatRefusal | null> {
    const table = activeTableRuleset();
    const definition = roundAction(table, action);
    // A round action the world's ruleset does not have (a ruleset without holds) is refused.
    if (!definition) return new CombatRefusal("FANGS.Combat.Refusal.NotInRuleset");
    const self = this as unknown as Combat.Implementation;
    const denied = definition.authorize?.(self, combatantIds, data) ?? null;
    if (denied) return denied;
    if (definition.perform) return definition.perform(self, combatantIds, data);
    const planner = await table.loadPlanner();
    let plan: TurnPlan;
    try {
      const state = table.readState(this);
      const act = planner.actions?.[action];
      if (action === ADVANCE_ACTION) {
        if (await this.#endGroupPart(combatantIds)) return null;
        plan = planner.nextTurn(state);
      } else if (act) plan = act(state, combatantIds, data);
      else return new CombatRefusal("FANGS.Combat.Refusal.NotInRuleset");
    } catch (error) {
      if (error instanceof CombatRefusal) return error;
      throw error;
    }
    await this.applyPlan(plan);
    await definition.afterPlan?.(self, combatantIds, data);
    return null;
  }

  /**
   * Members of the group acting at once end their part: true when others of
   * the group still act (their ends are written and the turn stays), false
   * when the turn should move on (no group, none named, or all have ended).
   */
  async #endGroupPart(combatantIds: readonly string[]): Promise<boolean> {
    const group = this.actingIds;
    if (group.length < 2 || combatantIds.length === 0) return false;
    const ended = new Set(storedGroups(this).ended);
    for (const id of combatantIds) if (group.includes(id)) ended.add(id);
    if (group.every((id) => ended.has(id))) return false;
    await this.update({ system: { groupEnded: group.filter((id) => ended.has(id)) } });
    return true;
  }

  /** NC-RND-4: the combatant holds its action (through the GM for a player). */
  async holdAction(combatantId: string): Promise<this> {
    if (!game.user?.isGM) {
      await requestCombatAction(this, "hold", [combatantId]);
      return this;
    }
    const refusal = await this.inTurn(() => this.performAction("hold", [combatantId]));
    if (refusal) notify(refusal);
    return this;
  }

  /** NC-RND-4 … -6: holders act now; two or more roll off. */
  async breakHold(combatantIds: readonly string[]): Promise<this> {
    if (!game.user?.isGM) {
      await requestCombatAction(this, "breakHold", combatantIds);
      return this;
    }
    const refusal = await this.inTurn(() => this.performAction("breakHold", combatantIds));
    if (refusal) notify(refusal);
    return this;
  }

  /* -------------------------------------------- */
  /*  Lifecycle                                   */
  /* -------------------------------------------- */

  /**
   * Combatants deleted mid-round leave the phase's order. Foundry keeps `turn`
   * on the same combatant in its turn list, which no longer lines up with an
   * order that still lists the deleted ids (the tracker would show another
   * combatant's turn, or none, and Next turn repeat one). The active GM writes
   * the order without them and the turn where the round stood.
   */
  protected override _onDeleteDescendantDocuments(
    ...args: Parameters<Combat<SubType>["_onDeleteDescendantDocuments"]>
  ): void {
    const before = { turn: this.turn, order: [...this.phaseOrder] };
    super._onDeleteDescendantDocuments(...args);
    if (args[1] !== "combatants" || !game.users?.activeGM?.isSelf) return;
    // What a leaver shared with another fighter (range, a hold) goes with it.
    const left = (args[3] as readonly string[] | undefined) ?? [];
    if (pairsLeaving(this, left)) {
      void this.inTurn(async () => {
        const gone = pairsLeaving(this, left);
        if (gone) await this.update(gone as never);
      });
    }
    if (before.order.every((id) => this.combatants.has(id))) return;
    const plansBefore = this.#plansApplied;
    void this.inTurn(async () => {
      // A round action queued first wrote turn and order together: that pointer is where the round stands.
      const pointer =
        this.#plansApplied === plansBefore ? before : { turn: this.turn, order: [...this.phaseOrder] };
      if (pointer.order.every((id) => this.combatants.has(id))) return;
      const table = activeTableRuleset();
      const planner = await table.loadPlanner();
      if (!planner.leave) return;
      let plan: TurnPlan;
      try {
        plan = planner.leave(table.readState(this), pointer);
      } catch (error) {
        notify(error);
        return;
      }
      await this.applyPlan(plan, "leave");
    });
  }

  protected override _onDelete(options: Combat.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    // The end of combat takes the round's markers off every token (FANGS: maneuver icons); one client does it.
    if (!game.users?.activeGM?.isSelf) return;
    void activeTableRuleset().leaving?.([...this.combatants]);
  }
}

export { compareForTurns, planToUpdate };
