import "../../test/foundry/setup";
import { describe, expect, it } from "vitest";
import { FANGS_HOOKS } from "./hooks";
import { registerApi } from "./system-api";

describe("game.system.api", () => {
  it("is one frozen object: the hooks' names, then each part as its folder registers it", () => {
    const rolls = Object.freeze({ rollCheckFor: async () => undefined });
    registerApi("rolls", rolls);
    const api = (game.system as unknown as { api: Record<string, unknown> }).api;
    expect(Object.isFrozen(api)).toBe(true);
    expect(api.hooks).toBe(FANGS_HOOKS);
    expect(api.rolls).toBe(rolls);
    registerApi("encounters", Object.freeze({ place: async () => null, list: async () => [] }));
    const after = (game.system as unknown as { api: Record<string, unknown> }).api;
    expect(Object.keys(after).sort()).toEqual(["encounters", "hooks", "rolls"]);
    expect(() => {
      (after as { rolls: unknown }).rolls = null;
    }).toThrow();
  });
});
