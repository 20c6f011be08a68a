import "../../../../test/foundry/setup";
import { describe, expect, it } from "vitest";
import { type LunosFight, startFight } from "../../../rules/lunos/round-engine";
import { statusesEnded } from "./status-sync";

/* What a move of the round ends on the tokens, worked out from the fights before and after (pure). */

const base = startFight(["al", "bo"]);
const withFighters = (patch: Record<string, object>, more: Partial<LunosFight> = {}): LunosFight => ({
  ...base,
  fighters: base.fighters.map((f) => ({ ...f, ...(patch[f.id] ?? {}) })),
  ...more,
});

describe("the statuses a move of the round ends", () => {
  it("LUN-GRP-3: a choke that ends stops its clock and the one after it: a victim it put out stays out without dying of it", () => {
    const choking = withFighters(
      { bo: { unconscious: true } },
      { grapples: [{ a: "al", b: "bo", pinnedBy: null, choke: { by: "al", victim: "bo", rounds: 9 } }] },
    );
    const ended = statusesEnded(
      choking,
      withFighters({ al: { unconscious: true }, bo: { unconscious: true } }),
      false,
    );
    expect(ended).toEqual([
      { id: "al", status: "grappled" },
      { id: "bo", status: "grappled" },
      { id: "bo", status: "choking" },
      { id: "bo", status: "unconscious", clockOnly: true },
    ]);
  });

  it("LUN-MNV-3: a stun renewed as the round ended stays; a spent one and every tag come off at the round's start only", () => {
    const before = withFighters({ al: { stunned: true } });
    expect(statusesEnded(before, withFighters({}), true)).toEqual([
      { id: "al", status: "tagged" },
      { id: "bo", status: "stunned" },
      { id: "bo", status: "tagged" },
    ]);
    expect(statusesEnded(before, before, false)).toEqual([]);
  });
});
