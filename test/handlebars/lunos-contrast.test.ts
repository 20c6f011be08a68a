/**
 * WCAG AA contrast of what Lunos's sheets draw (styles/lunos.css): a
 * filled dot against the sheet, an empty dot's ring, the health boxes'
 * borders and marks, a status glyph's tile, in the light and the dark token sets of
 * styles/fangs.css. Its style sheet names no colour of its own: every
 * colour is one of those tokens.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./render";

const fangsCss = readFileSync(join(REPO_ROOT, "styles", "fangs.css"), "utf8");
const lunosCss = readFileSync(join(REPO_ROOT, "styles", "lunos.css"), "utf8");

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

/** The declarations of one rule of lunos.css, by its selector. */
function rule(selector: string): string {
  const at = lunosCss.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no rule ${selector} in styles/lunos.css`);
  return lunosCss.slice(at, lunosCss.indexOf("}", at));
}

/** The token a declaration names: `border-color: var(--fangs-text)` → "text". */
function tokenOf(selector: string, property: string): string {
  const m = new RegExp(`(?:^|[\\s;{])${property}:[^;]*var\\(--fangs-([\\w-]+)\\)`).exec(rule(selector));
  if (!m) throw new Error(`${selector} sets no ${property} from a token`);
  return m[1]!;
}

const DOT = ".fangs.lunos .lunos-dot input";
const FILLED = ".fangs.lunos .lunos-dot:not(.lunos-dot--none):has(~ .lunos-dot input:checked) input";
const BOX = ".fangs.lunos .lunos-box";

/** [what, foreground (selector, property), ground token, the ratio it needs]. */
const PAIRS: [string, [string, string], string, number][] = [
  ["an empty dot's ring", [DOT, "border"], "surface", 3],
  ["a filled dot", [FILLED, "background"], "surface", 3],
  ["a free box's border", [BOX, "border"], "surface", 3],
  ["a bruised box's border", [`${BOX}--bruising`, "border-color"], "surface", 3],
  ["a wounded box's border", [`${BOX}--wounding`, "border-color"], "surface", 3],
  ["a trauma box's border", [`${BOX}--trauma`, "border-color"], "surface-alt", 3],
  ["a box's penalty", [".fangs.lunos .lunos-box__penalty", "color"], "surface", 4.5],
  ["a box's text", [BOX, "color"], "surface", 4.5],
  ["a warning", [".fangs.lunos .lunos-warning", "color"], "surface", 4.5],
  ["the focus ring on a dot", [`${DOT}:focus-visible`, "outline"], "surface", 3],
  ["the tracker's Declare button", [".fangs-combat .lunos-round-choose", "color"], "surface", 4.5],
  ["a Declare still to make", [".fangs-combat .lunos-round-choose.waiting", "color"], "surface", 4.5],
  [
    "the initiative and actions left",
    [".fangs-combat :is(.lunos-initiative, .lunos-actions)", "color"],
    "surface",
    4.5,
  ],
  ["a die's border on the card", [".fangs.lunos-card .lunos-card__die", "border"], "surface", 3],
  ["a die's face", [".fangs.lunos-card .lunos-card__die", "color"], "surface", 4.5],
  ["a successful die's face", [".fangs.lunos-card .lunos-card__die--success", "color"], "surface", 4.5],
  [
    "a successful die on the luck die's ground",
    [".fangs.lunos-card .lunos-card__die--success", "color"],
    "surface-alt",
    4.5,
  ],
  ["a missed target", [".fangs.lunos-card .lunos-card__target--missed", "color"], "surface", 4.5],
  ["a kill", [".fangs.lunos-card .lunos-card__killed", "color"], "surface", 4.5],
];

describe("styles/lunos.css", () => {
  it("names no colour of its own: every colour is a token of styles/fangs.css", () => {
    expect(lunosCss.match(/#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(/g)).toBeNull();
    const light = tokens("light");
    for (const [, name] of lunosCss.matchAll(/var\(--fangs-([\w-]+)\)/g))
      expect(light, name).toHaveProperty(name!);
  });
});

describe.each(["light", "dark"])("%s colours on Lunos's sheets", (name) => {
  const t = tokens(name);
  it.each(PAIRS)("%s stands off its ground", (_what, [selector, property], ground, ratio) => {
    const fg = t[tokenOf(selector, property)]!;
    expect(contrast(fg, t[ground]!)).toBeGreaterThanOrEqual(ratio);
  });

  it("a status glyph (white strokes) on its own tile reaches 3:1", () => {
    const tile = t[tokenOf(".fangs.lunos .lunos-condition img", "background")]!;
    expect(contrast("#ffffff", tile)).toBeGreaterThanOrEqual(3);
  });

  it("a trauma box's mark on its darker ground reaches 4.5:1", () => {
    expect(contrast(t[tokenOf(`${BOX}--trauma`, "background")]!, t.error!)).toBeGreaterThanOrEqual(4.5);
  });
});
