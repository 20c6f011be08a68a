import { describeApiPage } from "../../../test/support/api-page-suite";
import * as sharene from "./index";

// docs/rules/sharene-api.md must not rot: its examples run here, its written results checked.
describeApiPage({
  id: "sharene",
  core: sharene,
  minBlocks: 7,
  check: { expr: "characteristicDn(13, 1.5)", wrong: "20", right: "19" },
});
