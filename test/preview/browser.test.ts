import { describe, expect, it } from "vitest";
import { BROWSER_PLACES, findBrowser } from "./browser";

describe("finding a browser for the screenshot tests", () => {
  it("takes FANGS_CHROMIUM when it exists", () => {
    expect(findBrowser({ FANGS_CHROMIUM: "/opt/x/chrome" }, (p) => p === "/opt/x/chrome")).toBe(
      "/opt/x/chrome",
    );
  });

  it("refuses a named browser that is not there, naming it", () => {
    expect(() => findBrowser({ FANGS_CHROMIUM: "/nowhere/chrome" }, () => false)).toThrow(
      /\/nowhere\/chrome/,
    );
  });

  it("looks in the usual places, Debian's first", () => {
    const mac = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
    expect(findBrowser({}, (p) => p === mac)).toBe(mac);
    expect(findBrowser({}, () => true)).toBe(BROWSER_PLACES[0]);
  });

  it("says what to install when none is found", () => {
    expect(() => findBrowser({}, () => false)).toThrow(/apt-get install chromium.*FANGS_CHROMIUM/s);
  });
});
