/**
 * WCAG AA contrast of what Sharene's exchange card and sheets draw in
 * colour (styles/sharene.css), in the light and the dark token sets of
 * styles/fangs.css: the body diagram's outline and the location hit, a
 * failed roll, a limb's state. Its style sheet names these colours only
 * through those tokens.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./render";

const fangsCss = readFileSync(join(REPO_ROOT, "styles", "fangs.css"), "utf8");
const shareneCss = readFileSync(join(REPO_ROOT, "styles", "sharene.css"), "utf8");

function tokens(name: string): Record<string, string> {
  const start = fangsCss.indexOf(`/* tokens: ${name} */`);
  if (start < 0) throw new Error(`no token block ${name}`);
  const open = fangsCss.indexOf("{", start);
  const close = fangsCss.indexOf("}", open);
  const out: Record<string, string> = {};
  for (const m of fangsCss.slice(open + 1, close).matchAll(/--fangs-([\w-]+)\s*:\s*(#[0-9a-fA-F]{6})\s*;/g))
    out[m[1]!] = m[2]!.toLowerCase();
  return out;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The declarations of one rule of sharene.css, by its selector. */
function rule(selector: string): string {
  const at = shareneCss.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no rule ${selector} in styles/sharene.css`);
  return shareneCss.slice(at, shareneCss.indexOf("}", at));
}

/** The token a declaration names: `stroke: var(--fangs-text-muted)` → "text-muted". */
function tokenOf(selector: string, property: string): string {
  const m = new RegExp(`(?:^|[\\s;{])${property}:[^;]*var\\(--fangs-([\\w-]+)\\)`).exec(rule(selector));
  if (!m) throw new Error(`${selector} sets no ${property} from a token`);
  return m[1]!;
}

const PART = ".fangs.sharene-card .sharene-body__part";
const HIT = ".fangs.sharene-card .sharene-body__part--hit";
const FAILED = ".fangs.sharene-card .sharene-card__roll--failed";
const USELESS = ".fangs.sharene .sharene-limb--useless .sharene-limb__state";
const SEVERED = ".fangs.sharene .sharene-limb--severed .sharene-limb__state";

/** [what, foreground (selector, property), ground: a token or a (selector, property), the ratio it needs]. */
const PAIRS: [string, [string, string], string | [string, string], number][] = [
  ["the body diagram's outline", [PART, "stroke"], "surface", 3],
  ["the body diagram's outline on the alternate ground", [PART, "stroke"], "surface-alt", 3],
  ["the location hit", [HIT, "fill"], "surface", 3],
  ["the location hit on the alternate ground", [HIT, "fill"], "surface-alt", 3],
  ["a failed roll's words", [FAILED, "color"], "surface", 4.5],
  ["a useless limb's state", [USELESS, "color"], [USELESS, "background"], 4.5],
  ["a severed limb's state", [SEVERED, "color"], [SEVERED, "background"], 4.5],
];

describe("Sharene's card and sheet colours", () => {
  it("the body diagram's parts are drawn as outlines, only the part hit filled", () => {
    expect(rule(PART)).toMatch(/fill:\s*none/);
    expect(tokenOf(HIT, "fill")).toBe("hp");
  });

  describe.each(["light", "dark"])("%s theme", (name) => {
    const t = tokens(name);
    const colour = (token: string) => {
      const value = t[token];
      if (!value) throw new Error(`token --fangs-${token} missing from the ${name} block`);
      return value;
    };
    it.each(PAIRS)("%s reaches its ratio", (_what, [selector, property], ground, ratio) => {
      const fg = colour(tokenOf(selector, property));
      const bg = colour(typeof ground === "string" ? ground : tokenOf(ground[0], ground[1]));
      expect(contrast(fg, bg)).toBeGreaterThanOrEqual(ratio);
    });
  });
});
