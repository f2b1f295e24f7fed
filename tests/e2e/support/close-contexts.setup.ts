// Runs before each end-to-end file (setupFiles), so each file, not only a process's first, closes what it opened.
import { afterAll } from "vitest";
import { closeOpenContexts } from "./browser";

afterAll(closeOpenContexts);
