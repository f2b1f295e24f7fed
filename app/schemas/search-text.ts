import { cleanSearchText } from "~/domain/search-text";
import { z } from "~/schemas/zod";

/** A search box's words in a query string, as `cleanSearchText` reads them: never an error (not text is no search). */
export const searchText = (max: number) =>
  z
    .string()
    .catch("")
    .transform((value) => cleanSearchText(value, max));
