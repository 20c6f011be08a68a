/**
 * A round action the tracker refuses: `key` is the lang key shown to the
 * user, `data` fills it. Thrown by the turn planner (plan.ts, in FANGS's
 * heavy part, src/on-demand.ts) and recognised by the Combat document at
 * start-up, so it lives apart from both.
 */
export class CombatRefusal extends Error {
  override readonly name = "CombatRefusal";
  constructor(
    readonly key: string,
    readonly data: Readonly<Record<string, string | number>> = {},
  ) {
    super(key);
  }
}
