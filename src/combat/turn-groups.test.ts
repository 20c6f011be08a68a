import { describe, expect, it } from "vitest";
import { flattenTurnOrder } from "../rules/kernel/ruleset";
import { actingNow, groupOf, groupsAfterPlan, storedGroups, turnAfter, turnBefore } from "./turn-groups";

describe("turns taken at once, as stored", () => {
  const groups = [["al", "bo"]];
  const order = ["cy", "al", "bo", "di"];

  it("a ruleset's slots become one id each and the groups of two or more", () => {
    expect(flattenTurnOrder(["cy", ["al", "bo"], ["di"]])).toEqual({ order, groups });
  });

  it("the turn after a group's is past every member; a lone turn moves by one", () => {
    expect(turnAfter(order, groups, null)).toBe(0);
    expect(turnAfter(order, groups, 0)).toBe(1);
    expect(turnAfter(order, groups, 1)).toBe(3);
    expect(turnAfter(order, groups, 3)).toBe(4);
    expect(turnAfter(order, [], 1)).toBe(2);
  });

  it("the turn before a group's end is the group's first member; a lone turn moves back by one", () => {
    expect(turnBefore(order, groups, null)).toBe(0);
    expect(turnBefore(order, groups, 0)).toBe(0);
    expect(turnBefore(order, groups, 1)).toBe(0);
    expect(turnBefore(order, groups, 3)).toBe(1);
    expect(turnBefore(order, [], 3)).toBe(2);
    expect(turnBefore(order, groups, 4)).toBe(3);
  });

  it("who acts now is the current combatant's group; malformed stored groups read as none", () => {
    const combat = { combatant: { id: "al" }, system: { groups, groupEnded: ["bo"] } };
    expect(actingNow(combat)).toEqual(["al", "bo"]);
    expect(storedGroups(combat)).toEqual({ groups, ended: ["bo"] });
    expect(actingNow({ combatant: { id: "cy" }, system: { groups } })).toEqual(["cy"]);
    expect(actingNow({ combatant: null, system: { groups } })).toEqual([]);
    expect(storedGroups({ system: { groups: ["al", [3, "bo"], ["x"]], groupEnded: "bo" } })).toEqual({
      groups: [],
      ended: [],
    });
    expect(groupOf(groups, "bo")).toEqual(["al", "bo"]);
  });

  it("a plan writes groups only for a ruleset that forms them, keeps them while its order stands", () => {
    const before = { round: 1, turn: 1, phase: "act", order };
    const none = { groups: [], ended: [] };
    expect(groupsAfterPlan({ ...before }, before, none)).toBeNull();
    const stored = { groups, ended: ["bo"] };
    expect(groupsAfterPlan({ ...before }, before, stored)).toEqual({ groups, groupEnded: ["bo"] });
    expect(groupsAfterPlan({ ...before, turn: 3 }, before, stored)).toEqual({ groups, groupEnded: [] });
    expect(groupsAfterPlan({ ...before, phase: "declare" }, before, stored)).toEqual({
      groups: [],
      groupEnded: [],
    });
    expect(groupsAfterPlan({ ...before, round: 2, groups: [["cy", "di"]] }, before, stored)).toEqual({
      groups: [["cy", "di"]],
      groupEnded: [],
    });
  });
});
