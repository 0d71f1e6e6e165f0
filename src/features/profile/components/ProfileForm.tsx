/**
 * The profile form (name, email, mobile number, avatar), on the one form mechanism (decision 023):
 * checked with profileSchema before sending (the API and the page's no-JS post parse with it too),
 * sent with upload progress, errors beside each field. The page renders it with the current values,
 * so there is no loading state. Avatars are checked here before upload (type and size) so nobody
 * waits for 2 MB to cross a slow network only to be refused; the server checks again.
 */
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import type { CurrentUser } from '@/features/profile/current-user.server.ts';
import { FormAlert, TextField } from '@/components/ui/fields.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { errorTextClass, hintClass, inputClass, labelClass } from '@/components/ui/styles.ts';
import { toast } from '@/lib/stores/toast.ts';
import { lazySchema, useFormSubmission } from '@/components/form/use-form-submission.ts';
import { useLeaveGuard } from '@/components/form/use-leave-guard.ts';
import { IMAGE_ACCEPT, imageFileProblem, imageRules } from '@/lib/uploads/image-rules.ts';
import { UploadProgress } from './UploadProgress.tsx';

export interface ProfileFormProps {
  name: string;
  email: string;
  /** The 10 digits, without +91. */
  phone: string;
  phoneVerified: boolean;
  avatarUrl: string | null;
  isVendor: boolean;
  impersonating: boolean;
  maxAvatarBytes: number;
  /** The hidden `_token` field: before hydration (or without JavaScript) the form posts to the page. */
  csrfToken: string;
  /** Errors of a post the page handled without JavaScript. */
  initialErrors?: Record<string, string[]>;
  initialFailure?: string | null;
}

const profileSchema = lazySchema(async () => (await import('@/features/profile/profile.schema.ts')).profileSchema);

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts.at(-1)![0] : '')).toUpperCase() || '?';
}

export default function ProfileForm(props: ProfileFormProps) {
  const form = useFormSubmission({ errors: props.initialErrors, message: props.initialFailure });
  const { errors, progress, submitting } = form;
  const [name, setName] = useState(props.name);
  const [email, setEmail] = useState(props.email);
  const [phone, setPhone] = useState(props.phone);
  const [saved, setSaved] = useState({
    name: props.name,
    email: props.email,
    phone: props.phone,
    phoneVerified: props.phoneVerified,
    avatarUrl: props.avatarUrl,
  });
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  // Leaving with unsaved changes asks first, as on every form of the kit.
  useLeaveGuard(!submitting && (name !== saved.name || email !== saved.email || phone !== saved.phone || avatar !== null));

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function chooseAvatar(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0] ?? null;
    form.clearError('avatar');
    if (!file) {
      setAvatar(null);
      setPreview(null);
      return;
    }
    // The server's own rules and words (src/lib/uploads/image-rules.ts), before anything is sent.
    const problem = await imageFileProblem(file, props.maxAvatarBytes);
    if (problem) {
      // Said beside the picker, which keeps the focus; nothing was sent, so no line above the form.
      form.setFieldError('avatar', [problem]);
      input.value = '';
      setAvatar(null);
      setPreview(null);
      return;
    }
    setAvatar(file);
    setPreview(URL.createObjectURL(file));
  }

  function clearAvatar() {
    setAvatar(null);
    setPreview(null);
    setFileInputKey((k) => k + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || errors.avatar?.length) return;
    if (await form.check(profileSchema, { name, email, phone })) return;
    const body = new FormData();
    body.set('name', name);
    body.set('email', email);
    body.set('phone', phone);
    if (avatar) body.set('avatar', avatar);
    const result = await form.send<{ message: string; data: CurrentUser }>('/api/user', { body, upload: true });
    if (!result.ok) return form.showRefusal(result.error);
    form.reset();
    const user = result.data.data;
    const local = user.phone?.replace(/^\+91/, '') ?? '';
    setName(user.name);
    setEmail(user.email);
    setPhone(local);
    setSaved({ name: user.name, email: user.email, phone: local, phoneVerified: Boolean(user.phone_verified_at), avatarUrl: user.avatar_url });
    clearAvatar();
    toast({ severity: 'success', summary: 'Success', detail: result.data.message });
  }

  const shownAvatar = preview ?? saved.avatarUrl;
  const avatarError = errors.avatar?.[0];
  const phoneChanged = phone.replace(/\D/g, '').slice(-10) !== saved.phone;
  const phoneHint = props.isVendor
    ? phoneChanged && saved.phoneVerified
      ? 'A new number has to be verified again.'
      : saved.phoneVerified
        ? 'Verified. 10 digits; +91 is added for you.'
        : 'Not verified yet. 10 digits; +91 is added for you.'
    : '10 digits; +91 is added for you.';

  return (
    <form
      ref={form.formRef}
      onSubmit={submit}
      onFocus={() => void profileSchema().catch(() => undefined)}
      method="post"
      action="/profile"
      encType="multipart/form-data"
      className="space-y-5"
      noValidate
      aria-busy={submitting}
    >
      <input type="hidden" name="_token" value={props.csrfToken} />
      <FormAlert message={form.message} />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {shownAvatar ? (
          <img
            src={shownAvatar}
            alt={preview ? 'Preview of the new profile picture' : 'Your profile picture'}
            className="size-20 shrink-0 rounded-full object-cover ring-1 ring-surface-200 dark:ring-surface-700"
          />
        ) : (
          <span
            className="inline-flex size-20 shrink-0 items-center justify-center rounded-full bg-surface-200 text-2xl font-semibold text-surface-700 dark:bg-surface-800 dark:text-surface-200"
            aria-hidden="true"
          >
            {initials(saved.name)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor="profile-avatar" className={labelClass}>
            Profile picture
          </label>
          <input
            key={fileInputKey}
            id="profile-avatar"
            name="avatar"
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(event) => void chooseAvatar(event)}
            disabled={submitting}
            aria-invalid={avatarError ? true : undefined}
            aria-describedby={`profile-avatar-hint${avatarError ? ' profile-avatar-error' : ''}`}
            className={`${inputClass} mt-1 file:mr-3 file:rounded-md file:border-0 file:bg-surface-100 file:px-3 file:py-1 file:text-sm dark:file:bg-surface-800 dark:file:text-surface-100`}
          />
          <p id="profile-avatar-hint" className={hintClass}>
            {imageRules(props.maxAvatarBytes)}
            {avatar && (
              <>
                {' '}
                <button type="button" onClick={clearAvatar} className="underline underline-offset-2">
                  Keep the current picture
                </button>
              </>
            )}
          </p>
          {avatarError && (
            <p id="profile-avatar-error" className={errorTextClass}>
              {avatarError}
            </p>
          )}
        </div>
      </div>

      <TextField
        label="Name"
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        required
        maxLength={120}
        autoComplete="name"
        disabled={submitting}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        required
        maxLength={254}
        autoComplete="email"
        readOnly={props.impersonating}
        hint={props.impersonating ? 'The email cannot be changed while impersonating.' : undefined}
        disabled={submitting}
      />
      <TextField
        label="Mobile number"
        name="phone"
        type="tel"
        inputMode="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.phone}
        maxLength={16}
        autoComplete="tel-national"
        placeholder="98765 43210"
        readOnly={props.impersonating}
        hint={props.impersonating ? 'The mobile number cannot be changed while impersonating.' : phoneHint}
        disabled={submitting}
      />
      {props.isVendor && !saved.phoneVerified && !phoneChanged && saved.phone && (
        <p className="text-sm">
          <a href="/vendor/mobile-verification" className="underline underline-offset-2">
            Verify your mobile number
          </a>
        </p>
      )}

      <UploadProgress percent={progress} label={avatar ? 'Uploading' : 'Saving'} />
      <div className="flex justify-end">
        <Button type="submit" loading={submitting}>
          Save profile
        </Button>
      </div>
    </form>
  );
}
