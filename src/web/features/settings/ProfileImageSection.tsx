import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/mutator';
import { useUpdateProfile } from '@/api/generated/account/account';
import { getGetMeQueryKey } from '@/api/generated/auth/auth';
import { useAuth } from '@/lib/auth';
import { UPLOAD_BYTES, UPLOAD_TYPES } from '@/lib/limits';
import { FormAlert } from '@/ui/form/FormAlert';
import { apiErrorMessage, notify } from '@/ui/toast';

/** Contract C07: PNG, JPEG or WebP, at most 5 MB, at least 200 x 200 pixels (the server checks the size). */
export const PROFILE_IMAGE_TYPES = UPLOAD_TYPES.profileImage;
export const PROFILE_IMAGE_MAX_BYTES = UPLOAD_BYTES.image;

export function profileImageProblem(file: File): string | null {
  if (!PROFILE_IMAGE_TYPES.includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'Choose an image of 5 MB or less.';
  return null;
}

/**
 * Settings › Profile photo (C07, a business's logo): a preview of the chosen image before it is
 * saved, replacing the current one; or removing it.
 */
export function ProfileImageSection() {
  const id = useId();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(
    () => (chosen && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(chosen) : null),
    [chosen],
  );
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const business = user?.accountType === 'business';
  const noun = business ? 'logo' : 'photo';
  const current = user?.profile.image ?? null;
  const shown = preview ?? current ?? user?.social.image ?? null;

  const choose = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const problem = profileImageProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setChosen(file);
  };

  const send = (body: { image: Blob } | { removeImage: boolean }) => {
    setError(null);
    update.mutate(
      { data: body },
      {
        onSuccess: (response) => {
          setChosen(null);
          notify.info(response.message || 'Profile updated.');
          void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
          void queryClient.invalidateQueries({
            predicate: ({ queryKey }) =>
              typeof queryKey[0] === 'string' && queryKey[0].includes('/profile-completion/'),
          });
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError
              ? (failure.fieldError('image') ?? apiErrorMessage(failure))
              : apiErrorMessage(failure),
          ),
      },
    );
  };

  return (
    <section className="settings-section" id="profile-image" aria-labelledby="settings-image-title">
      <h2 id="settings-image-title" className="settings-section__title">
        Profile {noun}
      </h2>
      <p className="settings-section__lead">
        {business ? 'Your logo' : 'Your photo'} shows beside your name across the marketplace. PNG, JPEG or WebP, at
        least 200 × 200 pixels and 5 MB at most.
      </p>
      <div className="profile-image">
        <div className="profile-image__frame">
          {shown ? (
            <img src={shown} alt={preview ? `Preview of your new ${noun}` : `Your current ${noun}`} />
          ) : (
            <span className="profile-image__initials" aria-hidden="true">
              {(user?.displayName ?? '?').slice(0, 1).toUpperCase()}
            </span>
          )}
        </div>
        <div className="profile-image__controls">
          {chosen ? (
            <>
              <p className="profile-image__note">
                Preview of <strong>{chosen.name}</strong>. Save it to replace your current {noun}.
              </p>
              <div className="profile-image__actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={update.isPending}
                  onClick={() => send({ image: chosen })}
                >
                  {update.isPending ? 'Saving…' : `Save new ${noun}`}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={update.isPending}
                  onClick={() => setChosen(null)}
                >
                  Cancel
                </button>
              </div>
            </>
          ) : (
            <div className="profile-image__actions">
              <input
                ref={input}
                id={`${id}-file`}
                type="file"
                className="visually-hidden"
                accept={PROFILE_IMAGE_TYPES.join(',')}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <label htmlFor={`${id}-file`} className="button button--secondary profile-image__choose">
                {current ? `Replace ${noun}` : `Choose a ${noun}`}
              </label>
              {current && (
                <button
                  type="button"
                  className="link-button profile-image__remove"
                  disabled={update.isPending}
                  onClick={() => send({ removeImage: true })}
                >
                  Remove {noun}
                </button>
              )}
            </div>
          )}
          <FormAlert>{error ? <p id={`${id}-error`}>{error}</p> : null}</FormAlert>
        </div>
      </div>
    </section>
  );
}
