export * from "./fields";
export * from "./migrations";
