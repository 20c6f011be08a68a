import "../../../../test/foundry/setup";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SYSTEM_PATH } from "../../../config/system";
import { MANEUVER_IDS } from "../../../rules/fangs/types";
import { FANGS } from "./labels";

const root = fileURLToPath(new URL("../../../..", import.meta.url));
const lang = JSON.parse(readFileSync(`${root}lang/en.json`, "utf8")) as Record<string, string>;

/** Where a `systems/fangs/...` path of the running game lives in this repository. */
function onDisk(systemPath: string): string {
  expect(systemPath.startsWith(`${SYSTEM_PATH}/`)).toBe(true);
  return `${root}${systemPath.slice(SYSTEM_PATH.length + 1)}`;
}

function expectSvgGlyph(systemPath: string): void {
  const file = onDisk(systemPath);
  expect(existsSync(file), file).toBe(true);
  const svg = readFileSync(file, "utf8");
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"/);
  expect(svg).toMatch(/<title>[^<]+<\/title>/);
  expect(svg.trim().endsWith("</svg>")).toBe(true);
}

describe("maneuver registry", () => {
  it.each(MANEUVER_IDS)("%s has a name in lang/en.json and an icon that exists", (id) => {
    const maneuver = FANGS.maneuvers[id];
    expect(maneuver.id).toBe(id);
    expect(lang[maneuver.label], maneuver.label).toBeTruthy();
    expectSvgGlyph(maneuver.icon);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(FANGS)).toBe(true);
    expect(Object.isFrozen(FANGS.maneuvers.attack)).toBe(true);
  });
});

describe("labels", () => {
  it("every label of the frozen configuration is in lang/en.json", () => {
    const groups = [
      FANGS.actorTypes,
      FANGS.itemTypes,
      FANGS.weaponHands,
      FANGS.weaponKinds,
      FANGS.skillCategories,
      FANGS.advantages,
    ];
    const missing = groups.flatMap((g) => Object.values(g)).filter((key) => !(key in lang));
    expect(missing).toEqual([]);
  });
});
