CREATE TABLE "manifest_log" (
	"sequence" integer PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"manifest_hash" text NOT NULL,
	"round" bigint NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"previous_hash" text NOT NULL,
	"entry_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manifest_log_competition_id_unique" UNIQUE("competition_id"),
	CONSTRAINT "manifest_log_entry_hash_unique" UNIQUE("entry_hash")
);
--> statement-breakpoint
ALTER TABLE "draw_skips" ADD COLUMN "clause" integer;--> statement-breakpoint
ALTER TABLE "draw_skips" ADD CONSTRAINT "draw_skips_clause_check" CHECK ("draw_skips"."clause" is null or ("draw_skips"."reason" = 'ineligible' and "draw_skips"."clause" > 0));--> statement-breakpoint
-- Every manifest frozen before the log existed gets its entry, in draw id order, chained exactly as
-- app/domain/draw/manifest-log.ts does (docs/manifest-log-v1.md).
WITH RECURSIVE ordered AS (
	SELECT row_number() OVER (ORDER BY d.id)::integer AS sequence, d.competition_id, d.manifest_hash, d.round,
		c.end_date AS closes_at,
		to_char(c.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS closes_at_text
	FROM draws d JOIN competitions c ON c.id = d.competition_id
), chained AS (
	SELECT o.*, repeat('0', 64) AS previous_hash,
		encode(sha256(convert_to('paddock-manifest-log v1 ' || o.sequence || ' ' || o.competition_id || ' ' ||
			o.manifest_hash || ' ' || o.round || ' ' || o.closes_at_text || ' ' || repeat('0', 64), 'UTF8')), 'hex') AS entry_hash
	FROM ordered o WHERE o.sequence = 1
	UNION ALL
	SELECT o.*, p.entry_hash,
		encode(sha256(convert_to('paddock-manifest-log v1 ' || o.sequence || ' ' || o.competition_id || ' ' ||
			o.manifest_hash || ' ' || o.round || ' ' || o.closes_at_text || ' ' || p.entry_hash, 'UTF8')), 'hex')
	FROM ordered o JOIN chained p ON o.sequence = p.sequence + 1
)
INSERT INTO "manifest_log" ("sequence", "competition_id", "manifest_hash", "round", "closes_at", "previous_hash", "entry_hash")
SELECT sequence, competition_id, manifest_hash, round, closes_at, previous_hash, entry_hash FROM chained;
