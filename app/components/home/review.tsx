import { Star } from "lucide-react";

type ReviewData = { name: string; location: string; rating: number; text: string };

function StarRating({ rating, className }: { rating: number; className: string }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="flex gap-0.5 text-primary">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars; the position is the identity
        <Star key={i} aria-hidden="true" className={className} fill={i < rating ? "currentColor" : "none"} />
      ))}
    </span>
  );
}

/** The inside of a review's <figure>: stars, the quote and who said it. */
export function ReviewContent({ review, large = false }: { review: ReviewData; large?: boolean }) {
  return (
    <>
      <StarRating rating={review.rating} className={large ? "h-5 w-5" : "h-4 w-4"} />
      <blockquote className={large ? "mt-4 text-xl leading-8" : "mt-3 leading-7"}>
        <p>{review.text}</p>
      </blockquote>
      <figcaption className={large ? "mt-4 font-semibold" : "mt-3 text-sm font-semibold"}>
        {review.name}, <span className="font-normal text-muted-foreground">{review.location}</span>
      </figcaption>
    </>
  );
}
