export * from "./auth";
export * from "./competitions";
export * from "./orders";
export * from "./people";
export * from "./system";
export * from "./baskets";
export * from "./protection";
export * from "./standin";
