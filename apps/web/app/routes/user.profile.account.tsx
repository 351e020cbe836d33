import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Route } from './+types/user.profile.account';
import { Card } from '~/components/Card';
import { Switch } from '~/components/Switch';
import { buttonClass, Dialog, inputClass } from '~/components/Dialog';
import { BlockList } from '~/features/blocks/BlockList';
import { WatchDefaults, WatchList } from '~/features/watches/WatchSettings';
import { WatchSettingsTexts } from '~/texts/watches';
import { useRefreshPeople } from '~/features/users/profile-hooks';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { FieldError } from '~/components/FieldError';
import { emailProblem, passwordChecks } from '~/features/users/account-checks';
import { useFieldErrors, type FieldErrors } from '~/lib/field-errors';
import { USERNAME_PATTERN, TextsUsers } from '@forum/contracts';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { CommonTexts } from '~/texts/common';
import { UsersTexts } from '~/texts/users';

const texts = UsersTexts.account;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.title);

type Editing = 'username' | 'email' | 'setPassword' | 'updatePassword' | null;

export default function AccountSettings() {
  const trpc = useTRPC();
  const account = useSuspenseQuery(trpc.users.account.queryOptions()).data;
  const [editing, setEditing] = useState<Editing>(null);
  const requestVerification = useMutation(trpc.email.requestVerification.mutationOptions());
  const close = () => setEditing(null);

  const sendVerification = () =>
    requestVerification.mutate(undefined, {
      onSuccess: ({ email }) => toast.success(texts.verificationSent(email)),
      onError: (error) => toast.error(CommonTexts.failedWith(texts.verificationFailed, errorMessage(error))),
    });

  const editButton = (dialog: NonNullable<Editing>, label: string) => (
    <button type="button" className="text-sm text-link hover:underline" onClick={() => setEditing(dialog)}>
      {label}
    </button>
  );
  return (
    <div className="space-y-3">
      <Card title={texts.title}>
        <dl className="divide-y divide-line px-5 text-sm" data-testid="account-settings">
          <Row label={texts.username}>
            {account.username ? (
              <span className="text-body">{account.username}</span>
            ) : (
              editButton('username', texts.clickToSet)
            )}
          </Row>
          <Row label={texts.email}>
            {account.email ? (
              <span className="flex flex-wrap items-center gap-3">
                <span className="text-body" data-testid="account-email">
                  {account.email}
                </span>
                {account.emailVerified ? (
                  <span className="rounded bg-green-50 px-1.5 text-xs text-green-700 dark:bg-green-950 dark:text-green-300">
                    {texts.verified}
                  </span>
                ) : (
                  <>
                    <span className="rounded bg-yellow-50 px-1.5 text-xs text-yellow-800 dark:bg-yellow-950 dark:text-yellow-200">
                      {texts.unverified}
                    </span>
                    <button
                      type="button"
                      className={buttonClass.small}
                      disabled={requestVerification.isPending}
                      onClick={sendVerification}
                    >
                      {texts.sendVerification}
                    </button>
                  </>
                )}
                {editButton('email', texts.change)}
              </span>
            ) : (
              editButton('email', texts.clickToSet)
            )}
          </Row>
          <Row label={texts.password}>
            {account.passwordSet ? (
              <span className="flex items-center gap-3">
                <span className="text-body">{texts.passwordSet}</span>
                {editButton('updatePassword', texts.clickToChange)}
              </span>
            ) : (
              editButton('setPassword', texts.clickToSet)
            )}
          </Row>
          <Row label={texts.emailNotify}>
            <EmailNotifySwitch on={account.emailNotify} verified={account.emailVerified} />
          </Row>
          <Row label={WatchSettingsTexts.defaultsLabel}>
            <WatchDefaults account={account} />
          </Row>
          <Row label={texts.devices}>
            <SignOutEverywhere />
          </Row>
        </dl>
        {editing === 'username' && <UsernameDialog onClose={close} />}
        {editing === 'email' && <EmailDialog current={account.email} onClose={close} />}
        {editing === 'setPassword' && <PasswordDialog withOld={false} onClose={close} />}
        {editing === 'updatePassword' && <PasswordDialog withOld onClose={close} />}
      </Card>
      <WatchList />
      <BlockList />
    </div>
  );
}

/**
 * Ends every session of the account, this one included (a lost phone, a shared computer). Changing
 * the password or e-mail already ends the others.
 */
function SignOutEverywhere() {
  const trpc = useTRPC();
  const signOutEverywhere = useMutation(trpc.users.signOutEverywhere.mutationOptions());
  const run = () => {
    if (!window.confirm(texts.signOutEverywhere.confirm)) return;
    signOutEverywhere.mutate(undefined, {
      onSuccess: () => window.location.assign('/'),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  return (
    <span className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={buttonClass.small}
        data-testid="sign-out-everywhere"
        disabled={signOutEverywhere.isPending}
        onClick={run}
      >
        {texts.signOutEverywhere.button}
      </button>
      <span className="text-muted">{texts.signOutEverywhere.hint}</span>
    </span>
  );
}

/** Whether new messages are also mailed; only a verified e-mail receives them. */
function EmailNotifySwitch({ on, verified }: { on: boolean; verified: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setEmailNotify = useMutation(trpc.users.setEmailNotify.mutationOptions());
  const toggle = () =>
    setEmailNotify.mutate(
      { emailNotify: !on },
      {
        onSuccess: (account) => {
          queryClient.setQueryData(trpc.users.account.queryKey(), account);
          toast.success(account.emailNotify ? texts.notify.on : texts.notify.off);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <span className="flex flex-wrap items-center gap-3">
      <Switch
        on={on}
        label={texts.notify.label}
        testId="email-notify-switch"
        disabled={setEmailNotify.isPending}
        onToggle={toggle}
      />
      <span className="text-muted">
        {texts.notify.label}
        {verified ? '' : texts.notify.needsVerification}
      </span>
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5em_1fr] items-center gap-2 py-4">
      <dt className="text-faint">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A settings modal: fields, confirm and cancel, Enter submits. */
function FormDialog({
  title,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog title={title} open onClose={onClose} width={420} testId="settings-dialog">
      <form className="space-y-3 px-5 py-5" onSubmit={submit} noValidate>
        {children}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className={buttonClass.plain} onClick={onClose}>
            {CommonTexts.dialog.cancel}
          </button>
          <button type="submit" className={buttonClass.primary} disabled={pending}>
            {CommonTexts.dialog.confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Runs a settings mutation: the success text, the refreshed account, or the failure: beside the
 * field it names (`errors`), else as a toast.
 */
function useSettingsMutation<TInput, F extends string>(
  mutation: {
    mutate: (input: TInput, options: { onSuccess: () => void; onError: (e: unknown) => void }) => void;
  },
  success: string,
  failure: string,
  onClose: () => void,
  errors: FieldErrors<F>,
) {
  const refresh = useRefreshPeople();
  return (input: TInput) =>
    mutation.mutate(input, {
      onSuccess: () => {
        toast.success(success);
        void refresh();
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error);
        if (!errors.fromServer(error, message)) toast.error(CommonTexts.failedWith(failure, message));
      },
    });
}

const usernameFields = ['username'] as const;
const emailFields = ['email'] as const;
const passwordFields = ['oldPassword', 'password', 'rePassword'] as const;

function UsernameDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const mutation = useMutation(trpc.users.setUsername.mutationOptions());
  const errors = useFieldErrors(usernameFields);
  const save = useSettingsMutation(
    mutation,
    texts.usernameDialog.saved,
    texts.usernameDialog.failed,
    onClose,
    errors,
  );
  return (
    <OneFieldDialog
      title={texts.usernameDialog.title}
      name="username"
      placeholder={texts.usernameDialog.placeholder}
      pending={mutation.isPending}
      errors={errors}
      onSave={(username) => {
        const valid = errors.check([
          ['username', !USERNAME_PATTERN.test(username.trim()) && TextsUsers.usernameInvalid],
        ]);
        if (valid) save({ username });
      }}
      onClose={onClose}
    />
  );
}

function EmailDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const trpc = useTRPC();
  const mutation = useMutation(trpc.users.setEmail.mutationOptions());
  const errors = useFieldErrors(emailFields);
  const save = useSettingsMutation(
    mutation,
    texts.emailDialog.saved,
    texts.emailDialog.failed,
    onClose,
    errors,
  );
  return (
    <OneFieldDialog
      title={texts.emailDialog.title}
      name="email"
      type="email"
      placeholder={texts.emailDialog.placeholder}
      initial={current}
      pending={mutation.isPending}
      errors={errors}
      onSave={(email) => {
        if (errors.check([['email', emailProblem(email)]])) save({ email });
      }}
      onClose={onClose}
    />
  );
}

/** A dialog of one text box, handed to `onSave` on submit; its error shows under it. */
function OneFieldDialog<F extends string>({
  title,
  name,
  type,
  placeholder,
  initial = '',
  pending,
  errors,
  onSave,
  onClose,
}: {
  title: string;
  name: F;
  type?: string;
  placeholder: string;
  initial?: string;
  pending: boolean;
  errors: FieldErrors<F>;
  onSave: (value: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <FormDialog title={title} pending={pending} onSubmit={() => onSave(value)} onClose={onClose}>
      <div>
        <input
          name={name}
          type={type}
          autoFocus
          className={inputClass}
          placeholder={placeholder}
          aria-label={placeholder}
          value={value}
          {...errors.control(name)}
          onChange={(event) => {
            errors.clear(name);
            setValue(event.target.value);
          }}
        />
        <FieldError errors={errors} field={name} />
      </div>
    </FormDialog>
  );
}

function PasswordDialog({ withOld, onClose }: { withOld: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const [values, setValues] = useState({ oldPassword: '', password: '', rePassword: '' });
  const setPassword = useMutation(trpc.users.setPassword.mutationOptions());
  const updatePassword = useMutation(trpc.users.updatePassword.mutationOptions());
  const dialog = texts.passwordDialog;
  const errors = useFieldErrors(passwordFields);
  const saveNew = useSettingsMutation(setPassword, dialog.set, dialog.setFailed, onClose, errors);
  const saveChanged = useSettingsMutation(
    updatePassword,
    dialog.changed,
    dialog.changeFailed,
    onClose,
    errors,
  );
  const submit = () => {
    const valid = errors.check([
      ['oldPassword', withOld && !values.oldPassword && TextsUsers.passwordRequired],
      ...passwordChecks(values.password, values.rePassword),
    ]);
    if (!valid) return;
    if (withOld) saveChanged(values);
    else saveNew({ password: values.password, rePassword: values.rePassword });
  };
  const fields = [
    ...(withOld
      ? [
          {
            name: 'oldPassword',
            label: dialog.oldPassword,
            placeholder: dialog.oldPasswordPlaceholder,
          } as const,
        ]
      : []),
    { name: 'password', label: dialog.password, placeholder: dialog.passwordPlaceholder } as const,
    { name: 'rePassword', label: dialog.rePassword, placeholder: dialog.rePasswordPlaceholder } as const,
  ];
  return (
    <FormDialog
      title={withOld ? dialog.changeTitle : dialog.setTitle}
      pending={setPassword.isPending || updatePassword.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {fields.map((field, i) => (
        // A visible label per field: a placeholder disappears as the reader types.
        <div key={field.name}>
          <label className="block space-y-1 text-sm text-muted">
            <span>{field.label}</span>
            <input
              name={field.name}
              type="password"
              autoFocus={i === 0}
              autoComplete={field.name === 'oldPassword' ? 'current-password' : 'new-password'}
              className={inputClass}
              placeholder={field.placeholder}
              value={values[field.name]}
              {...errors.control(field.name)}
              onChange={(event) => {
                errors.clear(field.name);
                setValues({ ...values, [field.name]: event.target.value });
              }}
            />
          </label>
          <FieldError errors={errors} field={field.name} />
        </div>
      ))}
    </FormDialog>
  );
}
