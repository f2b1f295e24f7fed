import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { ArrowDown, ArrowUp, Star, Trash2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { CompetitionPicture } from "~/components/competitions/competition-picture";
import { Button } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { ALT_MAX_LENGTH, PICTURE_HELP } from "~/content/pictures";
import { PICTURE_TYPES, type PublicPicture } from "~/domain/pictures";
import { useHydrated } from "~/lib/use-now";
import { parseSubmission } from "~/schemas/form";
import type { FormNotice } from "~/schemas/form-result";
import { PictureUploadSchema } from "~/schemas/pictures";
import { conformSummary } from "./form-controls";

const ACCEPT = PICTURE_TYPES.map((t) => `image/${t}`).join(",");
const FILE_BUTTON = [
  "file:mr-4 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5",
  "file:font-semibold file:text-secondary-foreground",
].join(" ");

/** What the pictures action answers when it refuses: the submission, or a notice, and which form it was. */
type PictureReply = { result?: SubmissionResult<string[]>; notice?: FormNotice; intent?: string };

/** Where every picture form posts: the pictures route's action, which answers the editor (or that page) back. */
export const picturesAction = (competitionId: number) => `/admin/competitions/${competitionId}/pictures`;

/** The intent the editor's action stores a picture by, when its own form brings one (ADR 041). */
export const EDITOR_UPLOAD_INTENT = "upload";

/**
 * Without JavaScript, the upload's file, alt text and button belong to the editor's form (`form` attribute), so the
 * button sends the editor's fields with the picture and the editor's action stores it and shows the form as it was
 * typed (ADR 041); a separate form would leave the page and lose what was typed. Once the page runs its script they
 * are the upload form's own again, sent by a fetcher, and the editor's form is left as it is.
 */
function useEditorForm(editorFormId: string | undefined) {
  const hydrated = useHydrated();
  if (!editorFormId || hydrated) return null;
  return {
    field: { form: editorFormId },
    button: {
      form: editorFormId,
      name: "intent",
      value: EDITOR_UPLOAD_INTENT,
      formEncType: "multipart/form-data",
      formMethod: "post",
      // The editor's fields are checked when they are saved, not when a picture is sent with them.
      formNoValidate: true,
    },
  } as const;
}

/**
 * The upload form: choose a file, or drop one on the box, and describe it. The browser checks it with the action's own
 * schema before sending the file (a missing file or alt text, or a file over the limit, never travels); the server
 * checks everything again and sniffs the type. Without JavaScript it is a plain multipart form, or, in the editor
 * (`editorFormId`), part of the editor's form.
 */
export function PictureUploadForm({
  competitionId,
  lastResult,
  editorFormId,
}: {
  competitionId: number;
  lastResult?: SubmissionResult<string[]>;
  editorFormId?: string;
}) {
  const editorForm = useEditorForm(editorFormId);
  const fetcher = useFetcher<PictureReply>({ key: `picture-upload-${competitionId}` });
  const uploading = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "picture-upload",
    lastResult: fetcher.data?.result ?? lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, PictureUploadSchema),
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  // Conform hands out a React key with the props; keys are not spread (React warns), and these inputs need none.
  const { key: _fileKey, ...fileProps } = getInputProps(fields.file, { type: "file" });
  const { key: _altKey, ...altProps } = getInputProps(fields.alt, { type: "text" });

  function onDrop(event: React.DragEvent) {
    event.preventDefault();
    setDragging(false);
    const input = fileInput.current;
    const file = event.dataTransfer.files[0];
    if (!input || !file) return;
    // The dropped file becomes the input's own, so the form sends it as if it had been chosen.
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    setChosen(file.name);
  }

  return (
    <fetcher.Form
      method="post"
      action={picturesAction(competitionId)}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value="upload" />
      <FormAlert errors={conformSummary(form, "field")} />
      <Field label="Picture" name="file" hint={PICTURE_HELP.file} error={fields.file.errors?.[0]}>
        {({ id, describedBy, invalid }) => (
          <div
            role="group"
            aria-labelledby="picture-drop-text"
            data-testid="picture-drop-zone"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`rounded-lg border-2 border-dashed p-4 ${
              dragging ? "border-primary bg-muted" : "border-border"
            }`}
          >
            <p id="picture-drop-text" className="mb-3 flex items-center gap-2 text-sm">
              <Upload aria-hidden="true" className="size-4" />
              {chosen ? `Chosen: ${chosen}` : "Drop a picture here, or choose a file."}
            </p>
            <input
              {...fileProps}
              ref={fileInput}
              id={id}
              accept={ACCEPT}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
              className={`${inputClass} ${FILE_BUTTON}`}
              {...editorForm?.field}
            />
          </div>
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
            {...editorForm?.field}
          />
        )}
      </Field>
      <Button type="submit" disabled={uploading} {...editorForm?.button}>
        {uploading ? "Uploading…" : "Upload picture"}
      </Button>
    </fetcher.Form>
  );
}

type ListedPicture = PublicPicture & { id: number };
type RowFetcher = ReturnType<typeof useFetcher<PictureReply>>;

/** One small form per button: each works without JavaScript and says which picture it acts on. */
function PictureButton(props: {
  fetcher: RowFetcher;
  action: string;
  picture: ListedPicture;
  intent: "move" | "delete";
  direction?: "up" | "down" | "first";
  disabled?: boolean;
  label: string;
  icon: React.ReactNode;
  variant?: "outline" | "destructive";
}) {
  const { fetcher } = props;
  return (
    <fetcher.Form method="post" action={props.action}>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="pictureId" value={props.picture.id} />
      {props.direction ? <input type="hidden" name="direction" value={props.direction} /> : null}
      <Button
        type="submit"
        size="sm"
        variant={props.variant ?? "outline"}
        disabled={props.disabled || fetcher.state !== "idle"}
      >
        {props.icon}
        {props.label}
        <span className="sr-only">: {props.picture.alt}</span>
      </Button>
    </fetcher.Form>
  );
}

const MOVES = [
  { direction: "first", label: "Make main picture", Icon: Star },
  { direction: "up", label: "Move up", Icon: ArrowUp },
  { direction: "down", label: "Move down", Icon: ArrowDown },
] as const;

/** One picture: its place, its alt text (correctable) and what can be done with it. */
function PictureRow({
  competitionId,
  picture,
  index,
  count,
}: {
  competitionId: number;
  picture: ListedPicture;
  index: number;
  count: number;
}) {
  const fetcher = useFetcher<PictureReply>({ key: `picture-${picture.id}` });
  const action = picturesAction(competitionId);
  const icon = "size-4";
  const altId = `picture-${picture.id}-alt`;
  const common = { fetcher, action, picture };
  return (
    <li className="rounded-lg border border-border p-4" data-testid="admin-picture">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <CompetitionPicture
          picture={picture}
          alt=""
          sizes="160px"
          loading="lazy"
          className="aspect-[16/10] w-40 shrink-0 rounded-md bg-muted object-cover"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <p className="text-sm text-muted-foreground">
            {index === 0 ? <strong className="text-foreground">Main picture</strong> : `Picture ${index + 1}`}
            {index === 0 ? " (cards and share card)" : ""}
            {` · ${picture.width}×${picture.height}`}
          </p>
          <p className="sr-only" data-testid="picture-alt">
            {picture.alt}
          </p>
          <fetcher.Form method="post" action={action} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="alt" />
            <input type="hidden" name="pictureId" value={picture.id} />
            <div className="min-w-0 flex-1 space-y-1.5">
              <label htmlFor={altId} className="block text-sm font-medium">
                Alt text
              </label>
              <input
                id={altId}
                name="alt"
                required
                maxLength={ALT_MAX_LENGTH}
                defaultValue={picture.alt}
                autoComplete="off"
                className={inputClass}
              />
            </div>
            <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
              Save alt text
            </Button>
          </fetcher.Form>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {/* The main picture is already first. */}
        {MOVES.filter(({ direction }) => index > 0 || direction !== "first").map(({ direction, label, Icon }) => (
          <PictureButton
            key={direction}
            {...common}
            intent="move"
            direction={direction}
            disabled={direction === "up" ? index === 0 : direction === "down" && index === count - 1}
            label={label}
            icon={<Icon aria-hidden="true" className={icon} />}
          />
        ))}
        <PictureButton
          {...common}
          intent="delete"
          label="Remove"
          variant="destructive"
          icon={<Trash2 aria-hidden="true" className={icon} />}
        />
      </div>
      {fetcher.data?.notice ? (
        <div className="mt-3">
          <FormAlert notice={fetcher.data.notice} />
        </div>
      ) : null}
    </li>
  );
}

/** The competition's pictures in the order the public pages show them; the first is the main picture. */
export function PictureList({ competitionId, pictures }: { competitionId: number; pictures: ListedPicture[] }) {
  if (pictures.length === 0) {
    return <p className="text-muted-foreground">No pictures yet: the competition shows its built-in illustration.</p>;
  }
  return (
    <ol className="space-y-4" aria-label="Pictures, in the order they are shown">
      {pictures.map((picture, index) => (
        <PictureRow
          key={picture.id}
          competitionId={competitionId}
          picture={picture}
          index={index}
          count={pictures.length}
        />
      ))}
    </ol>
  );
}

/** The editor's Pictures section: upload, then the list to describe, order, choose the main one and remove. */
export function PictureManager({
  competitionId,
  pictures,
  lastResult,
  notice,
  editorFormId,
}: {
  competitionId: number;
  pictures: ListedPicture[];
  lastResult?: SubmissionResult<string[]>;
  notice?: FormNotice;
  /** The editor's form, which the upload joins without JavaScript (ADR 041). */
  editorFormId?: string;
}) {
  return (
    <section
      id="pictures"
      aria-labelledby="pictures-title"
      className="scroll-mt-4 rounded-lg border border-border bg-card p-6 text-card-foreground"
    >
      <h2 id="pictures-title" className="text-xl font-semibold tracking-tight">
        Pictures
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Saved as you go: each upload, move or removal is saved at once, apart from the form above.
      </p>
      <div className="mt-4">
        <PictureUploadForm competitionId={competitionId} lastResult={lastResult} editorFormId={editorFormId} />
      </div>
      <h3 className="mt-8 text-lg font-semibold">Current pictures</h3>
      {editorFormId ? (
        // Only the upload is sent with the editor's form; without a script, these buttons reload the editor.
        <noscript>
          <p className="mt-2 text-sm font-medium" data-testid="pictures-noscript-note">
            Without JavaScript, moving, removing or describing a picture reloads this page: save the form above first,
            or what you typed in it is lost.
          </p>
        </noscript>
      ) : null}
      <div className="mt-4 space-y-4">
        <FormAlert notice={notice} />
        <PictureList competitionId={competitionId} pictures={pictures} />
      </div>
    </section>
  );
}
