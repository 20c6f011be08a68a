import { describeApiPage } from "../../../test/support/api-page-suite";
import * as rhf from "./index";

// docs/rules/rhf-api.md must not rot: its examples run here, its written results checked.
describeApiPage({
  id: "rhf",
  core: rhf,
  minBlocks: 8,
  check: { expr: "hardTarget(15)", wrong: "7", right: "8" },
});
