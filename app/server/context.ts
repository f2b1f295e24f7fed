import { createContext } from "react-router";
import type { Services } from "./services.server";

/** What every loader and action receives: the app's services (database, auth, mail...) and the CSP nonce. */
export const servicesContext = createContext<Services>();
export const nonceContext = createContext<string>("");
