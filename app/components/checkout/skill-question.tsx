import { useFieldId } from "~/components/ui/field";

type SkillQuestionProps = {
  question: string;
  options: readonly string[];
  name?: string;
  defaultValue?: string | null;
  error?: string;
  /** With JavaScript the basket saves an answer as soon as it is picked. */
  onChange?: (answer: string) => void;
  form?: string;
};

/** The competition's skill question as a radio group; the correct answer is never sent to the browser. */
export function SkillQuestion({
  question,
  options,
  name = "answer",
  defaultValue,
  error,
  onChange,
  form,
}: SkillQuestionProps) {
  const id = useFieldId(name);
  const errorId = `${id}-error`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="space-y-2"
    >
      <legend className="mb-2 font-medium">
        <span className="block text-sm text-muted-foreground">Skill question</span>
        {question}
      </legend>
      {options.map((option, index) => (
        <label
          key={option}
          className={
            "flex cursor-pointer items-center gap-3 rounded-md border border-border bg-background " +
            "px-3 py-2.5 has-[:checked]:border-primary has-[:checked]:bg-muted"
          }
        >
          <input
            type="radio"
            name={name}
            value={option}
            form={form}
            defaultChecked={defaultValue === option}
            required
            onChange={onChange ? () => onChange(option) : undefined}
            className="size-4 accent-primary"
            id={index === 0 ? id : `${id}-${index}`}
          />
          <span>{option}</span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
