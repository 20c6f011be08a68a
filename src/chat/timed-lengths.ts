import type { Localize } from "../config/localize";
import { timeText } from "../effects/timed-status-effects";
import type { AppliedDelta } from "./card-steps";

/**
 * The timed statuses a card's Apply put on, with the lengths rolled for
 * them ("Dara: Knocked out, for 4 rounds"): the length is rolled on the
 * GM's client as the card is applied, so the card is where the table
 * learns it. `nameOf` gives a party's name from its actor UUID.
 */
export function appliedTimedLines(
  deltas: readonly AppliedDelta[],
  nameOf: (actorUuid: string) => string,
  localize: Localize,
): string[] {
  const lines: string[] = [];
  for (const delta of deltas) {
    if (delta.kind !== "timedStatus" || !delta.length) continue;
    const { clock, amount } = delta.length;
    lines.push(
      localize("FANGS.Chat.AppliedTimed", {
        name: nameOf(delta.actorUuid),
        status: localize(delta.labelKey ?? delta.timedStatus),
        length:
          clock === "rounds"
            ? localize(amount === 1 ? "FANGS.TimedStatus.Round" : "FANGS.TimedStatus.Rounds", {
                count: amount,
              })
            : timeText(amount, localize),
      }),
    );
  }
  return lines;
}
