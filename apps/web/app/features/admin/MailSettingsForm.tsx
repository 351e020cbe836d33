/**
 * 系统设置 → 邮件: the SMTP server the mail queue sends through. The password is write-only (the
 * server only says whether one is saved); a blank server leaves mail to the worker's environment.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MailSettingsView } from '@forum/contracts';
import { buttonClass, inputClass } from '~/components/Dialog';
import {
  FormField,
  Loading,
  NumberField,
  SettingsFormFrame,
  TextField,
  useSettingsForm,
} from '~/features/admin/kit';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { AdminSettingsTexts } from '~/texts/admin-settings';

const texts = AdminSettingsTexts.mail;

export function MailSettingsForm() {
  const trpc = useTRPC();
  const saved = useQuery(trpc.adminSettings.mail.queryOptions());
  if (!saved.data) {
    return <Loading failed={saved.isError} />;
  }
  return <MailForm initial={saved.data} />;
}

function MailForm({ initial }: { initial: MailSettingsView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.adminSettings.saveMail.mutationOptions());
  const test = useMutation(trpc.adminSettings.testMail.mutationOptions());
  const [password, setPassword] = useState('');
  const [testTo, setTestTo] = useState('');
  const form = useSettingsForm(initial, save, () => {
    setPassword('');
    void queryClient.invalidateQueries({ queryKey: trpc.adminSettings.mail.queryKey() });
  });
  const { values: settings, set, field } = form;

  const submit = () => {
    const { passwordSet: _ignored, ...values } = settings;
    form.save({ ...values, ...(password ? { password } : {}) });
  };

  const sendTest = () =>
    test.mutate(
      { to: testTo.trim() },
      {
        onSuccess: () => toast.success(texts.testSent),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <div className="space-y-6 px-4 py-4">
      <SettingsFormFrame
        testId="admin-mail-settings"
        className="space-y-4"
        form={form}
        label={texts.save}
        onSubmit={submit}
      >
        <p className="text-xs text-faint">{texts.intro}</p>
        <TextField name="host" label={texts.host} hint={texts.hostHint} {...field('host')} />
        <NumberField name="port" label={texts.port} hint={texts.portHint} {...field('port')} />
        <label className="flex items-center gap-3">
          <input
            name="secure"
            type="checkbox"
            className="h-4 w-4 accent-accent"
            checked={settings.secure}
            onChange={(e) => set('secure', e.target.checked)}
          />
          <span className="text-sm text-body">{texts.secure}</span>
        </label>
        <TextField
          name="user"
          autoComplete="off"
          label={texts.user}
          hint={texts.userHint}
          {...field('user')}
        />
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={settings.passwordSet ? '••••••••' : ''}
          label={texts.password}
          hint={settings.passwordSet ? texts.passwordSetHint : texts.passwordUnsetHint}
          value={password}
          onChange={setPassword}
        />
        <TextField name="from" label={texts.from} hint={texts.fromHint} {...field('from')} />
      </SettingsFormFrame>
      <form
        className="flex flex-wrap items-end gap-2 border-t border-line pt-4"
        data-testid="admin-test-mail"
        onSubmit={(event) => {
          event.preventDefault();
          sendTest();
        }}
      >
        <FormField label={texts.test} hint={texts.testHint}>
          <input
            name="to"
            type="email"
            required
            placeholder={texts.testTo}
            className={`${inputClass} sm:w-72`}
            value={testTo}
            onChange={(e) => setTestTo(e.target.value)}
          />
        </FormField>
        <button type="submit" className={buttonClass.plain} disabled={test.isPending}>
          {test.isPending ? texts.sending : texts.test}
        </button>
      </form>
    </div>
  );
}
