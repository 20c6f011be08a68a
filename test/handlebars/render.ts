/**
 * Renders the system's real templates with the real `handlebars` package and
 * the Foundry helper stand-ins, from the same context builders the sheets use.
 * Tests and the static preview (`renderSheetPreview`) both go through here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import { CHECK_CARD_TEMPLATE, type CheckCardMeta } from "../../src/chat/check-card";
import type { CheckResult } from "../../src/rules/fangs/types";
import {
  type ActorSheetContext,
  type ActorSheetContextOptions,
  actorSheetContext,
  type ItemSheetContext,
  type ItemSheetContextOptions,
  itemSheetContext,
} from "../../src/rulesets/fangs/apps/sheets/context";
import type { ActorData, ItemData } from "../../src/rulesets/fangs/apps/sheets/context-types";
import {
  ACTOR_PARTS,
  itemParts,
  STAT_BLOCK_PARTS,
  TEMPLATE_ROOT,
  type TemplatePart,
} from "../../src/rulesets/fangs/apps/sheets/parts";
import { checkCardContext } from "../../src/rulesets/fangs/chat/check-card";
import { createI18n, type I18n, registerFoundryHelpers } from "./foundry-helpers";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Reads lang/en.json into dotted keys, whether it is written flat, nested, or both. */
export function loadTranslations(path = join(REPO_ROOT, "lang", "en.json")): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === "string") {
      out[prefix] = node;
      return;
    }
    if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    }
  };
  walk(JSON.parse(readFileSync(path, "utf8")), "");
  return out;
}

/** Maps a Foundry template path ("systems/fangs/templates/…") to the file in this repository. */
export function templateFile(path: string): string {
  if (!path.startsWith(`${TEMPLATE_ROOT}/`)) throw new Error(`not a system template path: ${path}`);
  return join(REPO_ROOT, "templates", path.slice(TEMPLATE_ROOT.length + 1));
}

export interface TemplateRenderer {
  readonly i18n: I18n;
  render(path: string, context: object): string;
}

/** A Handlebars environment with our helpers and every partial registered under its Foundry path. */
export function createTemplateRenderer(
  translations: Record<string, string> = loadTranslations(),
): TemplateRenderer {
  const hb = Handlebars.create();
  const i18n = createI18n(translations);
  registerFoundryHelpers(hb, i18n);
  // Every template is a partial under its path, as Foundry registers a template it loads (the
  // sheets' partials at start-up, a ruleset's tracker cells before the tracker draws them).
  const templatesDir = join(REPO_ROOT, "templates");
  for (const entry of readdirSync(templatesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".hbs")) continue;
    const file = join(entry.parentPath, entry.name);
    const served = file
      .slice(templatesDir.length + 1)
      .split("\\")
      .join("/");
    hb.registerPartial(`${TEMPLATE_ROOT}/${served}`, readFileSync(file, "utf8"));
  }
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  return {
    i18n,
    render(path, context) {
      let template = compiled.get(path);
      if (!template) {
        template = hb.compile(readFileSync(templateFile(path), "utf8"), { strict: false });
        compiled.set(path, template);
      }
      return template(context);
    },
  };
}

function renderParts(
  renderer: TemplateRenderer,
  parts: Record<string, TemplatePart>,
  context: object,
): string {
  return Object.entries(parts)
    .map(([id, part]) => `<!-- part: ${id} -->\n${renderer.render(part.template, context)}`)
    .join("\n");
}

export interface RenderedSheet<C> {
  /** The parts, in order, as Foundry places them in the window content. */
  html: string;
  context: C;
  /** Localisation keys rendered without a translation. */
  missingKeys: string[];
}

export function renderActorSheet(
  actor: ActorData,
  options: Partial<ActorSheetContextOptions> = {},
  renderer: TemplateRenderer = createTemplateRenderer(),
): RenderedSheet<ActorSheetContext> {
  const context = actorSheetContext(actor, { editable: true, ...options });
  const html = renderParts(renderer, ACTOR_PARTS, context);
  return { html, context, missingKeys: [...renderer.i18n.missing] };
}

/** A creature's compact stat block: the same context as the full sheet, its own parts. */
export function renderStatBlock(
  actor: ActorData,
  options: Partial<ActorSheetContextOptions> = {},
  renderer: TemplateRenderer = createTemplateRenderer(),
): RenderedSheet<ActorSheetContext> {
  const context = actorSheetContext(actor, { editable: true, ...options });
  const html = renderParts(renderer, STAT_BLOCK_PARTS, context);
  return { html, context, missingKeys: [...renderer.i18n.missing] };
}

export function renderItemSheet(
  item: ItemData,
  options: Partial<ItemSheetContextOptions> = {},
  renderer: TemplateRenderer = createTemplateRenderer(),
): RenderedSheet<ItemSheetContext> {
  const context = itemSheetContext(item, { editable: true, ...options });
  const html = renderParts(renderer, itemParts(item.type), context);
  return { html, context, missingKeys: [...renderer.i18n.missing] };
}

export function renderCheckCard(
  result: CheckResult,
  meta: CheckCardMeta,
  renderer: TemplateRenderer = createTemplateRenderer(),
): { html: string; missingKeys: string[] } {
  const html = renderer.render(CHECK_CARD_TEMPLATE, checkCardContext(result, meta));
  return { html, missingKeys: [...renderer.i18n.missing] };
}
