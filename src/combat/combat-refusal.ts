import { RulesError } from "../rules/kernel/errors";

/**
 * A round action the tracker refuses: `key` is the lang key shown to the
 * user, `data` fills it. Made by the Combat document for its own refusals,
 * and from the round engine's (`RulesError` "round-refused", see
 * src/rules/fangs/round-engine.ts) by `tableRefusal`; the Combat document
 * recognises it at start-up, so it lives apart from both.
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

/**
 * The tracker's words for a round engine's refusal: the rules' own key when
 * it gives one (a maneuver that may not be held), else
 * `FANGS.Combat.Refusal.<reason>`. Any other error is returned as it is.
 */
export function tableRefusal(error: unknown): unknown {
  if (!(error instanceof RulesError) || error.code !== "round-refused") return error;
  const { reason, name, reasonKey } = error.details as {
    reason?: string;
    name?: string;
    reasonKey?: string;
  };
  const key = typeof reasonKey === "string" ? reasonKey : `FANGS.Combat.Refusal.${String(reason)}`;
  return new CombatRefusal(key, name === undefined ? {} : { name });
}
