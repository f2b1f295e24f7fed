import { Trophy } from "lucide-react";
import { Form } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import type { PrizeChoice } from "~/db/constants";
import { formatUkDate, formatUkDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { CLAIM_STATE_LABELS, type ClaimState } from "~/domain/prize-claim";
import type { FormNotice } from "~/schemas/form";

type WonPrize = {
  competitionId: number;
  title: string;
  prizeTitle: string;
  deadline: Date;
  state: ClaimState;
  recipientName: string | null;
  address: string | null;
  county: string | null;
  postcode: string | null;
  phone: string | null;
  carrier: string | null;
  trackingReference: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  /** An instant win's cash or physical prize: which one (no redraw applies to it). */
  instantWinId?: number;
  /** The cash the winner may take instead of the prize, and what they chose. */
  cashAlternativePence?: number | null;
  choice?: PrizeChoice | null;
};

type Defaults = { recipientName: string; phone: string; county: string };

function Line({
  id,
  name,
  label,
  value,
  autoComplete,
  multiline,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  autoComplete: string;
  multiline?: boolean;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={`${id}-${name}`}
          name={name}
          required
          rows={3}
          maxLength={400}
          defaultValue={value}
          autoComplete={autoComplete}
          className={inputClass}
        />
      ) : (
        <input
          id={`${id}-${name}`}
          name={name}
          required
          maxLength={120}
          defaultValue={value}
          autoComplete={autoComplete}
          className={inputClass}
        />
      )}
    </div>
  );
}

/** Where the winner confirms the delivery address, then follows the shipping. */
export function ClaimForm({
  prize,
  defaults,
}: {
  prize: Pick<
    WonPrize,
    | "competitionId"
    | "prizeTitle"
    | "recipientName"
    | "address"
    | "county"
    | "postcode"
    | "phone"
    | "instantWinId"
    | "cashAlternativePence"
    | "choice"
  >;
  defaults: Defaults;
}) {
  const id = `claim-${prize.competitionId}${prize.instantWinId ? `-instant-${prize.instantWinId}` : ""}`;
  return (
    <Form
      method="post"
      className="mt-4 grid gap-4 sm:grid-cols-2"
      aria-label={`Delivery address for ${prize.prizeTitle}`}
    >
      <input type="hidden" name="intent" value="claim-prize" />
      <input type="hidden" name="competitionId" value={prize.competitionId} />
      {prize.instantWinId ? <input type="hidden" name="instantWinId" value={prize.instantWinId} /> : null}
      {prize.cashAlternativePence ? (
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">Prize or cash</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-center gap-2">
              <input type="radio" name="choice" value="prize" defaultChecked={prize.choice !== "cash"} />
              The prize
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="choice" value="cash" defaultChecked={prize.choice === "cash"} />
              The cash alternative, {formatPence(prize.cashAlternativePence)}
            </label>
          </div>
        </fieldset>
      ) : null}
      <Line
        id={id}
        name="recipientName"
        label="Name"
        value={prize.recipientName ?? defaults.recipientName}
        autoComplete="name"
      />
      <Line id={id} name="phone" label="Phone" value={prize.phone ?? defaults.phone} autoComplete="tel" />
      <div className="sm:col-span-2">
        <Line
          id={id}
          name="address"
          label="Address"
          value={prize.address ?? ""}
          autoComplete="street-address"
          multiline
        />
      </div>
      <Line
        id={id}
        name="county"
        label="County"
        value={prize.county ?? defaults.county}
        autoComplete="address-level2"
      />
      <Line id={id} name="postcode" label="Postcode" value={prize.postcode ?? ""} autoComplete="postal-code" />
      <div className="sm:col-span-2">
        <Button type="submit">Confirm delivery address</Button>
      </div>
    </Form>
  );
}

export function PrizeClaimPanel({
  prizes,
  defaults,
  notice,
}: {
  prizes: WonPrize[];
  defaults: Defaults;
  notice?: FormNotice;
}) {
  return (
    <section
      aria-labelledby="prizes-title"
      className="rounded-lg border-2 border-primary bg-card p-6 text-card-foreground"
      data-testid="prize-claims"
    >
      <h2 id="prizes-title" className="flex items-center gap-2 text-xl font-semibold tracking-tight">
        <Trophy aria-hidden="true" className="size-5 text-primary" /> You won!
      </h2>
      {notice ? <FormAlert notice={notice} /> : null}
      <ul className="mt-4 space-y-6">
        {prizes.map((prize) => (
          <li key={`${prize.competitionId}-${prize.instantWinId ?? "main"}`}>
            <h3 className="font-semibold">
              {prize.prizeTitle} <span className="font-normal text-muted-foreground">({prize.title})</span>
            </h3>
            <p className="mt-1 text-sm" data-testid="claim-state">
              {CLAIM_STATE_LABELS[prize.state]}
            </p>
            {prize.state === "awaiting_address" ? (
              <p className="mt-1 text-sm">
                Please confirm your delivery address by {formatUkDateTime(prize.deadline)}.
              </p>
            ) : null}
            {prize.state === "shipped" && prize.shippedAt ? (
              <p className="mt-1 text-sm">
                Shipped on {formatUkDate(prize.shippedAt)} with {prize.carrier}, tracking reference{" "}
                <strong>{prize.trackingReference}</strong>.
              </p>
            ) : null}
            {prize.state === "delivered" && prize.deliveredAt ? (
              <p className="mt-1 text-sm">Delivered on {formatUkDate(prize.deliveredAt)}.</p>
            ) : null}
            {prize.choice === "cash" && prize.cashAlternativePence ? (
              <p className="mt-1 text-sm">You chose the cash alternative, {formatPence(prize.cashAlternativePence)}.</p>
            ) : null}
            {prize.state === "unclaimed_redraw_due" ? (
              <p className="mt-1 text-sm">
                The time to confirm your address has passed, so this prize passes to the next alternate.
              </p>
            ) : null}
            {prize.state === "awaiting_address" || prize.state === "confirmed" ? (
              <ClaimForm prize={prize} defaults={defaults} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
