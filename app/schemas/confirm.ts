/** The field a confirmation step's button adds to the form it confirms (see askToConfirm). */
export const CONFIRM_FIELD = "confirm";
export const CONFIRM_VALUE = "yes";
