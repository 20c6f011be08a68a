/**
 * The Foundry stand-in now lives in test/foundry/stand-in/ (one module per
 * role); this file re-exports it for the tests that import it from here.
 */
export * from "./stand-in/index";
