import { installStandIn } from "./stand-in/index";

/** Evaluated before any module that extends Foundry's classes (see setup.ts). */
export const standIn = installStandIn();
