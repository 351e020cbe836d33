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
import { CommonTexts } from '~/texts/common';
import { UsersTexts } from '~/texts/users';

const texts = UsersTexts.profile;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.title);

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
        toast.success(texts.saved);
        void refresh();
      },
      onError: (error) => toast.error(CommonTexts.failedWith(texts.saveFailed, errorMessage(error))),
    });
  };

  const row = 'grid gap-2 md:grid-cols-[6em_1fr] md:items-center';
  return (
    <Card
      title={texts.title}
      extra={
        <Link to={`/user/${userId}`} className="text-xs text-link hover:underline">
          {texts.backToHome}
        </Link>
      }
    >
      <form className="max-w-[640px] space-y-5 px-5 py-5" onSubmit={submit} data-testid="profile-form">
        <div className={row}>
          <span className="text-sm text-muted">{texts.avatar}</span>
          <AvatarEdit user={profile} />
        </div>
        <label className={row}>
          <span className="text-sm text-muted">{texts.nickname}</span>
          <input
            name="nickname"
            className={inputClass}
            placeholder={texts.nicknamePlaceholder}
            value={values.nickname}
            onChange={(event) => setValues({ ...values, nickname: event.target.value })}
          />
        </label>
        <label className={`${row} md:items-start`}>
          <span className="text-sm text-muted md:pt-2">{texts.description}</span>
          <textarea
            name="description"
            rows={3}
            className={`${inputClass} h-auto py-2`}
            placeholder={texts.descriptionPlaceholder}
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.target.value })}
          />
        </label>
        <label className={row}>
          <span className="text-sm text-muted">{texts.homePage}</span>
          <input
            name="homePage"
            className={inputClass}
            placeholder={texts.homePagePlaceholder}
            value={values.homePage}
            onChange={(event) => setValues({ ...values, homePage: event.target.value })}
          />
        </label>
        <div className="md:pl-[calc(6em+0.5rem)]">
          <button type="submit" className={buttonClass.primary} disabled={updateProfile.isPending}>
            {texts.save}
          </button>
        </div>
      </form>
    </Card>
  );
}
