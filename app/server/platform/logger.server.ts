import pino from "pino";
import { loadLogLevel } from "./env.server";

export const logger = pino({
  level: loadLogLevel(),
  redact: ["req.headers.cookie", "req.headers.authorization", "*.password"],
});
export type Logger = typeof logger;
