import { z } from "~/schemas/zod";

/**
 * Chosen ticket numbers as a form sends them: one `numbers` field per number (or one comma list). Only their shape is
 * bounded here; domain/chosen-numbers parses them against the competition and says what is wrong (ADR 031).
 */
export const ChosenNumbersField = z.union([z.string().max(400), z.array(z.string().max(20)).max(50)]).optional();

/** The chosen numbers' field as a list, whatever shape it arrived in. */
export const numbersList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
