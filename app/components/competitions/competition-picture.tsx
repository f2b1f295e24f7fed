import { mediaUrl, type PublicPicture, srcSet } from "~/domain/pictures";

type Props = {
  picture: PublicPicture;
  /** How wide the image is drawn, for the browser to pick a variant: e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  className?: string;
  /** Alt text when the picture's own does not fit (thumbnails that only repeat the main image use ""). */
  alt?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  "data-testid"?: string;
};

/**
 * An uploaded picture: AVIF and WebP variants for the browser to choose from by width, the re-encoded original for
 * any browser that takes neither. Width and height reserve its space before it loads, so nothing shifts.
 */
export function CompetitionPicture({ picture, sizes, className, alt, loading, fetchPriority, ...rest }: Props) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(picture.variants, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(picture.variants, "webp")} sizes={sizes} />
      <img
        src={mediaUrl(picture.originalKey)}
        alt={alt ?? picture.alt}
        width={picture.width}
        height={picture.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
        data-testid={rest["data-testid"]}
      />
    </picture>
  );
}

const loadingOf = (priority: boolean) =>
  priority ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);

/**
 * A competition's main image: its first uploaded picture, else its built-in illustration (decorative beside the
 * title). `priority` is for the largest image on screen, which loads first (LCP); the others wait until needed.
 */
export function CompetitionImage({
  competition,
  sizes,
  className,
  priority = false,
}: {
  competition: { pictures: PublicPicture[]; imageUrl: string };
  sizes: string;
  className: string;
  priority?: boolean;
}) {
  const [picture] = competition.pictures;
  if (picture)
    return <CompetitionPicture picture={picture} sizes={sizes} {...loadingOf(priority)} className={className} />;
  return (
    <img src={competition.imageUrl} alt="" width={640} height={400} {...loadingOf(priority)} className={className} />
  );
}
