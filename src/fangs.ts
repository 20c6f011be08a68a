// Entry point registered in system.json; it only wires things together.
export {};
