import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { CompetitionPicture } from "~/components/competitions/competition-picture";
import { Button } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { ALT_MAX_LENGTH, PICTURE_HELP } from "~/content/pictures";
import { PICTURE_TYPES, type PublicPicture } from "~/domain/pictures";
import { parseSubmission } from "~/schemas/form";
import { PictureUploadSchema } from "~/schemas/pictures";
import { conformSummary } from "./form-controls";

const ACCEPT = PICTURE_TYPES.map((t) => `image/${t}`).join(",");
const FILE_BUTTON = [
  "file:mr-4 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5",
  "file:font-semibold file:text-secondary-foreground",
].join(" ");

/**
 * The upload form. The browser checks it with the action's own schema before sending the file (a missing file or alt
 * text, or a file over the limit, never travels); the server checks everything again and sniffs the type.
 */
export function PictureUploadForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formData?.get("intent") === "upload";
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, PictureUploadSchema),
  });
  // Conform hands out a React key with the props; keys are not spread (React warns), and these inputs need none.
  const { key: _fileKey, ...fileProps } = getInputProps(fields.file, { type: "file" });
  const { key: _altKey, ...altProps } = getInputProps(fields.alt, { type: "text" });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="upload" />
      <FormAlert errors={conformSummary(form, "field")} />
      <Field label="Picture" name="file" hint={PICTURE_HELP.file} error={fields.file.errors?.[0]}>
        {({ id, describedBy, invalid }) => (
          <input
            {...fileProps}
            id={id}
            accept={ACCEPT}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={`${inputClass} ${FILE_BUTTON}`}
          />
        )}
      </Field>
      <Field label="Alt text" name="alt" hint={PICTURE_HELP.alt} error={fields.alt.errors?.[0]}>
        {({ id, describedBy, invalid }) => (
          <input
            {...altProps}
            id={id}
            maxLength={ALT_MAX_LENGTH}
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={inputClass}
          />
        )}
      </Field>
      <Button type="submit" disabled={uploading}>
        {uploading ? "Uploading…" : "Upload picture"}
      </Button>
    </Form>
  );
}

type ListedPicture = PublicPicture & { id: number };

/** One small form per button: each works without JavaScript and says which picture it acts on. */
function PictureButton(props: {
  picture: ListedPicture;
  intent: "move" | "delete";
  direction?: "up" | "down";
  disabled?: boolean;
  label: string;
  icon: React.ReactNode;
  variant?: "outline" | "destructive";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="pictureId" value={props.picture.id} />
      {props.direction ? <input type="hidden" name="direction" value={props.direction} /> : null}
      <Button type="submit" size="sm" variant={props.variant ?? "outline"} disabled={props.disabled}>
        {props.icon}
        {props.label}
        <span className="sr-only">: {props.picture.alt}</span>
      </Button>
    </Form>
  );
}

const MOVES = [
  { direction: "up", label: "Move up", Icon: ArrowUp },
  { direction: "down", label: "Move down", Icon: ArrowDown },
] as const;

/** The competition's pictures in the order the public pages show them; the first is the card and share picture. */
export function PictureList({ pictures }: { pictures: ListedPicture[] }) {
  if (pictures.length === 0) {
    return <p className="text-muted-foreground">No pictures yet: the competition shows its built-in illustration.</p>;
  }
  const icon = "size-4";
  return (
    <ol className="space-y-4" aria-label="Pictures, in the order they are shown">
      {pictures.map((picture, index) => (
        <li
          key={picture.id}
          className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:flex-row sm:items-center"
          data-testid="admin-picture"
        >
          <CompetitionPicture
            picture={picture}
            alt=""
            sizes="160px"
            loading="lazy"
            className="aspect-[16/10] w-40 shrink-0 rounded-md bg-muted object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-muted-foreground">
              {index === 0 ? "First picture (cards and share card)" : `Picture ${index + 1}`}
              {` · ${picture.width}×${picture.height}`}
            </p>
            <p className="mt-1 break-words font-medium" data-testid="picture-alt">
              {picture.alt}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {MOVES.map(({ direction, label, Icon }) => (
              <PictureButton
                key={direction}
                picture={picture}
                intent="move"
                direction={direction}
                disabled={direction === "up" ? index === 0 : index === pictures.length - 1}
                label={label}
                icon={<Icon aria-hidden="true" className={icon} />}
              />
            ))}
            <PictureButton
              picture={picture}
              intent="delete"
              label="Delete"
              variant="destructive"
              icon={<Trash2 aria-hidden="true" className={icon} />}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
