/** The window's view is every ruleset's (src/apps/encounter-odds/odds-view.ts), with its form's checks. */
export {
  DEFAULT_BROWSER_RUNS,
  type FighterEndsRow,
  MAX_BROWSER_RUNS,
  type OddsDialogContext,
  type OddsDialogState,
  type OddsFormReading,
  oddsDialogContext,
  readOddsForm,
} from "../../../../apps/encounter-odds/odds-view";
