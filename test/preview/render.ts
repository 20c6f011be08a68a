/**
 * Renders the preview pages to static HTML with the real templates through
 * the sheets' test renderer (real Handlebars, the Foundry helper stand-ins,
 * lang/en.json), and the system's CSS. No Foundry, no JavaScript in
 * the pages: what the browser shows is the markup and the CSS alone.
 */
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { ROOT, sourceManifest } from "../../scripts/lib/manifest.mjs";
import { createTemplateRenderer, type TemplateRenderer } from "../handlebars/render";
import { type PreviewPage, previewPages } from "./pages";

/** Foundry serves the system folder under this path; templates name each other by it. */
const SYSTEM_PATH = "systems/fangs/";

/** Every template Foundry would serve, by its served path. */
function templatePaths(root: string, prefix = ""): string[] {
  const dir = path.join(root, "templates", prefix);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return templatePaths(root, relative);
    return entry.name.endsWith(".hbs") ? [`${SYSTEM_PATH}templates/${relative}`] : [];
  });
}

const escapeHtml = (text: string) => Handlebars.escapeExpression(text);

/** Foundry marks each part's root element with data-application-part. */
function markPart(html: string, part: string): string {
  const marked = html.replace(/^(\s*<[a-zA-Z][\w-]*)/, `$1 data-application-part="${part}"`);
  if (marked === html) throw new Error(`part ${part} does not start with an element`);
  return marked;
}

/** Every style sheet the system's manifest loads (its own, then each ruleset's), as Foundry loads them all. */
const STYLE_SHEETS: readonly string[] = (sourceManifest(ROOT).styles ?? []) as string[];

function htmlDocument(title: string, body: string, bodyClass: string): string {
  const sheets = STYLE_SHEETS.map((sheet) => `<link rel="stylesheet" href="${escapeHtml(sheet)}">`).join(
    "\n",
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} · FANGS preview</title>
<link rel="stylesheet" href="vendor/fontawesome/css/fontawesome.min.css">
<link rel="stylesheet" href="vendor/fontawesome/css/solid.min.css">
<link rel="stylesheet" href="preview.css">
${sheets}
</head>
<body class="${bodyClass}">
${body}
</body>
</html>
`;
}

/** The template paths a context names: the partials a template draws by name from its data (a tracker row's cells). */
function templatesNamed(
  value: unknown,
  known: ReadonlySet<string>,
  found = new Set<string>(),
  seen = new Set<object>(),
) {
  if (typeof value === "string") {
    if (known.has(value)) found.add(value);
  } else if (value !== null && typeof value === "object" && !seen.has(value)) {
    seen.add(value);
    for (const inner of Object.values(value)) templatesNamed(inner, known, found, seen);
  }
  return found;
}

export function renderPage(
  renderer: TemplateRenderer,
  page: PreviewPage,
  onContext?: (context: Record<string, unknown>) => void,
): string {
  const context = page.context() as Record<string, unknown>;
  onContext?.(context);
  // Foundry's own sheet context supplies `tabs`; the sheets name theirs tabList.
  const full = { tabs: context.tabList, ...context };
  const parts = page.parts
    .map((part) => markPart("html" in part ? part.html(full) : renderer.render(part.template, full), part.id))
    .join("\n");
  const theme = `theme-${page.theme ?? "light"}`;
  const classes = ["application", ...page.classes, "themed", theme].join(" ");
  if (page.frame === "chat") {
    return htmlDocument(
      page.title,
      `<main class="fangs-preview__stage"><section id="chat" class="chat-sidebar themed ${theme}" style="width:${page.width}px"><ol class="chat-log">
<li class="chat-message message flexcol" data-preview-page="${page.id}">
<header class="message-header"><h4 class="message-sender">${escapeHtml(String(context.actorName ?? ""))}</h4></header>
<div class="message-content">${parts}</div>
</li></ol></section></main>`,
      `fangs-preview fangs-preview--chat ${theme}`,
    );
  }
  if (page.frame === "hud") {
    // The Token HUD's right column over the canvas: what the system adds sits among core's control icons.
    return htmlDocument(
      page.title,
      `<main class="fangs-preview__stage fangs-preview__canvas"><div id="token-hud" class="fangs-preview__hud themed ${theme}" style="width:${page.width}px" data-preview-page="${page.id}">
<div class="col right"><button type="button" class="control-icon" aria-label="Assign Status Effects"><i class="fa-solid fa-person-rays" inert></i></button>
${parts}
</div></div></main>`,
      `fangs-preview fangs-preview--hud ${theme}`,
    );
  }
  return htmlDocument(
    page.title,
    `<main class="fangs-preview__stage"><form id="${page.id}" class="${classes}" style="width:${page.width}px" data-preview-page="${page.id}">
<header class="window-header"><h1 class="window-title">${escapeHtml(page.title)}</h1></header>
<section class="window-content">
${parts}
</section>
</form></main>`,
    `fangs-preview ${theme}`,
  );
}

/** A neutral stand-in for an image Foundry would serve from its own icons or the system's assets. */
function placeholderSvg(name: string): string {
  const letter = escapeHtml((path.basename(name).match(/[a-z]/i)?.[0] ?? "?").toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#d8cfbf" stroke="#7a6a55" stroke-width="2"/><text x="32" y="42" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#5b1d16">${letter}</text></svg>\n`;
}

export interface PreviewResult {
  outDir: string;
  pages: { page: PreviewPage; file: string }[];
  index: string;
  /** Templates no page renders (directly or as a partial of a rendered one). */
  unrendered: string[];
  /** Language keys the pages asked for that en.json lacks. */
  missingKeys: string[];
}

export function renderPreview({
  outDir = path.join(ROOT, "build", "preview"),
  root = ROOT,
} = {}): PreviewResult {
  const renderer = createTemplateRenderer();
  const templates = templatePaths(root);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  copyFileSync(path.join(import.meta.dirname, "frame.css"), path.join(outDir, "preview.css"));
  // Foundry's icon font, for the preview only: the system never ships it.
  cpSync(path.join(import.meta.dirname, "vendor"), path.join(outDir, "vendor"), { recursive: true });
  cpSync(path.join(root, "styles"), path.join(outDir, "styles"), { recursive: true });
  if (existsSync(path.join(root, "assets"))) {
    cpSync(path.join(root, "assets"), path.join(outDir, SYSTEM_PATH, "assets"), { recursive: true });
  }

  const pages = previewPages();
  const used = new Set<string>();
  const images = new Set<string>();
  const known = new Set(templates);
  const rendered = pages.map((page) => {
    const html = renderPage(renderer, page, (context) => {
      for (const named of templatesNamed(context, known)) used.add(named);
    });
    for (const part of page.parts) if ("template" in part) used.add(part.template);
    for (const [, src] of html.matchAll(/\ssrc="([^"]+)"/g)) images.add(src!);
    const file = path.join(outDir, `${page.id}.html`);
    writeFileSync(file, html);
    return { page, file };
  });

  // Relative image paths resolve beside the pages, where Foundry would serve them from its root.
  for (const src of images) {
    if (/^(data:|https?:)/.test(src)) continue;
    const target = path.join(outDir, src);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, placeholderSvg(src));
  }

  // A partial counts as rendered when a rendered template includes it, however deep.
  const queue = [...used];
  while (queue.length > 0) {
    const template = queue.pop()!;
    const source = readFileSync(path.join(root, template.slice(SYSTEM_PATH.length)), "utf8");
    for (const [, partial] of source.matchAll(/\{\{>\s*"([^"]+)"/g)) {
      if (!used.has(partial!)) {
        used.add(partial!);
        queue.push(partial!);
      }
    }
  }
  const unrendered = templates.filter((t) => !used.has(t));

  const groups = new Map<string, PreviewPage[]>();
  for (const { page } of rendered) groups.set(page.group, [...(groups.get(page.group) ?? []), page]);
  const list = [...groups]
    .map(
      ([group, items]) =>
        `<section><h2>${escapeHtml(group)}</h2><ul>${items
          .map((p) => `<li><a href="${p.id}.html">${escapeHtml(p.title)}</a> <code>${p.id}</code></li>`)
          .join("")}</ul></section>`,
    )
    .join("\n");
  const gaps = unrendered.length
    ? `<section class="fangs-preview__gaps"><h2>Templates without a preview page</h2><ul>${unrendered
        .map((t) => `<li><code>${escapeHtml(t)}</code></li>`)
        .join("")}</ul></section>`
    : "";
  const index = path.join(outDir, "index.html");
  writeFileSync(
    index,
    htmlDocument(
      "Index",
      `<main class="fangs-preview__index"><h1>FANGS: sheets and cards without Foundry</h1>
<p>Rendered from the pack samples with the system's templates, CSS and English strings. Screenshots: <code>npx vitest run test/preview</code>.</p>
${list}
${gaps}
</main>`,
      "fangs-preview fangs-preview--index",
    ),
  );

  return { outDir, pages: rendered, index, unrendered, missingKeys: [...renderer.i18n.missing].sort() };
}
