import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  ADMIN_MUTE_DAYS,
  MAX_MUTE_REASON_LENGTH,
  MUTE_REASONS,
  type AdminUserFilter,
} from '@forum/contracts';
import type { RouterOutputs } from '@forum/api/router';
import { Avatar } from '~/components/Avatar';
import { Card } from '~/components/Card';
import { Dialog, buttonClass, inputClass } from '~/components/Dialog';
import {
  AdminResults,
  Badge,
  ConfirmAction,
  DialogButtons,
  FilterBar,
  actionClass,
  useListQuery,
} from '~/features/admin/kit';
import { booleanFilter, booleanOptions, idValue } from '~/features/admin/filters';
import { useAdminAction } from '~/features/admin/use-admin-action';
import { useCurrentUser } from '~/features/users/session-hooks';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';
import { AdminTexts } from '~/texts/admin';

type Filters = Omit<AdminUserFilter, 'page' | 'limit'>;
type AdminUser = RouterOutputs['adminUsers']['list']['results'][number];

const texts = AdminTexts.users;
const common = AdminTexts.common;

/** The last of the reasons (其他) is typed as free text. */
const OTHER_REASON = MUTE_REASONS[MUTE_REASONS.length - 1]!;

function muteState(user: AdminUser) {
  if (!user.forbidden) return common.normal;
  return user.forbiddenEndTime === -1
    ? texts.muteState.forever
    : texts.muteState.until(formatDateTime(user.forbiddenEndTime));
}

/** 用户: find people, edit them, mute and unmute them, read their score log. */
export default function AdminUsers() {
  const trpc = useTRPC();
  const { query, search, goTo } = useListQuery<Filters>({});
  const { data } = useQuery({
    ...trpc.adminUsers.list.queryOptions(query),
    placeholderData: keepPreviousData,
  });
  const act = useAdminAction();
  const mute = useMutation(trpc.mute.set.mutationOptions());
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [muting, setMuting] = useState<AdminUser | null>(null);
  const [scores, setScores] = useState<AdminUser | null>(null);
  const [creating, setCreating] = useState(false);
  const me = useCurrentUser();

  return (
    <Card
      title={texts.title}
      extra={
        me?.can.administer && (
          <button type="button" className={buttonClass.primary} onClick={() => setCreating(true)}>
            {texts.createUser}
          </button>
        )
      }
    >
      <FilterBar
        fields={[
          { name: 'id', label: common.id, numeric: true },
          { name: 'username', label: texts.username },
          { name: 'nickname', label: texts.nickname },
          {
            name: 'muted',
            label: texts.muted,
            options: booleanOptions(texts.yes, texts.no),
          },
        ]}
        onSearch={(values) =>
          search({
            id: idValue(values.id),
            username: values.username,
            nickname: values.nickname,
            muted: booleanFilter(values.muted),
          })
        }
      />
      <AdminResults data={data} empty={texts.noMatch} onPage={goTo}>
        {(rows) => (
          <ul className="divide-y divide-line" data-testid="admin-users">
            {rows.map((user) => (
              <li
                key={user.id}
                className="flex flex-wrap items-center gap-3 px-4 py-3"
                data-testid={`admin-user-${user.id}`}
              >
                <Avatar user={user} size={36} />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <a href={`/user/${user.id}`} className="font-medium text-body hover:text-accent">
                      {user.nickname}
                    </a>
                    <span className="text-xs text-faint">ID {user.id}</span>
                    {user.username && <span className="text-xs text-faint">@{user.username}</span>}
                    {user.roles.map((role) => (
                      <Badge key={role} tone="amber">
                        {texts.roles[role === 'owner' ? 'owner' : 'admin']}
                      </Badge>
                    ))}
                    {user.status === 1 && <Badge tone="gray">{texts.disabledBadge}</Badge>}
                    {user.forbidden && <Badge tone="red">{muteState(user)}</Badge>}
                  </p>
                  <p className="mt-0.5 text-xs text-faint">
                    {texts.summary(user.email || texts.noEmail, user.score, formatDateTime(user.createTime))}
                  </p>
                </div>
                <div className="flex flex-wrap gap-3">
                  <button type="button" className={actionClass} onClick={() => setEditing(user)}>
                    {common.edit}
                  </button>
                  {user.forbidden ? (
                    <ConfirmAction
                      label={texts.unmute}
                      message={texts.confirmUnmute}
                      onConfirm={() =>
                        act(() => mute.mutateAsync({ userId: user.id, days: 0 }), texts.unmuted)
                      }
                    />
                  ) : (
                    <button type="button" className={actionClass} onClick={() => setMuting(user)}>
                      {texts.mute}
                    </button>
                  )}
                  <button type="button" className={actionClass} onClick={() => setScores(user)}>
                    {texts.scoreLog}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminResults>
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      {muting && (
        <MuteDialog
          user={muting}
          onClose={() => setMuting(null)}
          onMute={(days, reason) => {
            setMuting(null);
            void act(() => mute.mutateAsync({ userId: muting.id, days, reason }), texts.mutedDone);
          }}
        />
      )}
      {scores && <ScoreLogDialog user={scores} onClose={() => setScores(null)} />}
      {creating && <CreateUserDialog onClose={() => setCreating(false)} />}
    </Card>
  );
}

function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const trpc = useTRPC();
  const me = useCurrentUser();
  const act = useAdminAction();
  const update = useMutation(trpc.adminUsers.update.mutationOptions());
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const owner = !!me?.can.administer;
    const roles = owner ? (form.getAll('roles') as ('owner' | 'admin')[]) : undefined;
    void act(
      () =>
        update.mutateAsync({
          id: user.id,
          nickname: String(form.get('nickname') ?? ''),
          email: String(form.get('email') ?? ''),
          roles,
          status: Number(form.get('status')) === 1 ? 1 : 0,
          // Blank leaves them as they are.
          ...(owner
            ? { username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') }
            : {}),
        }),
      common.saved,
    ).then((saved) => saved && onClose());
  };
  return (
    <Dialog title={texts.edit.title(user.nickname)} open onClose={onClose} testId="edit-user-dialog">
      <form className="flex flex-col gap-3 px-5 py-4" onSubmit={submit}>
        <label className="flex flex-col gap-1 text-sm text-muted">
          {texts.nickname}
          <input name="nickname" defaultValue={user.nickname} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm text-muted">
          {texts.email}
          <input name="email" type="email" defaultValue={user.email} className={inputClass} />
        </label>
        {me?.can.administer && (
          <>
            <label className="flex flex-col gap-1 text-sm text-muted">
              {texts.username}
              <input name="username" defaultValue={user.username} autoComplete="off" className={inputClass} />
            </label>
            <label className="flex flex-col gap-1 text-sm text-muted">
              {texts.edit.newPassword}
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                placeholder={texts.edit.keepBlank}
                className={inputClass}
              />
            </label>
          </>
        )}
        {me?.can.administer && (
          <fieldset className="flex gap-4 text-sm text-body">
            <legend className="mb-1 text-sm text-muted">{texts.edit.roles}</legend>
            {(['owner', 'admin'] as const).map((role) => (
              <label key={role} className="flex items-center gap-1">
                <input type="checkbox" name="roles" value={role} defaultChecked={user.roles.includes(role)} />
                {texts.roles[role]}
              </label>
            ))}
          </fieldset>
        )}
        <label className="flex flex-col gap-1 text-sm text-muted">
          {common.status}
          <select name="status" defaultValue={String(user.status)} className={inputClass}>
            <option value="0">{common.normal}</option>
            <option value="1">{common.disabled}</option>
          </select>
        </label>
        <div className="flex justify-end gap-2">
          <DialogButtons label={common.save} onCancel={onClose} />
        </div>
      </form>
    </Dialog>
  );
}

/** The owner's new account: sign-up's fields, checked as sign-up checks them. */
function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const act = useAdminAction();
  const create = useMutation(trpc.adminUsers.create.mutationOptions());
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    void act(
      () =>
        create.mutateAsync({
          username: value('username'),
          email: value('email'),
          nickname: value('nickname'),
          password: value('password'),
        }),
      texts.create.created,
    ).then((created) => created && onClose());
  };
  const field = (name: string, label: string, type = 'text') => (
    <label className="flex flex-col gap-1 text-sm text-muted">
      {label}
      <input name={name} type={type} autoComplete="off" className={inputClass} />
    </label>
  );
  return (
    <Dialog title={texts.create.title} open onClose={onClose} testId="create-user-dialog">
      <form className="flex flex-col gap-3 px-5 py-4" onSubmit={submit}>
        {field('username', texts.create.username)}
        {field('email', texts.email, 'email')}
        {field('nickname', texts.nickname)}
        {field('password', texts.password, 'password')}
        <div className="flex justify-end gap-2">
          <DialogButtons label={texts.create.submit} onCancel={onClose} />
        </div>
      </form>
    </Dialog>
  );
}

function MuteDialog({
  user,
  onClose,
  onMute,
}: {
  user: AdminUser;
  onClose: () => void;
  onMute: (days: number, reason: string) => void;
}) {
  const me = useCurrentUser();
  const [days, setDays] = useState<number>(7);
  const [reason, setReason] = useState<string>(MUTE_REASONS[0]);
  const [other, setOther] = useState('');
  const choices = ADMIN_MUTE_DAYS.filter((value) => value !== -1 || me?.can.muteForever);
  return (
    <Dialog
      title={texts.muteDialog.title(user.nickname)}
      open
      onClose={onClose}
      testId="mute-dialog"
      footer={
        <DialogButtons
          label={texts.mute}
          onCancel={onClose}
          onConfirm={() => onMute(days, reason === OTHER_REASON ? other.trim() || OTHER_REASON : reason)}
        />
      }
    >
      <div className="flex flex-col gap-4 px-5 py-4 text-sm text-body">
        <fieldset>
          <legend className="mb-2 text-muted">{texts.muteDialog.days}</legend>
          <div className="flex flex-wrap gap-3">
            {choices.map((value) => (
              <label key={value} className="flex items-center gap-1">
                <input type="radio" name="days" checked={days === value} onChange={() => setDays(value)} />
                {texts.muteDays(value)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-muted">{texts.muteDialog.reason}</legend>
          <div className="flex flex-wrap gap-3">
            {MUTE_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="reason"
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {value}
              </label>
            ))}
          </div>
          {reason === OTHER_REASON && (
            <input
              aria-label={texts.muteDialog.otherReason}
              className={`${inputClass} mt-2`}
              maxLength={MAX_MUTE_REASON_LENGTH}
              placeholder={texts.muteDialog.reasonPlaceholder}
              value={other}
              onChange={(event) => setOther(event.target.value)}
            />
          )}
        </fieldset>
      </div>
    </Dialog>
  );
}

function ScoreLogDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const { data } = useQuery({
    ...trpc.adminUsers.scoreLogs.queryOptions({ userId: user.id, page }),
    placeholderData: keepPreviousData,
  });
  return (
    <Dialog title={texts.scores.title(user.nickname)} open onClose={onClose} width={720}>
      <AdminResults data={data} empty={texts.scores.empty} onPage={setPage}>
        {(rows) => (
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-muted">
              <tr>
                <th className="px-4 py-2 font-normal">{common.description}</th>
                <th className="px-2 py-2 font-normal">{texts.scores.score}</th>
                <th className="px-2 py-2 font-normal">{texts.scores.source}</th>
                <th className="px-4 py-2 font-normal">{common.time}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((log) => (
                <tr key={log.id} className="border-t border-line">
                  <td className="px-4 py-2 text-body">{log.description}</td>
                  <td className="px-2 py-2">{log.score > 0 ? `+${log.score}` : log.score}</td>
                  <td className="px-2 py-2 text-faint">
                    {log.sourceType} {log.sourceId}
                  </td>
                  <td className="px-4 py-2 text-faint">{formatDateTime(log.createTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AdminResults>
    </Dialog>
  );
}
