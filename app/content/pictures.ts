// Wording of the competition pictures page (admin) and its outcomes.
import { PICTURE_MAX_BYTES } from "~/domain/pictures";

const MAX_MB = PICTURE_MAX_BYTES / (1024 * 1024);

export const PICTURE_MESSAGES = {
  fileRequired: "Choose a picture to upload.",
  wrongType: "This file is not a JPEG, PNG or WebP picture. Please choose a photo in one of those formats.",
  tooBig: `This picture is too large. Pictures can be at most ${MAX_MB} MB.`,
  tooManyPixels: "This picture has too many pixels to process. Please resize it and try again.",
  unreadable: "This picture could not be read. It may be damaged; please try another file.",
  altRequired: "Describe the picture for people who cannot see it (alt text is required).",
  altTooLong: "Please keep the description to 250 characters or fewer.",
  duplicate: "This picture is already one of the competition’s pictures.",
  uploadFailed: "The picture could not be saved. Please try again.",
  notFound: "That picture is no longer there. The list has been refreshed.",
  uploaded: "Picture uploaded",
  deleted: "Picture deleted",
  moved: "Picture order saved",
  madeMain: "Main picture chosen",
  altSaved: "Alt text saved",
  competitionNotFound: "Competition not found",
} as const;

/** The editor's answer to a picture sent with its form without JavaScript: the form shows what was typed, unsaved. */
export const KEPT_EDITS_NOTICES = {
  uploaded: {
    type: "error",
    title: "Picture uploaded; your other changes are not saved yet",
    description: "The form below shows what you typed. Press Save changes to keep it, or leave the page to drop it.",
  },
  refused: {
    type: "error",
    title: "Picture not uploaded; your other changes are not saved yet",
    description: "The form below shows what you typed. The Pictures section says why the picture was refused.",
  },
} as const;

export const ALT_MAX_LENGTH = 250;

export const PICTURE_HELP = {
  file: `JPEG, PNG or WebP, up to ${MAX_MB} MB. The first picture is the one shown on cards and share cards.`,
  alt: "What the picture shows, for screen readers and when images do not load, e.g. “Bay mare in a navy turnout rug”.",
} as const;
