import { describeApiPage } from "../../../test/support/api-page-suite";
import * as lunos from "./index";

// docs/rules/lunos-api.md must not rot: its examples run here, its written results checked.
describeApiPage({
  id: "lunos",
  core: lunos,
  minBlocks: 7,
  check: { expr: "healthLevels(3, LUNOS_DEFAULTS)", wrong: "9", right: "8" },
});
