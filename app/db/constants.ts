/** Client-safe enumerations. Each tuple feeds both a database check constraint and zod. */
/**
 * A competition's life: draft → scheduled (goes live by itself at go_live_at) → active → closed (at end_date, or at
 * sell-out when the terms say so) → completed (winner drawn); cancelling (refunds under way) → cancelled.
 */
export const COMPETITION_STATUSES = [
  "draft",
  "scheduled",
  "active",
  "closed",
  "completed",
  "cancelling",
  "cancelled",
] as const;
export type CompetitionStatus = (typeof COMPETITION_STATUSES)[number];

/** Statuses the public never sees: the competition is not yet published. */
export const UNPUBLISHED_STATUSES = ["draft", "scheduled"] as const satisfies readonly CompetitionStatus[];
export const isPublishedStatus = (status: string) => !(UNPUBLISHED_STATUSES as readonly string[]).includes(status);

export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];
/** The roles staff give: "user" grants nothing (everyone signed in is a user), so it is not offered. */
export const GRANTABLE_ROLES = ["moderator", "admin"] as const satisfies readonly Role[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** How a ticket was entered: bought online, or a free postal entry recorded by staff. Both draw alike. */
export const TICKET_SOURCES = ["paid", "postal"] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];

export const ORDER_STATUSES = ["pending", "paid", "cancelled", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Steps of the checkout funnel, counted once per visitor per competition and step. */
export const FUNNEL_STAGES = ["viewed", "answered", "checkout_started", "paid"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export const EMAIL_STATUSES = ["pending", "sent", "failed"] as const;

/** A complaint's progress: open until staff reply (answered), then resolved when it is closed. */
export const COMPLAINT_STATUSES = ["open", "answered", "resolved"] as const;
/** What a consent record is about. Marketing e-mail is the one purpose we ask consent for. */
export const CONSENT_PURPOSES = ["marketing"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * Where a consent grant or withdrawal came from. The names are stored in the ledger; `consentSourceLabel`
 * (domain/consent-ledger) words them for people.
 */
export const CONSENT_SOURCES = [
  "sign-up:join",
  "sign-up:auth",
  "newsletter-form",
  "account",
  "newsletter-unsubscribe-link",
  "newsletter-one-click",
  "self_exclusion",
  "account-deletion",
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** What an in-app notification is about (the header's bell). */
export const NOTIFICATION_KINDS = [
  "order-confirmed",
  "refund-issued",
  "closing-soon",
  "entries-closed",
  "draw-result",
  "prize-claim",
  "instant-win",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A marketing campaign's life: draft → scheduled → sending → sent; cancelled from draft or scheduled. */
export const CAMPAIGN_STATES = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** Who a campaign is for, before consent and protection narrow it (domain/campaign). */
export const CAMPAIGN_AUDIENCES = ["everyone", "recent-buyers", "new-sign-ups", "competition-entrants"] as const;
export type CampaignAudience = (typeof CAMPAIGN_AUDIENCES)[number];

/** A recipient: waiting for its batch, queued in the outbox, or skipped at send time (consent or protection). */
export const CAMPAIGN_RECIPIENT_STATUSES = ["pending", "queued", "skipped"] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export function sqlList(values: readonly string[]) {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
}

/** A custom domain: pending until a check finds every DNS record right (verified), failed when one did not. */
export const DOMAIN_STATUSES = ["pending", "verified", "failed"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];
/** What recording a free postal entry decided: accepted (a ticket) or rejected with one of the reasons below. */
export const POSTAL_OUTCOMES = ["accepted", "rejected"] as const;

/** Why a postal entry was not entered, in the order the rules are applied (app/domain/postal-entry.ts). */
export const POSTAL_REJECTION_REASONS = [
  "bulk envelope",
  "late",
  "incomplete",
  "under 18",
  "void: sold out",
  "over the per-person cap",
] as const;
export type PostalRejectionReason = (typeof POSTAL_REJECTION_REASONS)[number];

/** A prize claim's steps: the winner confirms the delivery address, staff ship it, then mark it delivered. */
export const PRIZE_CLAIM_STATUSES = ["confirmed", "shipped", "delivered"] as const;
export type PrizeClaimStatus = (typeof PRIZE_CLAIM_STATUSES)[number];

/** Why a prize may pass from a drawn entry to the next alternate: this fixed list and nothing else (draw-v1.md). */
export const SKIP_REASONS = ["unclaimed", "ineligible", "refunded"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/**
 * Why the site-credit wallet moved (wallet_ledger.reason, ref = what moved it): an instant win credits it; an order
 * spends it (`checkout`, ref = order id), gets it back when its hold ends unpaid (`checkout-reversal`), takes it again
 * when a late payment is honoured after all (`checkout-retaken`) and gives it back when refunded (`refund`). ADR 036.
 */
export const WALLET_REASONS = ["instant-win", "checkout", "checkout-reversal", "checkout-retaken", "refund"] as const;
export type WalletReason = (typeof WALLET_REASONS)[number];

/** An instant win's prize (docs/instant-wins-v1.md): credit in the site wallet, cash, or a physical prize. */
export const INSTANT_WIN_KINDS = ["site-credit", "cash", "physical"] as const;
export type InstantWinKind = (typeof INSTANT_WIN_KINDS)[number];

/** What a winner chose in the claim flow when the competition offers a cash alternative. */
export const PRIZE_CHOICES = ["prize", "cash"] as const;
export type PrizeChoice = (typeof PRIZE_CHOICES)[number];

/** A promo code takes a percentage off, or a fixed amount of pence (domain/promo-code.ts). */
export const PROMO_KINDS = ["percent", "fixed"] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
