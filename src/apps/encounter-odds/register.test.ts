import "../../../test/foundry/setup";
import { describe, expect, it } from "vitest";
import { registerEncounterOdds } from "./index";

describe("Encounter odds in the scene controls", () => {
  it("adds its button to the token controls for the GM, through a hook registered with Hooks itself as `this`", () => {
    registerEncounterOdds();
    const controls = { tokens: { tools: {} as Record<string, { name?: string; button?: boolean }> } };
    const callAll = Hooks.callAll.bind(Hooks) as unknown as (hook: string, ...args: unknown[]) => boolean;
    callAll("getSceneControlButtons", controls);
    expect(controls.tokens.tools.fangsEncounterOdds).toMatchObject({
      name: "fangsEncounterOdds",
      button: true,
    });
  });
});
