import { z } from "~/schemas/zod";

/**
 * Chosen ticket numbers as a form sends them: one `numbers` field per number (or one comma list);
 * domain/chosen-numbers parses them against the competition and says what is wrong (ADR 031).
 */
export const ChosenNumbersField = z.unknown().optional();

/**
 * The chosen numbers' field as a list, whatever shape it arrived in (one field, several, none). Left unchecked here
 * (zod's unions and arrays would add to the competition page's first load); parseChosenNumbers bounds and checks it.
 */
export const numbersList = (value: unknown): string[] =>
  (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]).map(String);
