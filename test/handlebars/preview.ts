/**
 * Static previews of the sheets and the check card: a whole HTML page per
 * view, rendered from the fixtures (or any data given) with the real
 * templates, the system stylesheet and the same context builders Foundry
 * uses. `npm run preview` (scripts, by the build helper) writes these pages
 * and screenshots them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { resolveCheck } from "../../src/rules/fangs/check";
import type { CheckResult } from "../../src/rules/fangs/types";
import { ScriptedDice } from "../../src/rules/kernel/dice";
import type { ActorData, ItemData, ItemType } from "../../src/rulesets/fangs/apps/sheets/context-types";
import type { CheckLevelId } from "../../src/rulesets/fangs/chat/check-card";
import { ITEM_TYPES } from "../../src/rulesets/fangs/config/labels";
import { fixtureActor, fixtureItem } from "./fixtures";
import {
  createTemplateRenderer,
  REPO_ROOT,
  renderActorSheet,
  renderCheckCard,
  renderItemSheet,
  type TemplateRenderer,
} from "./render";

export type PreviewKind = "character" | "creature" | `item:${ItemType}` | `check:${CheckLevelId}`;

const CHECK_LEVELS: readonly CheckLevelId[] = ["critical", "special", "success", "failure", "fumble"];

export const PREVIEW_KINDS: readonly PreviewKind[] = [
  "character",
  "creature",
  ...ITEM_TYPES.map((t) => `item:${t}` as const),
  ...CHECK_LEVELS.map((l) => `check:${l}` as const),
];

/** Dice that make the rules core return each level for a skill of 12 (natural, then confirmation). */
const CHECK_DICE: Readonly<Record<CheckLevelId, number[]>> = {
  critical: [20, 15],
  special: [19, 3],
  success: [11],
  failure: [4],
  fumble: [1, 2],
};

/** A check result of the given level, resolved by the rules core from scripted dice. */
export function sampleCheck(level: CheckLevelId, skill = 12): CheckResult {
  const dice = new ScriptedDice(CHECK_DICE[level]);
  const result = resolveCheck({ skill, modifiers: 0 }, dice);
  if (dice.remaining !== 0) throw new Error(`sample ${level}: ${dice.remaining} scripted dice unused`);
  return result;
}

export interface PreviewOptions {
  /** Foundry's application theme to mimic. */
  theme?: "light" | "dark";
  /** The tab to open (e.g. "combat"); the first tab otherwise. */
  tab?: string;
  /** Other data than the fixture: an actor for actor kinds, an item for item kinds. */
  data?: ActorData | ItemData;
  /** "inline" (default) puts styles/fangs.css into the page; `{ href }` links to it instead. */
  css?: "inline" | { href: string };
  renderer?: TemplateRenderer;
}

export interface PreviewPage {
  html: string;
  /** Localisation keys the page rendered without a translation (should be empty). */
  missingKeys: string[];
}

/**
 * Preview-only frame: what Foundry's own stylesheet would give the window
 * (font, frame, window title) and the icon fallbacks shown when Font Awesome
 * is not loaded. The system's look itself comes from styles/fangs.css.
 */
const PREVIEW_FRAME_CSS = `
body.fangs-preview { margin: 0; padding: 16px; background: #5a5a5a; font-family: "Signika", "Segoe UI", system-ui, sans-serif; font-size: 14px; }
.fangs-preview .application { display: flex; flex-direction: column; box-shadow: 0 0 12px #000a; border-radius: 6px; overflow: hidden; }
.fangs-preview .window-header { display: flex; align-items: center; padding: 6px 10px; background: #23221d; color: #f0f0e0; }
.fangs-preview .window-title { margin: 0; font-size: 15px; font-weight: 600; }
.fangs-preview .window-content { display: flex; flex-direction: column; overflow: visible; }
.fangs-preview .chat-message { list-style: none; width: 300px; padding: 6px; background: #e8e4da; border-radius: 4px; }
.fangs-preview .fangs-icon-button__fallback { display: inline; }
.fangs-preview .fangs-icon-button i[class*="fa-"] { display: none; }
`;

function pageOf(title: string, body: string, options: PreviewOptions): string {
  const theme = options.theme ?? "light";
  const css = options.css ?? "inline";
  const styles =
    css === "inline"
      ? `<style>\n${readFileSync(join(REPO_ROOT, "styles", "fangs.css"), "utf8")}\n</style>`
      : `<link rel="stylesheet" href="${css.href}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
${styles}
<style>${PREVIEW_FRAME_CSS}</style>
</head>
<body class="fangs-preview theme-${theme}">
${body}
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function windowOf(classes: string, title: string, width: number, content: string, theme: string): string {
  return `<form class="application sheet ${classes} themed theme-${theme}" style="width: ${width}px">
<header class="window-header"><h1 class="window-title">${escapeHtml(title)}</h1></header>
<section class="window-content">
${content}
</section>
</form>`;
}

/** A whole HTML page showing one sheet or card. */
export function renderSheetPreview(kind: PreviewKind, options: PreviewOptions = {}): PreviewPage {
  const renderer = options.renderer ?? createTemplateRenderer();
  const theme = options.theme ?? "light";
  const tab = options.tab ? { activeTab: options.tab } : {};

  if (kind === "character" || kind === "creature") {
    const actor =
      (options.data as ActorData | undefined) ?? fixtureActor(kind === "character" ? "fighter" : "troll");
    const { html, missingKeys } = renderActorSheet(actor, tab, renderer);
    const page = windowOf(`fangs actor ${actor.type}`, actor.name, 780, html, theme);
    return { html: pageOf(actor.name, page, options), missingKeys };
  }

  if (kind.startsWith("item:")) {
    const type = kind.slice("item:".length) as ItemType;
    const item = (options.data as ItemData | undefined) ?? fixtureItem(type);
    const owner = fixtureActor("fighter");
    const { html, missingKeys } = renderItemSheet(
      item,
      {
        ...tab,
        actorSkills: owner.items.flatMap((i) =>
          i.type === "skill" ? [{ key: i.system.key, name: i.name }] : [],
        ),
        actorCharacteristics: owner.system.characteristics,
      },
      renderer,
    );
    const page = windowOf(`fangs item ${type}`, item.name, 520, html, theme);
    return { html: pageOf(item.name, page, options), missingKeys };
  }

  const level = kind.slice("check:".length) as CheckLevelId;
  const { html, missingKeys } = renderCheckCard(
    sampleCheck(level),
    { actorName: "Gru the Sellsword", label: "Broadsword" },
    renderer,
  );
  const body = `<ol class="chat-log"><li class="chat-message message"><div class="message-content">${html}</div></li></ol>`;
  return { html: pageOf(`Check: ${level}`, body, options), missingKeys };
}
