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

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '系统设置');

const TABS = ['通用', '导航', '积分', '反作弊', '登录方式', '等级', '功能模块', '邮件'] as const;
type Tab = (typeof TABS)[number];

const MODULE_LABELS = { tweet: '动态', topic: '话题', article: '文章' } as const;

export default function AdminSettings() {
  const trpc = useTRPC();
  const saved = useQuery(trpc.adminSettings.get.queryOptions());
  if (!saved.data) {
    return (
      <Card title="系统设置">
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
  const [tab, setTab] = useState<Tab>('通用');

  const submit = () => {
    const found = settingsProblem(config);
    form.setProblem(found);
    if (!found) form.save(config);
  };

  return (
    <Card title="系统设置">
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
            {name}
          </button>
        ))}
      </div>
      {tab === '邮件' ? (
        <MailSettingsForm />
      ) : (
        <SettingsFormFrame
          testId="admin-settings"
          className="space-y-4 px-4 py-4"
          form={form}
          label="保存配置"
          onSubmit={submit}
        >
          {tab === '通用' && (
            <>
              <TextField name="siteTitle" label="网站名称" {...field('siteTitle')} />
              <FormField label="网站描述">
                <textarea
                  name="siteDescription"
                  className={`${inputClass} h-20 py-2`}
                  value={config.siteDescription}
                  onChange={(e) => set('siteDescription', e.target.value)}
                />
              </FormField>
              <ListField label="网站关键字" {...field('siteKeywords')} />
              <FormField label="网站公告" hint="支持输入HTML">
                <textarea
                  className={`${inputClass} h-20 py-2`}
                  value={config.siteNotification}
                  onChange={(e) => set('siteNotification', e.target.value)}
                />
              </FormField>
              <ListField label="推荐标签" {...field('recommendTags')} />
              <FormField label="默认节点" hint="发帖时未选节点则发到这里">
                <select
                  className={inputClass}
                  value={config.defaultNodeId}
                  onChange={(e) => set('defaultNodeId', Number(e.target.value))}
                >
                  <option value={0}>不设置</option>
                  {nodes.data?.results.map((node) => (
                    <option key={node.id} value={node.id}>
                      {node.name}
                      {node.status === 1 ? '（已禁用）' : ''}
                    </option>
                  ))}
                </select>
              </FormField>
              <TextField
                label="时区"
                hint="签到按这个时区的日期计算，如 Asia/Shanghai"
                {...field('siteTimeZone')}
              />
              <NumberField label="登录有效期（天）" {...field('tokenExpireDays')} />
              <Switch
                label="站外链接跳转页面"
                hint="在跳转前需手动确认是否前往该站外链接"
                {...field('urlRedirect')}
              />
              <Switch
                label="启用评论可见内容"
                hint="发帖时支持设置评论后可见内容"
                {...field('enableHideContent')}
              />
            </>
          )}
          {tab === '导航' && (
            <NavEditor navs={config.siteNavs ?? []} onChange={(navs) => set('siteNavs', navs)} />
          )}
          {tab === '积分' && (
            <>
              {(
                [
                  ['postTopicScore', '发帖积分'],
                  ['postCommentScore', '跟帖积分'],
                  ['checkInScore', '签到积分'],
                ] as const
              ).map(([key, label]) => (
                <NumberField
                  key={key}
                  label={label}
                  value={config.scoreConfig[key]}
                  onChange={(value) => set('scoreConfig', { ...config.scoreConfig, [key]: value })}
                />
              ))}
            </>
          )}
          {tab === '反作弊' && (
            <>
              {(
                [
                  ['topicCaptcha', '发帖验证码'],
                  ['createTopicEmailVerified', '邮箱验证后发帖'],
                  ['createArticleEmailVerified', '邮箱验证后发表文章'],
                  ['createCommentEmailVerified', '邮箱验证后评论'],
                  ['articlePending', '发表文章审核'],
                ] as const
              ).map(([key, label]) => (
                <Switch key={key} label={label} {...field(key)} />
              ))}
              <NumberField
                label="用户观察期（秒）"
                hint="观察期内用户无法发表话题、动态等内容，设置为 0 表示无观察期。"
                {...field('userObserveSeconds')}
              />
              <ListField
                label="注册邮箱白名单"
                hint="邮箱域名，逗号或换行分隔；留空表示不限"
                value={config.emailWhitelist}
                onChange={(value) => set('emailWhitelist', value ?? [])}
              />
            </>
          )}
          {tab === '登录方式' && (
            <>
              {(
                [
                  ['password', '密码登录'],
                  ['qq', 'QQ登录'],
                  ['github', 'Github登录'],
                  ['osc', 'OSChina登录'],
                ] as const
              ).map(([key, label]) => (
                <Switch
                  key={key}
                  label={label}
                  value={config.loginMethod[key]}
                  onChange={(value) => set('loginMethod', { ...config.loginMethod, [key]: value })}
                />
              ))}
            </>
          )}
          {tab === '等级' && (
            <LevelEditor levels={config.levelConfig} onChange={(levels) => set('levelConfig', levels)} />
          )}
          {tab === '功能模块' &&
            config.modules.map((entry) => (
              <Switch
                key={entry.module}
                label={MODULE_LABELS[entry.module]}
                hint="关闭后不能再发表，相关页面显示为不存在"
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
  hint = '逗号或换行分隔',
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
      {navs.length === 0 && <p className="text-sm text-faint">还没有导航，点击下方按钮添加导航</p>}
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
          <span className="cursor-move select-none px-1 text-faint" aria-hidden="true" title="拖动排序">
            ⠿
          </span>
          <input
            aria-label={`导航${index + 1}标题`}
            placeholder="标题"
            className={sizedInput('w-28')}
            value={nav.title}
            onChange={(e) => edit(index, { title: e.target.value })}
          />
          <input
            aria-label={`导航${index + 1}链接`}
            placeholder="链接"
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
        + 添加导航
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
        aria-label="上移"
        disabled={first}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className={actionClass}
        aria-label="下移"
        disabled={last}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
      <button type="button" className={actionClass} onClick={onRemove}>
        删除
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
      <p className="text-xs text-faint">等级从 1 开始连续编号，每一级所需积分必须大于上一级。</p>
      {levels.map((level, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <span className="w-12 text-sm text-body">Lv.{level.level}</span>
          <input
            aria-label={`第${index + 1}级称号`}
            className={sizedInput('w-28')}
            value={level.title}
            onChange={(e) =>
              onChange(levels.map((row, at) => (at === index ? { ...row, title: e.target.value } : row)))
            }
          />
          <input
            aria-label={`第${index + 1}级所需积分`}
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
        + 添加等级
      </button>
    </div>
  );
}
