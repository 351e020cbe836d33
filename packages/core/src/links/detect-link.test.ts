import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLink, isPrivateAddress, readPageInfo } from './detect-link';

describe('which addresses link detection refuses', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['93.184.216.34', false],
    ['2606:2800:220:1::', false],
    ['::ffff:93.184.216.34', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('reading a page', () => {
  it('takes the title and the description meta tag, entities decoded and spaces collapsed', () => {
    expect(
      readPageInfo(
        '<head><TITLE>\n 语音&#x4E4B;家 &lt;官网&gt; </TITLE><meta property="og:description" content=\'开源 &amp; 免费\'></head>',
      ),
    ).toEqual({ title: '语音之家 <官网>', description: '开源 & 免费' });
    expect(readPageInfo('<p>没有标题</p>')).toEqual({ title: '', description: '' });
  });
});

describe('detecting a link', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('<title>内网页面</title>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => server.close());

  it('answers null for a loopback address, literal or by name, without asking it', async () => {
    let asked = 0;
    server.on('request', () => asked++);
    expect(await detectLink(url)).toBeNull();
    expect(await detectLink(url.replace('127.0.0.1', 'localhost'))).toBeNull();
    expect(asked).toBe(0);
  });
});
