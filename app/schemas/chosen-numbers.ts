/**
 * The chosen numbers' field as a list, whatever shape it arrived in: forms send one `numbers` field per number (none:
 * a lucky dip). Read from the form as sent rather than through a schema (zod's optional fields would add to every
 * page's first load); domain/chosen-numbers' one parse bounds and checks them (ADR 031).
 */
export const numbersList = (value: unknown): string[] =>
  (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]).map(String);
