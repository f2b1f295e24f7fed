import { X, ZoomIn } from "lucide-react";
import { useRef, useState } from "react";

/**
 * The competition's images: one large, the rest as thumbnails to choose from, and a zoom that opens the
 * chosen image enlarged in a modal dialog (Escape or the close button returns focus to the zoom button).
 * Without JavaScript the zoom and thumbnails are links to the image files themselves.
 */
export function CompetitionGallery({ images, title }: { images: string[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const zoomRef = useRef<HTMLAnchorElement>(null);
  const current = images[selected] ?? images[0] ?? "";
  const label = (index: number) => `${title}, image ${index + 1} of ${images.length}`;

  function closeZoom() {
    dialogRef.current?.close();
  }

  return (
    <div>
      <div className="relative overflow-hidden rounded-lg border border-border bg-muted">
        <img src={current} alt={label(selected)} width={1280} height={800} className="aspect-[16/10] w-full object-cover" data-testid="gallery-image" />
        <a
          ref={zoomRef}
          href={current}
          className="absolute bottom-3 right-3 inline-flex h-11 items-center gap-2 rounded-md bg-card px-4 font-semibold text-card-foreground shadow focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
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
      {images.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label="More images">
          {images.map((src, index) => (
            <li key={src}>
              <a
                href={src}
                aria-current={index === selected ? "true" : undefined}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                className="block overflow-hidden rounded-md border-2 border-transparent aria-[current=true]:border-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                onClick={(event) => {
                  event.preventDefault();
                  setSelected(index);
                }}
              >
                <img src={src} alt="" width={120} height={75} loading="lazy" className="h-16 w-24 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <dialog
        ref={dialogRef}
        aria-label={`Enlarged image: ${label(selected)}`}
        className="m-auto max-h-[95vh] w-[min(95vw,1400px)] rounded-lg border border-border bg-card p-0 text-card-foreground backdrop:bg-black/80"
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
            className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            aria-label="Close enlarged image"
            autoFocus
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <img src={current} alt={label(selected)} className="max-h-[85vh] w-full object-contain" data-testid="zoomed-image" />
      </dialog>
    </div>
  );
}
