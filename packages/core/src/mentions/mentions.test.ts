/**
 * Mentions (docs/events-and-jobs.md "Mentions"): what counts as one, the links rendering makes,
 * what a post stores when written, and the `@` list read from the read model, on the real
 * database and Redis.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MENTIONS_PER_POST_MAX, TopicType } from '@forum/contracts';
import { createComment } from '../comments/create-comment';
import { Comment } from '../comments/model';
import { commentHtml } from '../comments/presenters';
import { linkMentions } from '../markdown';
import { findXss } from '../testing/xss-corpus';
import { saveUserFields } from '../users/update-profile';
import { buildTopic, buildUser, contextFor, defaultNode, useTestServices } from '../testing';
import { User } from '../users/model';
import { reprojectUser } from '../read-model/users';
import { resetReadModel } from '../testing/read-model';
import { kv } from '../kv';
import { createTopic } from '../topics/create-topic';
import { topicText } from '../topics/presenters';
import { hitRateLimit, RateLimits } from '../rate-limit';
import { mentionedNames, MENTIONS_RESOLVED_MAX, resolveMentions } from './rules';
import { suggestMembers } from './suggest-members';

const services = useTestServices();
beforeAll(async () => {
  await defaultNode();
});

const render = { baseUrl: 'http://forum.test', urlRedirect: false };

describe('mentionedNames', () => {
  it('finds each @username once, lower-cased, in order, and not in e-mail addresses, paths or code', () => {
    const text = [
      '@Alice_1 你好，@bob-22 和 @alice_1 再见',
      '写信给 carol@example.com，看 /docs/@dave123 与 x@erinnn',
      '`@frank1` 和\n```\n@grace1\n```\n@heidi1!',
      '太短 @abc 太长 @abcdefghijklmn 数字开头 @1abcde',
    ].join('\n');
    expect(mentionedNames(text)).toEqual(['alice_1', 'bob-22', 'heidi1']);
  });

  it('stops at the resolving bound however many names a text has', () => {
    const names = Array.from({ length: MENTIONS_RESOLVED_MAX + 20 }, (_, i) => `@member${i}`).join(' ');
    expect(mentionedNames(names)).toHaveLength(MENTIONS_RESOLVED_MAX);
  });
});

describe('linkMentions', () => {
  const mentions = [{ username: 'alice_1', userId: 12 }];

  it('links a resolved name as written, and leaves unknown names, links and code alone', () => {
    const html =
      '<p>@Alice_1 和 @nobody1</p><p><a href="/x">@alice_1</a> <code>@alice_1</code></p><pre><code>@alice_1</code></pre>';
    expect(linkMentions(html, mentions)).toBe(
      '<p><a href="/user/12" class="mention">@Alice_1</a> 和 @nobody1</p><p><a href="/x">@alice_1</a> <code>@alice_1</code></p><pre><code>@alice_1</code></pre>',
    );
  });

  it('changes nothing without mentions, and adds no script however the text is crafted', () => {
    expect(linkMentions('<p>@alice_1</p>', undefined)).toBe('<p>@alice_1</p>');
    const crafted = linkMentions(
      '&lt;img src=x onerror=alert(1)&gt;@alice_1&quot;&gt;&lt;script&gt;',
      mentions,
    );
    expect(crafted).toContain('<a href="/user/12" class="mention">@alice_1</a>');
    expect(findXss(crafted)).toEqual([]);
  });
});

describe('a post mentioning members', () => {
  it('stores the members who exist in the order written, and renders links to their profiles', async () => {
    const [author, alice, bob] = [await buildUser(), await buildUser(), await buildUser()];
    const tweet = await createTopic(contextFor(author), {
      type: TopicType.Tweet,
      nodeId: 0,
      content: `@${bob.username} @nobody99 与 @${alice.username.toUpperCase()} <b>`,
    });
    expect(tweet.mentions).toEqual([
      { username: bob.username, userId: bob._id },
      { username: alice.username, userId: alice._id },
    ]);
    expect(topicText(tweet, true, render).content).toBe(
      `<a href="/user/${bob._id}" class="mention">@${bob.username}</a> @nobody99 与 ` +
        `<a href="/user/${alice._id}" class="mention">@${alice.username.toUpperCase()}</a> &lt;b&gt;`,
    );
    // Lists show a tweet inside a link to it: no link within.
    expect(topicText(tweet, false, render).content).not.toContain('<a');
  });

  it('a Markdown comment links outside code only; a text with no mention stores an empty list', async () => {
    const [author, alice] = [await buildUser(), await buildUser()];
    const topic = await buildTopic();
    const comment = await createComment(contextFor(author), {
      entityType: 'topic',
      entityId: topic._id,
      contentType: 'markdown',
      content: `**@${alice.username}** 请看 \`@${alice.username}\``,
    });
    expect(commentHtml(comment, render)).toBe(
      `<p><strong><a href="/user/${alice._id}" class="mention">@${alice.username}</a></strong> 请看 <code>@${alice.username}</code></p>\n`,
    );
    const plain = await createComment(contextFor(author), {
      entityType: 'topic',
      entityId: topic._id,
      content: '无',
    });
    expect((await Comment.findById(plain._id).lean())?.mentions).toEqual([]);
  });

  it('resolves names from the read model: a renamed member is found by the new name only', async () => {
    const member = await buildUser({ username: 'OldName1' });
    expect(await resolveMentions('@oldname1')).toEqual([{ username: 'oldname1', userId: member._id }]);
    await User.updateOne({ _id: member._id }, { $set: { username: 'NewName1', usernameLower: 'newname1' } });
    await reprojectUser(member._id);
    expect(await resolveMentions('@oldname1 @newname1')).toEqual([
      { username: 'newname1', userId: member._id },
    ]);
  });

  it('resolves more members than it tells, so later names are still links', async () => {
    const author = await buildUser();
    const members = await Promise.all(Array.from({ length: MENTIONS_PER_POST_MAX + 2 }, () => buildUser()));
    const tweet = await createTopic(contextFor(author), {
      type: TopicType.Tweet,
      nodeId: 0,
      content: members.map((member) => `@${member.username}`).join(' '),
    });
    expect(tweet.mentions).toHaveLength(MENTIONS_PER_POST_MAX + 2);
    expect(topicText(tweet, true, render).content.match(/class="mention"/g)).toHaveLength(
      MENTIONS_PER_POST_MAX + 2,
    );
  });
});

describe('suggestMembers', () => {
  it('finds members by the start of their username or nickname, any case, from the read model', async () => {
    const asker = await buildUser({ username: 'zqAsker1', nickname: 'zq提问者' });
    const byName = await buildUser({ username: 'zqSpeech', nickname: '声学小王' });
    const byNick = await buildUser({ username: 'wangxy9', nickname: 'ZQ王' });
    await buildUser({ username: 'zqGone1', nickname: 'zq已禁用', status: 1 });
    await buildUser({ username: '', usernameLower: '#none', nickname: 'zq无用户名' });
    const found = await suggestMembers(contextFor(asker), { prefix: 'ZQ' });
    expect(found.map((member) => member.username).sort()).toEqual(['wangxy9', 'zqSpeech']);
    expect(found.find((member) => member.id === byName._id)).toMatchObject({ nickname: '声学小王' });
    expect((await suggestMembers(contextFor(asker), { prefix: '声学' })).map((m) => m.id)).toEqual([
      byName._id,
    ]);
    expect((await suggestMembers(contextFor(asker), { prefix: 'zq王' })).map((m) => m.id)).toEqual([
      byNick._id,
    ]);
  });

  it('follows a nickname change: the old nickname finds the member no more', async () => {
    const asker = await buildUser();
    const member = await buildUser({ username: 'renamer1', nickname: '旧昵称甲' });
    expect((await suggestMembers(contextFor(asker), { prefix: '旧昵称' })).map((m) => m.id)).toEqual([
      member._id,
    ]);
    await saveUserFields(member._id, { nickname: '新昵称甲', homePage: '', description: '' });
    expect(await suggestMembers(contextFor(asker), { prefix: '旧昵称' })).toEqual([]);
    expect((await suggestMembers(contextFor(asker), { prefix: '新昵称' })).map((m) => m.id)).toEqual([
      member._id,
    ]);
    expect((await suggestMembers(contextFor(asker), { prefix: 'renamer' })).map((m) => m.id)).toEqual([
      member._id,
    ]);
  });

  it('a rebuilt read model offers the same members', async () => {
    const asker = await buildUser();
    const member = await buildUser({ username: 'rebuilt1', nickname: '重建后的人' });
    await resetReadModel(kv(), services.prefix);
    expect((await suggestMembers(contextFor(asker), { prefix: '重建后' })).map((m) => m.id)).toEqual([
      member._id,
    ]);
    expect((await suggestMembers(contextFor(asker), { prefix: 'REBUILT' })).map((m) => m.id)).toEqual([
      member._id,
    ]);
  });

  it('refuses visitors, then callers over the mention-suggest limit', async () => {
    await expect(suggestMembers(contextFor(null), { prefix: 'zq' })).rejects.toMatchObject({
      code: 'NOT_SIGNED_IN',
    });
    const asker = await buildUser();
    for (let i = 1; i < RateLimits['mention-suggest'].limit; i++)
      await hitRateLimit('mention-suggest', asker._id);
    await expect(suggestMembers(contextFor(asker), { prefix: 'zq' })).resolves.toBeInstanceOf(Array);
    await expect(suggestMembers(contextFor(asker), { prefix: 'zq' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});
