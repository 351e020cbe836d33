import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useOutletContext } from 'react-router';
import { DEFAULT_DESCRIPTION } from '@forum/contracts';
import type { Route } from './+types/user.profile._index';
import { Card } from '~/components/Card';
import { buttonClass, inputClass } from '~/components/Dialog';
import { AvatarEdit } from '~/features/users/AvatarEdit';
import { useProfile, useRefreshPeople } from '~/features/users/profile-hooks';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '个人资料');

export default function EditProfile() {
  const userId = useOutletContext<number>();
  const trpc = useTRPC();
  const profile = useProfile(userId);
  const refresh = useRefreshPeople();
  const [values, setValues] = useState({
    nickname: profile.nickname,
    // The public profile shows a default signature to others; the form starts empty instead.
    description: profile.description === DEFAULT_DESCRIPTION ? '' : profile.description,
    homePage: profile.homePage,
  });
  const updateProfile = useMutation(trpc.users.updateProfile.mutationOptions());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    updateProfile.mutate(values, {
      onSuccess: () => {
        toast.success('资料修改成功');
        void refresh();
      },
      onError: (error) => toast.error(`资料修改失败：${errorMessage(error)}`),
    });
  };

  const row = 'grid gap-2 md:grid-cols-[6em_1fr] md:items-center';
  return (
    <Card
      title="个人资料"
      extra={
        <Link to={`/user/${userId}`} className="text-xs text-link hover:underline">
          返回个人主页
        </Link>
      }
    >
      <form className="max-w-[640px] space-y-5 px-5 py-5" onSubmit={submit} data-testid="profile-form">
        <div className={row}>
          <span className="text-sm text-muted">头像</span>
          <AvatarEdit user={profile} />
        </div>
        <label className={row}>
          <span className="text-sm text-muted">昵称</span>
          <input
            name="nickname"
            className={inputClass}
            placeholder="请输入昵称"
            value={values.nickname}
            onChange={(event) => setValues({ ...values, nickname: event.target.value })}
          />
        </label>
        <label className={`${row} md:items-start`}>
          <span className="text-sm text-muted md:pt-2">个性签名</span>
          <textarea
            name="description"
            rows={3}
            className={`${inputClass} h-auto py-2`}
            placeholder="一句话介绍你自己"
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.target.value })}
          />
        </label>
        <label className={row}>
          <span className="text-sm text-muted">个人主页</span>
          <input
            name="homePage"
            className={inputClass}
            placeholder="请输入个人主页"
            value={values.homePage}
            onChange={(event) => setValues({ ...values, homePage: event.target.value })}
          />
        </label>
        <div className="md:pl-[calc(6em+0.5rem)]">
          <button type="submit" className={buttonClass.primary} disabled={updateProfile.isPending}>
            保存
          </button>
        </div>
      </form>
    </Card>
  );
}
