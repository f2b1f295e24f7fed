// Apart from the rest of instant-wins.ts so the competition page can link to it without SHA-256 in its bundle.

/** Where a competition's revealed instant-win list is served (docs/instant-wins-v1.md). */
export const instantWinsTextPath = (competitionId: number) => `/draws/${competitionId}/instant-wins.txt`;
