/**
 * The Handlebars sheet bases. `HandlebarsApplicationMixin(ActorSheetV2)`
 * sends tsc into TS2589 (type instantiation too deep; see the toolchain
 * notes), so the mixin's type is cast here, once, to one that returns the
 * base class plus the static `PARTS` it adds. The runtime classes are
 * exactly Foundry's; only the compiler's view is narrowed.
 */
type HandlebarsTemplatePart = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;
type WithHandlebars = <Base>(base: Base) => Base & { PARTS: Record<string, HandlebarsTemplatePart> };

const withHandlebars = foundry.applications.api.HandlebarsApplicationMixin as unknown as WithHandlebars;

export const HandlebarsActorSheet = withHandlebars(foundry.applications.sheets.ActorSheetV2);
export const HandlebarsItemSheet = withHandlebars(foundry.applications.sheets.ItemSheetV2);

export type { HandlebarsTemplatePart };
