import { sql } from "drizzle-orm";
import type { Database } from "~/server/platform/db.server";

/**
 * A sale written in plain SQL that every schema since draws came (migration 0007) takes, so a test can write it into
 * an older release's database too (this release's use-cases write columns and kinds an old schema does not have):
 * a buyer, a live competition, a paid order of three tickets, a pending checkout whose reservation has expired, and a
 * finished competition with its published draw.
 */
export async function writeSaleData(db: Database) {
  await db.execute(sql`
    with buyer as (
      insert into "user" (id, name, email, email_verified)
      values ('upgrade-buyer', 'Upgrade Buyer', 'upgrade@example.test', true)
      returning id
    ), competition as (
      insert into competitions (slug, title, description, prize_title, prize_description, prize_value,
        entry_price_pence, total_tickets, tickets_sold, tickets_reserved, end_date, image_url, skill_question,
        skill_options, correct_answer, status)
      values ('upgrade-saddle', 'Upgrade saddle', 'From the previous release', 'Saddle', 'A saddle', '£1,000', 250,
        100, 3, 1, now() + interval '1 day', '/images/competitions/dressage-saddle.svg', 'Which gait has three beats?',
        '["Walk","Trot","Canter","Gallop"]', 'Canter', 'active')
      returning id
    ), paid as (
      insert into orders (user_id, payment_status, subtotal_pence, total_amount_pence, paid_at)
      select id, 'paid', 750, 750, now() from buyer returning id, user_id
    ), pending as (
      insert into orders (user_id, payment_status, subtotal_pence, total_amount_pence, reservation_expires_at)
      select id, 'pending', 250, 250, now() - interval '1 minute' from buyer returning id
    ), lines as (
      insert into order_lines (order_id, competition_id, quantity, unit_price_pence, discount_pence, total_pence,
        skill_answer)
      select paid.id, competition.id, 3, 250, 0, 750, 'Canter' from paid, competition
      union all select pending.id, competition.id, 1, 250, 0, 250, 'Canter' from pending, competition
    )
    insert into tickets (competition_id, ticket_number, user_id, order_id, skill_answer, is_correct_answer)
    select competition.id, n, paid.user_id, paid.id, 'Canter', true from competition, paid, generate_series(1, 3) n`);
  await db.execute(sql`
    with finished as (
      insert into competitions (slug, title, description, prize_title, prize_description, prize_value,
        entry_price_pence, total_tickets, tickets_sold, end_date, closed_at, image_url, skill_question,
        skill_options, correct_answer, status, winner_ticket_number, drawn_at)
      values ('finished-bridle', 'Finished bridle', 'Drawn', 'Bridle', 'A bridle', '£300', 100, 50, 2,
        now() - interval '2 days', now() - interval '2 days', '/images/competitions/dressage-saddle.svg',
        'Which gait has three beats?', '["Walk","Trot","Canter","Gallop"]', 'Canter', 'completed', 2,
        now() - interval '1 day')
      returning id
    )
    insert into draws (competition_id, manifest, manifest_hash, entries, counts, published_at, chain_hash, round,
      beacon_randomness, beacon_signature, winner_position, alternates, drawn_at)
    select id, E'1 AAAA\n2 BBBB\n', repeat('ab', 32), 2,
      '{"eligible":{"paid":2,"postal":0},"excluded":{"wrongAnswer":0,"refunded":0,"postalRejected":{}}}'::jsonb,
      now() - interval '2 days',
      repeat('cd', 32), 1000, repeat('ef', 32), repeat('01', 48), 1, '[0]'::jsonb,
      now() - interval '1 day' from finished`);
}
