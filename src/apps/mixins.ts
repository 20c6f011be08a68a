import { syncTabSelection } from "./sheets/support";

/**
 * The mixins every FANGS window is built from. `HandlebarsApplicationMixin`
 * over a Foundry application class sends tsc into TS2589 (type instantiation
 * too deep; see the toolchain notes), so its type is cast here, once, to one
 * that returns the base class plus the static `PARTS` it adds. The runtime
 * classes are exactly Foundry's; only the compiler's view is narrowed.
 */
type HandlebarsTemplatePart = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;
type WithHandlebars = <Base>(base: Base) => Base & { PARTS: Record<string, HandlebarsTemplatePart> };

export const withHandlebars = foundry.applications.api
  .HandlebarsApplicationMixin as unknown as WithHandlebars;

type ApplicationV2 = typeof foundry.applications.api.ApplicationV2;
type ChangeTabOptions = Parameters<foundry.applications.api.ApplicationV2["changeTab"]>[2];

/**
 * Tabs whose buttons keep their `aria-selected` in step when Foundry
 * switches tabs in place (without a re-render). Typed as returning its base,
 * as `withHandlebars` is cast: it adds an override, no member.
 */
export const withSyncedTabs = ((base: ApplicationV2) =>
  class SyncedTabs extends base {
    override changeTab(tab: string, group: string, options?: ChangeTabOptions) {
      super.changeTab(tab, group, options);
      syncTabSelection(this.element, group, tab);
    }
  }) as unknown as <Base>(base: Base) => Base;
