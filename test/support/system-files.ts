import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { SYSTEM_PATH } from "../../src/config/system";

/** The repository root, where the installed system's files come from. */
export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** lang/en.json, flat as the repository keeps it. */
export const EN_LANG = JSON.parse(readFileSync(`${REPO_ROOT}lang/en.json`, "utf8")) as Record<string, string>;

/** Where a `systems/fangs/...` path of the running game lives in this repository. */
export function onDisk(systemPath: string): string {
  expect(systemPath.startsWith(`${SYSTEM_PATH}/`)).toBe(true);
  return `${REPO_ROOT}${systemPath.slice(SYSTEM_PATH.length + 1)}`;
}

/** The path is one of the system's own 64×64 SVG glyphs, with a title for screen readers. */
export function expectSvgGlyph(systemPath: string): void {
  const file = onDisk(systemPath);
  expect(existsSync(file), file).toBe(true);
  const svg = readFileSync(file, "utf8");
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"/);
  expect(svg).toMatch(/<title>[^<]+<\/title>/);
  expect(svg.trim().endsWith("</svg>")).toBe(true);
}
