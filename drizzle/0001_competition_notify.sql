-- Every change to a competition's ticket numbers is announced on one channel, whatever made it
-- (app code, an admin edit or SQL typed by hand), so each app process can fan it out over SSE.
CREATE OR REPLACE FUNCTION notify_competition_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.tickets_sold IS DISTINCT FROM OLD.tickets_sold
     OR NEW.total_tickets IS DISTINCT FROM OLD.total_tickets
     OR NEW.tickets_reserved IS DISTINCT FROM OLD.tickets_reserved
     OR NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM pg_notify('competition_changed', json_build_object(
      'id', NEW.id,
      'ticketsSold', NEW.tickets_sold,
      'totalTickets', NEW.total_tickets,
      'status', NEW.status
    )::text);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER competitions_notify_change
AFTER INSERT OR UPDATE ON competitions
FOR EACH ROW EXECUTE FUNCTION notify_competition_change();
