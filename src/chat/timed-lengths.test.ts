import "../../test/foundry/setup";
import { describe, expect, it } from "vitest";
import { localize } from "../config/localize";
import type { AppliedDelta } from "./card-steps";
import { appliedTimedLines } from "./timed-lengths";

const timed = (length: { clock: "rounds" | "seconds"; amount: number } | undefined): AppliedDelta => ({
  kind: "timedStatus",
  actorUuid: "Actor.dara",
  effectId: "e1",
  timedStatus: "lunos.dying",
  endStatuses: {},
  labelKey: "FANGS.Status.Dead",
  ...(length ? { length } : {}),
});

describe("the lengths a card's Apply rolled", () => {
  const names = (uuid: string) => (uuid === "Actor.dara" ? "Dara" : "?");

  it("names the party, the status and its length, in rounds or in world time", () => {
    expect(
      appliedTimedLines(
        [
          timed({ clock: "rounds", amount: 1 }),
          timed({ clock: "rounds", amount: 4 }),
          timed({ clock: "seconds", amount: 300 }),
        ],
        names,
        localize,
      ),
    ).toEqual(["Dara: Dead, for 1 round", "Dara: Dead, for 4 rounds", "Dara: Dead, for 5 min"]);
  });

  it("says nothing of other changes, nor of a timed status applied before lengths were kept", () => {
    const pool: AppliedDelta = {
      kind: "status",
      actorUuid: "Actor.dara",
      status: "prone",
      before: false,
      after: true,
    };
    expect(appliedTimedLines([pool, timed(undefined)], names, localize)).toEqual([]);
  });
});
