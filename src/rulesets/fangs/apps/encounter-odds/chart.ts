/** The chart is every ruleset's (src/apps/encounter-odds/chart.ts); FANGS's window draws it as all do. */
export { escapeXml, oddsChartSvg } from "../../../../apps/encounter-odds/chart";
