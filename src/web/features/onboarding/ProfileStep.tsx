import { useMemo, useState } from 'react';
import type { UiSchema } from '@rjsf/utils';
import { updateProfile } from '@/api/generated/account/account';
import type { JsonObject } from '@/forms/types';
import { useAuth, type AuthUser } from '@/lib/auth';
import { ImagePicker } from './ImagePicker';
import type { OnboardingForm as LoadedStepForm } from './onboardingForms';
import { STEPS } from './onboardingSteps';
import { StepPage } from './StepPage';
import { useSaveStep } from './useSaveStep';

const HIDDEN = { 'ui:widget': 'hidden' } as const;

/** People give their names, businesses their company name; the removal only applies to a saved picture. */
function profileUi(user: AuthUser): UiSchema {
  const business = user.accountType === 'business';
  return {
    ...(business ? { firstname: HIDDEN, lastname: HIDDEN } : { companyname: HIDDEN }),
    ...(user.profile.image ? {} : { removeImage: HIDDEN }),
  };
}

function profileAnswers(user: AuthUser): JsonObject {
  if (user.accountType === 'business') return user.companyname ? { companyname: user.companyname } : {};
  const answers: JsonObject = {};
  if (user.firstname) answers.firstname = user.firstname;
  if (user.lastname) answers.lastname = user.lastname;
  return answers;
}

/** The fields this account type sends: a person's names, a business's name, and the removal. */
function profileBody(user: AuthUser, answers: JsonObject) {
  const text = (name: string) => (typeof answers[name] === 'string' ? (answers[name] as string).trim() : undefined);
  const names =
    user.accountType === 'business'
      ? { companyname: text('companyname') }
      : { firstname: text('firstname'), lastname: text('lastname') };
  return {
    ...Object.fromEntries(Object.entries(names).filter(([, value]) => value)),
    ...(answers.removeImage === true ? { removeImage: true } : {}),
  };
}

/**
 * Profile setup (`/auth/su/profile/`): the names and a picture (a business's logo), sent as one
 * multipart `POST /account/update/profile/`. A freelancer needs a picture to go on (spec §4).
 */
export function ProfileStep({ form }: { form: LoadedStepForm }) {
  const step = STEPS.profile;
  const { user } = useAuth();
  const [answers, setAnswers] = useState<JsonObject>(() => (user ? profileAnswers(user) : {}));
  const [image, setImage] = useState<File | null>(null);
  const [missingImage, setMissingImage] = useState(false);
  const saving = useSaveStep(step);
  const uiOverrides = useMemo(() => (user ? profileUi(user) : undefined), [user]);
  if (!user) return null;

  const business = user.accountType === 'business';
  const currentImage = user.profile.image ?? user.social.image;
  const imageError = saving.failure?.fields.find((error) => error.field === 'image')?.message;

  const submit = (next: JsonObject) => {
    const needsImage = user.accountType === 'freelancer' && !currentImage && !image;
    setMissingImage(needsImage);
    if (needsImage) {
      document.getElementById('profile-image')?.focus();
      return;
    }
    const body = { ...profileBody(user, next), ...(image ? { image } : {}) };
    saving.save(() => updateProfile(body));
  };

  return (
    <StepPage
      step={{ ...step, title: business ? 'Add your logo' : step.title }}
      saving={saving}
      lead={
        business
          ? 'Your company name and logo appear on your business profile and next to your proposals.'
          : 'Clients are more likely to reply to a profile with a clear photo of your face.'
      }
      form={form}
      idPrefix="profile"
      answers={answers}
      onChange={setAnswers}
      onSubmit={submit}
      uiOverrides={uiOverrides}
      extraFields={['image']}
      extra={
        <ImagePicker
          id="profile-image"
          label={business ? 'Logo' : 'Profile photo'}
          hint={
            business
              ? 'A square logo works best; it is resized to fit 512 × 512 pixels without cropping.'
              : 'A photo of at least 200 × 200 pixels; it is resized to fit 512 × 512 without cropping.'
          }
          shape={business ? 'square' : 'round'}
          optional={user.accountType !== 'freelancer' || Boolean(currentImage)}
          currentUrl={currentImage}
          file={image}
          onFile={(file) => {
            setImage(file);
            setMissingImage(false);
            saving.reset();
          }}
          error={missingImage ? 'Choose a photo to continue.' : imageError}
          disabled={saving.busy}
        />
      }
    />
  );
}
