import { X, ZoomIn } from "lucide-react";
import { useRef, useState } from "react";
import type { PublicPicture } from "~/domain/pictures";
import { CompetitionPicture } from "./competition-picture";

/** One image: an uploaded picture (responsive variants, its own alt text), or a plain file such as today's SVGs. */
export type GalleryImage = { href: string; picture?: PublicPicture };

/** The main image fills half the page from 1024px, the whole width below; zoomed, nearly the whole window. */
const MAIN_SIZES = "(min-width: 1280px) 608px, (min-width: 1024px) 50vw, 100vw";
const ZOOM_SIZES = "95vw";
const THUMB_SIZES = "96px";

function GalleryImg(props: {
  image: GalleryImage;
  alt: string;
  sizes: string;
  width: number;
  height: number;
  className: string;
  loading?: "lazy";
  fetchPriority?: "high";
  testId?: string;
}) {
  const { image, alt, testId, ...rest } = props;
  if (image.picture) {
    const { width: _w, height: _h, ...shared } = rest;
    return <CompetitionPicture picture={image.picture} alt={alt} data-testid={testId} {...shared} />;
  }
  const { sizes: _s, ...plain } = rest;
  return <img src={image.href} alt={alt} data-testid={testId} {...plain} />;
}

/**
 * The competition's images: one large, the rest as thumbnails to choose from, and a zoom that opens the
 * chosen image enlarged in a modal dialog (Escape or the close button returns focus to the zoom button).
 * Without JavaScript the zoom and thumbnails are links to the image files themselves.
 */
export function CompetitionGallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const zoomRef = useRef<HTMLAnchorElement>(null);
  const current = images[selected] ?? images[0] ?? { href: "" };
  const label = (index: number) => `${title}, image ${index + 1} of ${images.length}`;
  const altOf = (index: number) => images[index]?.picture?.alt ?? label(index);
  // The chosen image, large and zoomed: an uploaded picture's own size wins over these for <picture>.
  const shown = { image: current, alt: altOf(selected), width: 1280, height: 800 };

  function closeZoom() {
    dialogRef.current?.close();
  }

  return (
    <div>
      <div className="overflow-hidden rounded-lg border border-border bg-muted">
        {/* The whole picture, never cropped: a picture of another shape sits on the muted ground. */}
        <GalleryImg
          {...shown}
          sizes={MAIN_SIZES}
          fetchPriority="high"
          className="aspect-[16/10] w-full object-contain"
          testId="gallery-image"
        />
      </div>
      {/* The zoom sits below the picture, beside the thumbnails, so it covers none of it. */}
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        {images.length > 1 ? (
          <ul className="flex flex-wrap gap-3" aria-label="More images">
            {images.map((image, index) => (
              <li key={image.href}>
                <a
                  href={image.href}
                  aria-current={index === selected ? "true" : undefined}
                  aria-label={`Show image ${index + 1} of ${images.length}`}
                  className={
                    "block overflow-hidden rounded-md border-2 border-transparent bg-muted " +
                    "aria-[current=true]:border-primary focus-visible:outline-3 " +
                    "focus-visible:outline-offset-2 focus-visible:outline-ring"
                  }
                  onClick={(event) => {
                    event.preventDefault();
                    setSelected(index);
                  }}
                >
                  <GalleryImg
                    image={image}
                    alt=""
                    sizes={THUMB_SIZES}
                    width={120}
                    height={75}
                    loading="lazy"
                    className="h-14 w-20 object-contain sm:h-16 sm:w-24"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <a
          ref={zoomRef}
          href={current.href}
          className={
            "ml-auto inline-flex h-11 items-center gap-2 rounded-md border border-border bg-card px-4 " +
            "font-semibold text-card-foreground hover:bg-muted focus-visible:outline-3 " +
            "focus-visible:outline-offset-2 focus-visible:outline-ring"
          }
          aria-haspopup="dialog"
          onClick={(event) => {
            event.preventDefault();
            dialogRef.current?.showModal();
          }}
        >
          <ZoomIn aria-hidden="true" className="h-5 w-5" />
          Zoom image
        </a>
      </div>
      {/* The backdrop click is a mouse convenience; Escape and Close are the keyboard way. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape and the Close button serve the keyboard */}
      <dialog
        ref={dialogRef}
        aria-label={`Enlarged image: ${label(selected)}`}
        className={
          "m-auto max-h-[95vh] w-[min(95vw,1400px)] rounded-lg border border-border bg-card p-0 " +
          "text-card-foreground backdrop:bg-black/80"
        }
        onClose={() => zoomRef.current?.focus()}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside the content) closes it.
          if (event.target === event.currentTarget) closeZoom();
        }}
      >
        <div className="flex items-center justify-between gap-4 border-b border-border px-4 py-2">
          <p className="font-semibold">{label(selected)}</p>
          <button
            type="button"
            onClick={closeZoom}
            className={
              "inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-muted " +
              "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            }
            aria-label="Close enlarged image"
            // biome-ignore lint/a11y/noAutofocus: an opened dialog focuses its Close button (the dialog pattern)
            autoFocus
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <GalleryImg
          {...shown}
          sizes={ZOOM_SIZES}
          loading="lazy"
          className="max-h-[85vh] w-full object-contain"
          testId="zoomed-image"
        />
      </dialog>
    </div>
  );
}
