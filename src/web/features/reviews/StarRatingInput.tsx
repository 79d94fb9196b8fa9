import { useState } from 'react';
import { useFieldAria } from '@/ui/form/fieldAria';
import { FieldError } from '@/ui/form/FieldMessages';

const STAR_PATH = 'M10 1.5l2.6 5.5 6 .7-4.5 4.1 1.2 5.9L10 14.8l-5.3 2.9 1.2-5.9L1.4 7.7l6-.7z';

export const RATING_WORDS: Record<number, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};

interface StarRatingInputProps {
  name: string;
  legend: string;
  /** '' while nothing is chosen, else '1' to '5'. */
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * A 1-5 rating as five native radio buttons drawn as stars: arrow keys move between them, and
 * each is read as "3 stars, Good". The stars up to the chosen one (or the one under the
 * pointer) are filled. An error marks the radios invalid, so a failed submit focuses the first.
 */
export function StarRatingInput({ name, legend, value, error, onChange }: StarRatingInputProps) {
  const { errorId, controlId } = useFieldAria({ error });
  const [hovered, setHovered] = useState(0);
  const chosen = Number(value) || 0;
  const shown = hovered || chosen;
  return (
    <fieldset className="star-rating" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="star-rating__stars" onMouseLeave={() => setHovered(0)}>
        {[1, 2, 3, 4, 5].map((star) => {
          const id = `${controlId}-${star}`;
          return (
            <span key={star} className="star-rating__option">
              <input
                type="radio"
                id={id}
                name={name}
                value={String(star)}
                checked={chosen === star}
                onChange={() => onChange(String(star))}
                className="star-rating__input"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              <label
                htmlFor={id}
                className={star <= shown ? 'star-rating__star star-rating__star--on' : 'star-rating__star'}
                onMouseEnter={() => setHovered(star)}
              >
                <svg viewBox="0 0 20 20" width="32" height="32" aria-hidden="true" focusable="false">
                  <path d={STAR_PATH} />
                </svg>
                <span className="visually-hidden">
                  {star} {star === 1 ? 'star' : 'stars'}, {RATING_WORDS[star]}
                </span>
              </label>
            </span>
          );
        })}
        <span className="star-rating__word" aria-hidden="true">
          {shown ? RATING_WORDS[shown] : 'Choose a rating'}
        </span>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
