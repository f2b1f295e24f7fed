-- Entry references for the draw manifest (draw-v1.md): 16 upper-case hex characters (64 bits) from a random
-- UUID, so every insert gets one without the application's help. A plain SQL function: cheap per row.
CREATE OR REPLACE FUNCTION paddock_entry_ref() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT upper(substr(md5(gen_random_uuid()::text), 1, 16))
$$;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "source" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "entry_ref" text DEFAULT paddock_entry_ref() NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_competition_entry_ref_unique" UNIQUE("competition_id","entry_ref");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_source_check" CHECK (source in ('paid', 'postal'));