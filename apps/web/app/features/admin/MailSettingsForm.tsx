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
        onSuccess: () => toast.success('测试邮件已发送'),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <div className="space-y-6 px-4 py-4">
      <SettingsFormFrame
        testId="admin-mail-settings"
        className="space-y-4"
        form={form}
        label="保存邮件设置"
        onSubmit={submit}
      >
        <p className="text-xs text-faint">
          服务器留空时使用部署环境中的 SMTP 设置（SMTP_HOST 等）。保存后，新的邮件都经这里的服务器发出。
        </p>
        <TextField name="host" label="SMTP 服务器" hint="例如 smtp.example.com" {...field('host')} />
        <NumberField
          name="port"
          label="端口"
          hint="465 一般为 SSL/TLS，587 一般为 STARTTLS"
          {...field('port')}
        />
        <label className="flex items-center gap-3">
          <input
            name="secure"
            type="checkbox"
            className="h-4 w-4 accent-accent"
            checked={settings.secure}
            onChange={(e) => set('secure', e.target.checked)}
          />
          <span className="text-sm text-body">使用 SSL/TLS 连接</span>
        </label>
        <TextField
          name="user"
          autoComplete="off"
          label="用户名"
          hint="留空则不登录（同时清除已保存的密码）"
          {...field('user')}
        />
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={settings.passwordSet ? '••••••••' : ''}
          label="密码"
          hint={settings.passwordSet ? '已保存密码，留空则不修改' : '尚未保存密码'}
          value={password}
          onChange={setPassword}
        />
        <TextField name="from" label="发件人" hint="例如 语音社区 <noreply@example.com>" {...field('from')} />
      </SettingsFormFrame>
      <form
        className="flex flex-wrap items-end gap-2 border-t border-line pt-4"
        data-testid="admin-test-mail"
        onSubmit={(event) => {
          event.preventDefault();
          sendTest();
        }}
      >
        <FormField label="发送测试邮件" hint="用当前生效的设置（已保存的，或部署环境的）发一封邮件">
          <input
            name="to"
            type="email"
            required
            placeholder="收件邮箱"
            className={`${inputClass} sm:w-72`}
            value={testTo}
            onChange={(e) => setTestTo(e.target.value)}
          />
        </FormField>
        <button type="submit" className={buttonClass.plain} disabled={test.isPending}>
          {test.isPending ? '发送中…' : '发送测试邮件'}
        </button>
      </form>
    </div>
  );
}
