import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { SiteConfig, SiteNav } from '@forum/contracts';
import type { Route } from './+types/admin.settings';
import { Card } from '~/components/Card';
import { buttonClass, inputClass } from '~/components/Dialog';
import {
  FormField,
  Loading,
  NumberField,
  SettingsFormFrame,
  Switch,
  TextField,
  moved,
  sizedInput,
  actionClass,
  useSettingsForm,
} from '~/features/admin/kit';
import { MailSettingsForm } from '~/features/admin/MailSettingsForm';
import { listOf, settingsProblem } from '~/features/admin/settings-form';
import { requireOwner } from '~/lib/guards.server';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { AdminSettingsTexts } from '~/texts/admin-settings';

const texts = AdminSettingsTexts;

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.title);

type Tab = keyof typeof texts.tabs;
const TABS = Object.keys(texts.tabs) as Tab[];

export default function AdminSettings() {
  const trpc = useTRPC();
  const saved = useQuery(trpc.adminSettings.get.queryOptions());
  if (!saved.data) {
    return (
      <Card title={texts.title}>
        <Loading failed={saved.isError} />
      </Card>
    );
  }
  return <SettingsForm initial={saved.data} />;
}

function SettingsForm({ initial }: { initial: SiteConfig }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const nodes = useQuery(trpc.adminNodes.list.queryOptions({ page: 1, limit: 100 }));
  const save = useMutation(trpc.adminSettings.save.mutationOptions());
  const form = useSettingsForm(initial, save, () => {
    void queryClient.invalidateQueries({ queryKey: trpc.config.get.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.adminSettings.get.queryKey() });
  });
  const { values: config, set, field } = form;
  const [tab, setTab] = useState<Tab>('general');

  const submit = () => {
    const found = settingsProblem(config);
    form.setProblem(found);
    if (!found) form.save(config);
  };

  return (
    <Card title={texts.title}>
      <div role="tablist" className="flex gap-1 overflow-x-auto border-b border-line px-2">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm ${tab === name ? 'border-accent text-accent' : 'border-transparent text-body'}`}
            onClick={() => setTab(name)}
          >
            {texts.tabs[name]}
          </button>
        ))}
      </div>
      {tab === 'mail' ? (
        <MailSettingsForm />
      ) : (
        <SettingsFormFrame
          testId="admin-settings"
          className="space-y-4 px-4 py-4"
          form={form}
          label={texts.save}
          onSubmit={submit}
        >
          {tab === 'general' && (
            <>
              <TextField name="siteTitle" label={texts.general.siteTitle} {...field('siteTitle')} />
              <FormField label={texts.general.siteDescription}>
                <textarea
                  name="siteDescription"
                  className={`${inputClass} h-20 py-2`}
                  value={config.siteDescription}
                  onChange={(e) => set('siteDescription', e.target.value)}
                />
              </FormField>
              <ListField label={texts.general.siteKeywords} {...field('siteKeywords')} />
              <FormField label={texts.general.siteNotification} hint={texts.general.siteNotificationHint}>
                <textarea
                  className={`${inputClass} h-20 py-2`}
                  value={config.siteNotification}
                  onChange={(e) => set('siteNotification', e.target.value)}
                />
              </FormField>
              <ListField label={texts.general.recommendTags} {...field('recommendTags')} />
              <FormField label={texts.general.defaultNode} hint={texts.general.defaultNodeHint}>
                <select
                  className={inputClass}
                  value={config.defaultNodeId}
                  onChange={(e) => set('defaultNodeId', Number(e.target.value))}
                >
                  <option value={0}>{texts.general.noDefaultNode}</option>
                  {nodes.data?.results.map((node) => (
                    <option key={node.id} value={node.id}>
                      {node.name}
                      {node.status === 1 ? texts.general.nodeDisabled : ''}
                    </option>
                  ))}
                </select>
              </FormField>
              <TextField
                label={texts.general.timeZone}
                hint={texts.general.timeZoneHint}
                {...field('siteTimeZone')}
              />
              <NumberField label={texts.general.tokenExpireDays} {...field('tokenExpireDays')} />
              <Switch
                label={texts.general.urlRedirect}
                hint={texts.general.urlRedirectHint}
                {...field('urlRedirect')}
              />
              <Switch
                label={texts.general.enableHideContent}
                hint={texts.general.enableHideContentHint}
                {...field('enableHideContent')}
              />
            </>
          )}
          {tab === 'navs' && (
            <NavEditor navs={config.siteNavs ?? []} onChange={(navs) => set('siteNavs', navs)} />
          )}
          {tab === 'scores' && (
            <>
              {(['postTopicScore', 'postCommentScore', 'checkInScore'] as const).map((key) => (
                <NumberField
                  key={key}
                  label={texts.scores[key]}
                  value={config.scoreConfig[key]}
                  onChange={(value) => set('scoreConfig', { ...config.scoreConfig, [key]: value })}
                />
              ))}
            </>
          )}
          {tab === 'antiSpam' && (
            <>
              {(
                [
                  'topicCaptcha',
                  'createTopicEmailVerified',
                  'createArticleEmailVerified',
                  'createCommentEmailVerified',
                  'articlePending',
                ] as const
              ).map((key) => (
                <Switch key={key} label={texts.antiSpam[key]} {...field(key)} />
              ))}
              <NumberField
                label={texts.antiSpam.userObserveSeconds}
                hint={texts.antiSpam.userObserveSecondsHint}
                {...field('userObserveSeconds')}
              />
              <NumberField
                name="contentEditMinutes"
                label={texts.antiSpam.contentEditMinutes}
                hint={texts.antiSpam.contentEditMinutesHint}
                {...field('contentEditMinutes')}
              />
              <NumberField
                label={texts.antiSpam.reportHideThreshold}
                hint={texts.antiSpam.reportHideThresholdHint}
                {...field('reportHideThreshold')}
              />
              <ListField
                label={texts.antiSpam.emailWhitelist}
                hint={texts.antiSpam.emailWhitelistHint}
                value={config.emailWhitelist}
                onChange={(value) => set('emailWhitelist', value ?? [])}
              />
            </>
          )}
          {tab === 'login' && (
            <>
              {(['password', 'qq', 'github', 'osc'] as const).map((key) => (
                <Switch
                  key={key}
                  label={texts.loginMethods[key]}
                  value={config.loginMethod[key]}
                  onChange={(value) => set('loginMethod', { ...config.loginMethod, [key]: value })}
                />
              ))}
            </>
          )}
          {tab === 'levels' && (
            <LevelEditor levels={config.levelConfig} onChange={(levels) => set('levelConfig', levels)} />
          )}
          {tab === 'modules' &&
            config.modules.map((entry) => (
              <Switch
                key={entry.module}
                label={texts.modules.names[entry.module]}
                hint={texts.modules.hint}
                value={entry.enabled}
                onChange={(enabled) =>
                  set(
                    'modules',
                    config.modules.map((other) =>
                      other.module === entry.module ? { ...other, enabled } : other,
                    ),
                  )
                }
              />
            ))}
        </SettingsFormFrame>
      )}
    </Card>
  );
}

function ListField({
  label,
  hint = texts.listHint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string[] | null;
  onChange: (value: string[] | null) => void;
}) {
  const [text, setText] = useState((value ?? []).join(', '));
  return (
    <FormField label={label} hint={hint}>
      <textarea
        className={`${inputClass} h-16 py-2`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const items = listOf(e.target.value);
          onChange(items.length ? items : null);
        }}
      />
    </FormField>
  );
}

/** Navigation links: drag a row by its handle, or move it with the arrows (keyboard and phones). */
function NavEditor({ navs, onChange }: { navs: SiteNav[]; onChange: (navs: SiteNav[]) => void }) {
  const [dragging, setDragging] = useState<number | null>(null);
  const edit = (index: number, change: Partial<SiteNav>) =>
    onChange(navs.map((nav, at) => (at === index ? { ...nav, ...change } : nav)));
  return (
    <div className="space-y-2" data-testid="nav-editor">
      {navs.length === 0 && <p className="text-sm text-faint">{texts.navs.empty}</p>}
      {navs.map((nav, index) => (
        <div
          key={index}
          className={`flex flex-wrap items-center gap-2 rounded-md border border-line p-2 ${dragging === index ? 'opacity-50' : ''}`}
          draggable
          onDragStart={() => setDragging(index)}
          onDragEnd={() => setDragging(null)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={() => {
            if (dragging === null || dragging === index) return;
            const next = [...navs];
            const [item] = next.splice(dragging, 1);
            next.splice(index, 0, item!);
            onChange(next);
            setDragging(null);
          }}
        >
          <span
            className="cursor-move select-none px-1 text-faint"
            aria-hidden="true"
            title={texts.navs.dragHandle}
          >
            ⠿
          </span>
          <input
            aria-label={texts.navs.titleLabel(index + 1)}
            placeholder={texts.navs.titlePlaceholder}
            className={sizedInput('w-28')}
            value={nav.title}
            onChange={(e) => edit(index, { title: e.target.value })}
          />
          <input
            aria-label={texts.navs.urlLabel(index + 1)}
            placeholder={texts.navs.urlPlaceholder}
            className={sizedInput('min-w-0 flex-1')}
            value={nav.url}
            onChange={(e) => edit(index, { url: e.target.value })}
          />
          <RowButtons
            first={index === 0}
            last={index === navs.length - 1}
            onMove={(delta) => onChange(moved(navs, index, delta))}
            onRemove={() => onChange(navs.filter((_, at) => at !== index))}
          />
        </div>
      ))}
      <button
        type="button"
        className={buttonClass.plain}
        onClick={() => onChange([...navs, { title: '', url: '' }])}
      >
        {texts.navs.add}
      </button>
    </div>
  );
}

function RowButtons({
  first,
  last,
  onMove,
  onRemove,
}: {
  first: boolean;
  last: boolean;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}): ReactNode {
  return (
    <span className="flex gap-2">
      <button
        type="button"
        className={actionClass}
        aria-label={texts.row.moveUp}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className={actionClass}
        aria-label={texts.row.moveDown}
        disabled={last}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
      <button type="button" className={actionClass} onClick={onRemove}>
        {texts.row.remove}
      </button>
    </span>
  );
}

/** Levels, lowest first; numbers follow the rows, so only titles and thresholds are typed. */
function LevelEditor({
  levels,
  onChange,
}: {
  levels: SiteConfig['levelConfig'];
  onChange: (levels: SiteConfig['levelConfig']) => void;
}) {
  const renumber = (rows: SiteConfig['levelConfig']) =>
    rows.map((row, index) => ({ ...row, level: index + 1 }));
  return (
    <div className="space-y-2" data-testid="level-editor">
      <p className="text-xs text-faint">{texts.levels.rule}</p>
      {levels.map((level, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <span className="w-12 text-sm text-body">Lv.{level.level}</span>
          <input
            aria-label={texts.levels.titleLabel(index + 1)}
            className={sizedInput('w-28')}
            value={level.title}
            onChange={(e) =>
              onChange(levels.map((row, at) => (at === index ? { ...row, title: e.target.value } : row)))
            }
          />
          <input
            aria-label={texts.levels.scoreLabel(index + 1)}
            type="number"
            className={sizedInput('w-28')}
            value={Number.isNaN(level.score) ? '' : level.score}
            onChange={(e) =>
              onChange(
                levels.map((row, at) =>
                  at === index
                    ? { ...row, score: e.target.value === '' ? Number.NaN : Number(e.target.value) }
                    : row,
                ),
              )
            }
          />
          <RowButtons
            first={index === 0}
            last={index === levels.length - 1}
            onMove={(delta) => onChange(renumber(moved(levels, index, delta)))}
            onRemove={() => onChange(renumber(levels.filter((_, at) => at !== index)))}
          />
        </div>
      ))}
      <button
        type="button"
        className={buttonClass.plain}
        onClick={() => {
          const top = levels[levels.length - 1];
          onChange([...levels, { level: levels.length + 1, title: '', score: (top?.score ?? -1) + 1 }]);
        }}
      >
        {texts.levels.add}
      </button>
    </div>
  );
}
