/**
 * WCAG AA contrast of the colour pairs styles/fangs.css uses: 4.5:1 for text,
 * 3:1 for UI parts and graphics (input borders, focus ring, bar fills),
 * in the light and the dark token sets.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./render";

const css = readFileSync(join(REPO_ROOT, "styles", "fangs.css"), "utf8");

/** The custom properties declared in the block after a `/* tokens: NAME *\/` marker. */
function tokens(name: string): Record<string, string> {
  const start = css.indexOf(`/* tokens: ${name} */`);
  if (start < 0) throw new Error(`no token block ${name}`);
  const open = css.indexOf("{", start);
  const close = css.indexOf("}", open);
  const out: Record<string, string> = {};
  for (const m of css.slice(open + 1, close).matchAll(/(--fangs-[\w-]+)\s*:\s*(#[0-9a-fA-F]{6})\s*;/g)) {
    out[m[1]!] = m[2]!.toLowerCase();
  }
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

const TEXT_PAIRS: [string, string][] = [
  ["text", "surface"],
  ["text", "surface-alt"],
  ["text-muted", "surface"],
  ["text-muted", "surface-alt"],
  ["heading", "surface"],
  ["heading", "surface-alt"],
  ["error", "surface"],
  ["error", "surface-alt"],
  ["input-text", "input-bg"],
  ["button-text", "button-bg"],
  ["button-text", "button-hover-bg"],
  ["tab-active-text", "tab-active-bg"],
  ["badge-sound-text", "badge-sound-bg"],
  ["badge-nicked-text", "badge-nicked-bg"],
  ["badge-unusable-text", "badge-unusable-bg"],
  ["badge-shattered-text", "badge-shattered-bg"],
  ["check-fumble-text", "check-fumble-bg"],
  ["check-failure-text", "check-failure-bg"],
  ["check-success-text", "check-success-bg"],
  ["check-special-text", "check-special-bg"],
  ["check-critical-text", "check-critical-bg"],
];

const UI_PAIRS: [string, string][] = [
  ["input-border", "surface"],
  ["input-border", "input-bg"],
  ["border", "surface"],
  ["focus", "surface"],
  ["focus", "surface-alt"],
  ["stun", "bar-track"],
  ["hp", "bar-track"],
  ["sp", "bar-track"],
  ["button-bg", "surface"],
  ["tab-active-bg", "surface-alt"],
];

const combatCss = readFileSync(join(REPO_ROOT, "styles", "combat.css"), "utf8");

/** The colour `fg` drawn at `alpha` over `bg`. */
function blend(fg: string, bg: string, alpha: number): string {
  const mix = (i: number) =>
    Math.round(
      alpha * Number.parseInt(fg.slice(i, i + 2), 16) + (1 - alpha) * Number.parseInt(bg.slice(i, i + 2), 16),
    )
      .toString(16)
      .padStart(2, "0");
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

/** The stroke of every SVG under assets/icons: white, drawn for tokens and the tracker. */
const GLYPH_STROKE = "#ffffff";

describe.each(["light", "dark"])("%s colours", (name) => {
  const t = tokens(name);
  const get = (k: string) => {
    const v = t[`--fangs-${k}`];
    if (!v) throw new Error(`token --fangs-${k} missing from the ${name} block`);
    return v;
  };

  it.each(TEXT_PAIRS)("text %s on %s reaches 4.5:1", (fg, bg) => {
    expect(contrast(get(fg), get(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(UI_PAIRS)("UI part %s against %s reaches 3:1", (fg, bg) => {
    expect(contrast(get(fg), get(bg))).toBeGreaterThanOrEqual(3);
  });

  it("the white line glyphs (assets/icons) stand 3:1 off their ground", () => {
    expect(contrast(GLYPH_STROKE, get("glyph-bg"))).toBeGreaterThanOrEqual(3);
  });

  it("a tracker row that has acted is faded, yet its muted text still reaches 4.5:1", () => {
    const opacity = Number(/\.fangs-row\.fangs-acted\s*\{[^}]*opacity:\s*([\d.]+)/.exec(combatCss)?.[1]);
    expect(opacity).toBeGreaterThan(0);
    for (const ground of ["surface", "surface-alt"]) {
      expect(contrast(blend(get("text-muted"), get(ground), opacity), get(ground))).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it("declares the same tokens as the other theme", () => {
    expect(Object.keys(t).sort()).toEqual(Object.keys(tokens(name === "light" ? "dark" : "light")).sort());
  });
});

describe("contrast()", () => {
  it("matches the WCAG figures for known pairs", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrast("#ffffff", "#ffffff")).toBe(1);
  });
});
