/** What the staff competition pages say after each action. */
export const COMPETITION_MESSAGES = {
  created: "Draft created",
  saved: "Competition saved",
  unchanged: "Nothing to save: no field was changed",
  scheduled: "Competition scheduled: it goes live by itself at its go-live time",
  unscheduled: "Back to draft: it will not go live until it is scheduled again",
  deleted: "Draft deleted",
  notFound: "That competition does not exist.",
  invalid: "Please correct the fields marked below.",
  scheduleInvalid: "These dates cannot be scheduled: see the fields marked below.",
  scheduleNotDraft: "Only a draft can be scheduled.",
  unscheduleTooLate: "Only a scheduled competition that has not gone live yet can go back to draft.",
  deleteRefused: "Only drafts can be deleted: this competition has been scheduled or published.",
} as const;

/** How each status reads on the staff pages. */
export const STATUS_LABELS = {
  draft: "Draft",
  scheduled: "Scheduled",
  active: "Live",
  closed: "Closed",
  completed: "Completed",
  cancelling: "Cancelling",
  cancelled: "Cancelled",
} as const;
